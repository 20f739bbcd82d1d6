/// What `termini check` reads from main.js as text: the `bridge.invoke('name', …)` calls with a literal name, and
/// the data keys written by `setData({ key: … })`, `spliceData('path', …)` and `appendLog('path', …)` with literal keys. Handlers never run
/// during a check, so these calls are only found by reading the source; comments and string contents are skipped
/// so that a call in a comment does not count.
struct ScriptSourceScan {
    /// A literal command name and where it is written.
    struct Invoke: Equatable {
        var name: String
        var file: String
        var position: SourcePosition
    }

    var invokes: [Invoke] = []
    /// First components of the literal keys of every `setData({...})`, `spliceData('path', …)` and `appendLog('path', …)`.
    var writtenRoots: Set<String> = []

    /// Adds what another script calls and writes.
    mutating func add(_ other: ScriptSourceScan) {
        invokes += other.invokes
        writtenRoots.formUnion(other.writtenRoots)
    }

    init(source: String, file: String) {
        let code = Self.blankingCommentsAndStrings(source)
        let chars = Array(code), original = Array(source)
        var i = 0
        while i < chars.count {
            if let end = Self.match("bridge", chars, at: i), let open = Self.skip(".", chars, from: end),
               let afterInvoke = Self.match("invoke", chars, at: Self.skipSpaces(chars, from: open)),
               let paren = Self.skip("(", chars, from: afterInvoke), Self.isBoundary(chars, before: i)
            {
                let start = Self.skipSpaces(chars, from: paren)
                if let (text, stop) = Self.stringLiteral(original, at: start) {
                    let index = source.index(source.startIndex, offsetBy: start)
                    invokes.append(Invoke(name: text, file: file, position: SourcePosition(of: index, in: source)))
                    i = stop
                    continue
                }
            }
            if let end = Self.match("setData", chars, at: i), Self.isBoundary(chars, before: i),
               let paren = Self.skip("(", chars, from: end), let brace = Self.skip("{", chars, from: paren)
            {
                for key in Self.objectKeys(original, code: chars, from: brace) { writtenRoots.insert(Self.root(of: key)) }
            }
            if let end = Self.match("spliceData", chars, at: i) ?? Self.match("appendLog", chars, at: i),
               Self.isBoundary(chars, before: i), let paren = Self.skip("(", chars, from: end),
               let (path, _) = Self.stringLiteral(original, at: Self.skipSpaces(chars, from: paren))
            {
                writtenRoots.insert(Self.root(of: path))
            }
            i += 1
        }
    }

    /// `todos[3].done` → `todos`.
    static func root(of path: String) -> String {
        String(path.prefix { $0 != "." && $0 != "[" }).trimmingCharacters(in: .whitespaces)
    }

    /// The source with comments replaced by spaces and string/template contents by `_`, keeping every offset and
    /// newline, so that searches in it never match inside either.
    static func blankingCommentsAndStrings(_ source: String) -> String {
        var out: [Character] = []
        out.reserveCapacity(source.count)
        let chars = Array(source)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "/" && next == "/" {
                while i < chars.count && chars[i] != "\n" { out.append(" "); i += 1 }
            } else if c == "/" && next == "*" {
                out.append(" "); out.append(" "); i += 2
                while i < chars.count && !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") {
                    out.append(chars[i] == "\n" ? "\n" : " "); i += 1
                }
                if i < chars.count { out.append(" "); out.append(" "); i += 2 }
            } else if c == "'" || c == "\"" || c == "`" {
                out.append(c); i += 1
                while i < chars.count && chars[i] != c {
                    if chars[i] == "\\" && i + 1 < chars.count { out.append("_"); out.append("_"); i += 2; continue }
                    if c != "`" && chars[i] == "\n" { break }
                    out.append(chars[i] == "\n" ? "\n" : "_"); i += 1
                }
                if i < chars.count { out.append(chars[i]); i += 1 }
            } else {
                out.append(c); i += 1
            }
        }
        return String(out)
    }

    static func isIdentifier(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "$" }

    static func isBoundary(_ chars: [Character], before i: Int) -> Bool {
        i == 0 || (!isIdentifier(chars[i - 1]))
    }

    static func match(_ word: String, _ chars: [Character], at i: Int) -> Int? {
        let w = Array(word)
        guard i + w.count <= chars.count, Array(chars[i..<(i + w.count)]) == w else { return nil }
        if i + w.count < chars.count, isIdentifier(chars[i + w.count]) { return nil }
        return i + w.count
    }

    static func skipSpaces(_ chars: [Character], from i: Int) -> Int {
        var i = i
        while i < chars.count, chars[i].isWhitespace { i += 1 }
        return i
    }

    /// The index after `c`, when `c` is the next character that is not a space.
    static func skip(_ c: Character, _ chars: [Character], from i: Int) -> Int? {
        let j = skipSpaces(chars, from: i)
        return j < chars.count && chars[j] == c ? j + 1 : nil
    }

    /// A plain string literal at `i` (no `${…}`): its text and the index after it.
    static func stringLiteral(_ chars: [Character], at i: Int) -> (String, Int)? {
        guard i < chars.count, ["'", "\"", "`"].contains(chars[i]) else { return nil }
        let quote = chars[i]
        var text = ""
        var j = i + 1
        while j < chars.count, chars[j] != quote {
            if chars[j] == "\\" { return nil }
            if quote == "`" && chars[j] == "$" { return nil }
            if chars[j] == "\n" && quote != "`" { return nil }
            text.append(chars[j]); j += 1
        }
        return j < chars.count ? (text, j + 1) : nil
    }

    /// The literal keys at the top level of the object literal whose `{` is just before `start`: `a:`, `'a.b':`,
    /// and shorthand `a,`. Computed keys (`[k]:`) and spreads are skipped.
    static func objectKeys(_ original: [Character], code: [Character], from start: Int) -> [String] {
        var keys: [String] = []
        var depth = 0
        var i = start
        var expectingKey = true
        while i < code.count {
            let c = code[i]
            if depth == 0 && expectingKey {
                let j = skipSpaces(code, from: i)
                guard j < code.count else { break }
                if let (text, after) = stringLiteral(original, at: j), let colon = skip(":", code, from: after) {
                    keys.append(text); i = colon; expectingKey = false; continue
                }
                if isIdentifier(code[j]) {
                    var k = j
                    while k < code.count, isIdentifier(code[k]) { k += 1 }
                    let name = String(code[j..<k])
                    let after = skipSpaces(code, from: k)
                    if after < code.count, [":", ",", "}"].contains(code[after]) {
                        keys.append(name)
                        if code[after] == ":" { i = after + 1; expectingKey = false; continue }
                        i = after; expectingKey = false; continue
                    }
                }
                expectingKey = false
                i = j
                continue
            }
            switch c {
            case "{", "(", "[": depth += 1
            case "}", ")", "]":
                if depth == 0 { return keys }
                depth -= 1
            case "," where depth == 0: expectingKey = true
            default: break
            }
            i += 1
        }
        return keys
    }
}
