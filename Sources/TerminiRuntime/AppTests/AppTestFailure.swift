import TerminiUI

/// Why a test failed, and where: the line that failed, what it expected and what the app showed instead, with the
/// screen at that moment and, for `expect screen`, the golden screen it was compared with.
public struct AppTestFailure: Error, Sendable {
    public var file: String
    public var line: Int
    /// The column when the failure is in the file's text (a syntax error), nil when a line's check failed.
    public var column: Int?
    /// The line as written (empty for a syntax error, whose message says it all).
    public var source: String
    public var expected: String
    public var actual: String
    /// The screen when the check failed; nil when the app never started.
    public var screen: CellBuffer?
    /// The golden screen the screen differs from.
    public var golden: CellBuffer?
    /// The script's errors and warnings during the test, which often say why.
    public var console: [String] = []

    /// Where in a file that has no lines the failure is (a trace's `frame 12` or `byte 345`); it replaces the line.
    public var place: String?

    /// `file:line:`, `file:line:col:`, or for a trace `file: frame N:`.
    public var location: String {
        if let place { return "\(file): \(place):" }
        return "\(file):\(line):" + (column.map { "\($0):" } ?? "")
    }
}
