import TerminiUI

/// The RGB colours a picture of the screen uses: the terminal's default foreground and background, which a cell with
/// no colour of its own shows, come from the theme's `page` style when it sets them, else xterm's white on black.
/// Palette colours are drawn as xterm draws them.
public struct ScreenColors: Equatable, Sendable {
    public var foreground: RGB
    public var background: RGB

    /// One colour's red, green and blue, 0–255 each.
    public struct RGB: Equatable, Sendable {
        public var r: Int, g: Int, b: Int
        public init(r: Int, g: Int, b: Int) { (self.r, self.g, self.b) = (r, g, b) }

        /// `#rrggbb`, as SVG and CSS write it.
        public var hex: String {
            "#" + [r, g, b].map { String(max(0, min(255, $0)) + 0x100, radix: 16).dropFirst() }.joined()
        }
    }

    public static let xterm = ScreenColors(foreground: RGB(r: 229, g: 229, b: 229), background: RGB(r: 0, g: 0, b: 0))

    public init(foreground: RGB, background: RGB) {
        self.foreground = foreground
        self.background = background
    }

    /// The default colours under `theme`: its `page` style's, where it sets them.
    public init(theme: Theme) {
        self = .xterm
        let page = theme.styles[Theme.pageStyle]
        if let rgb = page?.foreground?.rgbComponents { foreground = RGB(r: rgb.r, g: rgb.g, b: rgb.b) }
        if let rgb = page?.background?.rgbComponents { background = RGB(r: rgb.r, g: rgb.g, b: rgb.b) }
    }

    /// The colours a cell of `style` is drawn in: reverse video swaps them, as a terminal does.
    func resolve(_ style: CellStyle) -> (foreground: RGB, background: RGB) {
        let fg = style.foreground.rgbComponents.map { RGB(r: $0.r, g: $0.g, b: $0.b) } ?? foreground
        let bg = style.background.rgbComponents.map { RGB(r: $0.r, g: $0.g, b: $0.b) } ?? background
        return style.attributes.contains(.reverse) ? (bg, fg) : (fg, bg)
    }
}
