/// How the widget style types (the catalogue's `Color` and `TextStyle`) are encoded in a cell.
extension TerminalColor {
    init(_ c: Color) {
        switch c {
        case .default: self = .default
        case .black: self = .index(0)
        case .red: self = .index(1)
        case .green: self = .index(2)
        case .yellow: self = .index(3)
        case .blue: self = .index(4)
        case .magenta: self = .index(5)
        case .cyan: self = .index(6)
        case .white: self = .index(7)
        case .gray: self = .index(8)
        case .brightRed: self = .index(9)
        case .brightGreen: self = .index(10)
        case .brightYellow: self = .index(11)
        case .brightBlue: self = .index(12)
        case .brightMagenta: self = .index(13)
        case .brightCyan: self = .index(14)
        case .brightWhite: self = .index(15)
        case .index(let n): self = .index(UInt8(max(0, min(255, n))))
        case .hex(let text): self = TerminalColor(hex: text) ?? .default
        }
    }
}

extension CellAttributes {
    init(_ s: TextStyle) {
        switch s {
        case .plain: self = []
        case .bold: self = .bold
        case .dim: self = .dim
        case .italic: self = .italic
        case .underline: self = .underline
        case .reverse: self = .reverse
        }
    }

    /// Styles combine: `[.bold, .underline]` is both.
    init(_ styles: [TextStyle]) {
        self = styles.reduce(into: []) { $0.formUnion(CellAttributes($1)) }
    }
}
