/// One lexical token of an expression, with the column it starts at.
struct ExpressionToken {
    enum Kind {
        case number(Double)
        case string(String)
        case name(String)
        case op(String)
        case end

        /// How the token reads in an error message.
        var spelling: String {
            switch self {
            case .number(let n): "number \(JSONValue.formatNumber(n))"
            case .string(let s): "string \(JSONValue.string(s).serialized())"
            case .name(let n): "'\(n)'"
            case .op(let o): "'\(o)'"
            case .end: "the end"
            }
        }
    }

    var kind: Kind
    var column: Int
}

/// Splits expression text into tokens. Whole-string tokenizing up front keeps the parser simple and lets it
/// tell a member dot (`a.b`) from a leading-dot number (`.5`) by looking at the previous token.
enum ExpressionLexer {
    static func tokenize(_ scalars: ArraySlice<Unicode.Scalar>, firstColumn: Int) throws(ExpressionError) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        let start = scalars.startIndex
        var i = start
        let end = scalars.endIndex
        func column(_ index: Int) -> Int { firstColumn + (index - start) }
        func peek(_ offset: Int) -> Unicode.Scalar? {
            let j = i + offset
            return j < end ? scalars[j] : nil
        }

        while i < end {
            let c = scalars[i]
            if c.properties.isWhitespace { i += 1; continue }
            let tokenColumn = column(i)
            let previousEndsOperand: Bool = {
                switch tokens.last?.kind {
                case .name?, .number?, .string?: true
                case .op(let o)?: o == ")" || o == "]"
                default: false
                }
            }()
            if isDigit(c) || (c == "." && !previousEndsOperand && peek(1).map(isDigit) == true) {
                let (value, next) = try lexNumber(scalars, from: i, column: column)
                tokens.append(ExpressionToken(kind: .number(value), column: tokenColumn))
                i = next
                continue
            }
            if isNameStart(c) {
                var name = String.UnicodeScalarView()
                while i < end, isNamePart(scalars[i]) { name.append(scalars[i]); i += 1 }
                tokens.append(ExpressionToken(kind: .name(String(name)), column: tokenColumn))
                continue
            }
            if c == "'" || c == "\"" {
                let (value, next) = try lexString(scalars, from: i, column: column)
                tokens.append(ExpressionToken(kind: .string(value), column: tokenColumn))
                i = next
                continue
            }
            let op: String
            switch c {
            case "(", ")", "[", "]", ".", "?", ":", "+", "-", "*", "/", "%", ",": op = String(Character(c))
            case "=", "!":
                if peek(1) == "=" {
                    op = peek(2) == "=" ? String(Character(c)) + "==" : String(Character(c)) + "="
                } else if c == "!" {
                    op = "!"
                } else {
                    throw ExpressionError(message: "unexpected '='; use '==' to compare (assignment is not allowed)",
                                          column: tokenColumn)
                }
            case "<", ">": op = peek(1) == "=" ? String(Character(c)) + "=" : String(Character(c))
            case "&", "|":
                guard peek(1) == c else {
                    throw ExpressionError(message: "unexpected '\(c)'; did you mean '\(c)\(c)'?", column: tokenColumn)
                }
                op = String(Character(c)) + String(Character(c))
            default:
                throw ExpressionError(message: "unexpected character '\(c.escaped(asASCII: false))'", column: tokenColumn)
            }
            tokens.append(ExpressionToken(kind: .op(op), column: tokenColumn))
            i += op.unicodeScalars.count
        }
        tokens.append(ExpressionToken(kind: .end, column: column(end)))
        return tokens
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || (c.value < 0x80 ? (c.value | 0x20 >= 0x61 && c.value | 0x20 <= 0x7A) : c.properties.isAlphabetic)
    }

    static func isNamePart(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || isDigit(c) }

    /// Decimal numbers: `12`, `1.5`, `.5`, `1e3`, `2.5E-3`. A name character straight after a number is an error.
    private static func lexNumber(_ s: ArraySlice<Unicode.Scalar>, from start: Int,
                                  column: (Int) -> Int) throws(ExpressionError) -> (Double, Int)
    {
        var i = start
        var text = ""
        while i < s.endIndex, isDigit(s[i]) { text.unicodeScalars.append(s[i]); i += 1 }
        if i < s.endIndex, s[i] == ".", i + 1 < s.endIndex, isDigit(s[i + 1]) {
            text += "."
            i += 1
            while i < s.endIndex, isDigit(s[i]) { text.unicodeScalars.append(s[i]); i += 1 }
        } else if i < s.endIndex, s[i] == ".", !(i + 1 < s.endIndex && isNameStart(s[i + 1])) {
            // `1.` is a complete number in JavaScript; `1.toFixed` is not something we support anyway.
            i += 1
        }
        if text.hasPrefix(".") || text.isEmpty { text = "0" + text }
        if i < s.endIndex, s[i] == "e" || s[i] == "E" {
            var j = i + 1
            var exponent = "e"
            if j < s.endIndex, s[j] == "+" || s[j] == "-" { exponent.unicodeScalars.append(s[j]); j += 1 }
            guard j < s.endIndex, isDigit(s[j]) else {
                throw ExpressionError(message: "expected digits in the number's exponent", column: column(j))
            }
            while j < s.endIndex, isDigit(s[j]) { exponent.unicodeScalars.append(s[j]); j += 1 }
            text += exponent
            i = j
        }
        if i < s.endIndex, isNamePart(s[i]) {
            throw ExpressionError(message: "unexpected '\(s[i])' right after a number", column: column(i))
        }
        guard let value = Double(text) else {
            throw ExpressionError(message: "invalid number", column: column(start))
        }
        return (value, i)
    }

    /// Single- or double-quoted strings with JavaScript escapes; an unknown escape keeps the character, as JS does.
    private static func lexString(_ s: ArraySlice<Unicode.Scalar>, from start: Int,
                                  column: (Int) -> Int) throws(ExpressionError) -> (String, Int)
    {
        let quote = s[start]
        var out = String.UnicodeScalarView()
        var i = start + 1
        while i < s.endIndex {
            let c = s[i]
            if c == quote { return (String(out), i + 1) }
            guard c == "\\" else { out.append(c); i += 1; continue }
            let escapeColumn = column(i)
            i += 1
            guard i < s.endIndex else { break }
            let e = s[i]
            i += 1
            switch e {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "v": out.append("\u{0B}")
            case "0" where !(i < s.endIndex && isDigit(s[i])): out.append("\0")
            case "x":
                guard let v = hexValue(s, from: i, count: 2) else {
                    throw ExpressionError(message: "invalid \\x escape; expected two hex digits", column: escapeColumn)
                }
                out.append(Unicode.Scalar(UInt8(v)))
                i += 2
            case "u":
                var code: UInt32
                if i < s.endIndex, s[i] == "{" {
                    var j = i + 1
                    var v: UInt32 = 0
                    var digits = 0
                    while j < s.endIndex, let d = hexDigit(s[j]), digits < 7 { v = v * 16 + d; digits += 1; j += 1 }
                    guard digits > 0, j < s.endIndex, s[j] == "}", v <= 0x10FFFF else {
                        throw ExpressionError(message: "invalid \\u{…} escape", column: escapeColumn)
                    }
                    code = v
                    i = j + 1
                } else {
                    guard let v = hexValue(s, from: i, count: 4) else {
                        throw ExpressionError(message: "invalid \\u escape; expected four hex digits", column: escapeColumn)
                    }
                    code = v
                    i += 4
                    // A UTF-16 surrogate pair spelled as two escapes is one character.
                    if (0xD800..<0xDC00).contains(code), i + 1 < s.endIndex, s[i] == "\\", s[i + 1] == "u",
                       let low = hexValue(s, from: i + 2, count: 4), (0xDC00..<0xE000).contains(low)
                    {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                out.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            case "\n": break  // a backslash before a newline continues the line, as in JavaScript
            default: out.append(e)
            }
        }
        throw ExpressionError(message: "unterminated string; expected a closing \(quote)", column: column(start))
    }

    private static func hexDigit(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 0x30...0x39: c.value - 0x30
        case 0x41...0x46: c.value - 0x41 + 10
        case 0x61...0x66: c.value - 0x61 + 10
        default: nil
        }
    }

    private static func hexValue(_ s: ArraySlice<Unicode.Scalar>, from start: Int, count: Int) -> UInt32? {
        guard start + count <= s.endIndex else { return nil }
        var v: UInt32 = 0
        for j in start..<(start + count) {
            guard let d = hexDigit(s[j]) else { return nil }
            v = v * 16 + d
        }
        return v
    }
}
