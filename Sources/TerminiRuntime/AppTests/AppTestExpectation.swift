import TerminiTemplate

/// An `expect …` line of a test: what must hold at that point of the run, after the app settles.
public enum AppTestExpectation: Equatable, Sendable {
    /// `expect text "…"`: the text on one row of the screen, any row or row `at` (0-based, as `click` counts).
    case text(String, row: Int?)
    /// `expect focus <id>`: the focused widget's `.id`; `expect focus none`: nothing has focus (nil).
    case focus(String?)
    /// `expect data <path> == <json>`: a value in the top page's data.
    case data(path: DataPath, pathText: String, equals: JSONValue)
    /// `expect toast "…"`: the toast on screen, or one shown since the last input.
    case toast(String)
    /// `expect page <name>`: the page on top.
    case page(String)
    /// `expect no-error`: no script error so far and no error screen.
    case noError
    /// `expect screen <name>`: the whole screen, styles included, equals `tests/screens/<name>.screen`.
    case screen(String)

    /// The words that may follow `expect`, in the order error messages list them.
    public static let words = ["text", "focus", "data", "toast", "page", "no-error", "screen"]
}
