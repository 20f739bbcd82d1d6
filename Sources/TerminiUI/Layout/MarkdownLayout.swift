import Ink
import TerminiTemplate

/// Markdown as styled terminal lines. Ink (a CommonMark parser) turns the text into HTML; this reads back the
/// small, regular subset Ink writes (headings, paragraphs, emphasis, code, links, lists, block quotes, rules) and
/// lays it out at a width: words wrap, list items and quotes keep their indent on every line, code blocks keep
/// their lines and are cut with `…`.
enum MarkdownLayout {
    /// A piece of one line in one style.
    struct Run: Equatable {
        var text: String
        var style: CellStyle
        /// The URL the run is a hyperlink to (OSC 8), for a link's text and its visible URL.
        var link: String? = nil
        /// The theme class that styles the run where the theme has it (`code.keyword`); `style` otherwise.
        var themeClass: String? = nil
    }

    typealias Line = [Run]

    static func lines(_ markdown: String, width: Int) -> [Line] {
        var builder = Builder(width: max(1, width))
        builder.read(MarkdownParser().html(from: parsable(markdown)))
        builder.endBlock()
        return builder.lines
    }

    /// The text as Ink can take it. The `markdown` fuzz target found inputs that Ink 0.6 never finishes:
    /// an HTML tag such as `<p` or `<pre` that no `>` closes anywhere after it (it loops, growing without bound),
    /// some control characters (the same), and nested `[` (its link parsing doubles its time with each level: 25
    /// take 20 s). So every control character but the newline and the tab becomes a space; such a `<`, and one after
    /// a backslash, gets a zero-width space after it, which `Builder` drops again; and a `[` opened inside another is
    /// escaped, since a link cannot hold a link (in code, where Ink keeps the backslash, `Builder` drops it). The text
    /// shows as written.
    static func parsable(_ text: String) -> String {
        var scalars = Array(text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars).map { scalar in
            scalar == "\n" || scalar == "\t" || (scalar.value >= 0x20 && scalar.value != 0x7F) ? scalar : " "
        }
        // Ink's list reader runs past the end of a text whose last line holds only blanks (`- a\n `): the text ends
        // at its last non-blank character. Counted in Characters, as Ink reads: a blank that a combining mark joins
        // (` ` + U+059E) is still blank to it (the fuzz target found it).
        var text = String(String.UnicodeScalarView(scalars))
        while let last = text.last, last.isWhitespace { text.removeLast() }
        scalars = Array(text.unicodeScalars)
        // Ink reads a first line of `---` as the start of metadata and can index past the end of the text there
        // (the fuzz target found it): a leading rule is written `***`, the same rule in Markdown.
        if let first = scalars.firstIndex(where: { $0 != "\n" && $0 != " " && $0 != "\t" }), scalars[first] == "-" {
            var i = first
            while i < scalars.count, scalars[i] == "-" { scalars[i] = "*"; i += 1 }
        }
        // The last `>` as Ink sees it: a Character of its own. One that a combining mark joins (`>` + U+061A) is
        // another Character, closes nothing, and left a tag before it open (the fuzz target found it).
        var lastClose = -1
        var offset = 0
        for character in String(String.UnicodeScalarView(scalars)) {
            if character == ">" { lastClose = offset }
            offset += character.unicodeScalars.count
        }
        var out = String.UnicodeScalarView()
        out.reserveCapacity(scalars.count)
        var brackets = 0
        for (i, scalar) in scalars.enumerated() {
            switch scalar {
            case "[":
                brackets += 1
                if brackets > 1 { out.append("\\") }
            case "]": brackets = max(0, brackets - 1)
            case "\n" where i + 1 < scalars.count && scalars[i + 1] == "\n": brackets = 0  // a paragraph ends
            default: break
            }
            out.append(scalar)
            // After a backslash too: Ink never finishes `\<p>` either, closed or not (the fuzz target found it).
            if scalar == "<", i > lastClose || (i > 0 && scalars[i - 1] == "\\"), i + 1 < scalars.count,
               scalars[i + 1].properties.isAlphabetic
            {
                out.append(zeroWidthSpace)
            }
        }
        return String(out)
    }

    static let zeroWidthSpace: Unicode.Scalar = "\u{200B}"

    /// A word of a block as read: its style, whether a space came before it, its link and theme class.
    struct Word {
        var text: String
        var style: CellStyle
        var spaced: Bool
        var link: String?
        var themeClass: String? = nil
    }

