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

    /// The cell attribute of a style name `TextMarkup` writes; none for another name.
    static func attribute(named name: String) -> CellAttributes {
        switch name {
        case "bold": .bold
        case "italic": .italic
        case "underline": .underline
        case "dim": .dim
        case "reverse": .reverse
        default: []
        }
    }
}

extension MarkupSpan: PropValue {
    static var propTypeName: String { "markup span" }

    /// One pass over the span's members, as the generated decoders do: a marked-up row decodes its spans on every
    /// change, and a lookup per possible key cost more than the rest of the decode.
    static func decodeProp(_ json: JSONValue, owner: String) -> MarkupSpan? {
        guard let object = json.objectValue else { return nil }
        var span = MarkupSpan(text: "", attributes: [], foreground: nil, background: nil, classes: [], link: nil)
        for (key, value) in object {
            switch key {
            case "text": span.text = value.displayText
            case "style":
                for case .string(let name) in value.arrayValue?.values ?? [] { span.attributes.formUnion(attribute(named: name)) }
            case "class":
                for case .string(let name) in value.arrayValue?.values ?? [] { span.classes.append(name) }
            case "color": span.foreground = value.stringValue.flatMap(TerminalColor.init(name:))
            case "background": span.background = value.stringValue.flatMap(TerminalColor.init(name:))
            case "link": span.link = value.stringValue
            default: continue
            }
        }
        return span
    }
}
