/// What a piece of highlighted code is: each kind is drawn in the theme style of the same name (`code.keyword`),
/// or in `defaultStyle` where the theme has none.
public enum CodeTokenKind: String, CaseIterable, Sendable {
    case keyword = "code.keyword"
    case string = "code.string"
    case number = "code.number"
    case comment = "code.comment"
    case type = "code.type"
    case function = "code.function"
    case property = "code.property"
    case variable = "code.variable"
    case meta = "code.meta"
    case inserted = "code.inserted"
    case deleted = "code.deleted"

    /// The theme class that styles this kind.
    public var themeClass: String { rawValue }

    /// The look without a theme style: the 16 basic colours, so it reads on light and dark terminals alike.
    public var defaultStyle: CellStyle {
        switch self {
        case .keyword: CellStyle(foreground: .index(5))
        case .string: CellStyle(foreground: .index(2))
        case .number: CellStyle(foreground: .index(3))
        case .comment: CellStyle(foreground: .index(8), attributes: .italic)
        case .type: CellStyle(foreground: .index(6))
        case .function: CellStyle(foreground: .index(4))
        case .property: CellStyle(foreground: .index(4))
        case .variable: CellStyle(foreground: .index(6))
        case .meta: CellStyle(foreground: .index(6), attributes: .bold)
        case .inserted: CellStyle(foreground: .index(2))
        case .deleted: CellStyle(foreground: .index(1))
        }
    }
}

/// A piece of code and what it is; nil `kind` is plain text (spaces, punctuation, names).
public struct CodeToken: Equatable, Sendable {
    public var text: String
    public var kind: CodeTokenKind?

    public init(_ text: String, _ kind: CodeTokenKind? = nil) {
        self.text = text
        self.kind = kind
    }
}

/// One language's tokenizer for a Markdown fenced code block. Each is small and forgiving: it never fails, and
/// text it does not understand stays plain. The tokens, joined, are the code exactly.
public protocol CodeTokenizer: Sendable {
    /// The fence's language names it reads (` ```swift `), lowercase.
    var languageNames: [String] { get }
    func tokens(in code: String) -> [CodeToken]
}

/// The languages fenced code blocks are highlighted in, found by a fence's language name.
public enum CodeHighlighter {
    public static let tokenizers: [any CodeTokenizer] = [
        JSONTokenizer(), JavaScriptTokenizer(), SwiftTokenizer(), ShellTokenizer(), PythonTokenizer(), DiffTokenizer(),
    ]

    /// The tokenizer for `language` (any case), or nil: such a block is shown plain.
    public static func tokenizer(for language: String) -> (any CodeTokenizer)? {
        let name = language.lowercased()
        return tokenizers.first { $0.languageNames.contains(name) }
    }
}

/// The reading a tokenizer does: a cursor over the code's characters, and the pieces most languages share.
struct CodeScanner {
    let characters: [Character]
    var position = 0
    private(set) var tokens: [CodeToken] = []
    private var plain = ""

    init(_ code: String) { characters = Array(code) }

    var atEnd: Bool { position >= characters.count }
    var current: Character? { position < characters.count ? characters[position] : nil }
    func peek(_ offset: Int) -> Character? {
        position + offset < characters.count ? characters[position + offset] : nil
    }
    /// The previous character that is not a space or tab on the same line, or nil at a line's start.
    var previousOnLine: Character? {
        var i = position - 1
        while i >= 0, characters[i] == " " || characters[i] == "\t" { i -= 1 }
        return i >= 0 && characters[i] != "\n" ? characters[i] : nil
    }

    func starts(with text: String) -> Bool {
        var i = position
        for c in text {
            guard i < characters.count, characters[i] == c else { return false }
            i += 1
        }
        return true
    }

    /// Keeps the next character as plain text.
    mutating func takePlain() {
        plain.append(characters[position])
        position += 1
    }

