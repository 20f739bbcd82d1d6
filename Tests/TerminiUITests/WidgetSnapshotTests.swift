import Testing
import TerminiTemplate
@testable import TerminiUI

/// Pins the rendered text of each widget.
@Suite struct WidgetSnapshotTests {
    @Test func textWrapsAtWordsAndEndsInAnEllipsisWhenNotWrapping() {
        let long = "the quick brown fox jumps over the lazy dog"
        #expect(render(node("Text", ["p1": .string(long)]), width: 12, height: 5)
            == "the quick\nbrown fox\njumps over\nthe lazy dog\n")
        #expect(render(node("Text", ["p1": .string(long), "wrap": false]), width: 12, height: 2) == "the quick b…\n")
    }

    @Test func chineseWrapsBetweenCharactersAndAligns() {
        let root = node("Column", [:], [
            node("Text", ["p1": "中文字符测试", "wrap": true]),
            node("Row", ["spacing": 1], [node("Text", ["p1": "名字"]), node("Text", ["p1": "|"])]),
            node("Row", ["spacing": 1], [node("Text", ["p1": "abcd"]), node("Text", ["p1": "|"])]),
        ])
        // 7 columns fit three wide characters per line; "名字" and "abcd" are both 4 columns, so '|' lines up.
        #expect(render(root, width: 7, height: 5) == "中文字\n符测试\n名字 |\nabcd |\n")
    }

    @Test func buttonCheckboxDividerProgress() {
        let root = node("Column", [:], [
            node("Button", ["p1": "Save"]),
            node("Checkbox", ["checked": true, "label": "done"]),
            node("Checkbox", ["checked": false, "label": "todo"]),
            node("Divider"),
            node("ProgressBar", ["value": 0.5]),
            node("ProgressBar", ["value": 7]),
        ])
        #expect(render(root, width: 10, height: 6) == "[ Save ]\n[x] done\n[ ] todo\n──────────\n█████░░░░░\n██████████")
    }

    @Test func progressBarShowsItsPercentageAndSweepsOnlyWhileIndeterminate() {
        let labelled = PageView(root: node("ProgressBar", ["value": 0.42, "showPercentage": true]), data: [:])
        #expect(labelled.renderText(width: 15, height: 1) == "████░░░░░░  42%")
        #expect(!labelled.hasAnimations, "a determinate bar lets the host sleep")

        let sweeping = PageView(root: node("ProgressBar", ["indeterminate": "{{busy}}", "showPercentage": true]), data: ["busy": true])
        #expect(sweeping.renderText(width: 10, height: 1) == "██░░░░░░░░", "no percentage while indeterminate")
        #expect(sweeping.hasAnimations)
        sweeping.tick(now: 0.3)
        #expect(sweeping.renderText(width: 10, height: 1) == "░░░██░░░░░")
        sweeping.tick(now: 1.1)  // past the far end (8 steps), on its way back
        #expect(sweeping.renderText(width: 10, height: 1) == "░░░░░██░░░")
        sweeping.apply([(path("busy"), false)])
        #expect(sweeping.renderText(width: 10, height: 1) == "░░░░░   0%", "known again: the bar and its percentage")
        #expect(!sweeping.hasAnimations, "the host stops framing once the work is known")
    }

    @Test func textFieldShowsValueOrDimPlaceholder() {
        let page = PageView(root: node("Column", [:], [
            node("TextField", ["value": "", "placeholder": "name"]),
            node("TextField", ["value": "Ada"]),
        ]), data: [:])
        var buffer = CellBuffer(width: 10, height: 2)
        page.build(size: (10, 2))
        page.paint(into: &buffer)
        #expect(buffer.renderText() == "name\nAda")
        #expect(buffer[0, 0].style.attributes.contains(.dim))
        #expect(!buffer[0, 1].style.attributes.contains(.dim))
    }

    @Test func focusedTextFieldShowsTheCursorAndFocusedButtonIsReversed() {
        let page = PageView(root: node("Column", [:], [
            node("TextField", ["value": "ab"]),
            node("Button", ["p1": "Go"]),
        ]), data: [:])
        var buffer = CellBuffer(width: 10, height: 2)
        page.build(size: (10, 2))
        page.paint(into: &buffer)
        _ = page.handle(.key(.tab))
        page.build(size: (10, 2))
        page.paint(into: &buffer)
        #expect(buffer[2, 0].style.attributes.contains(.reverse))  // the cursor after "ab"
        #expect(!buffer[0, 0].style.attributes.contains(.reverse))
        _ = page.handle(.key(.tab))
        page.build(size: (10, 2))
        page.paint(into: &buffer)
        #expect(buffer[0, 1].style.attributes.contains(.reverse))
        #expect(!buffer[2, 0].style.attributes.contains(.reverse))
    }

    @Test func boxBordersWithTitles() {
        let styles = ["single": "┌ A ┐\n│ x │\n└───┘", "double": "╔ A ╗\n║ x ║\n╚═══╝", "rounded": "╭ A ╮\n│ x │\n╰───╯",
                      "heavy": "┏ A ┓\n┃ x ┃\n┗━━━┛"]
        for (style, expected) in styles {
            let root = node("Box", ["border": ["cmd": .string(style)], "title": "A"],
                            [node("Padding", ["p1": ["cls": "EdgeInsets", "cmd": "symmetric", "h": 1]], [node("Text", ["p1": "x"])])])
            #expect(render(root, width: 10, height: 4) == expected + "\n", "\(style)")
        }
    }

    @Test func boxWithFixedSizeCutsItsContent() {
        let root = node("Box", ["width": 6, "height": 3], [node("Text", ["p1": "overflowing text", "wrap": false])])
        #expect(render(root, width: 20, height: 4) == "┌────┐\n│ove…│\n└────┘\n")
    }

    @Test func checkboxWithoutALabelIsThreeColumns() {
        let root = node("Row", ["spacing": 1], [node("Checkbox", ["checked": true]), node("Text", ["p1": "milk"])])
        #expect(render(root, width: 20, height: 1) == "[x] milk")
    }

    @Test func spinnerAdvancesOnTick() {
        let page = PageView(root: node("Spinner"), data: [:])
        #expect(page.renderText(width: 3, height: 1) == "⠋")
        page.tick(now: 0.25)
        #expect(page.needsBuild)
        #expect(page.renderText(width: 3, height: 1) == "⠹")
    }

    @Test func stackDrawsLaterChildrenOnTop() {
        let root = node("Stack", [:], [node("Text", ["p1": "hello"]), node("Text", ["p1": "J"])])
        #expect(render(root, width: 10, height: 1) == "Jello")
    }

    @Test func hiddenWidgetsTakeNoSpace() {
        let root = node("Column", [:], [
            node("Text", ["p1": "a"]), node("Text", ["p1": "b", "hidden": "{{hide}}"]), node("Text", ["p1": "c"]),
        ])
        #expect(render(root, data: ["hide": true], width: 5, height: 3) == "a\nc\n")
        #expect(render(root, data: ["hide": false], width: 5, height: 3) == "a\nb\nc")
    }
}

