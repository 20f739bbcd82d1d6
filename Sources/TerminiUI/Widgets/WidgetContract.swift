/// One event a widget kind sends to the page. Each kind lists its own in its behaviour file (`WidgetBehavior.events`),
/// beside the code that sends them; docs/JS-API.md's events table and the editor types are generated from the lists,
/// so what the docs promise is what the widget declares.
public struct WidgetEventDeclaration: Sendable, Equatable {
    /// How a template names the handler: the widget's argument (`onToggle`) or, for a modifier, its call (`.onTap(_:)`).
    public var handler: String
    public var type: UIEventType
    /// When it fires, in the docs' words ("Enter, Space or a click").
    public var when: String
    /// The `detail` object, in the docs' words ("`{value}`: the new state, a boolean").
    public var detail: String
    /// Whether the handlers of the widget's ancestors run too, outwards (taps).
    public var bubbles: Bool

    public init(_ handler: String, _ type: UIEventType, when: String, detail: String, bubbles: Bool = false) {
        self.handler = handler
        self.type = type
        self.when = when
        self.detail = detail
        self.bubbles = bubbles
    }
}

/// One key a focused widget of a kind takes, and what it does there; listed in the kind's behaviour file
/// (`WidgetBehavior.keys`), from which docs/INPUT.md's table of widget keys is generated.
public struct WidgetKeyDeclaration: Sendable, Equatable {
    /// The keys, as the docs name them ("Up / Down", "Enter, Space").
    public var keys: String
    public var does: String

    public init(_ keys: String, _ does: String) {
        self.keys = keys
        self.does = does
    }
}

/// What a widget kind promises a page: its class name, whether it is a Tab stop, its keys and its events.
public struct WidgetContract: Sendable, Equatable {
    public var className: String
    /// When it takes part in Tab focus, in the docs' words ("yes", "with rows", "while its content overflows"); nil:
    /// never.
    public var tabStop: String?
    public var keys: [WidgetKeyDeclaration]
    public var events: [WidgetEventDeclaration]

    /// Every widget a template can name, in catalogue order.
    public static var all: [WidgetContract] {
        catalogWidgetKinds.map { kind in
            WidgetContract(className: kind.className,
                           tabStop: kind.tabStop ?? (kind.traits.contains(.focusable) ? "yes" : nil),
                           keys: kind.keys, events: kind.events)
        }
    }

    /// The events any widget gets from a modifier (`.onTap`, `.catchTap`, `.onFocus`, `.onBlur`).
    public static var modifierEvents: [WidgetEventDeclaration] { PageInputRouter.tapEvents + FocusManager.focusEvents }
}
