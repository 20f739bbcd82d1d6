/// The root of one page: `let index = Page("index", title: "Todo") { ... }` compiles to `pages/index.json`.
public struct Page: Sendable {
    /// The page name, unique within the app; it names the output file and the `Page('name', ...)` in main.js.
    public let name: String
    /// The title shown in the navigation bar.
    public let title: String?
    /// The page content.
    public let children: [any Widget]

    /// A page named `name` with an optional navigation-bar title.
    public init(_ name: String, title: String? = nil, @WidgetBuilder _ content: () -> [any Widget]) {
        self.name = name
        self.title = title
        self.children = content()
    }
}
