/// Python: `#` comments, strings with their prefixes (`r`, `b`, `f`) and triple quotes, numbers, keywords,
/// `@decorators`, the names `def` and `class` introduce, capitalised names as types and called names as functions.
struct PythonTokenizer: CodeTokenizer {
    var languageNames: [String] { ["python", "py", "python3"] }

    static let keywords: Set<String> = [
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
        "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "match",
        "case", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "self",
    ]

    func tokens(in code: String) -> [CodeToken] {
        var s = CodeScanner(code)
        var after: String?
        while let c = s.current {
            if c == "#" {
                s.emit(upTo: s.endOfLine, .comment)
            } else if let end = stringEnd(s) {
                s.emit(upTo: end, .string)
            } else if c.isNumber {
                s.emit(upTo: s.endOfNumber, .number)
            } else if c == "@", s.previousOnLine == nil, s.peek(1)?.isLetter == true {
                s.emit(upTo: s.end(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }, from: s.position + 1), .keyword)
            } else if c.isLetter || c == "_" {
                let end = s.end(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                let word = s.word(upTo: end)
                let kind: CodeTokenKind?
                if Self.keywords.contains(word) { kind = .keyword }
                else if after == "def" { kind = .function }
                else if after == "class" || word.first?.isUppercase == true { kind = .type }
                else if s.nextNonSpace(from: end, is: "(") { kind = .function }
                else { kind = nil }
                after = word
                s.emit(upTo: end, kind)
                continue
            } else {
                s.takePlain()
            }
            if c != " " { after = nil }
        }
        return s.finish()
    }

    /// The end of a string literal starting here, with up to two prefix letters (`rb"…"`, `f'''…'''`), or nil.
    private func stringEnd(_ s: CodeScanner) -> Int? {
        var prefix = 0
        while prefix < 2, let c = s.peek(prefix), "rRbBfFuU".contains(c) { prefix += 1 }
        guard let quote = s.peek(prefix), quote == "\"" || quote == "'" else { return nil }
        if prefix > 0, let before = s.position > 0 ? s.characters[s.position - 1] : nil,
           before.isLetter || before.isNumber || before == "_"
        {
            return nil
        }
        let triple = String(repeating: String(quote), count: 3)
        var probe = s
        probe.position += prefix
        if probe.starts(with: triple) { return probe.end(after: triple, skipping: 3) }
        return probe.endOfString(quote: quote)
    }
}
