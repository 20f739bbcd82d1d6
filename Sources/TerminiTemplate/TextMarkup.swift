/// Inline markup in a `Text(markup:)` template: `"[b]Total:[/b] [accent]{{count}}[/]"`.
///
/// The markup is read from the template as authored, before anything is evaluated: a `{{ }}` part is opaque, copied
/// into the current span as it is, so a bound value is inserted as text and its own `[b]` stays literal. `tplgen`
/// parses it once at compile time and writes the spans into the page; the engine only evaluates each span's text.
///
/// Tags: `[b]`/`[bold]`, `[i]`/`[italic]`, `[u]`/`[underline]`, `[dim]`, `[reverse]`; a colour (`[red]`,
/// `[brightBlue]`, `[#ff8800]`); a background (`[bg=blue]`, `[bg=#202020]`); a hyperlink (`[link=https://…]`); or
/// any other lowercase name (`[accent]`, `[code.keyword]`), a style class of the app's theme. `[/name]` closes the
/// innermost tag of that name and `[/]` the innermost tag; `[[` is a literal `[`. A `]` on its own is literal.
public enum TextMarkup {
    /// A stretch of the template in one style: `text` is a template string (it may hold `{{ }}` parts).
    public struct Span: Equatable, Sendable {
        public var text: String
        public var style: SpanStyle

        public init(text: String, style: SpanStyle = SpanStyle()) {
            self.text = text
            self.style = style
        }
    }

    /// What the open tags add up to at a point of the text; nil and empty mean "as the Text itself".
    public struct SpanStyle: Equatable, Sendable {
        /// Attribute names in the order first opened: `bold`, `italic`, `underline`, `dim`, `reverse`.
        public var attributes: [String] = []
        /// A colour name or `#rrggbb`; the innermost colour tag wins.
        public var color: String?
        public var background: String?
        /// Theme style classes, outermost first: an inner class's settings win over an outer one's.
        public var classes: [String] = []
        public var link: String?

        public init(attributes: [String] = [], color: String? = nil, background: String? = nil, classes: [String] = [],
                    link: String? = nil)
        {
            self.attributes = attributes
            self.color = color
            self.background = background
            self.classes = classes
            self.link = link
        }

        /// The span as the compiled page writes it: only the members that are set.
        public var json: [String: JSONValue] {
            var out: [String: JSONValue] = [:]
            if !attributes.isEmpty { out["style"] = .array(attributes.map { .string($0) }) }
            if let color { out["color"] = .string(color) }
            if let background { out["background"] = .string(background) }
            if !classes.isEmpty { out["class"] = .array(classes.map { .string($0) }) }
            if let link { out["link"] = .string(link) }
            return out
        }
    }

    /// Malformed markup, with the 1-based column (in Unicode scalars) in the template where the problem starts.
    public struct MarkupError: Error, Equatable, Sendable {
        public var message: String
        public var column: Int

        public init(message: String, column: Int) {
            self.message = message
            self.column = column
        }
    }

    /// Tag names that set an attribute, with the attribute's name.
    public static let attributeTags: [String: String] = [
        "b": "bold", "bold": "bold", "i": "italic", "italic": "italic", "u": "underline", "underline": "underline",
        "dim": "dim", "reverse": "reverse",
    ]

    /// The palette's colour names, as `TerminalColor(name:)` reads them.
    public static let colorNames: Set<String> = [
        "default", "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "gray", "brightRed",
        "brightGreen", "brightYellow", "brightBlue", "brightMagenta", "brightCyan", "brightWhite",
    ]

    /// One open tag: what it set, to close it by name and restore what it replaced.
    private enum Tag {
        case attribute(String)
        case color(String)
        case background(String)
        case styleClass(String)
        case link(String)

        /// Whether `[/name]` closes it: an attribute by either of its names (`[/b]` or `[/bold]`), a colour and a
        /// class by their own name, a background by `bg` and a link by `link`.
        func isClosed(by name: String) -> Bool {
            switch self {
            case .attribute(let a): attributeTags[name] == a
            case .color(let c): name == c
            case .background: name == "bg"
            case .styleClass(let c): name == c
            case .link: name == "link"
            }
        }
    }

    /// The name a tag written as `body` is closed by, for messages: `b` for `[b]`, `link` for `[link=…]`.
    private static func closingName(_ body: String) -> String {
        if body.hasPrefix("bg=") { return "bg" }
        if body.hasPrefix("link=") { return "link" }
        return body
    }

