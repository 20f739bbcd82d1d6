import TerminiTemplate

/// `ProgressBar`: a bar filled to `value` (0...1) of its width, 20 columns when the width is unbounded, with its
/// percentage after it when `showPercentage`. While `indeterminate`, a block a fifth of the bar wide sweeps to and
/// fro, ten steps a second, and the host keeps framing only while such a bar is on screen.
extension ProgressBarProps: WidgetBehavior {
    static var traits: WidgetTraits { [] }

    /// A binding to missing data (null) shows an empty bar.
    static func prepare(_ props: inout [String: JSONValue]) {
        if props["value"] == .null { props["value"] = .number(0) }
    }

    /// ` 100%` at most.
    static let labelWidth = 5

    var isAnimating: Bool { indeterminate }

    func hasSameLayout(as other: ProgressBarProps) -> Bool { showPercentage == other.showPercentage }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let label = showPercentage && !indeterminate ? Self.labelWidth : 0
        return (maxWidth >= LayoutPass.unbounded ? 20 + label : maxWidth, min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let showsLabel = showPercentage && !indeterminate && e.box.width > Self.labelWidth
        let width = e.box.width - (showsLabel ? Self.labelWidth : 0)
        guard width > 0 else { return }
        if indeterminate {
            let block = max(1, width / 5)
            let travel = max(1, width - block)
            let step = pass.animationFrame % (2 * travel)
            let start = step < travel ? step : 2 * travel - step
            let bar = String(repeating: "░", count: start) + String(repeating: "█", count: block)
                + String(repeating: "░", count: max(0, width - start - block))
            pass.put(bar, x: x, y: y, style: .plain, clip: clip)
            return
        }
        let fraction = value.isNaN ? 0 : min(1, max(0, value))
        let filled = Int((fraction * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: max(0, width - filled))
        pass.put(bar, x: x, y: y, style: .plain, clip: clip)
        if showsLabel {
            let percent = "\(Int((fraction * 100).rounded()))%"
            pass.put(String(repeating: " ", count: Self.labelWidth - percent.count) + percent, x: x + width, y: y, style: .plain, clip: clip)
        }
    }
}
