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
        // Four readings a second: the heap breathes between collections, so windows are compared by their medians.
        var heap: [ScriptHeapStatistics] = []
        for _ in 1...(Self.seconds * 4) {
            try await Task.sleep(for: .milliseconds(250))
            heap.append(try #require(h.runtime.heapStatistics()))
        }
        h.runtime.dispatchEvent(pageId: 1, handler: "report", event: ["type": "tap"], loc: nil)
        h.settle(criteria: IdleCriteria(ignoresRepeatingTimers: true))
        let report = try #require(h.delegate.logs.last(where: { $0.hasPrefix("made ") }), "\(h.delegate.errors)")
        let numbers = report.split(separator: " ").compactMap { Int($0) }
        let made = try #require(numbers.first), milliseconds = try #require(numbers.last)
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
        // The page kept up with its rate: without that a flat heap would prove nothing.
        #expect(Double(made) >= 0.9 * Double(Self.objectsPerSecond) * Double(milliseconds) / 1000, "\(report)")
        #expect(made >= Self.seconds * Self.objectsPerSecond * 8 / 10, "\(report)")

        let megabytes = heap.map { Double($0.sizeWithExtraMemory) / 1_048_576 }
        let capacity = heap.map { Double($0.capacity) / 1_048_576 }
        func median(_ values: ArraySlice<Double>) -> Double { values.sorted()[values.count / 2] }
        let early = megabytes[20..<60], late = megabytes[80..<120]  // seconds 5-15 and 20-30
        func describe(_ window: ArraySlice<Double>) -> String {
            String(format: "min %.1f median %.1f max %.1f", window.min()!, median(window), window.max()!)
        }
        print("churning heap: \(report); JS heap MB at 5-15 s \(describe(early)), at 20-30 s \(describe(late)); "
              + String(format: "heap capacity max %.1f MB, at the end %.1f MB", capacity.max()!, capacity.last!))
        #expect(median(late) <= median(early) + 12, "the JS heap climbed: \(megabytes)")
        // Thirty million objects kept would be gigabytes; a few batches' worth is what stays.
        #expect(megabytes.max()! < 128, "\(megabytes)")
        #expect(capacity.max()! < 256, "\(capacity)")
    }
}
