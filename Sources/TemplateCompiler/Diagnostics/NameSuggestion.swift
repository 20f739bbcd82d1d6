/// "did you mean 'X'?" hints: the closest candidate by edit distance, when it is close enough to be a typo.
public enum NameSuggestion {
    /// `"; did you mean 'Text'?"`, or "" when nothing is close.
    public static func hint(for name: String, among candidates: [String], quote: (String) -> String = { "'\($0)'" }) -> String {
        guard let best = closest(to: name, among: candidates) else { return "" }
        return "; did you mean \(quote(best))?"
    }

    public static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(lowered, candidate.lowercased())
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        guard let best else { return nil }
        // Allow roughly one typo per three characters, at least one and at most three.
        let limit = min(3, max(1, name.count / 3))
        return best.distance <= limit ? best.name : nil
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
