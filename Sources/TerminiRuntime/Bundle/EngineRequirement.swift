/// The running engine's version, which bundles' `engine` requirements are checked against.
public enum TerminiEngine {
    public static let version = SemanticVersion(major: 0, minor: 1, patch: 0)
}

/// A bundle's `engine` field: space-separated comparators that must all hold, e.g. `>=0.1.0 <0.3.0`, `^0.1.0`, `~1.2.0`.
public struct EngineRequirement: Sendable, CustomStringConvertible {
    /// One `<op> <version>` condition.
    public struct Comparator: Sendable {
        /// The comparison, spelled as in npm ranges.
        public enum Operator: String, Sendable { case atLeast = ">=", greater = ">", atMost = "<=", less = "<", exactly = "=" }
        public var op: Operator
        public var version: SemanticVersion
    }

    public var comparators: [Comparator]
    public var description: String

    /// Returns nil for text that is not a requirement; callers report it with the manifest location.
    public init?(_ text: String) {
        description = text
        comparators = []
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard !words.isEmpty, words.count <= 8 else { return nil }
        for word in words {
            guard let parsed = EngineRequirement.comparators(for: word) else { return nil }
            comparators += parsed
        }
    }

    public func isSatisfied(by v: SemanticVersion) -> Bool {
        comparators.allSatisfy { c in
            switch c.op {
            case .atLeast: v >= c.version
            case .greater: v > c.version
            case .atMost: v <= c.version
            case .less: v < c.version
            case .exactly: v == c.version
            }
        }
    }

    static func comparators(for word: Substring) -> [Comparator]? {
        for op in [Comparator.Operator.atLeast, .atMost, .greater, .less, .exactly] where word.hasPrefix(op.rawValue) {
            guard let v = SemanticVersion(String(word.dropFirst(op.rawValue.count))) else { return nil }
            return [Comparator(op: op, version: v)]
        }
        if word.hasPrefix("^") {
            // Caret: changes that do not modify the left-most non-zero part, as npm defines it.
            guard let v = SemanticVersion(String(word.dropFirst())) else { return nil }
            let upper = v.major > 0 ? SemanticVersion(major: v.major + 1, minor: 0, patch: 0)
                : v.minor > 0 ? SemanticVersion(major: 0, minor: v.minor + 1, patch: 0)
                : SemanticVersion(major: 0, minor: 0, patch: v.patch + 1)
            return [Comparator(op: .atLeast, version: v), Comparator(op: .less, version: upper)]
        }
        if word.hasPrefix("~") {
            guard let v = SemanticVersion(String(word.dropFirst())) else { return nil }
            return [Comparator(op: .atLeast, version: v),
                    Comparator(op: .less, version: SemanticVersion(major: v.major, minor: v.minor + 1, patch: 0))]
        }
        guard let v = SemanticVersion(String(word)) else { return nil }
        return [Comparator(op: .exactly, version: v)]
    }
}
