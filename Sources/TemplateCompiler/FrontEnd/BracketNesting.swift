/// Guards the Swift parser against square brackets nested too deep. swift-syntax's lookahead tries every `[` both as
/// the start of an inline-array type (`[3 of Int]`) and as a collection type, each of which looks ahead through the
/// next `[` again, so its time doubles with every level: 20 nested `[` took half a minute and 50 never finish (found
/// by fuzzing `tplgen compile`). A page declaration nests them a few deep at most, so deeper nesting is refused
/// before parsing, with its place.
enum BracketNesting {
    static let maximumDepth = 8

    /// The 1-based line and UTF-8 column of the first `[` nested deeper than `maximumDepth`, in code (string
    /// literals and comments do not count, the code in their interpolations does); nil when there is none.
    static func firstTooDeep(in text: String) -> (line: Int, column: Int)? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.run()
    }

    private struct Scanner {
        /// Where the scan is: code (the file, or an interpolation's, counting its open parentheses) or a string literal.
        enum Context {
            case code(parentheses: Int)
            case string(hashes: Int, multiline: Bool)
        }

        let bytes: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0
        var depth = 0
        /// A stack, not recursion: interpolations nest strings in code in strings, as deep as the input likes.
        var contexts: [Context] = [.code(parentheses: 0)]

        init(bytes: [UInt8]) { self.bytes = bytes }

        func at(_ offset: Int) -> UInt8? { i + offset < bytes.count ? bytes[i + offset] : nil }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where i < bytes.count {
                if bytes[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
                i += 1
            }
        }

        mutating func run() -> (line: Int, column: Int)? {
            while i < bytes.count {
                switch contexts[contexts.count - 1] {
                case .code(let parentheses):
                    if let found = scanCode(parentheses: parentheses) { return found }
                case .string(let hashes, let multiline):
                    scanString(hashes: hashes, multiline: multiline)
                }
            }
            return nil
        }

        /// One step in code; returns the place of a `[` nested too deep.
        mutating func scanCode(parentheses: Int) -> (line: Int, column: Int)? {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "["):
                depth += 1
                if depth > BracketNesting.maximumDepth { return (line, i - lineStart + 1) }
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "("):
                contexts[contexts.count - 1] = .code(parentheses: parentheses + 1)
            case UInt8(ascii: ")"):
                if parentheses == 0 && contexts.count > 1 {
                    contexts.removeLast() // the interpolation ends; back in its string
                } else {
                    contexts[contexts.count - 1] = .code(parentheses: max(0, parentheses - 1))
                }
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { advance() }
                return nil
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                skipBlockComment()
                return nil
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                var hashes = 0
                while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if at(hashes) == UInt8(ascii: "\"") {
                    let multiline = at(hashes + 1) == UInt8(ascii: "\"") && at(hashes + 2) == UInt8(ascii: "\"")
                    advance(hashes + (multiline ? 3 : 1))
                    contexts.append(.string(hashes: hashes, multiline: multiline))
                    return nil
                }
            default:
                break
            }
            advance()
            return nil
        }

        /// One step in a string literal: its end, an interpolation's start, an escape or a character.
        mutating func scanString(hashes: Int, multiline: Bool) {
            let c = bytes[i]
            let quotes = multiline ? 3 : 1
            if c == UInt8(ascii: "\n") && !multiline {
                contexts.removeLast() // unterminated: the parser reports it
            } else if c == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ at($0) == UInt8(ascii: "\"") }),
                      (0..<hashes).allSatisfy({ at(quotes + $0) == UInt8(ascii: "#") })
            {
                advance(quotes + hashes)
                contexts.removeLast()
            } else if c == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ at(1 + $0) == UInt8(ascii: "#") }) {
                advance(1 + hashes)
                if at(0) == UInt8(ascii: "(") {
                    advance()
                    contexts.append(.code(parentheses: 0))
                } else {
                    advance() // the escaped character, so an escaped quote does not end the literal
                }
            } else {
                advance()
            }
        }

        mutating func skipBlockComment() {
            var nesting = 0
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "/") && at(1) == UInt8(ascii: "*") {
                    nesting += 1
                    advance(2)
                } else if bytes[i] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/") {
                    nesting -= 1
                    advance(2)
                    if nesting == 0 { return }
                } else {
                    advance()
                }
            }
        }
    }
}
