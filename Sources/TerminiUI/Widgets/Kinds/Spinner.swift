/// `Spinner`: a one-cell activity indicator that advances ten frames a second while it is on screen.
extension SpinnerProps: WidgetBehavior {
    static var traits: WidgetTraits { [.animated] }

    static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        (min(1, maxWidth), min(1, maxHeight))
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        let frame = Self.frames[pass.animationFrame % Self.frames.count]
        pass.put(String(frame), x: x, y: y, style: .plain, clip: clip)
    }
}
