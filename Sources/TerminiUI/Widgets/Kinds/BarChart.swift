import TerminiTemplate

/// `BarChart`: one line per value, `label ███████ 42`: labels in a column as wide as the widest, bars scaled so
/// the largest value fills the room left, in eighths of a cell (`▏▎▍▌▋▊▉█`). Negative and non-numeric values draw
/// no bar.
extension BarChartProps: WidgetBehavior {
    static var traits: WidgetTraits { [] }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let natural = labelWidth + 1 + 20 + 1 + valueWidth
        return (maxWidth >= LayoutPass.unbounded ? natural : maxWidth, min(values.count, maxHeight))
    }

    private var labelTexts: [String] { values.indices.map { $0 < labels.count ? labels[$0].displayText : "" } }
    private var valueTexts: [String] { values.map { $0.displayText } }
    private var labelWidth: Int { labelTexts.map(TextWidth.of).max() ?? 0 }
    private var valueWidth: Int { valueTexts.map(TextWidth.of).max() ?? 0 }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let labelW = min(labelWidth, e.box.width / 3)
        let barRoom = max(0, e.box.width - (labelW > 0 ? labelW + 1 : 0) - valueWidth - 1)
        let largest = values.compactMap(\.numberValue).filter { $0.isFinite }.max() ?? 0
        let labels = labelTexts, texts = valueTexts
        for i in values.indices where i < e.box.height {
            var line = labelW > 0 ? TextFit.fit(labels[i], width: labelW) + " " : ""
            let value = values[i].numberValue ?? 0
            let eighths = largest > 0 && value > 0 && value.isFinite ? Int((value / largest * Double(barRoom * 8)).rounded()) : 0
            var bar = String(repeating: "█", count: eighths / 8)
            if eighths % 8 > 0 { bar.append(Self.partial[eighths % 8 - 1]) }
            line += bar + " " + texts[i]
            pass.put(line, x: x, y: y + i, style: .plain, clip: clip)
        }
    }

    static let partial: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
}
