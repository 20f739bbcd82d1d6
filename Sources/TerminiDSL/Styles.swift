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

/// A terminal colour: one of the sixteen named colours, the terminal default, a palette index or `#rrggbb`.
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
    /// Bright red.
    case brightRed
    /// Bright green.
    case brightGreen
    /// Bright yellow.
    case brightYellow
    /// Bright blue.
    case brightBlue
    /// Bright magenta.
    case brightMagenta
    /// Bright cyan.
    case brightCyan
    /// Bright white.
    case brightWhite
    /// A 256-colour palette index, 0...255.
    case index(Int)
    /// A `#rrggbb` colour: shown as itself where the terminal has 24-bit colour (`COLORTERM`), else as the nearest
    /// colour it has (of 256, or of 16). A plain `"#rrggbb"` string, bound or constant, means the same.
    case hex(String)
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

/// Where text sits in a table column.
public enum TextAlign: Sendable {
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right (numbers).
    case right
}

/// One column of a `Table`: its title, the row field it shows, its width in cells, alignment and cell style. A
/// list of columns can also come from page data, as objects with these fields (`{title, field, width, …}`).
public struct TableColumn: Sendable {
    /// The header.
    public let title: String
    /// The row member shown.
    public let field: String
    /// Width in cells; 0 shares the width left by the fixed columns.
    public let width: Int
    /// The fewest cells a column of width 0 keeps when the table is narrow (0: its title's width, 3 to 10).
    public let minWidth: Int
    /// Where the text sits.
    public let align: TextAlign
    /// The row member that names the theme style of this column's cell in that row (`"closed"`, `"error"`).
    public let styleField: String?

    /// A column titled `title` showing each row's `field`, `width` cells wide (0 shares the free width, keeping
    /// `minWidth`); text that does not fit ends in `…`. With `styleField`, each cell takes the theme style its row
    /// names in that member.
    public init(_ title: String, field: String, width: Int = 0, minWidth: Int = 0, align: TextAlign = .left,
                styleField: String? = nil)
    {
        self.title = title; self.field = field; self.width = width; self.minWidth = minWidth; self.align = align
        self.styleField = styleField
    }
}
