import TerminiTemplate

/// The current row of a list-like widget (ListView, Table, SelectionList, OptionList): its index, the key of its
/// row when rows have keys, and what `onSelect` last reported, so that one rule decides when the page hears of it.
struct RowCursor {
    var index = 0
    /// The row's key (its `key` field's value); nil in a list without keys, where the cursor keeps its index.
    var key: JSONValue?
    /// The row `onSelect` last reported; nil before the first report and while there are no rows, so a list that
    /// first gets a row (again) reports it.
    private(set) var reported: (index: Int, key: JSONValue?)?

    /// The row a navigation key leads to among `count` rows, `page` rows to a page; nil for other keys.
    static func target(of key: Key, from index: Int, count: Int, page: Int) -> Int? {
        guard count > 0 else { return nil }
        let target: Int
        switch key {
        case .up: target = index - 1
        case .down: target = index + 1
        case .pageUp: target = index - max(1, page)
        case .pageDown: target = index + max(1, page)
        case .home: target = 0
        case .end: target = count - 1
        default: return nil
        }
        return min(max(0, target), count - 1)
    }

    /// Whether the current row differs from the one last reported: another key, or (without keys) another index.
    /// A keyed row that only moved (rows inserted above it) is the same row.
    var needsReport: Bool {
        guard let reported else { return true }
        return key == nil && reported.key == nil ? reported.index != index : reported.key != key
    }

    /// Notes that the current row was reported (or, with `count` 0, that there is none to report).
    mutating func noteReported(count: Int) {
        reported = count > 0 ? (index, key) : nil
    }

    /// `onSelect`'s detail: `{index, key}`.
    var detail: JSONValue { .object(["index": .number(Double(index)), "key": key ?? .null]) }
}

/// When a list or table calls `onReachBottom` (docs/DATA-FLOW.md, "Paging"): each time its view is within the
/// threshold of the end, the first time after it arrived there, after any change of its rows (a replace, a splice, a
/// shrink, the same length with other keys), or after `this.loadMoreDone()`. A load that failed and changed nothing
/// is therefore asked for again when the user comes back to the end, and never in a loop while the view stays there.
struct ReachBottomRule {
    /// Counts the changes of the rows.
    private var version = 0
    private var firedAt: Int?
    private var wasAtEnd = false
    private var retry = false

    /// The rows changed: the next time the view is at the end, it asks again.
    mutating func rowsChanged() { version &+= 1 }

    /// The page's `this.loadMoreDone()`: ask again at the next layout that finds the view at the end.
    mutating func rearm() { retry = true }

    /// Whether a layout that found the view at the end (or not) should call `onReachBottom`.
    mutating func shouldFire(atEnd: Bool) -> Bool {
        defer { wasAtEnd = atEnd }
        guard atEnd, !wasAtEnd || firedAt != version || retry else { return false }
        firedAt = version
        retry = false
        return true
    }
}
