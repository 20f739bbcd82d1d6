import TerminiUI

/// The screen as text with SGR escape sequences: colours (16, 256 or 24-bit, as each cell has them) and bold, dim,
/// italic, underline and reverse, and hyperlinks as OSC 8 (`ESC ] 8 ; ; url ESC \\` before the link's text, `ESC ] 8 ; ;
/// ESC \\` after it). Each row ends with a reset, so the text can be printed or `cat` anywhere.
public enum ANSIScreenText {
    public static func render(_ screen: CellBuffer) -> String {
        (0..<screen.height).map { row(screen, $0) }.joined(separator: "\n")
    }

    /// Row `y` alone, trailing blanks in the default style removed.
    public static func row(_ screen: CellBuffer, _ y: Int) -> String {
        var line = ""
        var styled = false
        for run in ScreenRun.runs(of: screen, row: y, trimmingBlankEnd: true) {
            if run.style == .plain {
                if styled { line += reset; styled = false }
            } else {
                line += "\u{1B}[0" + parameters(run.style) + "m"
                styled = true
            }
            if let link = run.link { line += HyperlinkSequence.open(link) + run.text + HyperlinkSequence.close }
            else { line += run.text }
        }
        return styled ? line + reset : line
    }

    static let reset = "\u{1B}[0m"

    /// `;`-prefixed SGR parameters for `style` (after the reset's `0`).
    static func parameters(_ style: CellStyle) -> String {
        var out = ""
        let attributes: [(CellAttributes, Int)] = [(.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7)]
        for (attribute, code) in attributes where style.attributes.contains(attribute) { out += ";\(code)" }
        out += color(style.foreground, base: 30, extended: 38)
        out += color(style.background, base: 40, extended: 48)
        return out
    }

    private static func color(_ color: TerminalColor, base: Int, extended: Int) -> String {
        switch color {
        case .default: ""
        case .index(let n) where n < 8: ";\(base + Int(n))"
        case .index(let n) where n < 16: ";\(base + 60 + Int(n) - 8)"
        case .index(let n): ";\(extended);5;\(n)"
        case .rgb(let r, let g, let b): ";\(extended);2;\(r);\(g);\(b)"
        }
    }
}
