import TerminiTemplate

/// What a widget kind is, apart from its props: how the reconciler, the layout pass, the painter and the input
/// router treat it. Kinds that share a trait share the code that reads it, so no caller asks which kind it has.
struct WidgetTraits: OptionSet, Sendable {
    let rawValue: UInt16

    /// Adds no box of its own: its children are laid out by the nearest widget ancestor (If, ForEach, list items).
    static let fragment = WidgetTraits(rawValue: 1 << 0)
    /// Its template children are compiled and placed inside it (containers, fragments, lists).
    static let templateChildren = WidgetTraits(rawValue: 1 << 1)
    /// `p1` is a list of items and `key` names the item field that identifies one (ForEach, ListView).
    static let bindsItems = WidgetTraits(rawValue: 1 << 2)
    /// Builds only the children that layout asks for, so its children are not a plain template list.
    static let virtualizesChildren = WidgetTraits(rawValue: 1 << 3)
    /// Takes part in Tab focus order.
    static let focusable = WidgetTraits(rawValue: 1 << 4)
    /// Changes on screen with time: the host keeps ticking and framing while one is painted.
    static let animated = WidgetTraits(rawValue: 1 << 5)
    /// Has an `else` slot (If).
    static let elseSlot = WidgetTraits(rawValue: 1 << 6)
    /// Binds a list item's names for its children: where an element's expression scope comes from.
    static let itemScope = WidgetTraits(rawValue: 1 << 7)
    /// Scrolls its content: arrows, PageUp/PageDown and the wheel move it, and focus scrolls it into view.
    static let scrollable = WidgetTraits(rawValue: 1 << 8)
    /// A component's instance: its children (the body) see the instance's properties and data, not the page's.
    static let componentScope = WidgetTraits(rawValue: 1 << 9)
    /// A component's `Slot()`: its children came from the use site and see the use site's scope.
    static let slotContent = WidgetTraits(rawValue: 1 << 10)
    /// Its `key` prop names the member that identifies a row of its data (Table, Tree), as a list's does; it is
    /// not the element's own key.
    static let keysItsRows = WidgetTraits(rawValue: 1 << 11)
    /// Takes the height it is given, scrolling within it (ListView, ScrollView, Log, Table, Tree) or filling free
    /// space (Expanded, Spacer): a page that holds one fits the screen instead of scrolling as a page.
    static let fillsHeight = WidgetTraits(rawValue: 1 << 12)
    /// Makes one form of the fields inside it (Form): they are checked together and submitted as one.
    static let form = WidgetTraits(rawValue: 1 << 13)
    /// Lays its children out side by side (Row): a `Spacer` or `Expanded` in it shares out width, not height.
    static let laysOutAcross = WidgetTraits(rawValue: 1 << 14)
}

/// One widget kind's behaviour, behind which the engine handles every kind alike.
///
/// A widget is its DSL declaration in `Sources/TerminiDSL` plus one file in `Widgets/Kinds/` that extends the props
/// struct generated from that declaration (`tplgen generate`) with this protocol. The generated registry lists every
/// conforming type, so a declaration without a behaviour file does not compile. The decoded props are the element's
/// configuration: the reconciler compares old and new values to decide whether layout or paint must change.
protocol WidgetBehavior: Equatable, Sendable {
    /// The class name templates use (`"Text"`); generated from the declaration.
    static var className: String { get }
    /// How the engine treats this kind; see `WidgetTraits`.
    static var traits: WidgetTraits { get }
    /// The events it sends to the page, beside the code that sends them (docs/JS-API.md's table is made from these).
    static var events: [WidgetEventDeclaration] { get }
    /// The keys it takes while focused (docs/INPUT.md's table is made from these).
    static var keys: [WidgetKeyDeclaration] { get }
    /// When a `.focusable` kind is a Tab stop, if not always ("with rows"); nil: always, or never when not focusable.
    static var tabStop: String? { get }

    /// Decodes evaluated props, applying the DSL's defaults; generated from the declaration.
    init(props: [String: JSONValue]) throws(PropDecodingError)
    /// Adjusts evaluated props before decoding, for values that bindings to missing data produce (null).
    static func prepare(_ props: inout [String: JSONValue])
    /// The state an element of this kind keeps across rebuilds, created when it mounts.
    static func makeState() -> WidgetState?