    /// Keeps characters from the current position to `end` as one token.
    mutating func emit(upTo end: Int, _ kind: CodeTokenKind?) {
        let end = min(end, characters.count)
        guard end > position else { return }
        let text = String(characters[position..<end])
        position = end
        if let kind {
            flushPlain()
            tokens.append(CodeToken(text, kind))
        } else {
            plain += text
        }
    }

    mutating func finish() -> [CodeToken] {
        flushPlain()
        return tokens
    }

    private mutating func flushPlain() {
        guard !plain.isEmpty else { return }
        tokens.append(CodeToken(plain))
        plain = ""
    }

    /// The end of a run of characters from `position` that satisfy `test`.
    func end(while test: (Character) -> Bool, from start: Int? = nil) -> Int {
        var i = start ?? position
        while i < characters.count, test(characters[i]) { i += 1 }
        return i
    }

    /// The end of the line (the newline itself is not included).
    var endOfLine: Int { end { $0 != "\n" } }

    /// The end of `closing` after `position + skip`, or the end of the code.
    func end(after closing: String, skipping skip: Int) -> Int {
        let close = Array(closing)
        var i = position + skip
        while i + close.count <= characters.count {
            if Array(characters[i..<(i + close.count)]) == close { return i + close.count }
            i += 1
        }
        return characters.count
    }

    /// The end of a string opened by `quote` at `position` (after `prefix` characters), backslash escapes
    /// honoured; single-line strings end at the line's end when never closed.
    func endOfString(quote: Character, prefix: Int = 0, multiline: Bool = false, escapes: Bool = true) -> Int {
        var i = position + prefix + 1
        while i < characters.count {
            let c = characters[i]
            if escapes && c == "\\" { i += 2; continue }
            if c == quote { return i + 1 }
            if c == "\n" && !multiline { return i }
            i += 1
        }
        return characters.count
    }

    /// The end of a number literal at `position` (digits, `.`, exponents, hex and `_` separators).
    var endOfNumber: Int {
        end { $0.isHexDigit || $0 == "." || $0 == "_" || $0 == "x" || $0 == "X" || $0 == "o" || $0 == "b" }
    }

    /// The end of an identifier at `position`.
    var endOfIdentifier: Int { end { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" } }

    func word(upTo end: Int) -> String { String(characters[position..<end]) }

    /// Whether the next character that is not a space, from `index`, is `c`.
    func nextNonSpace(from index: Int, is c: Character) -> Bool {
        let i = end(while: { $0 == " " || $0 == "\t" }, from: index)
        return i < characters.count && characters[i] == c
    }

    static func startsIdentifier(_ c: Character) -> Bool { c.isLetter || c == "_" || c == "$" }
}

extension CodeScanner {
    /// The shared shape of the C-like languages (JavaScript, Swift): comments, strings, numbers, keywords, types
    /// (capitalised names) and calls. `strings` returns the end of a string starting here, or nil.
    static func cLike(_ code: String, keywords: Set<String>, attributes: Bool,
                      strings: (CodeScanner) -> Int?) -> [CodeToken]
    {
        var s = CodeScanner(code)
        while let c = s.current {
            if s.starts(with: "//") {
                s.emit(upTo: s.endOfLine, .comment)
            } else if s.starts(with: "/*") {
                s.emit(upTo: s.end(after: "*/", skipping: 2), .comment)
            } else if let end = strings(s) {
                s.emit(upTo: end, .string)
            } else if c.isNumber {
                s.emit(upTo: s.endOfNumber, .number)
            } else if attributes && c == "@", let next = s.peek(1), next.isLetter {
                s.position += 1
                let end = s.endOfIdentifier
                s.position -= 1
                s.emit(upTo: end, .keyword)
            } else if startsIdentifier(c) {
                let end = s.endOfIdentifier
                let word = s.word(upTo: end)
                let kind: CodeTokenKind?
                if keywords.contains(word) { kind = .keyword }
                else if word.first?.isUppercase == true { kind = .type }
                else if s.nextNonSpace(from: end, is: "(") { kind = .function }
                else { kind = nil }
                s.emit(upTo: end, kind)
            } else {
                s.takePlain()
            }
        }
        return s.finish()
    }
}
