import TerminiTemplate

/// How a test starts the app: the lines before its first event or assertion. Without them a test starts at the
/// app's first page, on an 80x24 screen, with empty storage and the clock fixed at 0 (1 January 1970).
public struct AppTestHeader: Sendable {
    /// `start <page>[?k=v&…]`: the first page and its query; nil is the app's first page.
    public var page: String?
    public var query: [String: String] = [:]
    /// The line of `start`, to name in a failure when the app has no such page.
    public var pageLine: Int?
    /// `size <cols>x<rows>`.
    public var width = 80, height = 24
    /// `mock request=<fixtures.json>`, resolved against the test file's folder, with its line.
    public var requestFixtures: (path: String, line: Int)?
    /// `storage <seed.json>` or `storage {…}`: storage the app starts with.
    public var storage: (seed: StorageSource, line: Int)?
    /// `clock <ms>`: where the fixed clock starts, in milliseconds since 1970.
    public var clock: Double = 0

    /// Where a test's storage seed comes from.
    public enum StorageSource: Sendable {
        /// A seed file, resolved against the test file's folder.
        case file(String)
        /// The JSON object written on the line itself.
        case inline(JSONObject)
    }

    /// The words a header line starts with.
    public static let words = ["start", "size", "mock", "storage", "clock"]

    public init() {}
}
