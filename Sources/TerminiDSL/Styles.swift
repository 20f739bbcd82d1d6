/// How text is drawn.
public enum TextStyle: Sendable {
    /// No attributes.
    case plain
    /// Bold text.
    case bold
    /// Dim (faint) text.
    case dim
    /// Italic text, where the terminal supports it.
    case italic
    /// Underlined text.
    case underline
    /// Foreground and background swapped.
    case reverse
}

/// A terminal colour: one of the eight named colours, gray, the terminal default, or a palette index.
public enum Color: Sendable {
    /// The terminal's default colour.
    case `default`
    /// Black.
    case black
    /// Red.
    case red
    /// Green.
    case green
    /// Yellow.
    case yellow
    /// Blue.
    case blue
    /// Magenta.
    case magenta
    /// Cyan.
    case cyan
    /// White.
    case white
    /// Gray (bright black).
    case gray
    /// A 256-colour palette index, 0...255.
    case index(Int)
}

/// Cross-axis placement of children in a `Column` or `Row`.
public enum Alignment: Sendable {
    /// Leading edge.
    case start
    /// Centered.
    case center
    /// Trailing edge.
    case end
    /// Fill the cross axis.
    case stretch
}

/// The line style of a `Box` border.
public enum BorderStyle: Sendable {
    /// No border.
    case none
    /// Thin lines.
    case single
    /// Double lines.
    case double
    /// Thin lines with rounded corners.
    case rounded
    /// Thick lines.
    case heavy
}