    /// The spans of `template`, in order; adjacent text in one style is one span, and empty spans are left out.
    public static func parse(_ template: String) throws(MarkupError) -> [Span] {
        let scalars = Array(template.unicodeScalars)
        var spans: [Span] = []
        var open: [(tag: Tag, body: String, column: Int)] = []
        var text = String.UnicodeScalarView()

        func flush() {
            guard !text.isEmpty else { return }
            let style = currentStyle(open.map(\.tag))
            if let last = spans.last, last.style == style {
                spans[spans.count - 1].text += String(text)
            } else {
                spans.append(Span(text: String(text), style: style))
            }
            text = String.UnicodeScalarView()
        }

        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "{", i + 1 < scalars.count, scalars[i + 1] == "{" {
                // A binding is copied whole: its value is text, and a `[` inside the expression is not a tag.
                let end = TemplateString.closingBraces(in: scalars, from: i + 2).map { $0 + 2 } ?? scalars.count
                text.append(contentsOf: scalars[i..<end])
                i = end
                continue
            }
            guard c == "[" else {
                text.append(c)
                i += 1
                continue
            }
            if i + 1 < scalars.count, scalars[i + 1] == "[" {
                text.append("[")
                i += 2
                continue
            }
            let column = i + 1
            guard let close = scalars[(i + 1)...].firstIndex(where: { $0 == "]" || $0 == "\n" || $0 == "[" }),
                  scalars[close] == "]"
            else {
                throw MarkupError(message: "'[' opens a tag that is never closed with ']'; write '[[' for a literal '['",
                                  column: column)
            }
            let body = String(String.UnicodeScalarView(scalars[(i + 1)..<close]))
            flush()
            if body.hasPrefix("/") {
                let name = String(body.dropFirst())
                guard let innermost = open.last else {
                    throw MarkupError(message: "'[\(body)]' closes nothing: no tag is open here", column: column)
                }
                if !name.isEmpty && !innermost.tag.isClosed(by: name) {
                    throw MarkupError(message: "'[\(body)]' does not close the innermost open tag, "
                        + "'[\(innermost.body)]' (column \(innermost.column)); close that one first", column: column)
                }
                open.removeLast()
            } else {
                open.append((try tag(body, column: column), body, column))
            }
            i = close + 1
        }
        flush()
        if let unclosed = open.last {
            throw MarkupError(message: "'[\(unclosed.body)]' is never closed; end it with "
                + "'[/\(closingName(unclosed.body))]' or '[/]'", column: unclosed.column)
        }
        return spans
    }

    private static func tag(_ body: String, column: Int) throws(MarkupError) -> Tag {
        if let attribute = attributeTags[body] { return .attribute(attribute) }
        if isColor(body) { return .color(body) }
        if body.hasPrefix("bg=") {
            let color = String(body.dropFirst(3))
            guard isColor(color) else {
                throw MarkupError(message: "'\(color)' is not a colour: write a name such as blue or #rrggbb", column: column)
            }
            return .background(color)
        }
        if body.hasPrefix("link=") {
            let url = String(body.dropFirst(5))
            guard url.hasPrefix("https://") || url.hasPrefix("http://"), url.count > 8,
                  !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\u{7F}" })
            else {
                throw MarkupError(message: "'\(url)' is not a link: write [link=https://…] with an http(s) URL and no spaces",
                                  column: column)
            }
            return .link(url)
        }
        if body.hasPrefix("#") {
            throw MarkupError(message: "'\(body)' is not a colour: write #rrggbb with six hex digits", column: column)
        }
        guard isClassName(body) else {
            throw MarkupError(message: "unknown style '\(body)' in markup: expected b, i, u, dim, reverse, a colour "
                + "(red, #rrggbb), bg=<colour>, link=<https URL> or a theme class name (lowercase, such as accent)",
                column: column)
        }
        return .styleClass(body)
    }

    private static func currentStyle(_ tags: [Tag]) -> SpanStyle {
        var style = SpanStyle()
        for tag in tags {
            switch tag {
            case .attribute(let a): if !style.attributes.contains(a) { style.attributes.append(a) }
            case .color(let c): style.color = c
            case .background(let c): style.background = c
            case .styleClass(let c): style.classes.append(c)
            case .link(let url): style.link = url
            }
        }
        return style
    }

    /// A palette name or `#` with six hex digits.
    public static func isColor(_ text: String) -> Bool {
        if colorNames.contains(text) { return true }
        return text.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// A theme class as a tag names it: lowercase letters first, then letters, digits, `-`, `_` and `.` between
    /// words (`code.keyword`), so a typo such as `[B]` or `[bold ]` is an error and not a class that styles nothing.
    static func isClassName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first), text.last != "." else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0)
            || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "." }
    }
}
