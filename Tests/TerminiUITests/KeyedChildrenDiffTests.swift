import Testing
@testable import TerminiUI

@Suite struct KeyedChildrenDiffTests {
    func ids(_ keys: [Int]) -> [KeyedChildrenDiff.Identity] { keys.map { .init(type: 0, key: .value(.number(Double($0)))) } }

    /// Reference LIS length by O(n^2) dynamic programming, independent of the implementation under test.
    func lisLength(_ xs: [Int]) -> Int {
        var best = [Int](repeating: 1, count: xs.count)
        for i in xs.indices { for j in 0..<i where xs[j] < xs[i] { best[i] = max(best[i], best[j] + 1) } }
        return best.max() ?? 0
    }

    @Test func swapIsTwoMoves() {
        let old = Array(0..<1000)
        var new = old
        new.swapAt(1, 998)
        let diff = KeyedChildrenDiff(old: ids(old), new: ids(new))
        #expect(diff.moves == 2)
        #expect(diff.removedOld.isEmpty)
        #expect(diff.oldIndexForNew[1] == 998 && diff.oldIndexForNew[998] == 1)
    }

    @Test func insertAndRemoveMoveNothing() {
        let inserted = KeyedChildrenDiff(old: ids([1, 2, 3, 4]), new: ids([1, 2, 9, 3, 4]))
        #expect(inserted.moves == 0)
        #expect(inserted.oldIndexForNew == [0, 1, -1, 2, 3])
        let removed = KeyedChildrenDiff(old: ids([1, 2, 3, 4]), new: ids([1, 3, 4]))
        #expect(removed.moves == 0)
        #expect(removed.removedOld == [1])
        #expect(removed.oldIndexForNew == [0, 2, 3])
    }

    @Test func reverseMovesAllButOne() {
        let diff = KeyedChildrenDiff(old: ids(Array(0..<10)), new: ids(Array((0..<10).reversed())))
        #expect(diff.moves == 9)
    }

    @Test func shuffleMovesMatchTheLongestIncreasingSubsequence() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<50 {
            let n = Int(generator.next() % 40) + 1
            let perm = Array(0..<n).shuffled(using: &generator)
            let diff = KeyedChildrenDiff(old: ids(Array(0..<n)), new: ids(perm))
            #expect(diff.moves == n - lisLength(perm), "permutation \(perm)")
            #expect(diff.oldIndexForNew == perm)
        }
    }

    @Test func lisPositionsAreIncreasing() {
        let values = [3, 1, -1, 4, 1, 5, 9, 2, 6]
        let positions = LongestIncreasingSubsequence.positions(in: values)
        #expect(positions.count == 4)  // e.g. 1 4 5 9 (the hole -1 never counts)
        for (a, b) in zip(positions, positions.dropFirst()) { #expect(a < b && values[a] < values[b]) }
    }

    @Test func differentTypeWithTheSameKeyIsNotReused() {
        let old: [KeyedChildrenDiff.Identity] = [.init(type: 1, key: .value("a"))]
        let new: [KeyedChildrenDiff.Identity] = [.init(type: 2, key: .value("a"))]
        let diff = KeyedChildrenDiff(old: old, new: new)
        #expect(diff.oldIndexForNew == [-1])
        #expect(diff.removedOld == [0])
    }

    @Test func duplicateKeysFallBackToPositions() {
        let diff = KeyedChildrenDiff(old: ids([1, 2, 3]), new: ids([3, 3, 1]))
        #expect(diff.duplicateKeys == [.value(3)])
        #expect(diff.oldIndexForNew == [0, 1, 2])
        #expect(diff.moves == 0)
    }

    @Test func unkeyedChildrenAreReusedInPlace() {
        let old: [KeyedChildrenDiff.Identity] = [.init(type: 1, key: nil), .init(type: 1, key: nil)]
        let diff = KeyedChildrenDiff(old: old, new: old + [.init(type: 1, key: nil)])
        #expect(diff.oldIndexForNew == [0, 1, -1])
    }
}

/// A small deterministic generator so shuffles are reproducible.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
