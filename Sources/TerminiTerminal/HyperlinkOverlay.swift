import TerminiCanvas

/// The bytes that make a frame's linked cells hyperlinks (OSC 8) on the terminal. ncurses knows nothing of OSC 8, so
/// after it has drawn the frame the backend writes the changed linked cells again, the same characters in the same
/// styles in the same columns, between a link's open and close sequences. The cursor and the current style are saved
/// before (`ESC 7`) and restored after (`ESC 8`), so what ncurses believes about the terminal stays true, and the
/// columns each character takes are the ones ncurses counted: the sequences themselves take none.
enum HyperlinkOverlay {
    /// The overlay for the cells of `runs` in `buffer` that are linked; empty when none is. `parameters` gives the
    /// SGR parameters (after `0`) of a style as this terminal shows it.
    static func bytes(for runs: [CellRun], in buffer: CellBuffer, width: Int, height: Int,
                      parameters: (CellStyle) -> String) -> [UInt8] {
        guard buffer.mayHaveLinks else { return [] }
        var out = ""
        for run in runs where run.y < height {
            var x = max(0, run.x)
            let end = min(run.x + run.count, width)
            while x < end {
                guard buffer[x, run.y].isLinked, let url = buffer.link(atX: x, y: run.y) else { x += 1; continue }
                out += "\u{1B}[\(run.y + 1);\(x + 1)H" + HyperlinkSequence.open(url)
                var style: CellStyle?
                while x < end, buffer[x, run.y].isLinked, buffer.link(atX: x, y: run.y) == url {
                    let cell = buffer[x, run.y]
                    if !cell.isWideContinuation {
                        if cell.style != style {
                            style = cell.style
                            out += "\u{1B}[0" + parameters(cell.style) + "m"
                        }
                        out.unicodeScalars.append(contentsOf: cell.character.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : $0 })
                    }
                    x += 1
                }
                out += HyperlinkSequence.close
            }
        }
        guard !out.isEmpty else { return [] }
        return Array(("\u{1B}7" + out + "\u{1B}8").utf8)
    }

    /// SGR parameters for `style` on a terminal with `colors` colours (0: no colour), `direct` when it takes 24-bit
    /// values, each colour the nearest one the terminal has, as ncurses draws it.
    static func parameters(_ style: CellStyle, colors: Int, direct: Bool) -> String {
        var out = ""
        let attributes: [(CellAttributes, Int)] = [(.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7)]
        for (attribute, code) in attributes where style.attributes.contains(attribute) { out += ";\(code)" }
        guard colors > 0 else { return out }
        func color(_ color: TerminalColor, base: Int) -> String {
            if direct, case .rgb(let r, let g, let b) = color { return ";\(base + 8);2;\(r);\(g);\(b)" }
            guard let n = color.nearestPaletteIndex(among: min(colors, 256)) else { return "" }
            if n < 8 { return ";\(base + Int(n))" }
            if n < 16 && colors < 256 { return ";\(base + 60 + Int(n) - 8)" }
            return ";\(base + 8);5;\(n)"
        }
        return out + color(style.foreground, base: 30) + color(style.background, base: 40)
    }
}
