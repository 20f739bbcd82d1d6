/// JSON: a string before `:` is a key (`code.property`), other strings `code.string`; numbers; `true`, `false` and
/// `null` as keywords.
struct JSONTokenizer: CodeTokenizer {
    var languageNames: [String] { ["json", "jsonc", "json5"] }

    func tokens(in code: String) -> [CodeToken] {
        var s = CodeScanner(code)
        while let c = s.current {
            if c == "\"" {
                let end = s.endOfString(quote: "\"")
                s.emit(upTo: end, s.nextNonSpace(from: end, is: ":") ? .property : .string)
            } else if c.isNumber || (c == "-" && s.peek(1)?.isNumber == true) {
                s.emit(upTo: s.end(while: { $0.isNumber || "+-.eE".contains($0) }), .number)
            } else if c.isLetter {
                let end = s.endOfIdentifier
                s.emit(upTo: end, ["true", "false", "null"].contains(s.word(upTo: end)) ? .keyword : nil)
            } else if s.starts(with: "//") {
                s.emit(upTo: s.endOfLine, .comment)
            } else {
                s.takePlain()
            }
        }
        return s.finish()
    }
}