@Suite struct LayoutTests {
    @Test func columnSpacingAndCrossAlignment() {
        let root = node("Column", ["spacing": 1, "align": ["cmd": "end"]], [node("Text", ["p1": "abc"]), node("Text", ["p1": "z"])])
        #expect(render(root, width: 10, height: 3) == "abc\n\n  z")
        let centered = node("Column", ["align": ["cmd": "center"]], [node("Text", ["p1": "abcde"]), node("Text", ["p1": "z"])])
        #expect(render(centered, width: 10, height: 2) == "abcde\n  z")
    }

    @Test func rowWithExpandedAndSpacer() {
        let root = node("Row", [:], [
            node("Text", ["p1": "L"]), node("Spacer"), node("Text", ["p1": "R"]),
        ])
        #expect(render(root, width: 8, height: 1) == "L      R")
        let flex = node("Row", [:], [
            node("Expanded", ["flex": 1], [node("Divider")]),
            node("Text", ["p1": "|"]),
            node("Expanded", ["flex": 2], [node("Divider")]),
        ])
        // 9 free columns split 1:2 -> 3 and 6.
        #expect(render(flex, width: 10, height: 1) == "───|──────")
    }

    @Test func expandedFillsTheColumnHeight() {
        let root = node("Column", [:], [
            node("Text", ["p1": "top"]),
            node("Expanded", [:], [node("Box", [:], [node("Text", ["p1": "x"])])]),
            node("Text", ["p1": "bottom"]),
        ])
        #expect(render(root, width: 6, height: 6) == "top\n┌─┐\n│x│\n│ │\n└─┘\nbottom")
    }

