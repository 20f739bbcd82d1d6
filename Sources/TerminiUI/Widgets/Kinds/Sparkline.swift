import TerminiTemplate

/// `Sparkline`: one column per value, drawn with the eight block heights `▁▂▃▄▅▆▇█` scaled between the shown
/// values' minimum and maximum; the newest values win when they do not all fit. Values that are not numbers
/// leave a gap.
extension SparklineProps: WidgetBehavior {
    static var traits: WidgetTraits { [] }

    func hasSameLayout(as other: SparklineProps) -> Bool { values.count == other.values.count }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        (min(maxWidth, values.count), min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        pass.put(Self.bars(values, width: e.box.width), x: x, y: y, style: .plain, clip: clip)
    }

    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The last `width` values as block characters.
    static func bars(_ values: JSONArray, width: Int) -> String {
        let shown = values.suffix(max(0, width)).map { $0.numberValue.flatMap { $0.isFinite ? $0 : nil } }
        let numbers = shown.compactMap { $0 }
        guard let low = numbers.min(), let high = numbers.max() else { return String(repeating: " ", count: shown.count) }
        let span = high - low
        return String(shown.map { value -> Character in
            guard let value else { return " " }
            let level = span == 0 ? levels.count / 2 : Int(((value - low) / span * Double(levels.count - 1)).rounded())
            return levels[min(levels.count - 1, max(0, level))]
        })
    }
}
