import CJavaScriptCore
import Foundation
import TerminiClock

/// Decides, each time JSC's watchdog asks (every `pollInterval` of the JS thread's CPU time while a script runs),
/// whether the running entry must stop: it ran past the script limit, or the JS heap grew past the memory limit.
/// Records why and where the script was, so the error can say so.
///
/// JavaScriptCore's C API has no heap limit. Its execution time limit calls back here and lets the script go on
/// when the callback says so, which makes it a poll on the JS thread itself, at a point where the VM is consistent:
/// reading the heap's size there is safe, and a runaway allocation is stopped within one interval of going over.
///
/// Reading the heap's size is not cheap: `JSGetMemoryUsageStatistics` also counts the heap's objects by type, which
/// walks every cell: 8 ms for a heap holding 100,000 rows twice (a page's data and setData's copy), 90 ms for a
/// million. Read at every poll, it made a handler in a big heap run several times slower (adding 200,000 objects to
/// a heap of a million: 276 ms, 44 ms with this). So the heap is read at most once per `readingSpacing` times what the
/// last reading cost in the JS thread's time (at most 5 % of the script's time), and in between it is estimated as
/// the last reading plus what the process's resident memory grew by since; an estimate over the limit is checked by
/// a reading before anything is stopped.
final class TerminationMonitor {
    enum Reason { case time, memory }

    /// How often the watchdog asks: the memory limit's reaction time.
    static let pollInterval: Double = 0.005

    private(set) var fired = false
    private(set) var reason: Reason?
    private(set) var backtrace = ""
    private(set) var heapBytesAtTermination = 0
    private var entryCPUStart: UInt64 = 0
    /// Sets the watchdog's limit again (from within its callback, on the JS thread).
    var rearm: (() -> Void)?
    private let timeLimitNanos: UInt64
    private let memoryLimitBytes: Int?

    init(timeLimit: Duration, memoryLimitBytes: Int?) {
        timeLimitNanos = UInt64(MonotonicClock.nanoseconds(timeLimit))
        self.memoryLimitBytes = memoryLimitBytes
    }

    /// Called as each entry into JavaScript begins.
    func reset() {
        fired = false
        reason = nil
        backtrace = ""
        entryCPUStart = Self.threadCPUNanoseconds()
        if memoryLimitBytes != nil { entryResident = Self.residentBytes() ?? 0 }
    }

    func shouldTerminate(_ context: JSContextRef?) -> Bool {
        if Self.threadCPUNanoseconds() &- entryCPUStart >= timeLimitNanos {
            reason = .time
        } else if let limit = memoryLimitBytes, let used = memoryUsed(context, limit: limit), used > limit {
            reason = .memory
            heapBytesAtTermination = used
        } else {
            // This JavaScriptCore does not call again once told to go on: arm the next poll ourselves.
            rearm?()
            return false
        }
        fired = true
        if let context, let text = JSContextCreateBacktrace(context, 32) {
            backtrace = JSStringConversion.string(text)
            JSStringRelease(text)
        }
        return true
    }

    /// Whether the script may have a buffer of `bytes` more without passing the memory limit: nil when it may,
    /// otherwise the bytes it holds. Asked before a big buffer exists (the prelude's buffer constructors), because
    /// filling one runs in native code that no poll interrupts. A new buffer shows neither in the resident memory
    /// (until it is written) nor in the heap's size (until a collection visits it), so what was admitted counts as
    /// held until the next collection. Before a refusal, garbage is collected and the heap read: the script may have
    /// dropped buffers of that size a moment ago, and the memory they held may still be resident, kept by the
    /// allocator for the next one.
    func admit(bytes: Int, context: JSContextRef) -> Int? {
        guard let limit = memoryLimitBytes else { return nil }
        if let held = memoryUsed(context, limit: limit, adding: admittedSinceCollection + bytes),
           held + admittedSinceCollection + bytes <= limit
        {
            admittedSinceCollection += bytes
            return nil
        }
        collectGarbage(context)
        let held = readHeap(context) ?? 0
        heapReadings += 1
        heapReading = HeapReading(bytes: held, resident: Self.residentBytes() ?? 0,
                                  takenAt: Self.threadCPUNanoseconds(), cost: heapReading?.cost ?? 1)
        admittedSinceCollection = 0
        if held + bytes > limit { return held }
        admittedSinceCollection = bytes
        return nil
    }