    /// Whether `other` (the previous configuration of the same element) can keep the current layout: only values
    /// that do not change sizes differ.
    func hasSameLayout(as other: Self) -> Bool
    /// Whether the element shows an error box instead of the widget.
    var isError: Bool { get }
    /// Whether the element changes on screen with time as configured now, so the host keeps framing while it is
    /// painted; `.animated` kinds always do.
    var isAnimating: Bool { get }

    // MARK: Reconciling

    /// The children the element should have now, for kinds whose children are a list of template nodes.
    func childSpecs(of element: Element, in tree: Reconciler) -> [ChildSpec]
    /// Brings the element's children up to date after its props were evaluated. `deep` means its scope or
    /// template changed; `configChanged` that its props did.
    func reconcileChildren(of element: Element, in tree: Reconciler, deep: Bool, configChanged: Bool, wasError: Bool)
    /// A patch reached the items array the element binds (`bindsItems` kinds): a splice of the array, one item
    /// replaced, or a change above it. A list that keeps per-item bookkeeping records splices here, so that its
    /// next reconcile costs the change rather than the length of the list.
    func itemsPatched(_ patch: DataPatch, on element: Element)
    /// A patch is about to change data the element read. A widget whose props hold one of the data's lists (a
    /// Table's rows) drops it here and returns true: the patch then changes the list in place instead of copying
    /// all of it, and the reconciler reads the element's props again once the patches are applied.
    func releaseDataLists(on element: Element) -> Bool
    /// initState: the element was just created.
    func didMount(_ element: Element, in tree: Reconciler)
    /// didUpdateWidget: the element was refreshed; `old` is its previous configuration.
    func didRefresh(_ element: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler)

    // MARK: Layout and paint

    /// Shares of free space along a Row's or Column's main axis (Expanded, Spacer); nil for a fixed-size widget.
    var flexFactor: Int? { get }
    /// Lays out the element (and its children) within the constraints and returns its size.
    func layout(_ element: Element, in pass: LayoutPass, maxWidth: Int, maxHeight: Int, minWidth: Int) -> (Int, Int)
    /// Paints the element, whose box is at `x`, `y` and visible within `clip`.
    func paint(_ element: Element, x: Int, y: Int, clip: CellRect, in pass: PaintPass)
    /// Builds, while the UI is idle, children that the next scrolls will show, at most `budget` of them (taken from
    /// it), so a scroll finds them ready instead of building them between the key and its frame. They stay out of
    /// `children` (nothing shown changes, so no frame is needed) until a layout brings them into view. Returns
    /// whether more remain; a widget asks for the call with `LayoutPass.requestBuildAhead`.
    func buildAhead(_ element: Element, in pass: LayoutPass, budget: inout Int) -> Bool

    // MARK: Focus and input

