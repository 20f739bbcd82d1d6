import TerminiClock

/// Interns hyperlink URLs so that a cell's link is a 16-bit id in its buffer's link layer. An app shows a handful of
/// links; a page of hostile text cannot grow the table past `capacity`, after which a new URL is shown as plain text
/// (its visible URL still there).
enum LinkTable {
    static let capacity = 0xFFFF

    private static let table = Locked((ids: [String: UInt16](), urls: [""]))  // id 0 is "no link"

    /// The id of `url`, interning it on first use; nil when the table is full.
    static func id(for url: String) -> UInt16? {
        table.withLock { table in
            if let id = table.ids[url] { return id }
            guard table.urls.count < capacity else { return nil }
            let id = UInt16(table.urls.count)
            table.urls.append(url)
            table.ids[url] = id
            return id
        }
    }

    /// The URL of an id handed out by `id(for:)`.
    static func url(id: UInt16) -> String {
        table.withLock { Int(id) < $0.urls.count ? $0.urls[Int(id)] : "" }
    }
}