    /// Walks the HTML's tags and text, keeping the styles and the block nesting that apply.
    private struct Builder {
        let width: Int
        var lines: [Line] = []
        /// Words of the block being read, each with its style and whether a space came before it.
        var words: [Word] = []
        /// The language of the code block being read (` ```swift `), from Ink's `class="language-swift"`.
        var codeLanguage: String?
        /// The table being read, from `<table>` to `</table>`.
        var table: TableReader?
        var bold = 0, italic = 0, code = 0, link = 0
        /// The open links' targets, and where each one's words start: a link whose text is not its URL gets the URL
        /// after it, so a terminal without hyperlinks still shows where it leads.
        var targets: [(url: String?, firstWord: Int)] = []
        var target: String? { link > 0 ? targets.last?.url : nil }
        var heading = 0
        var preformatted = false
        var quoteDepth = 0
        /// Open lists: ordered ones count their items.
        var lists: [(ordered: Bool, next: Int)] = []
        /// The marker of the list item whose first line is being read ("• ", "1. ").
        var pendingMarker: String?
        var pendingSpace = false

        init(width: Int) { self.width = width }

        var style: CellStyle {
            var attributes: CellAttributes = []
            if bold > 0 || heading > 0 { attributes.insert(.bold) }
            if heading == 1 || link > 0 { attributes.insert(.underline) }
            if italic > 0 { attributes.insert(.italic) }
            return CellStyle(foreground: code > 0 ? .index(6) : .default, attributes: attributes)
        }

        /// The indent of every line of the current block: quote bars and list nesting.
        var indent: Line {
            var runs: Line = []
            for _ in 0..<quoteDepth { runs.append(Run(text: "│ ", style: CellStyle(attributes: .dim))) }
            if lists.count > 1 { runs.append(Run(text: String(repeating: "  ", count: lists.count - 1), style: .plain)) }
            return runs
        }

        mutating func read(_ html: String) {
            var text = ""
            var i = html.startIndex
            while i < html.endIndex {
                if html[i] == "<", let close = html[i...].firstIndex(of: ">") {
                    flushText(&text)
                    tag(String(html[html.index(after: i)..<close]))
                    i = html.index(after: close)
                } else {
                    text.append(html[i])
                    i = html.index(after: i)
                }
            }
            flushText(&text)
        }

