/// Where a value sits in a JSON text, by its path (`keys[1].handler`), for findings in app.json.
///
/// The manifest is parsed without positions, and searching its text for a quoted name finds the first string that
/// happens to match (the `"key": "f"` of a binding whose handler is `f`); walking the text's structure finds the one
/// value the path names.
enum JSONValueLocation {
    /// One step of a path: an object's member or an array's element.
    enum Step: Equatable {
        case member(String)
        case element(Int)
    }

    private struct Token {
        var text: Character
        var string: String?
        var position: SourcePosition
    }

    /// The position of the first character of the value at `path`, or nil when the text has no such value (or is not
    /// JSON as far as the walk goes).
    static func position(of path: [Step], in text: String) -> SourcePosition? {
        let tokens = tokenize(text)
        var index = 0
        return find(path[...], tokens, &index)
    }

    /// Walks the value at `index`, leaving `index` after it; returns the position of the value `path` names in it.
    private static func find(_ path: ArraySlice<Step>, _ tokens: [Token], _ index: inout Int) -> SourcePosition? {
        guard index < tokens.count else { return nil }
        let start = tokens[index]
        guard let step = path.first else {
            skipValue(tokens, &index)
            return start.position
        }
        var found: SourcePosition?
        switch start.text {
        case "{":
            index += 1
            while index < tokens.count, tokens[index].text != "}" {
                let name = tokens[index].string
                index += 1  // the name
                if index < tokens.count, tokens[index].text == ":" { index += 1 }
                if found == nil, let name, step == .member(name) {
                    found = find(path.dropFirst(), tokens, &index)
                } else {
                    skipValue(tokens, &index)
                }
                if index < tokens.count, tokens[index].text == "," { index += 1 }
            }
            index += 1
        case "[":
            index += 1
            var element = 0
            while index < tokens.count, tokens[index].text != "]" {
                if found == nil, step == .element(element) {
                    found = find(path.dropFirst(), tokens, &index)
                } else {
                    skipValue(tokens, &index)
                }
                element += 1
                if index < tokens.count, tokens[index].text == "," { index += 1 }
            }
            index += 1
        default:
            index += 1
        }
        return found
    }

    private static func skipValue(_ tokens: [Token], _ index: inout Int) {
        var depth = 0
        repeat {
            guard index < tokens.count else { return }
            switch tokens[index].text {
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            default: break
            }
            index += 1
        } while depth > 0
    }

    /// Punctuation, strings (`"` with their text) and the first character of every other word (numbers, `true`).
    private static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var line = 1, column = 1
        var chars = text.makeIterator()
        var inWord = false
        func next() -> Character? { chars.next() }
        func advance(_ c: Character) { if c == "\n" { line += 1; column = 1 } else { column += 1 } }
        while let c = next() {
            let here = SourcePosition(line: line, column: column)
            advance(c)
            switch c {
            case "{", "}", "[", "]", ":", ",":
                tokens.append(Token(text: c, string: nil, position: here))
                inWord = false
            case "\"":
                var string = ""
                while let d = next() {
                    advance(d)
                    if d == "\"" { break }
                    if d == "\\", let e = next() { advance(e); string.append(e == "\"" || e == "\\" || e == "/" ? e : "?"); continue }
                    string.append(d)
                }
                tokens.append(Token(text: "\"", string: string, position: here))
                inWord = false
            case _ where c.isWhitespace:
                inWord = false
            default:
                if !inWord { tokens.append(Token(text: c, string: nil, position: here)) }
                inWord = true
            }
        }
        return tokens
    }
}
