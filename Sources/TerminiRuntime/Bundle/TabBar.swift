import TerminiTemplate

/// `app.json`'s `"tabBar": {"list": [{"page": "inbox", "text": "Inbox"}, …]}`: the pages a tab strip switches
/// between. Tab pages stay loaded while another tab is shown (`switchTab`), as in WeChat.
public struct TabBar: Equatable, Sendable {
    /// One tab: the page it shows and the label on the strip.
    public struct Item: Equatable, Sendable {
        public var page: String
        public var text: String

        public init(page: String, text: String) {
            self.page = page
            self.text = text
        }
    }

    /// The fewest and most tabs a strip holds, as in WeChat.
    public static let itemCountRange = 2...5

    public var list: [Item]

    public init(list: [Item]) { self.list = list }

    /// Whether `page` is one of the tabs.
    public func contains(_ page: String) -> Bool { list.contains { $0.page == page } }

    /// Decodes and checks the `tabBar` object; each message names the JSON path of what is wrong.
    init(json: JSONValue, pages: [String]) throws(ManifestError.Message) {
        guard case .object(let object) = json else {
            throw .init("$.tabBar: expected an object, found \(json.typeName)")
        }
        guard case .array(let items)? = object["list"] else {
            throw .init("$.tabBar.list: expected an array of {page, text}, found \(object["list"]?.typeName ?? "nothing")")
        }
        guard Self.itemCountRange.contains(items.count) else {
            throw .init("$.tabBar.list: a tab bar has \(Self.itemCountRange.lowerBound) to \(Self.itemCountRange.upperBound) tabs, found \(items.count)")
        }
        var list: [Item] = []
        for (index, item) in items.enumerated() {
            let path = "$.tabBar.list[\(index)]"
            guard let page = item["page"]?.stringValue else { throw .init("\(path).page: expected a page name") }
            guard let text = item["text"]?.stringValue, !text.isEmpty else { throw .init("\(path).text: expected a non-empty label") }
            guard pages.contains(page) else {
                throw .init("\(path).page: '\(page)' is not one of the app's pages (\(pages.joined(separator: ", ")))")
            }
            guard !list.contains(where: { $0.page == page }) else { throw .init("\(path).page: '\(page)' has a tab already") }
            list.append(Item(page: page, text: text))
        }
        self.list = list
    }

    var json: JSONValue {
        .object(["list": .array(list.map { .object(["page": .string($0.page), "text": .string($0.text)]) })])
    }
}

extension ManifestError {
    /// A manifest problem before the file's name is attached.
    struct Message: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}
