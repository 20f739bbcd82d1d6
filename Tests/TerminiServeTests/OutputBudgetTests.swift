import Foundation
import Testing
import TerminiServe

/// The bound on a browser session's queued output: the pty's reader waits at the limit and goes on as the WebSocket
/// writer catches up, nothing is lost or reordered on the way, and an ending session stops holding its app back.
@Suite struct OutputBudgetTests {
    /// A reader thread and a slow writer, as in a browser session: the queue never holds more than the limit plus
    /// one chunk, and every chunk arrives in order.
    @Test func aSlowWriterHoldsTheReaderAtTheLimit() async throws {
        let budget = OutputBudget(limit: 64 * 1024)
        let chunk = 16 * 1024, chunks = 200
        let (stream, sink) = AsyncStream.makeStream(of: Int.self)
        let reader = Thread {
            for index in 0..<chunks {
                budget.take(chunk)
                sink.yield(index)
            }
            sink.finish()
        }
        reader.start()
        var received: [Int] = []
        var largestQueue = 0
        for await index in stream {
            largestQueue = max(largestQueue, budget.queuedBytes)
            received.append(index)
            // Now and then the writer falls behind until the reader has met the limit.
            if index % 10 == 0 && index + 4 < chunks {
                try await waitUntil { budget.queuedBytes >= budget.limit }
                largestQueue = max(largestQueue, budget.queuedBytes)
            }
            budget.giveBack(chunk)
        }
        #expect(received == Array(0..<chunks))
        #expect(largestQueue <= budget.limit + chunk, "queued \(largestQueue) bytes")
        #expect(largestQueue >= budget.limit, "the reader reached the limit: queued \(largestQueue) bytes")
        #expect(budget.queuedBytes == 0)
    }

    /// With no writer at all the reader stops at the limit; each chunk written lets exactly one more through, and
    /// opening the budget lets the rest go.
    @Test func aWriterThatNeverWritesStopsTheReaderUntilOpened() async throws {
        let budget = OutputBudget(limit: 100)
        let taken = Counter()
        let reader = Thread {
            for _ in 0..<10 {
                budget.take(60)
                taken.increment()
            }
        }
        reader.start()
        try await waitUntil { taken.value == 2 }
        #expect(taken.value == 2 && budget.queuedBytes == 120)
        // Still held: the reader is waiting, not slow (a reader that went on would have taken all ten by now).
        try await Task.sleep(for: .milliseconds(300))
        #expect(taken.value == 2)
        budget.giveBack(60)
        try await waitUntil { taken.value == 3 }
        #expect(taken.value == 3)
        try await Task.sleep(for: .milliseconds(300))
        #expect(taken.value == 3, "one chunk written lets one more through")
        budget.open()
        try await waitUntil { taken.value == 10 }
        #expect(taken.value == 10)
    }

    func waitUntil(timeout: TimeInterval = 60, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }
}

/// A count one thread raises and another reads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
