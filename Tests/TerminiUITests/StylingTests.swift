import Testing
import TerminiTemplate
@testable import TerminiUI

/// Styles that combine, colours by name, index and `#rrggbb`, `.background`, theme classes and switching themes,
/// `.disabled()` and the focus a page opens with.
@Suite struct StylingTests {
    func paint(_ page: PageView, width: Int = 20, height: Int = 3) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        page.build(size: (width, height))
        page.paint(into: &buffer)
        return buffer
    }

    @Test func stylesCombineAndHexColoursStayExactUntilTheTerminalNeedsAPaletteEntry() {
        let page = PageView(root: node("Column", [:], [
            node("Text", ["p1": "both", "style": ["bold", ["cls": "TextStyle", "cmd": "underline"]], "color": "#ff0000"]),
            node("Text", ["p1": "one", "style": "{{s}}", "color": ["cls": "Color", "cmd": "brightBlue"]]),
        ]), data: ["s": "italic"])
        let buffer = paint(page)
        #expect(buffer[0, 0].style.attributes == [.bold, .underline])
        // The cell keeps the colour itself; a terminal without direct colour shows the nearest it has.
        #expect(buffer[0, 0].style.foreground == .rgb(255, 0, 0))
        #expect(buffer[0, 0].style.foreground.nearestPaletteIndex(among: 256) == 196)
        #expect(buffer[0, 0].style.foreground.nearestPaletteIndex(among: 16) == 9)
        #expect(TerminalColor.index(196).nearestPaletteIndex(among: 8) == 1, "past the palette: the nearest of the first 8")
        #expect(buffer[0, 1].style.attributes == [.italic])
        #expect(buffer[0, 1].style.foreground == .index(12))
        // The cube's pure red is the nearest of 16 to bright red; a mid gray to gray.
        #expect(ColorPalette.nearest(r: 255, g: 0, b: 0, among: 16) == 9)
        #expect(ColorPalette.nearest(r: 128, g: 128, b: 128, among: 16) == 8)
        #expect(TerminalColor(hex: "#12345") == nil && TerminalColor(name: "brightCyan") == .index(14))
    }

    @Test func backgroundFillsTheBoxUnderWhatItHolds() {
        let root = node("Column", ["background": ["cls": "Color", "cmd": "blue"]], [
            node("Text", ["p1": "ab"]),
            node("Text", ["p1": "cdef", "background": "#00ff00"]),
        ])
        let buffer = paint(PageView(root: root, data: [:]), width: 6, height: 3)
        // The column is as wide as its widest line: its blank cells are blue too, and the inner text keeps its own.
        #expect(buffer[0, 0].style.background == .index(4) && buffer[3, 0].style.background == .index(4))
        #expect(buffer[5, 0].style.background == .default)
        #expect(buffer[0, 1].style.background == .rgb(0, 255, 0))
        #expect(buffer[0, 1].style.background.nearestPaletteIndex(among: 256) == 46)
        #expect(buffer[0, 2].style.background == .default, "below the column's box nothing is painted")
    }

    @Test func aStyleClassFollowsTheThemeAndOwnStylesWin() {
        let root = node("Column", [:], [
            node("Text", ["p1": "warn", "styleClass": "danger"]),
            node("Text", ["p1": "own", "styleClass": "danger", "color": ["cls": "Color", "cmd": "green"]]),
            node("Text", ["p1": "none", "styleClass": "{{cls}}"]),
        ])
        let page = PageView(root: root, data: ["cls": "missing"])
        page.theme = Theme(name: "light", styles: ["danger": ThemeStyle(foreground: .index(1), attributes: .bold)])
        var buffer = paint(page)
        #expect(buffer[0, 0].style.foreground == .index(1) && buffer[0, 0].style.attributes == .bold)
        #expect(buffer[0, 1].style.foreground == .index(2) && buffer[0, 1].style.attributes == .bold)
        #expect(buffer[0, 2].style == .plain, "a class the theme lacks styles nothing")
        // A new theme repaints without a data change.
        page.theme = Theme(name: "dark", styles: ["danger": ThemeStyle(foreground: .index(9), background: .index(0))])
        #expect(page.needsBuild)
        buffer = paint(page)
        #expect(buffer[0, 0].style.foreground == .index(9) && buffer[0, 0].style.background == .index(0))
        #expect(buffer[0, 0].style.attributes == [])
        // A bound class name switches with the data.
        page.apply([(path("cls"), "danger")])
        buffer = paint(page)
        #expect(buffer[0, 2].style.foreground == .index(9))
    }

    @Test func disabledWidgetsAreSkippedDimAndDeaf() {
        let root = node("Column", [:], [
            node("Button", ["p1": "One", "onTap": "one"], loc: "a"),
            node("Row", ["disabled": "{{off}}"], [
                node("Button", ["p1": "Two", "onTap": "two"], loc: "b"),
            ]),
            node("TextField", ["value": "x", "disabled": true], loc: "c"),
            node("Button", ["p1": "Four", "onTap": "four"], loc: "d"),
        ])
        let page = PageView(root: root, data: ["off": true])
        var buffer = paint(page, width: 20, height: 4)
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "a")
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "d", "Tab skips the disabled row's button and the disabled field")
        buffer = paint(page, width: 20, height: 4)
        #expect(buffer[2, 1].style.attributes.contains(.dim) && buffer[2, 2].style.attributes.contains(.dim))
        #expect(!buffer[2, 0].style.attributes.contains(.dim))
        #expect(page.handle(.mouse(MouseEvent(x: 2, y: 1, kind: .press))).isEmpty, "a click on a disabled button does nothing")
        // Enabled again, it takes focus and clicks.
        page.apply([(path("off"), false)])
        buffer = paint(page, width: 20, height: 4)
        #expect(page.handle(.mouse(MouseEvent(x: 2, y: 1, kind: .press))).map(\.handler) == ["two"])
    }

    @Test func aPageOpensWithFocusOnItsAutoFocusOrFirstFocusableWidget() {
        let plain = PageView(root: node("Column", [:], [
            node("Text", ["p1": "title"]),
            node("Button", ["p1": "Go", "onTap": "go"], loc: "go"),
            node("TextField", ["value": ""], loc: "field"),
        ]), data: [:])
        plain.placesInitialFocus = true
        _ = paint(plain)
        #expect(plain.focusedLoc == "go")

        // Below the fold in a ScrollView: the page opens scrolled to it, ready to type.
        var rows: [TemplateNode] = (0..<10).map { node("Text", ["p1": .string("line \($0)")]) }
        rows.append(node("TextField", ["value": "", "placeholder": "name", "autoFocus": true], loc: "name"))
        let marked = PageView(root: node("ScrollView", [:], [node("Column", [:], [
            node("Button", ["p1": "Top", "onTap": "top"], loc: "top"),
        ] + rows)]), data: [:])
        marked.placesInitialFocus = true
        let text = marked.renderText(width: 20, height: 4)
        #expect(marked.focusedLoc == "name")
        #expect(text.contains("name"), "\(text)")
        #expect(marked.focusEditsText)

        // Without the engine asking, a bare page starts with nothing focused.
        let bare = PageView(root: node("Button", ["p1": "Go", "onTap": "go"]), data: [:])
        _ = paint(bare)
        #expect(bare.focusedLoc == nil)
    }

    @Test func themesReadFromAppJSONInTheirWrittenOrderWithErrorsThatNameThePath() throws {
        let text = ##"{"themes": {"light": {"danger": {"color": "red", "style": ["bold"]}, "surface": {"background": "#eeeeee"}}, "dark": {"danger": {"color": 9}}}}"##
        let json = try JSONValue.parse(text)
        let order = JSONKeyOrder.keys(ofMember: "themes", in: text)
        #expect(order == ["light", "dark"])
        let set = try ThemeSet(json: json["themes"]!, order: order)
        #expect(set.names == ["light", "dark"])
        #expect(set.themes[0].styles["danger"] == ThemeStyle(foreground: .index(1), attributes: .bold))
        #expect(set.themes[0].styles["surface"]?.background == .rgb(0xee, 0xee, 0xee))
        #expect(set.themes[0].styles["surface"]?.background?.nearestPaletteIndex(among: 256) == 255)
        #expect(set.themes[1].styles["danger"]?.foreground == .index(9))
        #expect(try ThemeSet(json: set.json, order: set.names) == set)

        let bad: [(String, String)] = [
            (#"{"light": {"danger": {"color": "redd"}}}"#, "$.themes.light.danger.color: 'redd' is not a colour"),
            (#"{"light": {"danger": {"style": ["blink"]}}}"#, "$.themes.light.danger.style[0]: expected one of"),
            (#"{"light": {"danger": {"colour": "red"}}}"#, "$.themes.light.danger.colour: unknown key"),
            (#"{"light": []}"#, "$.themes.light: expected an object of named styles"),
            (#"{}"#, "$.themes: declares no theme"),
            (#"{"light": {"x": {"background": 300}}}"#, "$.themes.light.x.background: '300' is not a colour"),
        ]
        for (theme, message) in bad {
            #expect(throws: ThemeError.self) { try ThemeSet(json: try JSONValue.parse(theme)) }
            do { _ = try ThemeSet(json: try JSONValue.parse(theme)) } catch let error as ThemeError {
                #expect(error.description.hasPrefix(message), "\(error.description)")
            } catch {}
        }
    }
}