    /// Buffers admitted since the last collection (see `admit`).
    private var admittedSinceCollection = 0
    /// How a refused allocation frees garbage before it is refused.
    var collectGarbage: (JSContextRef) -> Void = { JSSynchronousGarbageCollectForDebugging($0) }

    /// The larger of the JS heap's size (read, or estimated since the last reading) and what the process grew by
    /// since this entry began. JSC's heap figure moves in large steps (it is updated by its own bookkeeping), so a
    /// runaway allocation is caught sooner, and closer to the limit, by the resident memory it adds. An estimate
    /// that with `adding` more bytes would pass the limit is replaced by a reading.
    private func memoryUsed(_ context: JSContextRef?, limit: Int, adding: Int = 0) -> Int? {
        let resident = Self.residentBytes()
        let grown = resident.map { $0 > entryResident ? $0 - entryResident : 0 } ?? 0
        guard let context else { return grown }
        let now = Self.threadCPUNanoseconds()
        if let last = heapReading {
            let estimate = last.bytes + max(0, (resident ?? last.resident) - last.resident)
            if estimate + adding <= limit && now &- last.takenAt < last.cost &* Self.readingSpacing {
                return max(estimate, grown)
            }
        }
        let bytes = readHeap(context) ?? 0
        let after = Self.threadCPUNanoseconds()
        heapReadings += 1
        heapReading = HeapReading(bytes: bytes, resident: resident ?? 0, takenAt: after, cost: max(after &- now, 1))
        return max(bytes, grown)
    }

    private var entryResident = 0

    /// One reading of the heap: its size, the process's resident memory then, and when (in the JS thread's CPU
    /// time) it was taken and what it cost.
    private struct HeapReading {
        var bytes: Int
        var resident: Int
        var takenAt: UInt64
        var cost: UInt64
    }

    private var heapReading: HeapReading?
    /// The next reading waits for this many times the last one's cost.
    static let readingSpacing: UInt64 = 20
    /// How the heap's size is read; tests count and slow the readings.
    var readHeap: (JSContextRef) -> Int? = TerminationMonitor.heapBytes
    /// Readings taken so far.
    private(set) var heapReadings = 0

    /// The process's resident memory, from /proc/self/statm (no allocation: this runs inside the VM's callback).
    /// Read at the start of every entry into JavaScript, so the file stays open and is read again from its start:
    /// one system call per reading instead of three (open, read, close), on the path of every key's handler.
    static func residentBytes() -> Int? {
        guard statmDescriptor >= 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> Int? in
            let count = pread(statmDescriptor, buffer.baseAddress, 64, 0)
            guard count > 0 else { return nil }
            var fields = 0, value = 0
            for byte in buffer[0..<count] {
                if byte == 0x20 { fields += 1; if fields == 2 { break }; continue }
                if fields == 1, byte >= 0x30, byte <= 0x39 { value = value * 10 + Int(byte - 0x30) }
            }
            return value * pageSize
        }
    }

    /// /proc/self/statm, opened once for the process (-1 when it cannot be: no limit on memory is then enforced by
    /// the resident size, only by the heap's).
    private static let statmDescriptor: Int32 = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// The JS heap's size, with the memory its objects hold outside it (array storage, strings).
    static func heapBytes(_ context: JSContextRef) -> Int? { ScriptHeapStatistics(reading: context)?.sizeWithExtraMemory }

    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

/// What JSC's watchdog calls; `info` is the engine's `TerminationMonitor`.
let terminationCallback: JSShouldTerminateCallback = { context, info in
    guard let info else { return true }
    return Unmanaged<TerminationMonitor>.fromOpaque(info).takeUnretainedValue().shouldTerminate(context)
}
