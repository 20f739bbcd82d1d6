import Foundation
import Testing

/// What only a real terminal shows: the current row of a focused list in the theme's `selected` style, and a
/// table's cells in the theme style their row names (`styleField:`), as escape sequences on a tmux screen.
@Suite struct ListStylesTmuxTests {
    static func project() throws -> String {
        let dir = BuiltBinaries.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"""
        { "id": "styles", "name": "Styles", "version": "1.0.0", "pages": ["index"],
          "themes": { "plain": { "selected": { "background": "blue" }, "closed": { "color": "red" } } } }
        """#.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try #"""
        import TerminiDSL

        let index = Page("index") {
            Column {
                Box(border: .none, height: 3) {
                    ListView("{{rows}}", key: "id", item: "r") { Text("row {{r.id}}") }
                }
                Box(border: .none, height: 4) {
                    Table("{{issues}}", key: "id", columns: [
                        TableColumn("Title", field: "title", width: 10),
                        TableColumn("State", field: "state", width: 8, styleField: "state"),
                    ])
                }
            }
        }
        """#.write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try #"""
        Page('index', {
          data: {
            rows: [{ id: 0 }, { id: 1 }, { id: 2 }, { id: 3 }],
            issues: [{ id: 1, title: 'crash', state: 'closed' }, { id: 2, title: 'typo', state: 'open' }],
          },
        })
        """#.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    /// Whether a styled screen line sets SGR parameter `code` (alone or among others).
    func sets(_ line: Substring, _ code: String) -> Bool {
        ["[\(code)m", ";\(code)m", "[\(code);", ";\(code);"].contains { line.contains($0) }
    }

    @Test func theCurrentRowTakesTheSelectedStyleAndCellsTheirRowsStyle() async throws {
        let tmux = TmuxSession()
        let app = try Self.project()
        try tmux.start("env -u NO_COLOR TERM=tmux-256color \(BuiltBinaries.path("termini")) run \(app); sleep 30",
                       width: 40, height: 10)
        defer { tmux.kill() }
        _ = try await tmux.waitForScreen { $0.contains("row 0") && $0.contains("typo") }
        var styled = try tmux.styledScreen().split(separator: "\n")
        func line(_ text: String) -> Substring { styled.first { $0.contains(text) } ?? "" }
        // The list has the focus as the page opens: its first row is current, on the theme's blue.
        #expect(sets(line("row 0"), "44") && !sets(line("row 1"), "44"), "\(styled)")
        // The closed issue's State cell is red, the open one's is not.
        #expect(sets(line("crash"), "31") && !sets(line("typo"), "31"), "\(styled)")
        // Down moves the current row: the blue goes with it.
        try tmux.keys("Down")
        _ = try await tmux.waitForScreen { _ in
            styled = ((try? tmux.styledScreen()) ?? "").split(separator: "\n")
            return sets(line("row 1"), "44")
        }
        #expect(sets(line("row 1"), "44") && !sets(line("row 0"), "44"), "\(styled)")
    }
}
