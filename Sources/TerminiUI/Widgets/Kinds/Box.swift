import TerminiTemplate
/// `Box`: a bordered frame with an optional title, sized by its content or by `width`/`height`.
extension BoxProps: WidgetBehavior {
    static var traits: WidgetTraits { [.templateChildren] }

    /// The title and border change no sizes unless the title's width or the border's presence does.
    func hasSameLayout(as other: BoxProps) -> Bool {
        (border == .none) == (other.border == .none) && title == other.title && width == other.width && height == other.height
    }

    func layout(_ e: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int) {
        let fixedW = width.map { max(0, $0) }, fixedH = height.map { max(0, $0) }
        let inset = border == .none ? 0 : 1
        let innerMaxW = max(0, (fixedW.map { min($0, maxWidth) } ?? maxWidth) - 2 * inset)
        let innerMaxH = max(0, (fixedH.map { min($0, maxHeight) } ?? maxHeight) - 2 * inset)
        // A Box with a fixed width gives its content that exact width.
        let innerMinW = fixedW != nil ? innerMaxW : max(0, minWidth - 2 * inset)
        let (cw, ch) = pass.flex(e.layoutChildren, vertical: true, maxW: innerMaxW, maxH: innerMaxH, offsetX: inset,
                                 offsetY: inset, minCross: innerMinW, childMinCross: innerMinW)
        let titleW = title.map { TextWidth.of($0) + 2 } ?? 0
        let w = fixedW.map { min($0, maxWidth) } ?? min(maxWidth, max(cw, titleW) + 2 * inset)
        let h = fixedH.map { min($0, maxHeight) } ?? min(maxHeight, ch + 2 * inset)
        return (w, h)
    }

    func paint(_ e: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass) {
        if border != .none {
            pass.drawBorder(border, title: title, style: pass.borderStyle(of: e), x: x, y: y, width: e.box.width, height: e.box.height,
                            clip: clip)
        }
        pass.paintChildren(e.layoutChildren, originX: x, originY: y, clip: clip)
    }
}