    /// Handles a key while the element has focus; nil when the key is not the widget's, so the page gets it.
    func handleKey(_ key: Key, on element: Element, in router: PageInputRouter) -> [UIEvent]?
    /// Takes pasted text while the element has focus, as one edit (never as keys); nil when the widget takes no
    /// text, so the page's `onPaste` gets it. `clippedFrom` is the paste's full length in bytes when only its start
    /// arrived (`PasteLimit`).
    func handlePaste(_ text: String, clippedFrom: Int?, on element: Element, in router: PageInputRouter) -> [UIEvent]?
    /// Handles a mouse press inside the element's box; nil lets the press go on to the element's ancestors.
    func handlePress(_ mouse: MouseEvent, on element: Element, in router: PageInputRouter) -> [UIEvent]?
    /// Handles a key that the focused descendant `focused` left unused; nil passes it on outwards. A list takes
    /// the keys that lead from a widget in its current row back to the row cursor (Left, Up, Down, Esc).
    func handleKey(_ key: Key, from focused: Element, on element: Element, in router: PageInputRouter) -> [UIEvent]?
    /// A press on the descendant `hit` was handled inside the element (`tapped`: it ran `.onTap` handlers, or
    /// nothing took it; otherwise a control took it). A list moves its current row there; returns events that go
    /// before the press's own.
    func descendantPressed(_ hit: Element, tapped: Bool, on element: Element, in router: PageInputRouter) -> [UIEvent]
    /// Whether the focused element edits text, so printable keys, Space and Backspace belong to it.
    var editsText: Bool { get }
    /// Whether the text it edits has several lines (a TextArea), so Up, Down and the page keys move its caret.
    var editsLines: Bool { get }
    /// Whether the widget's own props disable it (`TextField(disabled:)`); `.disabled()` works on any widget.
    var isDisabled: Bool { get }
    /// The children that can hold focus now: all of them, except in a widget that shows only some (Tabs).
    func focusableChildren(of element: Element) -> [Element]
    /// Whether a focusable widget is a Tab stop now (after layout): a view whose content fits has nothing to
    /// scroll, and a stop that does nothing would only hide where focus went.
    func takesFocus(_ element: Element) -> Bool
    /// Scrolls a scrollable element by `delta` rows (or items); clamping finishes in layout.
    func scroll(_ element: Element, by delta: Int)
    /// Whether a scrollable element shows its first row: a wheel-up there asks the page to refresh.
    func isScrolledToTop(_ element: Element) -> Bool
    /// Scrolls a scrollable element so that its descendant `target`, whose top is `top` rows below this element's
    /// content origin in the last layout and which sits in the child `child`, is in view. Returns whether it moved.
    func reveal(_ target: Element, top: Int, via child: Element, in element: Element) -> Bool
    /// Scrolls a list to the item with `key`, or at `index`; throws what is wrong for a widget that is not a list.
    func scrollTo(_ element: Element, key: JSONValue?, index: Int?) throws(ScrollToError)
    /// The index of the row not built yet that would hold a widget with the `.id` `id`, for a list that builds only
    /// some of its rows; nil otherwise. `this.focus(id)` scrolls that row into view, then focuses the widget.
    func unbuiltRow(holdingId id: String, in element: Element, tree: Reconciler) -> Int?
    /// Focus left the element, whichever way it went (a field checks its rules then).
    func didLoseFocus(_ element: Element, needs: FrameNeeds)
    /// Whether the focused widget takes Tab (or Shift-Tab, `backward`) itself now instead of the focus moving on: a
    /// field accepting its suggestion, an open drop-down that keeps the focus until it closes.
    func takesTab(_ element: Element, backward: Bool) -> Bool

    // MARK: Forms

    /// The value a `Form` reports for this field (`values[id]`); nil for a widget that is not a form field.
    func formValue(of element: Element) -> JSONValue?
    /// Runs the field's checks and returns the first failure's message; `showing` also draws it under the field
    /// (or clears the one drawn).
    func validateField(_ element: Element, showing: Bool, needs: FrameNeeds) -> String?
    /// Puts the field back to its bound value and clears its message (a `Form`'s reset).
    func resetField(_ element: Element, needs: FrameNeeds)
    /// The page's `this.loadMoreDone()`: a widget with `onReachBottom` asks again the next time it is at the end.
    func loadMoreDone(_ element: Element)
    /// The script is about to focus `descendant` (`this.focus(id)`): a list makes the row that holds it current and
    /// its widgets focusable, as Right would. Returns whether that needs a layout (the list reports its new row).
    func willFocus(_ descendant: Element, on element: Element) -> Bool
}

extension WidgetBehavior {
    static var events: [WidgetEventDeclaration] { [] }
    static var keys: [WidgetKeyDeclaration] { [] }
    static var tabStop: String? { nil }
    static func prepare(_ props: inout [String: JSONValue]) {}
    static func makeState() -> WidgetState? { nil }
    func hasSameLayout(as other: Self) -> Bool { self == other }
    var isError: Bool { false }
    var isAnimating: Bool { Self.traits.contains(.animated) }

    func childSpecs(of element: Element, in tree: Reconciler) -> [ChildSpec] {
        tree.templateSpecs(element.node.children, in: element)
    }

    func reconcileChildren(of element: Element, in tree: Reconciler, deep: Bool, configChanged: Bool, wasError: Bool) {
        guard Self.traits.contains(.templateChildren) else { return }
        if deep || (configChanged && wasError) {
            tree.updateChildren(element, specs: childSpecs(of: element, in: tree), deep: deep)
        }
    }

    func itemsPatched(_ patch: DataPatch, on element: Element) {}
    func releaseDataLists(on element: Element) -> Bool { false }
    func didMount(_ element: Element, in tree: Reconciler) {}
    func didRefresh(_ element: Element, old: any WidgetBehavior, deep: Bool, configChanged: Bool, in tree: Reconciler) {}

    var flexFactor: Int? { nil }