    @Test func paddingInsetsItsChild() {
        let root = node("Padding", ["p1": ["cmd": "only", "left": 2, "top": 1]], [node("Text", ["p1": "x"])])
        #expect(render(root, width: 5, height: 3) == "\n  x\n")
    }

    @Test func scrollViewScrollsAndClampsItsOffset() {
        let lines = (0..<10).map { node("Text", ["p1": .string("line \($0)")]) }
        let page = PageView(root: node("Column", [:], [node("Text", ["p1": "head"]), node("ScrollView", [:], lines)]), data: [:])
        #expect(page.renderText(width: 10, height: 4) == "head\nline 0\nline 1\nline 2")
        _ = page.handle(.key(.down))
        #expect(page.renderText(width: 10, height: 4) == "head\nline 1\nline 2\nline 3")
        _ = page.handle(.key(.pageDown))
        #expect(page.renderText(width: 10, height: 4) == "head\nline 4\nline 5\nline 6")
        for _ in 0..<20 { _ = page.handle(.key(.down)) }
        #expect(page.renderText(width: 10, height: 4) == "head\nline 7\nline 8\nline 9")
        _ = page.handle(.key(.home))
        #expect(page.renderText(width: 10, height: 4) == "head\nline 0\nline 1\nline 2")
    }

    @Test func listViewBuildsOnlyVisibleRowsPlusAMargin() {
        let items: JSONValue = .array((0..<10_000).map { ["id": .number(Double($0)), "t": .string("row \($0)")] })
        let root = node("ListView", ["p1": "{{items}}", "key": "id", "item": "r"], [node("Text", ["p1": "{{r.t}}"])])
        let page = PageView(root: root, data: ["items": items])
        let stats = page.build(size: (20, 5))
        let list = page.element(ofType: ListViewProps.self)!
        #expect(list.children.count == 5 + ListViewProps.margin)
        #expect(stats.inserted <= 2 * (5 + 2 * ListViewProps.margin) + 1)
        var buffer = CellBuffer(width: 20, height: 5)
        page.paint(into: &buffer)
        #expect(buffer.renderText() == "row 0\nrow 1\nrow 2\nrow 3\nrow 4")
        _ = page.handle(.key(.tab))  // focus the list
        _ = page.handle(.key(.pageDown))
        page.build(size: (20, 5))
        page.paint(into: &buffer)
        // Focused, the list shows where it is in its last column: a thumb at the top of 10,000 rows.
        #expect(buffer.renderText() == "row 5              ┃\nrow 6              │\nrow 7              │\nrow 8              │\nrow 9              │")
        #expect(list.children.count <= 5 + 2 * ListViewProps.margin)
        _ = page.handle(.key(.end))
        page.build(size: (20, 5))
        page.paint(into: &buffer)
        #expect(buffer.renderText() == "row 9995           │\nrow 9996           │\nrow 9997           │\nrow 9998           │\nrow 9999           ┃")
        // Emptied, it has no position to show: the rows and the last column go blank, so the terminal gets an erase.
        page.apply([(path("items"), .array([]))])
        page.build(size: (20, 5))
        page.paint(into: &buffer)
        #expect(buffer.renderText().split(separator: "\n", omittingEmptySubsequences: false).allSatisfy {
            $0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(buffer.renderText())")
    }
}

