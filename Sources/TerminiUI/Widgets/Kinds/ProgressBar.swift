import TerminiTemplate

/// `ProgressBar`: a bar filled to `value` (0...1) of its width, 20 columns when the width is unbounded.
extension ProgressBarProps: WidgetBehavior {
    static var traits: WidgetTraits { [] }

    /// A binding to missing data (null) shows an empty bar.
    static func prepare(_ props: inout [String: JSONValue]) {
        if props["value"] == .null { props["value"] = .number(0) }
    }

    func hasSameLayout(as other: ProgressBarProps) -> Bool { true }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        (maxWidth >= LayoutPass.unbounded ? 20 : maxWidth, min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let fraction = value.isNaN ? 0 : min(1, max(0, value))
        let filled = Int((fraction * Double(e.box.width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: max(0, e.box.width - filled))
        pass.put(bar, x: x, y: y, style: .plain, clip: clip)
    }
}