    func handleKey(_ key: Key, on element: Element, in router: PageInputRouter) -> [UIEvent]? { nil }
    func handlePaste(_ text: String, clippedFrom: Int?, on element: Element, in router: PageInputRouter) -> [UIEvent]? { nil }
    func handlePress(_ mouse: MouseEvent, on element: Element, in router: PageInputRouter) -> [UIEvent]? { nil }
    func handleKey(_ key: Key, from focused: Element, on element: Element, in router: PageInputRouter) -> [UIEvent]? { nil }
    func descendantPressed(_ hit: Element, tapped: Bool, on element: Element, in router: PageInputRouter) -> [UIEvent] { [] }
    var editsText: Bool { false }
    var editsLines: Bool { false }
    var isDisabled: Bool { false }
    func focusableChildren(of element: Element) -> [Element] { element.children }
    func takesFocus(_ element: Element) -> Bool { true }
    func scroll(_ element: Element, by delta: Int) {}
    func isScrolledToTop(_ element: Element) -> Bool { false }
    func buildAhead(_ element: Element, in pass: LayoutPass, budget: inout Int) -> Bool { false }
    func reveal(_ target: Element, top: Int, via child: Element, in element: Element) -> Bool { false }
    func loadMoreDone(_ element: Element) {}
    func willFocus(_ descendant: Element, on element: Element) -> Bool { false }
    func scrollTo(_ element: Element, key: JSONValue?, index: Int?) throws(ScrollToError) {
        throw ScrollToError("the widget is a \(Self.className), not a ListView")
    }
    func unbuiltRow(holdingId id: String, in element: Element, tree: Reconciler) -> Int? { nil }
    func didLoseFocus(_ element: Element, needs: FrameNeeds) {}
    func takesTab(_ element: Element, backward: Bool) -> Bool { false }
    func formValue(of element: Element) -> JSONValue? { nil }
    func validateField(_ element: Element, showing: Bool, needs: FrameNeeds) -> String? { nil }
    func resetField(_ element: Element, needs: FrameNeeds) {}

    /// What changing from `old` to this configuration asks of the next frame.
    func change(from old: any WidgetBehavior) -> WidgetChange {
        // The kind is compared first so the cast cannot fail: a conditional cast would build `Optional<Self>`'s
        // metadata on every refresh, a measurable share of a small update.
        guard ObjectIdentifier(type(of: old)) == ObjectIdentifier(Self.self) else { return .relayout }
        let old = old as! Self
        if self == old { return .none }
        return hasSameLayout(as: old) ? .repaint : .relayout
    }
}

/// What a new configuration of an element asks of the next frame.
enum WidgetChange {
    /// Nothing differs.
    case none
    /// Only what shows without changing sizes (a colour, a checked state).
    case repaint
    /// Sizes or children may differ.
    case relayout
}

/// State an element keeps across rebuilds, following Flutter's State: it moves with the element on keyed
/// reorders and GlobalKey reparenting. Each stateful kind subclasses it in its own file.
class WidgetState {
    required init() {}

    /// Drops what the state holds for the element's children (a list whose node became an error box).
    func reset(_ element: Element, in tree: Reconciler) {}
    /// The element moved in the data (it is inside an item that moved): data paths the state keeps follow it.
    func dataMoved(_ moved: (DataPath) -> DataPath) {}
    /// `child` was taken to another parent (GlobalKey reparenting): the state lets go of it.
    func childLeft(_ child: Element) {}
    /// Elements the state holds that are not the element's children (rows built ahead): they live and go with it.
    func heldElements(besides children: [Element]) -> [Element] { [] }
}

/// A widget kind whose elements keep a state object across rebuilds: the kind names the state's type once
/// (`typealias State = ListState`) and reads it typed, `state(e)`, instead of casting at every use.
protocol StatefulWidget: WidgetBehavior {
    associatedtype State: WidgetState
}

extension StatefulWidget {
    static func makeState() -> WidgetState? { State() }

    /// The state this kind made for `e` when it mounted. (`unsafeDowncast` is checked in debug builds; an element's
    /// kind, and so its state's type, never changes: a new kind is a new element.)
    static func state(_ e: Element) -> State { unsafeDowncast(e.state!, to: State.self) }
    func state(_ e: Element) -> State { Self.state(e) }
}

/// Why `PageView.focus(id:)` could not move the focus.
public struct FocusError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Why `scrollTo` could not scroll: the message names what is wrong.
public struct ScrollToError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
