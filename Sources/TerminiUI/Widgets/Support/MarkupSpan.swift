import TerminiTemplate

/// One evaluated span of a `Text(markup:)`: its text (bindings already inserted, as text) and what its tags add to
/// the Text's own style. The compiler wrote the spans from the markup (`TextMarkup`); nothing here reads markup.
public struct MarkupSpan: Equatable, Sendable {
    public var text: String
    public var attributes: CellAttributes
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    /// Theme style classes, outermost first.
    public var classes: [String]
    public var link: String?

    /// The span's cell style over `base` (the Text's own colour and styles) in `theme`: classes first, outermost
    /// first, then the span's own colours and attributes, which are nearer the text.
    func style(over base: CellStyle, theme: Theme) -> CellStyle {
        var style = base
        for name in classes {
            guard let themed = theme.styles[name] else { continue }
            if let f = themed.foreground { style.foreground = f }
            if let b = themed.background { style.background = b }
            style.attributes.formUnion(themed.attributes)
        }
        if let foreground { style.foreground = foreground }
        if let background { style.background = background }
        style.attributes.formUnion(attributes)
        if link != nil { style.attributes.insert(.underline) }
        return style
    }

    /// Cell attributes by the names `TextMarkup` writes.
    static let attributeNames: [String: CellAttributes] = [
        "bold": .bold, "italic": .italic, "underline": .underline, "dim": .dim, "reverse": .reverse,
    ]
}

extension MarkupSpan: PropValue {
    static var propTypeName: String { "markup span" }

    static func decodeProp(_ json: JSONValue, owner: String) -> MarkupSpan? {
        guard let object = json.objectValue else { return nil }
        var attributes: CellAttributes = []
        for case .string(let name) in object["style"]?.arrayValue?.values ?? [] {
            attributes.formUnion(attributeNames[name] ?? [])
        }
        var classes: [String] = []
        for case .string(let name) in object["class"]?.arrayValue?.values ?? [] { classes.append(name) }
        return MarkupSpan(
            text: object["text"]?.displayText ?? "",
            attributes: attributes,
            foreground: object["color"]?.stringValue.flatMap(TerminalColor.init(name:)),
            background: object["background"]?.stringValue.flatMap(TerminalColor.init(name:)),
            classes: classes,
            link: object["link"]?.stringValue)
    }
}
