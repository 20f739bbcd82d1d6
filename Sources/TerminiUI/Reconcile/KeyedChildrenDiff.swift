/// Flutter's children update, as a pure plan: match old to new children by (type, key) from the top, then from
/// the bottom, then through a key map over the middle; unkeyed middle children are not reused. Moves are
/// counted against the longest increasing subsequence of reused middle children, so a swap is 2 moves and an
/// insert or remove is 0.
struct KeyedChildrenDiff {
    /// What one child is matched by: its widget type and optional key.
    struct Identity: Hashable {
        var type: Int
        var key: WidgetKey?
    }

    /// For each new position, the old position it reuses, or -1 for a new child.
    var oldIndexForNew: [Int]
    /// Old positions that nothing reuses, in ascending order: these are deactivated.
    var removedOld: [Int]
    /// Reused children that change their relative order.
    var moves: Int
    /// Keys that occur more than once among the new children; when non-empty, matching fell back to positions.
    var duplicateKeys: [WidgetKey]

    /// Plans the update from `old` to `new`. When the caller knows `old` has no duplicate keys, the duplicate
    /// check over `new` is skipped unless some new child went unmatched: children matched one-to-one to distinct
    /// old children cannot share a key.
    init<ID: DiffIdentity>(old: [ID], new: [ID], oldKeysAreUnique: Bool = false) {
        // A new element's children, or those of a list that was empty, are all new: there is nothing to match.
        if old.isEmpty {
            self.init(oldIndexForNew: [Int](repeating: -1, count: new.count), removedOld: [], moves: 0,
                      duplicateKeys: KeyedChildrenDiff.duplicates(in: new))
            return
        }
        if !oldKeysAreUnique, let fallback = KeyedChildrenDiff.fallbackIfDuplicated(old: old, new: new) {
            self = fallback
            return
        }
        self.init(matching: old, new)
        if oldKeysAreUnique, oldIndexForNew.contains(-1),
           let fallback = KeyedChildrenDiff.fallbackIfDuplicated(old: old, new: new)
        {
            self = fallback
        }
    }

    private static func fallbackIfDuplicated<ID: DiffIdentity>(old: [ID], new: [ID]) -> KeyedChildrenDiff? {
        let duplicates = KeyedChildrenDiff.duplicates(in: new)
        guard !duplicates.isEmpty else { return nil }
        var fallback = KeyedChildrenDiff.byPosition(old: old, new: new)
        fallback.duplicateKeys = duplicates
        return fallback
    }

    private init<ID: DiffIdentity>(matching old: [ID], _ new: [ID]) {
        duplicateKeys = []
        var result = [Int](repeating: -1, count: new.count)
        var oldTop = 0, newTop = 0
        var oldBottom = old.count - 1, newBottom = new.count - 1
        while oldTop <= oldBottom && newTop <= newBottom && old[oldTop] == new[newTop] {
            result[newTop] = oldTop
            oldTop += 1; newTop += 1
        }
        while oldTop <= oldBottom && newTop <= newBottom && old[oldBottom] == new[newBottom] {
            result[newBottom] = oldBottom
            oldBottom -= 1; newBottom -= 1
        }
        var used = [Bool](repeating: false, count: old.count)
        for i in 0..<oldTop { used[i] = true }
        if oldBottom + 1 < old.count { for i in (oldBottom + 1)..<old.count { used[i] = true } }
        var middleMoves = 0
        if newTop <= newBottom && oldTop <= oldBottom {
            // Keyed children still at their index are matched without the map, so swapping two far-apart rows
            // puts only those two rows in it. (oldTop == newTop here, so equal indices line up.)
            let alignedEnd = min(oldBottom, newBottom)
            var keyed: [ID: Int] = [:]
            keyed.reserveCapacity(oldBottom - oldTop + 1)  // a replaced list puts every old key here: no regrowth
            for i in oldTop...oldBottom where old[i].diffKey != nil {
                if i <= alignedEnd && old[i] == new[i] {
                    result[i] = i
                    used[i] = true
                } else {
                    keyed[old[i]] = i
                }
            }
            var matchedOld: [Int] = []
            matchedOld.reserveCapacity(newBottom - newTop + 1)
            for j in newTop...newBottom {
                if result[j] >= 0 { matchedOld.append(result[j]); continue }
                let identity = new[j]
                guard identity.diffKey != nil, !keyed.isEmpty, let i = keyed.removeValue(forKey: identity) else { continue }
                result[j] = i
                used[i] = true
                matchedOld.append(i)
            }
            middleMoves = matchedOld.count - LongestIncreasingSubsequence.positions(in: matchedOld).count
        }
        oldIndexForNew = result
        removedOld = used.indices.filter { !used[$0] }
        moves = middleMoves
    }

    private init(oldIndexForNew: [Int], removedOld: [Int], moves: Int, duplicateKeys: [WidgetKey]) {
        self.oldIndexForNew = oldIndexForNew
        self.removedOld = removedOld
        self.moves = moves
        self.duplicateKeys = duplicateKeys
    }

    /// The fallback when keys are ambiguous: reuse the child at the same position when the type matches.
    static func byPosition<ID: DiffIdentity>(old: [ID], new: [ID]) -> KeyedChildrenDiff {
        var result = [Int](repeating: -1, count: new.count)
        var used = [Bool](repeating: false, count: old.count)
        for j in new.indices where j < old.count && old[j].hasSameType(as: new[j]) {
            result[j] = j
            used[j] = true
        }
        return KeyedChildrenDiff(oldIndexForNew: result, removedOld: used.indices.filter { !used[$0] }, moves: 0,
                                 duplicateKeys: [])
    }

    static func duplicates<ID: DiffIdentity>(in identities: [ID]) -> [WidgetKey] {
        guard identities.count > 1 else { return [] }
        var seen = Set<WidgetKey>()
        seen.reserveCapacity(identities.count)
        var duplicates: [WidgetKey] = []
        for identity in identities {
            guard let key = identity.diffKey else { continue }
            if !seen.insert(key).inserted && !duplicates.contains(key) { duplicates.append(key) }
        }
        return duplicates
    }
}

/// What the diff matches children by: hashable, with an optional key. Lists of one item type diff bare keys.
protocol DiffIdentity: Hashable {
    var diffKey: WidgetKey? { get }
    func hasSameType(as other: Self) -> Bool
}

extension KeyedChildrenDiff.Identity: DiffIdentity {
    var diffKey: WidgetKey? { key }
    func hasSameType(as other: Self) -> Bool { type == other.type }
}

extension Optional: DiffIdentity where Wrapped == WidgetKey {
    var diffKey: WidgetKey? { self }
    func hasSameType(as other: Self) -> Bool { true }
}
