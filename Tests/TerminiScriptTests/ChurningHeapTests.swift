import Foundation
import Testing
import TerminiScript

/// A page that allocates and drops a million objects a second for 30 s, without unloading or any host call: the
/// collections JavaScriptCore schedules itself (allocation-triggered, and its timers on the script thread's GLib
/// context) keep the heap flat. docs/RELIABILITY.md records the figures this prints.
@Suite struct ChurningHeapTests {
    static let seconds = 30
    static let objectsPerSecond = 1_000_000

    @Test func aMillionObjectsASecondForThirtySecondsKeepTheHeapFlat() async throws {
        let h = ScriptHarness()
        defer { h.shutdown() }
        // Each tick makes the objects due by the clock (a late timer catches up), 100,000 a tick on time, kept in an
        // array until the tick ends so that the JIT cannot sink the allocations away.
        h.load("""
            let made = 0, startedAt = 0
            Page('index', {
              data: {},
              onLoad() {
                startedAt = Date.now()
                setInterval(() => {
                  const due = Math.min((Date.now() - startedAt) * \(Self.objectsPerSecond / 1000) - made, 300000)
                  let batch = []
                  for (let i = 0; i < due; i++) batch.push({ id: made + i, name: 'object ' + (made + i) })
                  made += batch.length
                  batch = null
                }, 100)
              },
              report() { console.log('made ' + made + ' in ' + (Date.now() - startedAt) + ' ms') },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        var heap: [ScriptHeapStatistics] = []
        for _ in 1...Self.seconds {
            try await Task.sleep(for: .seconds(1))
            heap.append(try #require(h.runtime.heapStatistics()))
        }
        h.event(1, "report")
        let report = try #require(h.delegate.logs.last(where: { $0.hasPrefix("made ") }), "\(h.delegate.errors)")
        let numbers = report.split(separator: " ").compactMap { Int($0) }
        let made = try #require(numbers.first), milliseconds = try #require(numbers.last)
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
        // The page kept up with its rate: without that a flat heap would prove nothing.
        #expect(Double(made) >= 0.9 * Double(Self.objectsPerSecond) * Double(milliseconds) / 1000, "\(report)")
        #expect(made >= Self.seconds * Self.objectsPerSecond * 8 / 10, "\(report)")

        let megabytes = heap.map { Double($0.sizeWithExtraMemory) / 1_048_576 }
        let capacity = heap.map { Double($0.capacity) / 1_048_576 }
        // Seconds 6-15 against seconds 21-30: the heap may breathe between collections, but not climb.
        let early = megabytes[5..<15].max()!, late = megabytes[20..<30].max()!
        print("churning heap: \(report); JS heap MB per second \(megabytes.map { String(format: "%.1f", $0) }.joined(separator: " ")); capacity MB first \(String(format: "%.1f", capacity.first!)) max \(String(format: "%.1f", capacity.max()!)) last \(String(format: "%.1f", capacity.last!))")
        #expect(late <= early * 1.25 + 4, "the JS heap climbed: \(megabytes)")
        // Thirty million objects kept would be gigabytes; a few batches' worth is what stays.
        #expect(megabytes.max()! < 128, "\(megabytes)")
        #expect(capacity.max()! < 256, "\(capacity)")
    }
}
