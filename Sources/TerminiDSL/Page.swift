/// The root of one page: `let index = Page("index", title: "Todo") { ... }` compiles to `pages/index.json`.
public struct Page: Sendable {
    /// The page name, unique within the app; it names the output file and the `Page('name', ...)` in main.js.
    public let name: String
    /// The title shown in the navigation bar.
    public let title: String?
    /// Keys the page binds to its methods; those with a label show in the footer.
    public let keys: [Key]
    /// The page content.
    public let children: [any Widget]

    /// A page named `name` with an optional navigation-bar title and key bindings.
    public init(_ name: String, title: String? = nil, keys: [Key] = [], @WidgetBuilder _ content: () -> [any Widget]) {
        self.name = name
        self.title = title
        self.keys = keys
        self.children = content()
    }
}

/// A key binding: `Key("ctrl+r", "refresh", "Refresh")` calls the page method `refresh` when Ctrl-R is pressed and
/// no focused widget uses it, and shows `^R Refresh` in the footer.
public struct Key: Sendable {
    /// The key: a character (`"d"`, `"?"`), a named key (`"enter"`, `"esc"`, `"up"`, `"pagedown"`, `"f5"`), or
    /// either after `ctrl+` (`"ctrl+r"`).
    public let key: String
    /// The page method to call, with `{ type: 'key', detail: { key } }`.
    public let handler: String
    /// The footer's text for it; nil keeps it out of the footer (it still shows in the `?` help).
    public let label: String?

    /// Binds `key` to `handler`, shown as `label`.
    public init(_ key: String, _ handler: String, _ label: String? = nil) {
        self.key = key
        self.handler = handler
        self.label = label
    }
}
