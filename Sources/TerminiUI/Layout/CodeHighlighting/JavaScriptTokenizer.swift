/// JavaScript (and TypeScript's shared part): comments, the three string quotes (a template literal whole, its
/// `${}` parts included), numbers, keywords, capitalised names as types and called names as functions.
struct JavaScriptTokenizer: CodeTokenizer {
    var languageNames: [String] { ["javascript", "js", "mjs", "cjs", "typescript", "ts", "jsx", "tsx"] }

    static let keywords: Set<String> = [
        "async", "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "export", "extends", "false", "finally", "for", "from", "function", "if", "import", "in", "instanceof",
        "let", "new", "null", "of", "return", "static", "super", "switch", "this", "throw", "true", "try", "typeof",
        "undefined", "var", "void", "while", "with", "yield", "interface", "type", "enum", "implements",
    ]

    func tokens(in code: String) -> [CodeToken] {
        CodeScanner.cLike(code, keywords: Self.keywords, attributes: false) { s in
            guard let c = s.current, c == "\"" || c == "'" || c == "`" else { return nil }
            return s.endOfString(quote: c, multiline: c == "`")
        }
    }
}
