import TerminiTemplate

/// An event for page JavaScript, delivered to the handler the template names.
public struct UIEvent: Hashable, Sendable {
    /// The handler method name from the template (`onTap: "addTodo"` gives "addTodo").
    public var handler: String
    /// What happened; each widget declares the types it sends (`WidgetBehavior.events`).
    public var type: UIEventType
    /// The `.data(...)` object of the element whose handler runs (`currentTarget`), evaluated; `{}` when it has none.
    public var dataset: JSONValue
    /// The `.data(...)` object of the element where the event happened (`target`): for a tap that bubbled, the
    /// innermost element under the pointer or with focus.
    public var targetDataset: JSONValue
    /// `{value: ...}` for change, submit and toggle; `{}` for tap; `{first, last}` for scroll.
    public var detail: JSONValue
    /// `file:line:col` of the widget in the template.
    public var loc: String?
    /// Delivered only when the page defines the handler (a hook such as `onPullDownRefresh`), silently skipped
    /// otherwise.
    public var ifDefined: Bool
    /// The component instance whose method `handler` is; nil for the page's.
    public var component: Int?

    public init(handler: String, type: UIEventType, dataset: JSONValue, targetDataset: JSONValue? = nil, detail: JSONValue,
                loc: String?, ifDefined: Bool = false, component: Int? = nil)
    {
        self.component = component
        self.handler = handler
        self.type = type
        self.dataset = dataset
        self.targetDataset = targetDataset ?? dataset
        self.detail = detail
        self.loc = loc
        self.ifDefined = ifDefined
    }

    /// The event object handed to JS: `{type, target: {dataset}, currentTarget: {dataset}, dataset, detail}`
    /// (the runtime adds `timeStamp`). `dataset` is `currentTarget.dataset`, kept for pages written before bubbling.
    public var eventObject: JSONValue {
        .object(["type": .string(type.rawValue), "dataset": dataset, "target": .object(["dataset": targetDataset]),
                 "currentTarget": .object(["dataset": dataset]), "detail": detail])
    }
}

/// What the page did with a key: whether a widget (or focus, or scrolling) used it, and the events it produced.
public struct KeyHandling: Equatable, Sendable {
    public var used: Bool
    public var events: [UIEvent]

    public init(used: Bool, events: [UIEvent]) {
        self.used = used
        self.events = events
    }

    /// Nothing on the page took the key.
    public static let unused = KeyHandling(used: false, events: [])
}
