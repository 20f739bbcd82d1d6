import Testing
import TerminiTemplate
@testable import TerminiUI

/// Sparkline, BarChart, Log, Markdown, Table and Tree: what they draw, their keys and events, narrow terminals,
/// wide characters and bad props.
@Suite struct DataWidgetTests {
    func focused(_ root: TemplateNode, data: JSONValue = [:], width: Int = 30, height: Int = 10) -> PageView {
        let page = PageView(root: root, data: data)
        page.placesInitialFocus = true
        _ = page.renderText(width: width, height: height)
        return page
    }

    @Test func sparklineScalesAndKeepsTheNewestValues() {
        #expect(render(node("Sparkline", ["p1": [1, 2, 3, 4, 5, 6, 7, 8]]), width: 20, height: 1) == "▁▂▃▄▅▆▇█")
        #expect(render(node("Sparkline", ["p1": [8, 1, 8, 1, 5]]), width: 3, height: 1) == "█▁▅", "the last values that fit")
        #expect(render(node("Sparkline", ["p1": [3, 3, "x", 3]]), width: 10, height: 1) == "▅▅ ▅")
        let bad = PageView(root: node("Sparkline", ["p1": "{{v}}"], loc: "c.swift:1:1"), data: ["v": "text"])
        _ = bad.renderText(width: 10, height: 2)
        #expect(bad.diagnostics.first?.loc == "c.swift:1:1")
    }

    /// The "more below" marker of a Log that stopped following is drawn in the theme's `selected` look for a Log,
    /// reverse video unless the theme says otherwise.
    @Test func aLogsMoreBelowMarkerTakesTheThemesSelectedLook() {
        func marker(_ theme: Theme) -> CellStyle {
            let page = focused(node("Log", ["p1": "{{lines}}", "follow": true]), data: ["lines": ["a", "b", "c", "d"]],
                               width: 20, height: 2)
            page.theme = theme
            _ = page.handle(.key(.up))
            var buffer = CellBuffer(width: 20, height: 2)
            page.build(size: (20, 2))
            page.paint(into: &buffer)
            let column = (0..<20).first { buffer[$0, 1].character == "↓" }
            #expect(column != nil, "\(buffer.renderText())")
            return buffer[column ?? 0, 1].style
        }
        #expect(marker(Theme()).attributes.contains(.reverse))
        let themed = Theme(name: "t", stateLayers: [[ThemeStateKey(.kind("Log"), .selected): ThemeStyle(foreground: .index(3), attributes: .underline)]])
        let look = marker(themed)
        #expect(look.foreground == .index(3) && look.attributes == .underline, "\(look)")
    }

