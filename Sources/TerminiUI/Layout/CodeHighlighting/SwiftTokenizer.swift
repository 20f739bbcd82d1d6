/// Swift: comments, strings (`"…"` and multi-line `"""…"""`), numbers, keywords and `@attributes`, capitalised
/// names as types and called names as functions.
struct SwiftTokenizer: CodeTokenizer {
    var languageNames: [String] { ["swift"] }

    static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue",
        "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate",
        "final", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "mutating",
        "nil", "nonisolated", "open", "operator", "override", "private", "protocol", "public", "repeat", "rethrows",
        "return", "self", "Self", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "var", "where", "while",
    ]

    func tokens(in code: String) -> [CodeToken] {
        CodeScanner.cLike(code, keywords: Self.keywords, attributes: true) { s in
            guard s.current == "\"" else { return nil }
            if s.starts(with: "\"\"\"") { return s.end(after: "\"\"\"", skipping: 3) }
            return s.endOfString(quote: "\"")
        }
    }
}
