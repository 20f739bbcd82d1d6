import TerminiTemplate

/// What the modifiers any widget can carry add to its element, apart from its own props: a background, a named
/// style of the theme, being disabled, and taking focus when the page opens.
///
/// They are evaluated with the widget's props (so their reads are tracked like any prop) and taken out before the
/// widget decodes its own; painting applies them over what the widget drew, as CSS applies inherited styles.
struct ElementDecoration: Equatable, Sendable {
    var background: TerminalColor?
    var styleClass: String?
    var disabled = false
    var autoFocus = false

    /// The prop keys the modifiers use.
    static let keys: Set<String> = ["background", "styleClass", "disabled", "autoFocus"]

    /// Reads (and removes) the modifier keys from evaluated props; nil when none is set.
    static func take(from props: inout [String: JSONValue]) throws(PropDecodingError) -> ElementDecoration? {
        let modifiers = try WidgetModifiers(props: props)
        let decoration = ElementDecoration(background: modifiers.background.map(TerminalColor.init),
                                           styleClass: modifiers.styleClass.flatMap { $0.isEmpty ? nil : $0 },
                                           disabled: modifiers.disabled ?? false, autoFocus: modifiers.autoFocus ?? false)
        // Most elements carry none: their props stay as they are, with no hashed removals (the widget's own decoder
        // ignores keys it does not declare).
        guard decoration != ElementDecoration() else { return nil }
        for key in keys { props[key] = nil }
        return decoration
    }
}
