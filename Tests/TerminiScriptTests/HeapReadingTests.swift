import CJavaScriptCore
import Testing
@testable import TerminiScript

/// The memory limit's polls read the JS heap's size sparingly, because a reading walks the whole heap; a heap over
/// the limit is still stopped.
struct HeapReadingTests {
    /// Spends `nanoseconds` of this thread's CPU time, as a running script would between two polls.
    static func burn(_ nanoseconds: UInt64) {
        let start = TerminationMonitor.threadCPUNanoseconds()
        while TerminationMonitor.threadCPUNanoseconds() &- start < nanoseconds {}
    }

    static let pollNanoseconds = UInt64(TerminationMonitor.pollInterval * 1e9)

    @Test func readingsTakeAtMostAOneTwentiethShareOfTheScriptsTime() throws {
        ScriptRuntime.prepareProcess()
        let context = try #require(JSGlobalContextCreate(nil))
        defer { JSGlobalContextRelease(context) }
        let monitor = TerminationMonitor(timeLimit: .seconds(60), memoryLimitBytes: 256 << 20)
        // Each reading costs 1 ms, as one of a heap of a few hundred thousand rows does.
        monitor.readHeap = { _ in Self.burn(1_000_000); return 10 << 20 }
        monitor.reset()
        for _ in 0..<40 {
            Self.burn(Self.pollNanoseconds)
            #expect(!monitor.shouldTerminate(context))
        }
        // About 205 ms of the JS thread's time, and a reading at most once per 20 ms of it after the first: read at
        // every poll, there were 40.
        #expect(monitor.heapReadings >= 5 && monitor.heapReadings <= 12, "\(monitor.heapReadings) readings in 40 polls")
    }

    @Test func aHeapThatGrowsPastTheLimitIsStoppedWithinTheSpacing() throws {
        ScriptRuntime.prepareProcess()
        let context = try #require(JSGlobalContextCreate(nil))
        defer { JSGlobalContextRelease(context) }
        let monitor = TerminationMonitor(timeLimit: .seconds(60), memoryLimitBytes: 256 << 20)
        nonisolated(unsafe) var heap = 10 << 20
        monitor.readHeap = { _ in Self.burn(1_000_000); return heap }
        monitor.reset()
        for _ in 0..<10 {
            Self.burn(Self.pollNanoseconds)
            #expect(!monitor.shouldTerminate(context))
        }
        // The heap grows in space the process already holds, so the resident memory does not show it: only the
        // next reading does.
        heap = 300 << 20
        var stoppedAtPoll: Int?
        for poll in 1...10 {
            Self.burn(Self.pollNanoseconds)
            if monitor.shouldTerminate(context) {
                stoppedAtPoll = poll
                break
            }
        }
        let poll = try #require(stoppedAtPoll, "a heap of 300 MB under a 256 MB limit was never stopped")
        #expect(poll <= 5)
        #expect(monitor.reason == .memory)
        #expect(monitor.heapBytesAtTermination == 300 << 20)
    }
}