    @Test func barChartLabelsAndScalesToTheLargest() {
        let text = render(node("BarChart", ["values": [10, 5, 0], "labels": ["一月", "Feb", "Mar"]]), width: 20, height: 3)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("一月 ██████████") && lines[0].hasSuffix(" 10"), "\(lines)")
        #expect(lines[1].hasPrefix("Feb  █████") && lines[1].hasSuffix(" 5"))
        #expect(lines[2] == "Mar   0")
    }

    @Test func logFollowsTheEndUntilScrolledUp() {
        let root = node("Log", ["p1": "{{lines}}", "follow": true])
        let page = focused(root, data: ["lines": ["one", "two", "three"]], width: 20, height: 2)
        #expect(withoutScrollIndicator(page.renderText(width: 20, height: 2)) == "two\nthree")
        page.apply([(path("lines"), ["one", "two", "three", "four"])])
        #expect(withoutScrollIndicator(page.renderText(width: 20, height: 2)) == "three\nfour")
        _ = page.handle(.key(.up))
        page.apply([(path("lines"), ["one", "two", "three", "four", "five"])])
        let held = withoutScrollIndicator(page.renderText(width: 20, height: 2))
        #expect(held.hasPrefix("two\nthree"), "scrolled up, it holds: \(held)")
        #expect(held.contains("↓"))
        _ = page.handle(.key(.end))
        page.apply([(path("lines"), ["one", "two", "three", "four", "five", "six"])])
        #expect(withoutScrollIndicator(page.renderText(width: 20, height: 2)) == "five\nsix")
        #expect(render(node("Log", ["p1": ["a very long line of log output"]]), width: 10, height: 1) == "a very lo…")
    }

    @Test func markdownRendersHeadingsListsCodeQuotesAndWraps() {
        let md = """
        # Title

        Some *soft* and **strong** text with `code` and a [link](https://x.org) that wraps.

        - one
        - two
          1. nested

        > quoted words

        ```
        let x = 1
        ```
        """
        let page = PageView(root: node("Markdown", ["p1": .string(md)]), data: [:])
        var buffer = CellBuffer(width: 24, height: 16)
        page.build(size: (24, 16))
        page.paint(into: &buffer)
        let lines = buffer.renderText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Title")
        #expect(buffer[0, 0].style.attributes.contains([.bold, .underline]))
        #expect(lines[2] == "Some soft and strong")
        #expect(buffer[5, 2].style.attributes.contains(.italic) && buffer[14, 2].style.attributes.contains(.bold))
        #expect(lines[3].hasPrefix("text with code and a"))
        #expect(buffer[10, 3].style.foreground == .index(6), "inline code is coloured")
        #expect(lines.contains("• one") && lines.contains("• two") && lines.contains("  1. nested"), "\(lines)")
        #expect(lines.contains("│ quoted words"))
        #expect(lines.contains("let x = 1"))
    }

    /// Inputs that made Ink loop for ever (found by fuzzing): an unclosed `<p`/`<pre` tag and control characters.
    /// They render as written, at once.
    @Test func markdownThatHungTheParserRendersAsWritten() {
        #expect(render(node("Markdown", ["p1": "x <p"]), width: 20, height: 1) == "x <p")
        #expect(render(node("Markdown", ["p1": "a <pre b"]), width: 20, height: 1) == "a <pre b")
        #expect(render(node("Markdown", ["p1": "nul\u{0}and\u{C}ff"]), width: 20, height: 1) == "nul and ff")
        let brackets = String(repeating: "[", count: 40) + "x"
        #expect(render(node("Markdown", ["p1": .string(brackets)]), width: 50, height: 1) == brackets)
        #expect(render(node("Markdown", ["p1": "a [link](u) and [[nested]]"]), width: 40, height: 1) == "a link and [[nested]]")
        #expect(render(node("Markdown", ["p1": "```\nlet m: [[Int]] = []\n```"]), width: 40, height: 1) == "let m: [[Int]] = []")
        #expect(render(node("Markdown", ["p1": "use `[[x]]` here"]), width: 40, height: 1) == "use [[x]] here")
        // A combining mark after the `>` makes it another character to Ink, so `<p` is left open.
        #expect(render(node("Markdown", ["p1": "<p>\u{061A}"]), width: 20, height: 1) == "<p>\u{061A}")
        #expect(render(node("Markdown", ["p1": "a \\<p> b"]), width: 20, height: 1) == "a <p> b", "an escaped < shows")
        #expect(render(node("Markdown", ["p1": "- a\n \u{059E}"]), width: 20, height: 1) == "• a", "a last line blank to Ink")
    }

    // MARK: Table

    static func people(_ n: Int) -> JSONValue {
        .array((0..<n).map { .object(["id": .number(Double($0)), "name": .string("Person \($0)"), "age": .number(Double(20 + $0 % 50))]) })
    }

    let table = node("Table", ["p1": "{{people}}", "key": "id",
                               "columns": [["cls": "TableColumn", "cmd": "init", "p1": "Name", "field": "name"],
                                           ["cls": "TableColumn", "cmd": "init", "p1": "Age", "field": "age", "width": 4,
                                            "align": ["cls": "TextAlign", "cmd": "right"]]],
                               "onSelect": "pick", "onSort": "sort"], loc: "t.swift:1:1")

    @Test func tableDrawsOnlyTheRowsInViewAndSelectsWithKeys() {
        let page = focused(table, data: ["people": Self.people(100_000)], width: 20, height: 4)
        #expect(page.renderText(width: 20, height: 4) == "Name             Age\nPerson 0          20\nPerson 1          21\nPerson 2          22")
        let down = page.handle(.key(.down))
        #expect(down.first?.handler == "pick" && down.first?.detail["index"] == 1 && down.first?.detail["row"]?["name"] == "Person 1")
        _ = page.handle(.key(.pageDown))
        _ = page.handle(.key(.end))
        #expect(page.renderText(width: 20, height: 4).hasSuffix("Person 99999      69"))
        _ = page.handle(.key(.home))
        #expect(page.renderText(width: 20, height: 4).contains("Person 0"))
    }

    /// A change to a 100,000-row table changes the data's list in place (the table lets go of it while the patch
    /// applies: holding it made every splice copy the whole list), and keys work at once, before the next build.
    @Test func tableChangesCostTheChangeAndShowAtTheirRows() throws {
        let page = focused(table, data: ["people": Self.people(100_000)], width: 20, height: 4)
        func rowsBuffer() -> UnsafeRawPointer? {
            page.data["people"]?.arrayValue?.storageIdentity
        }
        let before = rowsBuffer()
        page.apply([(path("people[1].name"), "Renamed")])
        #expect(rowsBuffer() == before, "the update copied the 100,000 rows")
        // Down before any build: the table already reads the patched rows.
        #expect(page.handle(.key(.down)).first?.detail["row"]?["name"] == "Renamed")
        #expect(page.renderText(width: 20, height: 4) == "Name             Age\nPerson 0          20\nRenamed           21\nPerson 2          22")
        page.applySetData([DataPatch(path: path("people"), change: .splice(index: 0, removing: 1, inserting: []))])
        #expect(rowsBuffer() == before, "the remove copied the rows")
        // The selection follows its key (id 1) to the top.
        #expect(page.renderText(width: 20, height: 4).split(separator: "\n")[1].hasPrefix("Renamed"))
        let appended: JSONValue = ["id": -1, "name": "Appended", "age": 1]
        page.applySetData([DataPatch(path: path("people"), change: .splice(index: 99_999, removing: 0, inserting: [appended]))])
        _ = page.handle(.key(.end))
        #expect(page.renderText(width: 20, height: 4).hasSuffix("Person 99999      69\nAppended           1"))
    }

    /// The selected row is found again outwards from where it was, so rows spliced in or out above it move the
    /// selection with them, and a row moved far (a sort) is still found.
    @Test func tableSelectionFollowsItsKeyThroughSplicesAboveIt() {
        let page = focused(table, data: ["people": Self.people(100_000)], width: 20, height: 4)
        _ = page.handle(.key(.end))
        _ = page.handle(.key(.pageUp))  // three rows up: Person 99996
        func selectedName() -> Substring? {
            var buffer = CellBuffer(width: 20, height: 4)
            page.build(size: (20, 4))
            page.paint(into: &buffer)
            let lines = buffer.renderText().split(separator: "\n")
            return (1..<4).first { buffer[0, $0].style.attributes.contains(.reverse) }.map { lines[$0].prefix(12) }
        }
        #expect(selectedName() == "Person 99996")
        let two: JSONValue = [["id": -1, "name": "New 1", "age": 1], ["id": -2, "name": "New 2", "age": 1]]
        page.applySetData([DataPatch(path: path("people"), change: .splice(index: 10, removing: 0, inserting: two.arrayValue!))])
        #expect(selectedName() == "Person 99996")
        page.applySetData([DataPatch(path: path("people"), change: .splice(index: 0, removing: 5, inserting: []))])
        #expect(selectedName() == "Person 99996")
        // Moved to the top: still found, a whole table's search away.
        var rows = Self.people(100_000).arrayValue!
        let moved = rows.remove(at: 99_996)
        rows.insert(moved, at: 0)
        page.apply([(path("people"), .array(rows))])
        #expect(selectedName() == "Person 99996")
        #expect(TableProps.index(of: 7, in: "id", near: 3, of: Self.people(10).arrayValue!) == 7)
        #expect(TableProps.index(of: 0, in: "id", near: 9, of: Self.people(10).arrayValue!) == 0)
        #expect(TableProps.index(of: 42, in: "id", near: 5, of: Self.people(10).arrayValue!) == nil)
        #expect(TableProps.index(of: 0, in: "id", near: 0, of: []) == nil)
    }

    @Test func tableSelectionFollowsItsKeyAndHeadersSort() {
        let page = focused(table, data: ["people": Self.people(5)], width: 20, height: 6)
        _ = page.handle(.key(.down))
        _ = page.handle(.key(.down))   // Person 2
        // A row inserted on top: the selection stays on Person 2.
        var rows = Self.people(5).arrayValue!
        rows.insert(["id": 99, "name": "New", "age": 1], at: 0)
        page.apply([(path("people"), .array(rows))])
        var buffer = CellBuffer(width: 20, height: 6)
        page.build(size: (20, 6))
        page.paint(into: &buffer)
        #expect(buffer.renderText().split(separator: "\n")[4].hasPrefix("Person 2"))
        #expect(buffer[0, 4].style.attributes.contains(.reverse))
        // A click on the Age header sorts by age; `s` sorts by the next column.
        let click = page.handle(.mouse(MouseEvent(x: 18, y: 0, kind: .press)))
        #expect(click.first?.handler == "sort" && click.first?.detail == ["field": "age", "descending": false, "column": 1])
        #expect(page.handle(.key(.character("s"))).first?.detail == ["field": "name", "descending": false, "column": 0])
        // `S` reverses the sort last asked for; a click on its title again reverses it back.
        #expect(page.handle(.key(.character("S"))).first?.detail == ["field": "name", "descending": true, "column": 0])
        let again = page.handle(.mouse(MouseEvent(x: 1, y: 0, kind: .press)))
        #expect(again.first?.detail == ["field": "name", "descending": false, "column": 0])
    }

    @Test func tableCutsWideTextAndNarrowWidths() {
        let rows: JSONValue = [["name": "中文名字很长很长", "age": 3]]
        let text = focused(table, data: ["people": rows], width: 12, height: 2).renderText(width: 12, height: 2)
        #expect(text == "Name     Age\n中文名…    3", "\(text)")
        let bad = PageView(root: node("Table", ["p1": [], "columns": "{{x}}"], loc: "t.swift:4:4"), data: ["x": 3])
        _ = bad.renderText(width: 20, height: 3)
        #expect(bad.diagnostics.first?.message.contains("Table.columns") == true, "\(bad.diagnostics)")
    }

    // MARK: Tree

    let tree = node("Tree", ["p1": "{{nodes}}", "onSelect": "pick", "onExpand": "load"], loc: "tree.swift:1:1")

    @Test func treeExpandsLazilyCollapsesAndSelects() {
        let nodes: JSONValue = [["label": "src", "expanded": true, "children": [["label": "main.swift"], ["label": "lib", "children": []]]],
                                ["label": "README"]]
        let page = focused(tree, data: ["nodes": nodes], width: 20, height: 6)
        #expect(page.renderText(width: 20, height: 6).hasPrefix("▾ src\n    main.swift\n  ▸ lib\n  README\n"))
        _ = page.handle(.key(.down))
        _ = page.handle(.key(.down))
        let expand = page.handle(.key(.right))
        #expect(expand.first?.handler == "load" && expand.first?.detail["path"] == [0, 1])
        // The script loads lib's children.
        page.apply([(path("nodes[0].children[1].children"), [["label": "util.swift"]])])
        #expect(page.renderText(width: 20, height: 6).contains("  ▾ lib\n      util.swift"))
        // Left on a leaf goes to the parent; Left again collapses it; Enter selects.
        _ = page.handle(.key(.down))
        _ = page.handle(.key(.left))
        _ = page.handle(.key(.left))
        #expect(page.renderText(width: 20, height: 6).contains("  ▸ lib"))
        #expect(page.handle(.key(.enter)).first?.detail["node"]?["label"] == "lib")
        #expect(render(tree, data: ["nodes": [["label": "很长的名字很长的名字"]]], width: 10, height: 1) == "  很长的…")
    }
}
