// Implicit members such as `style: .bold` resolve against the parameter's type, `Binding<[TextStyle]>`, so each
// bindable enum's cases are mirrored here. The crawler ignores this file's extensions: the enums themselves are the catalogue.

extension Binding where Value == [TextStyle] {
    /// No attributes.
    public static var plain: Self { Self(constant: [.plain]) }
    /// Bold text.
    public static var bold: Self { Self(constant: [.bold]) }
    /// Dim (faint) text.
    public static var dim: Self { Self(constant: [.dim]) }
    /// Italic text.
    public static var italic: Self { Self(constant: [.italic]) }
    /// Underlined text.
    public static var underline: Self { Self(constant: [.underline]) }
    /// Foreground and background swapped.
    public static var reverse: Self { Self(constant: [.reverse]) }
}

extension Binding where Value == Color {
    /// The terminal's default colour.
    public static var `default`: Self { Self(constant: .default) }
    /// Black.
    public static var black: Self { Self(constant: .black) }
    /// Red.
    public static var red: Self { Self(constant: .red) }
    /// Green.
    public static var green: Self { Self(constant: .green) }
    /// Yellow.
    public static var yellow: Self { Self(constant: .yellow) }
    /// Blue.
    public static var blue: Self { Self(constant: .blue) }
    /// Magenta.
    public static var magenta: Self { Self(constant: .magenta) }
    /// Cyan.
    public static var cyan: Self { Self(constant: .cyan) }
    /// White.
    public static var white: Self { Self(constant: .white) }
    /// Gray (bright black).
    public static var gray: Self { Self(constant: .gray) }
    /// Bright red.
    public static var brightRed: Self { Self(constant: .brightRed) }
    /// Bright green.
    public static var brightGreen: Self { Self(constant: .brightGreen) }
    /// Bright yellow.
    public static var brightYellow: Self { Self(constant: .brightYellow) }
    /// Bright blue.
    public static var brightBlue: Self { Self(constant: .brightBlue) }
    /// Bright magenta.
    public static var brightMagenta: Self { Self(constant: .brightMagenta) }
    /// Bright cyan.
    public static var brightCyan: Self { Self(constant: .brightCyan) }
    /// Bright white.
    public static var brightWhite: Self { Self(constant: .brightWhite) }
    /// A 256-colour palette index, 0...255.
    public static func index(_ n: Int) -> Self { Self(constant: .index(n)) }
    /// A `#rrggbb` colour: itself where the terminal has 24-bit colour, else the nearest it has.
    public static func hex(_ rgb: String) -> Self { Self(constant: .hex(rgb)) }
}