@Suite struct StyleAndStateTests {
    @Test func textColourAndStyleReachTheCells() {
        let page = PageView(root: node("Text", ["p1": "hi", "color": ["cls": "Color", "cmd": "index", "p1": 202],
                                                "style": ["cmd": "underline"]]), data: [:])
        var buffer = CellBuffer(width: 4, height: 1)
        page.build(size: (4, 1))
        page.paint(into: &buffer)
        #expect(buffer[0, 0].style == CellStyle(foreground: .index(202), attributes: .underline))
        #expect(buffer[2, 0] == .blank)
    }

    /// An empty text field is still visible as a place to type: underlined across its width, bold while focused.
    @Test func aTextFieldIsDrawnAsAField() {
        let page = PageView(root: node("Column", [:], [node("TextField", ["value": "", "placeholder": ""])]), data: [:])
        var buffer = CellBuffer(width: 30, height: 1)
        page.build(size: (30, 1))
        page.paint(into: &buffer)
        #expect((0..<20).allSatisfy { buffer[$0, 0].style.attributes.contains(.underline) })
        #expect(!buffer[5, 0].style.attributes.contains(.bold))
        _ = page.handle(.key(.tab))
        page.build(size: (30, 1))
        page.paint(into: &buffer)
        #expect(buffer[5, 0].style.attributes.isSuperset(of: [.underline, .bold]))
    }

    @Test func narrowBoxTruncatesItsTitle() {
        let root = node("Box", ["title": "a long title", "width": 8, "height": 2])
        #expect(render(root, width: 20, height: 2) == "┌ a lon┐\n└──────┘")
    }

    @Test func scrollOffsetMovesWithItsKeyedScrollView() {
        let lines = (0..<5).map { node("Text", ["p1": .string("{{p.id}}.\($0)")]) }
        let root = node("Row", ["spacing": 1], [
            node("ForEach", ["p1": "{{panes}}", "key": "id", "item": "p"], [node("Box", ["height": 4, "width": 6], [node("ScrollView", [:], lines)])]),
        ])
        let page = PageView(root: root, data: ["panes": [["id": 1], ["id": 2]]])
        #expect(page.renderText(width: 13, height: 4) == "┌────┐ ┌────┐\n│1.0 │ │2.0 │\n│1.1 │ │2.1 │\n└────┘ └────┘")
        _ = page.handle(.mouse(MouseEvent(x: 1, y: 1, kind: .scrollDown)))  // scroll pane 1 by 3 (clamped to 3)
        #expect(page.renderText(width: 13, height: 4) == "┌────┐ ┌────┐\n│1.3 │ │2.0 │\n│1.4 │ │2.1 │\n└────┘ └────┘")
        page.apply([(path("panes"), [["id": 2], ["id": 1]])])
        #expect(page.renderText(width: 13, height: 4) == "┌────┐ ┌────┐\n│2.0 │ │1.3 │\n│2.1 │ │1.4 │\n└────┘ └────┘")
    }
}

@Suite struct AlignmentInFixedWidthTests {
    @Test func columnAlignsAcrossAFixedWidthBox() {
        // The bench protocol's row: the id right-aligned in 6 columns, a space, then the label.
        let row = node("Row", ["spacing": 1], [
            node("Box", ["border": ["cmd": "none"], "width": 6], [node("Column", ["align": ["cmd": "end"]], [node("Text", ["p1": "{{id}}"])])]),
            node("Text", ["p1": "label"]),
        ])
        #expect(render(row, data: ["id": 42], width: 20, height: 1) == "    42 label")
        #expect(render(row, data: ["id": 123456], width: 20, height: 1) == "123456 label")
    }

    @Test func stretchedChildrenAlignTheirOwnContentAcrossTheWidth() {
        let root = node("Column", ["align": ["cmd": "stretch"]], [
            node("Column", ["align": ["cmd": "center"]], [node("Text", ["p1": "mid"])]),
            node("Divider"),
        ])
        #expect(render(root, width: 9, height: 2) == "   mid\n─────────")
    }

    @Test func expandedInARowGivesItsShareToItsContent() {
        let root = node("Row", [:], [
            node("Text", ["p1": "L"]),
            node("Expanded", [:], [node("Column", ["align": ["cmd": "end"]], [node("Text", ["p1": "R"])])]),
        ])
        #expect(render(root, width: 8, height: 1) == "L      R")
    }
}