        mutating func flushText(_ text: inout String) {
            guard !text.isEmpty else { return }
            var decoded = Self.decodeEntities(text)
            if decoded.unicodeScalars.contains(MarkdownLayout.zeroWidthSpace) {
                decoded.unicodeScalars.removeAll { $0 == MarkdownLayout.zeroWidthSpace }
            }
            // Code keeps a backslash as written: the one `parsable` put before a nested `[` goes again.
            if (preformatted || code > 0) && decoded.contains("\\[") {
                decoded = decoded.replacingOccurrences(of: "\\[", with: "[")
            }
            text = ""
            if preformatted, let language = codeLanguage, let tokenizer = CodeHighlighter.tokenizer(for: language) {
                for token in tokenizer.tokens(in: decoded) {
                    for (n, piece) in token.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                        if n > 0 { endLine() }
                        guard !piece.isEmpty else { continue }
                        words.append(Word(text: String(piece), style: token.kind?.defaultStyle ?? CellStyle(), spaced: false,
                                          link: nil, themeClass: token.kind?.themeClass))
                    }
                }
                return
            }
            if preformatted {
                for (n, line) in decoded.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if n > 0 { endLine() }
                    if !line.isEmpty { words.append(Word(text: String(line), style: style, spaced: false, link: target)) }
                }
                return
            }
            var word = ""
            for c in decoded {
                if c == " " || c == "\n" {
                    if !word.isEmpty { words.append(Word(text: word, style: style, spaced: pendingSpace, link: target)); word = "" }
                    pendingSpace = true
                } else {
                    word.append(c)
                }
            }
            if !word.isEmpty { words.append(Word(text: word, style: style, spaced: pendingSpace, link: target)); pendingSpace = false }
        }

        /// One tag. The HTML is Ink's, but a text's own `<` and `>` can make what looks like tags, so nothing here
        /// trusts them to balance.
        mutating func tag(_ raw: String) {
            let closing = raw.hasPrefix("/")
            let name = String(raw.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
            switch (name, closing) {
            case ("strong", false): bold += 1
            case ("strong", true): bold = max(0, bold - 1)
            case ("em", false): italic += 1
            case ("em", true): italic = max(0, italic - 1)
            case ("code", false):
                code += 1
                if preformatted, let start = raw.range(of: "language-") {
                    codeLanguage = String(raw[start.upperBound...].prefix { $0 != "\"" && $0 != " " })
                }
            case ("code", true): code = max(0, code - 1)
            case ("a", false):
                link += 1
                targets.append((Self.href(raw), words.count))
            case ("a", true):
                if link > 0, let open = targets.popLast(), let url = open.url {
                    let label = words[min(open.firstWord, words.count)...].map(\.text).joined(separator: " ")
                    if label != url { words.append(Word(text: "(" + url + ")", style: CellStyle(attributes: .dim), spaced: true, link: url)) }
                }
                link = max(0, link - 1)
            case ("h1", false), ("h2", false), ("h3", false), ("h4", false), ("h5", false), ("h6", false):
                startBlock()
                heading = Int(name.dropFirst()) ?? 1
            case ("h1", true), ("h2", true), ("h3", true), ("h4", true), ("h5", true), ("h6", true):
                endBlock()
                heading = 0
            case ("p", false): if pendingMarker == nil { startBlock() }
            case ("p", true): endBlock()
            case ("pre", false): startBlock(); preformatted = true
            case ("pre", true): endBlock(); preformatted = false; codeLanguage = nil
            case ("table", false):
                startBlock()
                table = TableReader()
            case ("table", true):
                if let reading = table {
                    table = nil
                    for line in reading.lines(width: max(1, width - indentWidth)) { lines.append(indent + line) }
                }
            case ("thead", false): table?.inHead = true
            case ("thead", true): table?.inHead = false
            case ("tr", true): table?.endRow()
            case ("th", false), ("td", false):
                words.removeAll()
                pendingSpace = false
                if name == "th" { bold += 1 }
                table?.alignment = raw.contains("align=\"right\"") ? .right : raw.contains("align=\"center\"") ? .center : .left
            case ("th", true), ("td", true):
                if name == "th" { bold = max(0, bold - 1) }
                table?.endCell(words)
                words.removeAll()
            case ("blockquote", false): startBlock(); quoteDepth += 1
            case ("blockquote", true): endBlock(); quoteDepth = max(0, quoteDepth - 1)
            case ("ul", false), ("ol", false):
                if lists.isEmpty { startBlock() } else { endBlock() }
                lists.append((name == "ol", 1))
            case ("ul", true), ("ol", true):
                endBlock()
                _ = lists.popLast()
            case ("li", false):
                endBlock()
                if var list = lists.popLast() {
                    pendingMarker = list.ordered ? "\(list.next). " : "• "
                    list.next += 1
                    lists.append(list)
                }
            case ("li", true): endBlock()
            case ("hr", _):
                startBlock()
                lines.append(indent + [Run(text: String(repeating: "─", count: max(0, width - indentWidth)), style: CellStyle(attributes: .dim))])
            case ("br", _): endLine()
            default: break
            }
        }

        var indentWidth: Int { indent.reduce(0) { $0 + TextWidth.of($1.text) } }

        /// A blank line between blocks (not before the first, nor between the items of a list).
        mutating func startBlock() {
            endBlock()
            if !lines.isEmpty && lists.isEmpty && lines.last?.isEmpty == false { lines.append(indent.isEmpty ? [] : indent) }
        }

        /// Lays out the words read so far as lines of the current block.
        mutating func endBlock() {
            endLine()
        }

        mutating func endLine() {
            guard !words.isEmpty || pendingMarker != nil else { return }
            let marker = pendingMarker.map { Run(text: $0, style: .plain) }
            pendingMarker = nil
            let markerWidth = marker.map { TextWidth.of($0.text) } ?? 0
            var line: Line = indent + (marker.map { [$0] } ?? [])
            let start = indentWidth + markerWidth
            var used = start
            let hang = Run(text: String(repeating: " ", count: markerWidth), style: .plain)
            for (n, word) in words.enumerated() {
                let w = TextWidth.of(word.text)
                let space = n > 0 && word.spaced ? 1 : 0
                if preformatted {
                    // A code line longer than the width is cut: each token only in the room left, the last with `…`.
                    let room = width - used
                    guard room > 0 else { continue }
                    let shown = TextFit.truncate(word.text, width: room)
                    line.append(Run(text: shown, style: word.style, link: word.link, themeClass: word.themeClass))
                    used += TextWidth.of(shown)
                    continue
                }
                if used + space + w > width && used > start {
                    lines.append(line)
                    line = indent + (markerWidth > 0 ? [hang] : [])
                    used = start
                } else if space > 0 {
                    // A space inside a link is part of it: one link, underlined through.
                    let inLink = word.link != nil && n > 0 && words[n - 1].link == word.link && words[n - 1].style == word.style
                    line.append(inLink ? Run(text: " ", style: word.style, link: word.link) : Run(text: " ", style: .plain))
                    used += 1
                }
                line.append(Run(text: word.text, style: word.style, link: word.link))
                used += w
            }
            lines.append(line)
            words.removeAll()
            pendingSpace = false
        }

        /// The http(s) `href` of an `a` tag as Ink writes it (`a href="…"`); nil for any other target.
        static func href(_ raw: String) -> String? {
            guard let start = raw.range(of: "href=\""), let end = raw[start.upperBound...].firstIndex(of: "\"") else { return nil }
            let url = decodeEntities(String(raw[start.upperBound..<end]))
            return url.hasPrefix("http://") || url.hasPrefix("https://") ? url : nil
        }

        static func decodeEntities(_ text: String) -> String {
            guard text.contains("&") else { return text }
            return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
