/// A binary min-heap of timer deadlines with lazy cancellation: cancelled or rescheduled entries stay in the heap
/// until they reach the top, so start and cancel are O(log n) and O(1) with no search.
struct TimerHeap {
    struct Entry {
        var deadline: UInt64
        /// Tie-breaker so timers with equal deadlines fire in the order they were started; also the entry's
        /// generation, compared against `live` to skip stale entries.
        var order: UInt64
        var id: Int
    }

    /// A live timer's current entry.
    struct Live {
        var order: UInt64
        var repeats: Bool
        var deadline: UInt64
    }

    private var entries: [Entry] = []
    private(set) var live: [Int: Live] = [:]
    private var nextOrder: UInt64 = 0

    var liveCount: Int { live.count }

    mutating func start(id: Int, deadline: UInt64, repeats: Bool) {
        nextOrder += 1
        live[id] = Live(order: nextOrder, repeats: repeats, deadline: deadline)
        push(Entry(deadline: deadline, order: nextOrder, id: id))
    }

    mutating func cancel(id: Int) { live[id] = nil }

    /// The earliest live entry, dropping stale ones on the way.
    mutating func peek() -> Entry? {
        while let top = entries.first {
            if let current = live[top.id], current.order == top.order { return top }
            popTop()
        }
        return nil
    }

    /// Removes and returns the earliest live timer if it is due at `now`; it is no longer live afterwards.
    mutating func popDue(now: UInt64) -> Entry? {
        guard let top = peek(), top.deadline <= now else { return nil }
        popTop()
        live[top.id] = nil
        return top
    }

    /// The earliest live deadline among timers that match `include`; O(n) over live timers, for idle checks only.
    func earliestDeadline(where include: (Live) -> Bool) -> UInt64? {
        var best: UInt64?
        for timer in live.values where include(timer) {
            if best == nil || timer.deadline < best! { best = timer.deadline }
        }
        return best
    }

    private static func before(_ a: Entry, _ b: Entry) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.order < b.order
    }

    private mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard TimerHeap.before(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        guard !entries.isEmpty else { return }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, TimerHeap.before(entries[left], entries[smallest]) { smallest = left }
            if right < entries.count, TimerHeap.before(entries[right], entries[smallest]) { smallest = right }
            if smallest == parent { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
