import TerminiTemplate

/// The view of a SelectionList or an OptionList: the bound choice (`ChoiceState`, a list of values or one value),
/// the current option, the first option shown and how many show. Both draw only the options in view, reading each
/// one as they draw it, so 100,000 options cost what a screenful does.
final class OptionRowsState: ChoiceState {
    var offset = 0
    var cursor = RowCursor()
    var visibleRows = 0
    var count = 0
    /// The chosen values of a SelectionList as a set, for drawing each row's box in O(1); rebuilt when they change.
    private(set) var chosen: Set<JSONValue> = []
    private var chosenFrom: JSONValue = .null

    /// Scrolls so the current option is in view, and keeps the view within the options.
    func keepCursorInView() {
        if visibleRows > 0 {
            if cursor.index < offset { offset = cursor.index }
            if cursor.index >= offset + visibleRows { offset = cursor.index - visibleRows + 1 }
        }
        offset = min(max(0, offset), max(0, count - visibleRows))
    }

    /// The chosen values (a SelectionList's shown list), as a set.
    func chosenSet() -> Set<JSONValue> {
        if chosenFrom != shown {
            chosenFrom = shown
            chosen = Set(shown.arrayValue ?? [])
        }
        return chosen
    }

    /// Sizes the view for `options` within the constraints and keeps the current option in it; returns the size.
    /// `mark` is the cells before each label (`( ) ` or `[ ] `). Unbounded, the width is that of the first options
    /// that would show: measuring 100,000 labels would cost a frame.
    func fit(_ options: JSONArray, mark: Int, maxWidth: Int, maxHeight: Int) -> (Int, Int) {
        let width = maxWidth < LayoutPass.unbounded ? maxWidth
            : (options.prefix(LayoutPass.unboundedScrollHeight).map { TextWidth.of(ChoiceOption.parse($0).label) + mark }.max() ?? mark)
        let height = min(options.count, maxHeight >= LayoutPass.unbounded ? LayoutPass.unboundedScrollHeight : maxHeight)
        visibleRows = height
        count = options.count
        keepCursorInView()
        return (width, height)
    }

    /// Scrolls the view by `delta` options (the wheel), within the options.
    func scroll(by delta: Int) {
        offset = min(max(0, offset.addingClamped(delta)), max(0, count - visibleRows))
    }

    /// Makes the option at `index` (whose value is `key`) current and keeps it in view; returns whether the page
    /// should hear of it (`onSelect`), which it then takes as reported.
    func moveCursor(to index: Int, key: JSONValue?, optionCount: Int) -> Bool {
        cursor.index = index
        cursor.key = key
        keepCursorInView()
        guard cursor.needsReport else { return false }
        cursor.noteReported(count: optionCount)
        return true
    }

    /// The option at `index` of `options`, and the row a click at `y` (relative to the widget) lands on.
    func row(atY y: Int) -> Int? {
        let index = offset + y
        return y >= 0 && y < visibleRows && index < count ? index : nil
    }
}
