import Testing
import TerminiTemplate
@testable import TerminiUI

@Suite struct InputTests {
    func form() -> PageView {
        let root = node("Column", [:], [
            node("TextField", ["value": "{{draft}}", "placeholder": "todo", "onChange": "onDraft", "onSubmit": "add"],
                 loc: "form.swift:2:9"),
            node("Checkbox", ["checked": "{{done}}", "label": "done", "onToggle": "toggle", "data": ["id": 7]],
                 loc: "form.swift:3:9"),
            node("Button", ["p1": "Add", "onTap": "add", "data": ["id": "{{draft}}"]], loc: "form.swift:4:9"),
        ])
        let page = PageView(root: root, data: ["draft": "", "done": false])
        _ = page.renderText(width: 20, height: 3)
        return page
    }

    @Test func tabAndBackTabMoveFocusInOrder() {
        let page = form()
        #expect(page.focusedLoc == nil)
        _ = page.handle(.key(.tab)); #expect(page.focusedLoc == "form.swift:2:9")
        _ = page.handle(.key(.tab)); #expect(page.focusedLoc == "form.swift:3:9")
        _ = page.handle(.key(.tab)); #expect(page.focusedLoc == "form.swift:4:9")
        _ = page.handle(.key(.tab)); #expect(page.focusedLoc == "form.swift:2:9")  // wraps around
        _ = page.handle(.key(.backTab)); #expect(page.focusedLoc == "form.swift:4:9")
    }

    @Test func typingEditsTheFocusedFieldWithAChangeEventPerEdit() {
        let page = form()
        _ = page.handle(.key(.tab))
        var events: [UIEvent] = []
        for c in "hi" { events += page.handle(.key(.character(c))) }
        events += page.handle(.key(.space))
        events += page.handle(.key(.backspace))
        events += page.handle(.key(.left))
        events += page.handle(.key(.character("!")))
        #expect(events.map(\.detail) == [["value": "h"], ["value": "hi"], ["value": "hi "], ["value": "hi"], ["value": "h!i"]])
        #expect(events.allSatisfy { $0.handler == "onDraft" && $0.type == .change && $0.loc == "form.swift:2:9" })
        let submit = page.handle(.key(.enter))
        #expect(submit == [UIEvent(handler: "add", type: .submit, dataset: [:], detail: ["value": "h!i"], loc: "form.swift:2:9")])
        #expect(page.renderText(width: 20, height: 1) == "h!i")
    }

    /// The column of the reverse-video cursor cell in row `y` after building and painting, or nil.
    func cursorColumn(_ page: PageView, row y: Int = 0) -> Int? {
        page.build(size: (width: 20, height: 3))
        var buffer = CellBuffer(width: 20, height: 3)
        page.paint(into: &buffer)
        return (0..<20).first { buffer[$0, y].style.attributes.contains(.reverse) }
    }

    @Test func aKeyNoWidgetUsesAsksForNoFrame() {
        // Such a key goes to the page's onKey: a frame for it would change nothing and compete with the script's answer.
        let page = form()
        #expect(!page.needsBuild)
        #expect(page.handle(.key(.character("4"))).isEmpty)
        #expect(page.handle(.key(.control("x"))).isEmpty)
        #expect(!page.needsBuild)
    }

    @Test func aTapAsksForNoFrameUntilTheScriptAnswers() {
        let page = form()
        for _ in 0..<3 { _ = page.handle(.key(.tab)) }
        #expect(page.needsBuild)   // focus moved to the button
        _ = cursorColumn(page)
        #expect(page.handle(.key(.enter)).map(\.type) == [.tap])
        #expect(!page.needsBuild)
    }

    @Test func movingTheCursorRepaintsOnlyWhenItMoves() {
        let page = form()
        _ = page.handle(.key(.tab))
        for c in "ab" { _ = page.handle(.key(.character(c))) }
        #expect(cursorColumn(page) == 2)
        _ = page.handle(.key(.left))
        #expect(page.needsBuild)
        #expect(cursorColumn(page) == 1)
        _ = page.handle(.key(.home))
        #expect(cursorColumn(page) == 0)
        _ = page.handle(.key(.home))    // already there
        _ = page.handle(.key(.left))
        #expect(!page.needsBuild)
        _ = page.handle(.key(.control("e")))
        #expect(page.needsBuild)
        #expect(cursorColumn(page) == 2)
    }

    @Test func enterAndSpaceActivateButtonsAndCheckboxes() {
        let page = form()
        page.apply([(path("draft"), "milk")])
        _ = page.renderText(width: 20, height: 3)
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.tab))
        #expect(page.handle(.key(.space)) == [UIEvent(handler: "toggle", type: .toggle, dataset: ["id": 7],
                                                     detail: ["value": true], loc: "form.swift:3:9")])
        _ = page.handle(.key(.tab))
        #expect(page.handle(.key(.enter)) == [UIEvent(handler: "add", type: .tap, dataset: ["id": "milk"], detail: [:],
                                                     loc: "form.swift:4:9")])
        #expect(page.handle(.key(.enter)).first?.eventObject == [
            "type": "tap", "dataset": ["id": "milk"], "target": ["dataset": ["id": "milk"]],
            "currentTarget": ["dataset": ["id": "milk"]], "detail": [:],
        ])
    }

    @Test func mousePressHitTestsTheWidgetUnderTheCell() {
        let page = form()
        #expect(page.handle(.mouse(MouseEvent(x: 2, y: 2, kind: .press))).map(\.handler) == ["add"])
        #expect(page.focusedLoc == "form.swift:4:9")
        #expect(page.handle(.mouse(MouseEvent(x: 5, y: 1, kind: .press))).map(\.type) == [.toggle])
        #expect(page.handle(.mouse(MouseEvent(x: 15, y: 2, kind: .press))).isEmpty)  // right of the button: nothing
        #expect(page.handle(.mouse(MouseEvent(x: 3, y: 0, kind: .press))).isEmpty)
        #expect(page.focusedLoc == "form.swift:2:9")  // clicking a field focuses it
        #expect(page.handle(.mouse(MouseEvent(x: -1, y: 99, kind: .press))).isEmpty)
    }

    @Test func wheelScrollsTheListUnderTheMouse() {
        let items: JSONValue = .array((0..<50).map { ["id": .number(Double($0))] })
        let root = node("Column", [:], [
            node("Text", ["p1": "head"]),
            node("ListView", ["p1": "{{items}}", "key": "id", "item": "r"], [node("Text", ["p1": "#{{r.id}}"])]),
        ])
        let page = PageView(root: root, data: ["items": items])
        #expect(page.renderText(width: 10, height: 3) == "head\n#0\n#1")
        _ = page.handle(.mouse(MouseEvent(x: 1, y: 1, kind: .scrollDown)))
        #expect(page.renderText(width: 10, height: 3) == "head\n#3\n#4")
        _ = page.handle(.mouse(MouseEvent(x: 1, y: 1, kind: .scrollUp)))
        _ = page.handle(.mouse(MouseEvent(x: 1, y: 1, kind: .scrollUp)))
        #expect(page.renderText(width: 10, height: 3) == "head\n#0\n#1")
    }

    /// Down moves the focused list's current row, which the view follows and which stops at the last row; PageUp
    /// turns the page back, the current row keeping its place in the view.
    @Test func arrowsMoveTheFocusedListsCurrentRowAndTheViewFollows() {
        let items: JSONValue = .array((0..<5).map { ["id": .number(Double($0))] })
        let root = node("ListView", ["p1": "{{items}}", "key": "id", "item": "r"], [node("Button", ["p1": "{{r.id}}"])])
        let page = PageView(root: root, data: ["items": items])
        #expect(page.renderText(width: 10, height: 2) == "[ 0 ]\n[ 1 ]")
        _ = page.handle(.key(.tab))  // the list itself, its only Tab stop
        for _ in 0..<10 { _ = page.handle(.key(.down)) }
        #expect(withoutScrollIndicator(page.renderText(width: 10, height: 2)) == "[ 3 ]\n[ 4 ]")
        _ = page.handle(.key(.pageUp))
        #expect(withoutScrollIndicator(page.renderText(width: 10, height: 2)) == "[ 1 ]\n[ 2 ]")
        _ = page.handle(.key(.up))
        _ = page.handle(.key(.up))
        #expect(withoutScrollIndicator(page.renderText(width: 10, height: 2)) == "[ 0 ]\n[ 1 ]")
    }

    @Test func keyedReorderKeepsFocusAndEditState() {
        let root = node("Column", [:], [
            node("ForEach", ["p1": "{{rows}}", "key": "id", "item": "r"], [node("TextField", ["placeholder": "{{r.id}}"])]),
        ])
        let page = PageView(root: root, data: ["rows": [["id": 1], ["id": 2]]])
        _ = page.renderText(width: 10, height: 2)
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.character("A")))
        page.apply([(path("rows"), [["id": 2], ["id": 1]])])
        #expect(page.renderText(width: 10, height: 2) == "2\nA")
        _ = page.handle(.key(.character("B")))
        #expect(page.renderText(width: 10, height: 2) == "2\nAB")
    }
}

/// A TextField bound to data (`value: "{{draft}}"`) is controlled by the page, but echoes of its own edits that
/// arrive late must not undo newer typing.
@Suite struct ControlledTextFieldTests {
    func page() -> PageView {
        let root = node("TextField", ["value": "{{draft}}", "placeholder": "What needs doing?", "onChange": "onDraft",
                                      "onSubmit": "addTodo"])
        let page = PageView(root: root, data: ["draft": ""])
        _ = page.renderText(width: 30, height: 1)
        _ = page.handle(.key(.tab))
        return page
    }

    @Test func clearingAfterSubmitInTheSameFrameAsTheLastEchoShowsThePlaceholder() {
        let page = page()
        for c in "Buy milk" { _ = page.handle(.key(.character(c))) }
        #expect(page.handle(.key(.enter)).map(\.type) == [.submit])
        page.apply([(path("draft"), "Buy milk"), (path("draft"), "")])  // one batch, one frame
        #expect(page.renderText(width: 30, height: 1) == "What needs doing?")
        for c in "eggs" { _ = page.handle(.key(.character(c))) }  // the cleared field takes new typing
        #expect(page.renderText(width: 30, height: 1) == "eggs")
    }

    @Test func lateEchoesDoNotUndoNewerTyping() {
        let page = page()
        for c in "abc" { _ = page.handle(.key(.character(c))) }
        page.apply([(path("draft"), "a")])
        #expect(page.renderText(width: 30, height: 1) == "abc")
        page.apply([(path("draft"), "abc")])
        #expect(page.renderText(width: 30, height: 1) == "abc")
    }

    @Test func aValueSetByThePageReplacesTheBuffer() {
        let page = page()
        for c in "abc" { _ = page.handle(.key(.character(c))) }
        page.apply([(path("draft"), "from js")])
        #expect(page.renderText(width: 30, height: 1) == "from js")
        _ = page.handle(.key(.character("!")))  // the cursor went to the end of the new value
        #expect(page.renderText(width: 30, height: 1) == "from js!")
    }

    @Test func anUnboundFieldKeepsItsTextAcrossRebuilds() {
        let root = node("Column", [:], [node("Text", ["p1": "{{n}}"]), node("TextField", ["placeholder": "p"])])
        let page = PageView(root: root, data: ["n": 1])
        _ = page.renderText(width: 10, height: 2)
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.character("x")))
        page.apply([(path("n"), 2)])
        #expect(page.renderText(width: 10, height: 2) == "2\nx")
    }
}

@Suite struct FocusScrollTests {
    @Test func tabReachesFieldsBelowTheFoldAndScrollsThemIntoView() {
        let fields = (0..<6).map { node("TextField", ["placeholder": .string("field \($0)")], loc: "f.swift:\($0):1") }
        let page = PageView(root: node("ScrollView", [:], fields), data: [:])
        #expect(page.renderText(width: 20, height: 3) == "field 0\nfield 1\nfield 2")
        // The ScrollView holds fields, so it is no Tab stop of its own (docs/INPUT.md): Tab goes through fields 0...4.
        for _ in 0..<5 { _ = page.handle(.key(.tab)) }
        #expect(page.focusedLoc == "f.swift:4:1")
        // While a field inside has the focus, the overflowing view shows where it is, in a column of its own.
        #expect(page.renderText(width: 20, height: 3) == "field 2            │\nfield 3            ┃\nfield 4            │")
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.tab))  // field 5, then it wraps to field 0, which scrolls back up
        #expect(page.focusedLoc == "f.swift:0:1")
        #expect(page.renderText(width: 20, height: 3) == "field 0            ┃\nfield 1            │\nfield 2            │")
    }

    @Test func anOverflowingScrollViewWithoutFieldsIsATabStopAndWithFieldsIsNot() {
        let lines = (0..<6).map { node("Text", ["p1": .string("line \($0)")]) }
        let reading = PageView(root: node("ScrollView", [:], loc: "r.swift:1:1", lines), data: [:])
        _ = reading.renderText(width: 20, height: 3)
        _ = reading.handle(.key(.tab))
        #expect(reading.focusedLoc == "r.swift:1:1")
        let field = node("TextField", ["placeholder": "name"], loc: "f.swift:2:1")
        let form = PageView(root: node("ScrollView", [:], loc: "f.swift:1:1", lines + [field]), data: [:])
        _ = form.renderText(width: 20, height: 3)
        _ = form.handle(.key(.tab))
        #expect(form.focusedLoc == "f.swift:2:1")
        _ = form.handle(.key(.tab))
        #expect(form.focusedLoc == "f.swift:2:1", "the field is the only stop")
    }

    /// Content as wide as an overflowing ScrollView is laid out a column narrower, so the scroll position never
    /// covers its last column: a number in a row's last cells stays whole.
    @Test func theScrollPositionNeverCoversContentAsWideAsTheView() {
        let rows = (0..<6).map { node("Text", ["p1": .string("row \($0)    12345")]) }
        let page = PageView(root: node("ScrollView", [:], rows + [node("Button", ["p1": "ok", "onTap": "ok"])]), data: [:])
        page.placesInitialFocus = true
        let text = page.renderText(width: 14, height: 3)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The row wraps at 13 columns ("row 5" over "12345"), and the 14th is the track's alone.
        #expect(lines.count == 3 && lines.allSatisfy { $0.hasSuffix("│") || $0.hasSuffix("┃") }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("12345 ") }, "the number is whole: \(text)")
    }

    /// A form in an overflowing ScrollView opens with focus on its first field, not on the ScrollView; a ScrollView
    /// with nothing focusable in it still takes the focus (it is the only way to scroll it by keys).
    @Test func aPageOpensOnTheFirstFieldOfAFormInAScrollView() {
        let fields = (0..<6).map { node("TextField", ["placeholder": .string("field \($0)")], loc: "f.swift:\($0):1") }
        let page = PageView(root: node("ScrollView", [:], loc: "f.swift:0:0", fields), data: [:])
        page.placesInitialFocus = true
        _ = page.renderText(width: 30, height: 3)
        #expect(page.focusedLoc == "f.swift:0:1")
        #expect(page.textInputFocus.focused)
        let texts = PageView(root: node("ScrollView", [:], loc: "t.swift:1:1", (0..<6).map { node("Text", ["p1": .string("line \($0)")]) }),
                             data: [:])
        texts.placesInitialFocus = true
        _ = texts.renderText(width: 30, height: 3)
        #expect(texts.focusedLoc == "t.swift:1:1")
    }

    /// `.onFocus` and `.onBlur` hear every focus move, the blur first, with the widget's id and dataset; moving to
    /// where the focus already is says nothing.
    @Test func focusAndBlurHandlersHearEveryMove() throws {
        let a = node("TextField", ["placeholder": "a", "id": "first", "onFocus": "focused", "onBlur": "left",
                                   "data": ["k": "A"]])
        let b = node("TextField", ["placeholder": "b", "onFocus": "focused"])
        let page = PageView(root: node("Column", [:], [a, b]), data: [:])
        page.placesInitialFocus = true
        _ = page.renderText(width: 20, height: 2)
        let opened = page.takeEvents()
        #expect(opened.map(\.type) == [.focus] && opened.first?.handler == "focused")
        #expect(opened.first?.detail == ["id": "first"])
        _ = page.handle(.key(.tab))
        let tabbed = page.takeEvents()
        #expect(tabbed.map(\.type) == [.blur, .focus] && tabbed.map(\.handler) == ["left", "focused"], "\(tabbed)")
        #expect(tabbed.first?.dataset == ["k": "A"] && tabbed.last?.detail == ["id": .null])
        try page.focus(id: "first")
        try page.focus(id: "first")
        page.blur()
        let events = page.takeEvents()
        #expect(events.map(\.type) == [.focus, .blur], "\(events)")
        #expect(events.last?.handler == "left" && events.last?.detail == ["id": "first"])
    }

    /// A long list is one Tab stop: Tab goes past its rows' buttons, Down moves the current row down the list and
    /// the view follows it (the row is found by its own index, not by searching the list's 100,000 slots), and Right
    /// moves into the current row's button, which Enter presses.
    @Test func aLongListIsOneTabStopAndRightReachesTheCurrentRowsButton() {
        let items: JSONValue = .array((0..<100_000).map { ["id": .number(Double($0))] })
        let root = node("Column", [:], [
            node("Button", ["p1": "top", "onTap": "top"]),
            node("ListView", ["p1": "{{items}}", "key": "id", "item": "r"], [node("Button", ["p1": "{{r.id}}", "onTap": "row", "data": ["id": "{{r.id}}"]])]),
        ])
        let page = PageView(root: root, data: ["items": items])
        _ = page.renderText(width: 12, height: 4)
        _ = page.handle(.key(.tab))  // the top button
        _ = page.handle(.key(.tab))  // the list
        _ = page.handle(.key(.tab))  // past its rows, round to the top button
        #expect(page.handle(.key(.enter)).map(\.handler) == ["top"])
        _ = page.handle(.key(.tab))  // the list
        for _ in 0..<4 { _ = page.handle(.key(.down)) }
        let rows = { withoutScrollIndicator(page.renderText(width: 12, height: 4)).split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(rows() == ["[ 2 ]", "[ 3 ]", "[ 4 ]"])
        _ = page.handle(.key(.right))  // into row 4's button
        let pressed = page.handle(.key(.enter))
        #expect(pressed.map(\.handler) == ["row"] && pressed.first?.dataset == ["id": 4], "\(pressed)")
        _ = page.handle(.key(.left))  // back to the list
        _ = page.handle(.key(.home))
        #expect(rows() == ["[ 0 ]", "[ 1 ]", "[ 2 ]"])
    }

    @Test func hiddenWidgetsAreSkippedByTab() {
        let root = node("Column", [:], [
            node("Button", ["p1": "a"], loc: "a"), node("Button", ["p1": "b", "hidden": true], loc: "b"), node("Button", ["p1": "c"], loc: "c"),
        ])
        let page = PageView(root: root, data: [:])
        _ = page.renderText(width: 10, height: 3)
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "c")
    }
}

@Suite struct EditingShortcutTests {
    @Test func readlineShortcutsEditTheFocusedField() {
        let page = PageView(root: node("TextField", ["value": "hello world", "onChange": "c"]), data: [:])
        _ = page.renderText(width: 20, height: 1)
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.control("a")))
        _ = page.handle(.key(.control("f")))
        #expect(page.handle(.key(.control("k"))).first?.detail == ["value": "h"])
        _ = page.handle(.key(.character("i")))
        _ = page.handle(.key(.control("b")))
        #expect(page.handle(.key(.control("u"))).first?.detail == ["value": "i"])
        _ = page.handle(.key(.control("e")))
        _ = page.handle(.key(.character("!")))
        #expect(page.renderText(width: 20, height: 1) == "i!")
        #expect(page.handle(.key(.delete)).isEmpty)  // nothing after the cursor
    }
}
