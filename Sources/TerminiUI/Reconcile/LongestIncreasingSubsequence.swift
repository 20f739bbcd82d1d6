/// The longest strictly increasing subsequence, in O(n log n): the children that can stay where they are while
/// the others move around them.
enum LongestIncreasingSubsequence {
    /// Positions (indices into `values`) of one longest strictly increasing subsequence, ascending.
    /// Negative values are holes (new children) and never take part.
    static func positions(in values: [Int]) -> [Int] {
        var tails: [Int] = []          // tails[k]: position of the smallest tail of an increasing run of length k+1
        tails.reserveCapacity(values.count)
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() where v >= 0 {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var result = [Int](repeating: 0, count: tails.count)
        var k = tails.last ?? -1
        var slot = tails.count - 1
        while slot >= 0 && k >= 0 {
            result[slot] = k
            k = previous[k]
            slot -= 1
        }
        return result
    }
}
