/// Unified diffs, line by line: file headers and `@@` hunk lines as `code.meta`, added lines `code.inserted`, removed
/// lines `code.deleted`, context plain.
struct DiffTokenizer: CodeTokenizer {
    var languageNames: [String] { ["diff", "patch"] }

    func tokens(in code: String) -> [CodeToken] {
        var tokens: [CodeToken] = []
        for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if n > 0 { tokens.append(CodeToken("\n")) }
            guard !line.isEmpty else { continue }
            let kind: CodeTokenKind?
            if line.hasPrefix("+++") || line.hasPrefix("---") || line.hasPrefix("diff ") || line.hasPrefix("index ")
                || line.hasPrefix("@@")
            {
                kind = .meta
            } else if line.hasPrefix("+") {
                kind = .inserted
            } else if line.hasPrefix("-") {
                kind = .deleted
            } else {
                kind = nil
            }
            tokens.append(CodeToken(String(line), kind))
        }
        return tokens
    }
}
