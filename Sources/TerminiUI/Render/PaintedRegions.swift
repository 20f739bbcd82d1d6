/// What the last paint put where, in paint order: the page's hit-test regions. Records are in buffer
/// coordinates; queries take coordinates relative to the origin the page was painted at.
final class PaintedRegions {
    @exclusivity(unchecked) private(set) var records: [PaintRecord] = []
    private var originX = 0, originY = 0

    /// Starts a new paint at `origin`, keeping the storage.
    func begin(origin: CellRect) {
        records.removeAll(keepingCapacity: true)
        originX = origin.x
        originY = origin.y
    }

    func append(_ record: PaintRecord) { records.append(record) }

    /// The topmost painted element under the cell.
    func hit(x: Int, y: Int) -> Element? {
        let bx = x + originX, by = y + originY
        var i = records.count - 1
        while i >= 0 {
            let r = records[i]
            // Elements removed by a build since the last paint are no longer there to hit.
            if r.element.lifecycle == .active && r.visible.contains(x: bx, y: by) { return r.element }
            i -= 1
        }
        return nil
    }

    /// Whether the element was painted (some of it is visible).
    func isOnScreen(_ element: Element) -> Bool { records.contains { $0.element === element } }

    /// The page-relative origin of the element's box in the last paint.
    func origin(of element: Element) -> (x: Int, y: Int)? {
        for r in records where r.element === element { return (r.originX - originX, r.originY - originY) }
        return nil
    }

    /// The first painted element that matches, in paint order.
    func first(where predicate: (Element) -> Bool) -> Element? {
        for r in records where predicate(r.element) { return r.element }
        return nil
    }

    /// Whether any painted element changes with time.
    var containsAnimation: Bool { records.contains { $0.element.widget.isAnimating } }
}
