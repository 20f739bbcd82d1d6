import TerminiTemplate

/// An event for page JavaScript: `{type, dataset, detail}` delivered to the handler the template names.
public struct UIEvent: Hashable, Sendable {
    /// The handler method name from the template (`onTap: "addTodo"` gives "addTodo").
    public var handler: String
    /// "tap", "change", "submit" or "toggle".
    public var type: String
    /// The widget's `.data(...)` object, evaluated; `{}` when it has none.
    public var dataset: JSONValue
    /// `{value: ...}` for change, submit and toggle; `{}` for tap.
    public var detail: JSONValue
    /// `file:line:col` of the widget in the template.
    public var loc: String?

    public init(handler: String, type: String, dataset: JSONValue, detail: JSONValue, loc: String?) {
        self.handler = handler
        self.type = type
        self.dataset = dataset
        self.detail = detail
        self.loc = loc
    }

    /// The event object handed to JS: `{type, dataset, detail}` (the host adds `timeStamp`).
    public var eventObject: JSONValue {
        .object(["type": .string(type), "dataset": dataset, "detail": detail])
    }
}
