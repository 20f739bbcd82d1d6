/// Shell (sh, bash, zsh): `#` comments, quoted strings, `$NAME`, `${…}` and `$(` as variables, the reserved words as
/// keywords and `-x`/`--flag` options as properties.
struct ShellTokenizer: CodeTokenizer {
    var languageNames: [String] { ["shell", "sh", "bash", "zsh", "console", "shellscript"] }

    static let keywords: Set<String> = [
        "if", "then", "else", "elif", "fi", "for", "in", "do", "done", "while", "until", "case", "esac", "function",
        "return", "export", "local", "readonly", "set", "unset", "exit", "source", "alias",
    ]

    func tokens(in code: String) -> [CodeToken] {
        var s = CodeScanner(code)
        while let c = s.current {
            let wordStart = s.position == 0 || s.characters[s.position - 1].isWhitespace
                || ";|&(".contains(s.characters[s.position - 1])
            if c == "#" && wordStart {
                s.emit(upTo: s.endOfLine, .comment)
            } else if c == "'" {
                s.emit(upTo: s.endOfString(quote: "'", multiline: true, escapes: false), .string)
            } else if c == "\"" {
                s.emit(upTo: s.endOfString(quote: "\"", multiline: true), .string)
            } else if c == "$" {
                let end: Int
                if s.peek(1) == "{" { end = s.end(after: "}", skipping: 2) }
                else if s.peek(1) == "(" { end = s.position + 2 }
                else { end = s.end(while: { $0.isLetter || $0.isNumber || $0 == "_" || "?@#*!$-".contains($0) }, from: s.position + 1) }
                s.emit(upTo: max(end, s.position + 1), .variable)
            } else if c == "-" && wordStart, let next = s.peek(1), next.isLetter || next == "-" {
                s.emit(upTo: s.end(while: { !$0.isWhitespace && $0 != "=" && $0 != ";" }), .property)
            } else if c.isLetter && wordStart {
                let end = s.end(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." })
                s.emit(upTo: end, Self.keywords.contains(s.word(upTo: end)) ? .keyword : nil)
            } else if c.isNumber && wordStart {
                s.emit(upTo: s.end(while: { $0.isNumber }), .number)
            } else {
                s.takePlain()
            }
        }
        return s.finish()
    }
}
