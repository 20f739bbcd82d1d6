import Foundation
import TerminiTemplate
import TerminiUI

/// What a check of one `expect` line needs besides the session: the golden screens, whether `--update` rewrites
/// them, the script's errors so far, and the golden screens written.
struct AppTestCheckContext {
    var screens: GoldenScreens
    var update: Bool
    var scriptErrors: [String]
    var screensWritten: [String] = []
}

/// An expectation that does not hold: what it wanted, what the app showed, and the golden screen for a screen.
struct AppTestMismatch {
    var expected: String
    var actual: String
    var golden: CellBuffer? = nil
}

extension AppTestExpectation {
    /// Checks the expectation against the app as `session` shows it now (settled); nil when it holds.
    func mismatch(in session: SnapshotSession, context: inout AppTestCheckContext) -> AppTestMismatch? {
        switch self {
        case .text(let text, let row):
            let rows = session.screen.renderText().split(separator: "\n", omittingEmptySubsequences: false)
            let found = rows.indices.filter { rows[$0].contains(text) }
            guard let row else {
                return found.isEmpty ? AppTestMismatch(expected: "\(quoted(text)) on the screen", actual: "not on the screen") : nil
            }
            if found.contains(row) { return nil }
            let shown = row < rows.count ? "row \(row) is \(quoted(String(rows[row])))" : "the screen has \(rows.count) rows"
            let elsewhere = found.isEmpty ? "" : "; the text is on row \(found.map(String.init).joined(separator: ", "))"
            return AppTestMismatch(expected: "\(quoted(text)) on row \(row)", actual: shown + elsewhere)
        case .focus(let id):
            let actualId = session.focusedId
            if actualId == id, id != nil || session.focus == nil { return nil }
            let actual: String
            if let actualId { actual = "the widget with id \(quoted(actualId))" }
            else if let focus = session.focus { actual = "a widget without an id (\(focus.loc), column \(focus.column), row \(focus.row))" }
            else { actual = "nothing has focus" }
            return AppTestMismatch(expected: id.map { "the widget with id \(quoted($0))" } ?? "nothing has focus", actual: actual)
        case .data(let path, let pathText, let expected):
            let value = session.pageData?.value(at: path)
            if value == expected { return nil }
            return AppTestMismatch(expected: "\(pathText) == \(expected.serialized())",
                                   actual: value.map { "\(pathText) == \($0.serialized())" } ?? "\(pathText) is not in the page's data")
        case .toast(let text):
            let toasts = session.toasts
            if toasts.current == text || toasts.sinceLastInput.contains(text) { return nil }
            let shown = ([toasts.current].compactMap { $0 } + toasts.sinceLastInput.reversed()).reduce(into: [String]()) {
                if !$0.contains($1) { $0.append($1) }
            }
            let actual = shown.isEmpty ? "no toast since the last input" : "the toast \(shown.map(quoted).joined(separator: ", then "))"
            return AppTestMismatch(expected: "the toast \(quoted(text))", actual: actual)
        case .page(let name):
            if session.pageName == name { return nil }
            return AppTestMismatch(expected: "the page \(quoted(name))",
                                   actual: session.pageName.map { "the page \(quoted($0))" } ?? "no page is open")
        case .noError:
            if context.scriptErrors.isEmpty, !session.showsErrorScreen { return nil }
            let errors = context.scriptErrors
            return AppTestMismatch(expected: "no script error",
                                   actual: errors.isEmpty ? "the screen is an error screen" : "\(counted(errors.count, "script error")): \(errors[0])")
        case .screen(let name):
            return screenMismatch(name, screen: session.screen, context: &context)
        }
    }

    /// Compares the screen with the golden one, or writes it under `--update`.
    private func screenMismatch(_ name: String, screen: CellBuffer, context: inout AppTestCheckContext) -> AppTestMismatch? {
        let path = context.screens.path(name)
        let golden = context.screens.text(name).map { text in
            Result { () throws(StyledScreenTextError) in try StyledScreenText.decode(text, file: path) }
        }
        if case .success(let cells)? = golden, cells == screen { return nil }
        if context.update {
            do {
                try context.screens.write(screen, as: name)
                context.screensWritten.append(path)
                return nil
            } catch {
                return AppTestMismatch(expected: "to write \(path)", actual: "\(error.localizedDescription)")
            }
        }
        switch golden {
        case nil:
            return AppTestMismatch(expected: "the screen in \(path)", actual: "there is no \(path); run `termini test --update` to write it")
        case .failure(let error)?:
            return AppTestMismatch(expected: "the screen in \(path)", actual: "the golden screen cannot be read: \(error.description)")
        case .success(let cells)?:
            let rows = ScreenDiff(golden: cells, actual: screen).differingRows
            return AppTestMismatch(expected: "the screen in \(path)",
                                   actual: "\(counted(rows.count, "row")) differ\(rows.count == 1 ? "s" : ""): \(rows.map(String.init).joined(separator: ", "))",
                                   golden: cells)
        }
    }
}

/// `1 row`, `2 rows`.
private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// Text as a JSON string, as the test file writes it.
func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }
