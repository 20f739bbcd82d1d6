import Testing
import TerminiTemplate
@testable import TerminiUI

/// The shared editor's keys, graphemes, undo grouping and paste rules, in the editor and through a page's TextField
/// and TextArea.
@Suite struct TextEditingTests {
    func focused(_ root: TemplateNode, data: JSONValue = [:], width: Int = 30, height: Int = 5) -> PageView {
        let page = PageView(root: root, data: data)
        page.placesInitialFocus = true
        _ = page.renderText(width: width, height: height)
        return page
    }

    func keys(_ keys: [Key], _ page: PageView) -> [UIEvent] { keys.flatMap { page.handle(.key($0)) } }

    func type(_ text: String, _ page: PageView) -> [UIEvent] {
        text.flatMap { c in page.handle(.key(c == " " ? .space : .character(c))) }
    }

    func field(_ props: [String: JSONValue] = [:]) -> TemplateNode {
        node("TextField", ["value": "{{v}}", "onChange": "changed", "onSubmit": "submitted"].merging(props) { $1 }, loc: "field")
    }

    func area(_ props: [String: JSONValue] = [:]) -> TemplateNode {
        node("TextArea", ["value": "{{v}}", "height": 3, "onChange": "changed"].merging(props) { $1 }, loc: "area")
    }

    func value(_ page: PageView, _ type: any WidgetBehavior.Type = TextFieldProps.self) -> String {
        page.element(ofType: type)?.editText ?? "<none>"
    }

    // MARK: Graphemes

    @Test func wideCharactersCombiningMarksAndZWJSequencesAreOneGrapheme() {
        var editor = TextEditor("a中e\u{301}👩‍👩‍👧b")
        _ = editor.perform(.move(.left, selecting: false))            // before b
        _ = editor.perform(.deleteBackward)                             // the whole family
        #expect(editor.text == "a中e\u{301}b")
        _ = editor.perform(.move(.left, selecting: false))
        #expect(editor.caret == "a中".utf8.count, "é is one step")
        _ = editor.perform(.move(.right, selecting: true))
        #expect(editor.selectedText == "e\u{301}")
        _ = editor.perform(.type("E"))
        #expect(editor.text == "a中Eb")
        _ = editor.perform(.move(.left, selecting: false))
        _ = editor.perform(.deleteBackward)
        #expect(editor.text == "aEb", "a wide character deletes whole")
        // A flag is two regional indicators, and one grapheme.
        var flags = TextEditor("🇫🇷🇩🇪")
        _ = flags.perform(.deleteBackward)
        #expect(flags.text == "🇫🇷")
    }

    @Test func aFieldDrawsWideCharactersAndKeepsTheCaretInView() {
        let page = focused(field(["width": 6]), data: ["v": "中文字符中文"], width: 10, height: 1)
        // Six cells: the caret's column and the two wide characters before it (a wide one never splits).
        #expect(page.renderText(width: 10, height: 1) == "中文")
        _ = keys([.home], page)
        #expect(page.renderText(width: 10, height: 1) == "中文字")
    }

    // MARK: Keys

    @Test func readlineKeysEditAField() {
        let page = focused(field(), data: ["v": "alpha beta gamma"])
        _ = keys([.control("w")], page)
        #expect(value(page) == "alpha beta ")
        _ = keys([Key.character("b").with(.alt), Key.character("b").with(.alt)], page)
        _ = keys([Key.character("d").with(.alt)], page)
        #expect(value(page) == " beta ")
        _ = keys([.control("e"), .control("y")], page)
        #expect(value(page) == " beta alpha", "Ctrl-Y yanks the last kill")
        _ = keys([.control("a")], page)
        #expect(page.element(ofType: TextFieldProps.self)!.cursor == 0)
        _ = keys([Key.right.with(.control)], page)
        #expect(page.element(ofType: TextFieldProps.self)!.cursor == 5)
        _ = keys([.control("k")], page)
        #expect(value(page) == " beta")
        _ = keys([.control("u")], page)
        #expect(value(page) == "")
        _ = keys([.control("y")], page)
        #expect(value(page) == " beta alpha", "Ctrl-K then Ctrl-U: the two kills joined, in the text's order")
    }

    @Test func undoAndRedoGoByWord() {
        var editor = TextEditor()
        for c in "hello world" { _ = editor.perform(.type(c)) }
        _ = editor.perform(.undo)
        #expect(editor.text == "hello ")
        _ = editor.perform(.undo)
        #expect(editor.text == "")
        _ = editor.perform(.redo)
        _ = editor.perform(.redo)
        #expect(editor.text == "hello world")
        // A move ends the group: the two halves undo apart.
        _ = editor.perform(.move(.left, selecting: false))
        _ = editor.perform(.type("!"))
        _ = editor.perform(.type("?"))
        _ = editor.perform(.undo)
        #expect(editor.text == "hello world")
        // A paste is one step, however long.
        _ = editor.paste("one two three")
        _ = editor.perform(.undo)
        #expect(editor.text == "hello world")
    }

    @Test func undoAndRedoKeysReachTheEditor() {
        let page = focused(field(), data: ["v": ""])
        _ = type("ab cd", page)
        _ = keys([.control("_")], page)
        #expect(value(page) == "ab ")
        _ = keys([.control("]")], page)
        #expect(value(page) == "ab cd")
    }

    @Test func shiftSelectsAndTypingOrPastingReplacesTheSelection() {
        let page = focused(field(), data: ["v": "one two"])
        _ = keys([Key.left.with(.shift), Key.left.with(.shift), Key.left.with(.shift)], page)
        _ = type("2", page)
        #expect(value(page) == "one 2")
        _ = keys([Key.home.with(.shift)], page)
        _ = page.handle(.paste("x", clippedFrom: nil))
        #expect(value(page) == "x")
        _ = keys([Key.left.with([.control, .shift])], page)
        #expect(page.element(ofType: TextFieldProps.self).map { ($0.state as! TextEditState).editor.selectedText } == "x")
    }

    @Test func altWCopiesTheSelectionToTheClipboard() {
        let page = focused(field(), data: ["v": "copy me"])
        _ = keys([Key.left.with([.control, .shift])], page)
        _ = keys([Key.character("w").with(.alt)], page)
        #expect(page.takeCopiedText() == "me")
        #expect(value(page) == "copy me")
        _ = keys([.end, .control("y")], page)
        #expect(value(page) == "copy meme", "the copy is also the kill buffer")
    }

    @Test func escIsNotTheEditorsSoItLeavesTheField() {
        let page = focused(field(), data: ["v": "draft"])
        #expect(page.focusedLoc == "field")
        let handling = page.handleKey(.escape)
        #expect(handling.used && page.focusedLoc == nil)
        #expect(value(page) == "draft")
    }

    @Test func theFooterHidesExactlyTheKeysTheEditorTakes() {
        for multiline in [false, true] {
            for key in TextEditingKeymap.keys(multiline: multiline) {
                #expect(TextEditingKeys.takes(key, multiline: multiline), "\(key)")
            }
        }
        #expect(TextEditingKeys.takes(.character("r"), multiline: false))
        #expect(!TextEditingKeys.takes(.control("r"), multiline: false))
        #expect(!TextEditingKeys.takes(.escape, multiline: true))
        #expect(!TextEditingKeys.takes(.tab, multiline: true))
        #expect(!TextEditingKeys.takes(.up, multiline: false) && TextEditingKeys.takes(.up, multiline: true))
        #expect(!TextEditingKeys.takes(Key.character("x").with(.alt), multiline: false))
        #expect(TextEditingKeys.takes(Key.left.with([.control, .shift]), multiline: false))
    }

    // MARK: Paste

    @Test func aPasteIntoAFieldIsOneEditWithSpacesForNewlinesAndTabs() {
        let page = focused(node("Column", [:], [field(), node("Button", ["p1": "Next"], loc: "next")]), data: ["v": ""])
        let events = page.handle(.paste("one\ntwo\tthree\r\nfour", clippedFrom: nil))
        #expect(events.map(\.type) == [.change], "one change, no submit")
        #expect(events.first?.detail == ["value": "one two three four"])
        #expect(page.focusedLoc == "field", "a tab in a paste moves no focus")
        _ = keys([.control("_")], page)
        #expect(value(page) == "", "one undo step")
    }

    @Test func maxLengthClipsAPasteAndSaysSo() {
        let page = focused(field(["maxLength": 5]), data: ["v": "abc"])
        let events = page.handle(.paste("defgh", clippedFrom: nil))
        #expect(events.first?.detail == ["value": "abcde", "clipped": true])
        let full = page.handle(.paste("x", clippedFrom: nil))
        #expect(full.first?.detail == ["value": "abcde", "clipped": true], "a paste with no room is still told")
        _ = type("z", page)
        #expect(value(page) == "abcde")
    }

    @Test func aPasteTheTerminalClippedSaysSo() {
        let page = focused(area(), data: ["v": ""])
        let events = page.handle(.paste("start", clippedFrom: 9_000_000))
        #expect(events.first?.detail == ["value": "start", "clipped": true])
        let whole = page.handle(.paste("!", clippedFrom: nil))
        #expect(whole.first?.detail == ["value": "start!"])
    }

    @Test func aPasteIntoATextAreaKeepsItsLinesAndTabs() {
        let page = focused(node("Column", [:], [area(), node("Button", ["p1": "Next"], loc: "next")]), data: ["v": ""],
                           width: 20, height: 4)
        let events = page.handle(.paste("a\tb\r\nc\rd\u{1B}[31m", clippedFrom: nil))
        #expect(events.count == 1 && events.first?.detail == ["value": "a\tb\nc\nd[31m"])
        #expect(page.focusedLoc == "area")
        #expect(page.renderText(width: 20, height: 4).hasPrefix("a    b\nc\nd[31m"), "a tab shows as four spaces")
    }

    @Test func aPasteWithNothingFocusedIsNotUsed() {
        let page = PageView(root: field(), data: ["v": ""])
        _ = page.renderText(width: 20, height: 2)
        #expect(!page.handlePaste("text", clippedFrom: nil).used)
    }

    // MARK: TextArea

    @Test func ctrlHomeAndEndGoToTheTextsEndsAndSelectionSpansLines() {
        let page = focused(area(), data: ["v": "one\ntwo\nthree"], width: 10, height: 3)
        _ = keys([Key.home.with(.control)], page)
        _ = type(">", page)
        #expect(value(page, TextAreaProps.self) == ">one\ntwo\nthree")
        _ = keys([Key.down.with(.shift), Key.end.with(.shift)], page)
        _ = page.handle(.paste("X", clippedFrom: nil))
        #expect(value(page, TextAreaProps.self) == ">X\nthree")
        _ = keys([Key.end.with(.control), .control("w")], page)
        #expect(value(page, TextAreaProps.self) == ">X\n")
        _ = keys([.control("u")], page)
        #expect(value(page, TextAreaProps.self) == ">X", "Ctrl-U at a line's start joins it to the line before")
    }

    @Test func aTextAreaScrollsThroughALongTextRowByRow() {
        let text = (1...2000).map { "line \($0)" }.joined(separator: "\n")
        let page = focused(area(["height": 3]), data: ["v": .string(text)], width: 12, height: 3)
        #expect(page.renderText(width: 12, height: 3) == "line 1998\nline 1999\nline 2000")
        _ = keys([Key.home.with(.control)], page)
        #expect(page.renderText(width: 12, height: 3) == "line 1\nline 2\nline 3")
        _ = keys([.pageDown, .pageDown], page)
        _ = type("*", page)
        #expect(page.renderText(width: 12, height: 3) == "line 5\nline 6\n*line 7")
        // A line longer than the width wraps, and Up walks its rows, keeping the column.
        _ = type(String(repeating: "x", count: 20), page)
        _ = keys([.up], page)
        _ = type("^", page)
        #expect(page.renderText(width: 12, height: 3) == "line 5\nline 6\n*xxxxxxxx^xx")
        _ = keys([.down, .down], page)
        #expect(page.renderText(width: 12, height: 3) == "*xxxxxxxx^xx\nxxxxxxxxxxli\nne 7")
    }

    // MARK: Echo

    @Test func aLaggingEchoDoesNotUndoTypingButANewValueWins() {
        let page = focused(field(), data: ["v": ""])
        _ = type("abc", page)
        page.apply([(path("v"), "a")])
        _ = page.renderText(width: 30, height: 5)
        #expect(value(page) == "abc", "the echo of the first key")
        page.apply([(path("v"), "ab")])
        page.apply([(path("v"), "abc")])
        _ = page.renderText(width: 30, height: 5)
        #expect(value(page) == "abc")
        page.apply([(path("v"), "reset")])
        _ = page.renderText(width: 30, height: 5)
        #expect(value(page) == "reset")
    }
}
