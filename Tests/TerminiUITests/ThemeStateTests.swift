import Testing
import TerminiTemplate
@testable import TerminiUI

/// A theme's states (`focused`, `selected`, `disabled`, `error`, `placeholder`) per widget kind and per style class,
/// the built-in themes and `extends`, and the errors a theme's keys can have.
@Suite struct ThemeStateTests {
    func paint(_ page: PageView, width: Int = 24, height: Int = 4) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        page.build(size: (width, height))
        page.paint(into: &buffer)
        return buffer
    }

    func theme(_ text: String, name: String = "t") throws -> Theme {
        try ThemeSet(json: try JSONValue.parse(##"{"\##(name)": \##(text)}"##)).themes[0]
    }

    func focusedButtons(_ theme: Theme) -> (first: CellBuffer, second: CellBuffer) {
        let page = PageView(root: node("Column", [:], [
            node("Button", ["p1": "One", "onTap": "one"], loc: "a"),
            node("Button", ["p1": "Two", "onTap": "two", "styleClass": "primary"], loc: "b"),
        ]), data: [:])
        page.theme = theme
        _ = page.handle(.key(.tab))
        let first = paint(page)
        _ = page.handle(.key(.tab))
        return (first, paint(page))
    }

    @Test func withoutAThemeFocusIsReverseVideoAsBefore() {
        let (first, second) = focusedButtons(Theme())
        #expect(first[0, 0].style == CellStyle(attributes: .reverse))
        #expect(first[0, 1].style == .plain)
        #expect(second[0, 1].style == CellStyle(attributes: .reverse))
    }

    @Test func aThemeStylesFocusForEveryWidgetForAKindAndForAClass() throws {
        let everyWidget = try theme(##"{"focused": {"color": "black", "background": "#5fafff"}}"##)
        let (first, _) = focusedButtons(everyWidget)
        #expect(first[0, 0].style == CellStyle(foreground: .index(0), background: .rgb(0x5f, 0xaf, 0xff)))
        #expect(!first[0, 0].style.attributes.contains(.reverse), "the theme's focus replaces reverse video")

        let byKindAndClass = try theme(#"""
            {"focused": {"style": "underline"}, "Button:focused": {"background": "blue"},
             ".primary:focused": {"background": "green", "style": "bold"}}
            """#)
        let (kind, byClass) = focusedButtons(byKindAndClass)
        #expect(kind[0, 0].style == CellStyle(background: .index(4)), "Button:focused beats focused")
        #expect(byClass[0, 1].style == CellStyle(background: .index(2), attributes: .bold), ".primary:focused beats Button:focused")

        // A TextField's own kind entry does not touch buttons; its placeholder and error take theirs.
        let field = PageView(root: node("Column", [:], [
            node("TextField", ["value": "", "placeholder": "name"], loc: "f"),
        ]), data: [:])
        field.theme = try theme(##"{"TextField:placeholder": {"color": "#808080"}}"##)
        let buffer = paint(field)
        #expect(buffer[0, 0].style.foreground == .rgb(0x80, 0x80, 0x80))
        #expect(!buffer[0, 0].style.attributes.contains(.dim), "the theme's placeholder replaces the default dim")
    }

    @Test func selectedAndDisabledComeFromTheTheme() throws {
        let page = PageView(root: node("Column", [:], [
            node("OptionList", ["options": ["a", "b"], "value": "a"], loc: "list"),
            node("Button", ["p1": "Off", "onTap": "off", "disabled": true], loc: "off"),
        ]), data: [:])
        page.theme = try theme(##"{"selected": {"color": "white", "background": "#005f87"}, "disabled": {"color": "gray"}}"##)
        _ = page.handle(.key(.tab))
        let buffer = paint(page)
        #expect(page.focusedLoc == "list")
        #expect(buffer[2, 0].style.background == .rgb(0, 0x5f, 0x87) && buffer[2, 0].style.foreground == .index(7))
        #expect(!buffer[2, 0].style.attributes.contains(.reverse))
        #expect(buffer[2, 2].style.foreground == .index(8) && !buffer[2, 2].style.attributes.contains(.dim))
    }

    @Test func aThemeExtendsABuiltInOneAndItsOwnEntriesWin() throws {
        let set = try ThemeSet(json: try JSONValue.parse(#"""
            {"night": {"extends": "dark", "danger": {"color": "brightRed"}, "focused": {"style": "underline"}},
             "dark": {"extends": "dark", "page": {"background": "#000000"}}}
            """#), order: ["night", "dark"])
        let night = set.themes[0], dark = BuiltinThemes.theme(named: "dark")!
        #expect(night.styles["danger"]?.foreground == .index(9))
        #expect(night.styles["page"] == set.themes[1].styles["page"], "the extended theme's classes come along (the app's dark)")
        #expect(night.styles["page"]?.foreground == nil && dark.styles["page"]?.foreground != nil, "an entry replaces the whole entry it names")
        #expect(night.style(.focused, kind: "Button") == ThemeStyle(attributes: .underline))
        #expect(night.style(.selected, kind: "Table") == dark.style(.selected, kind: "Table"))
        #expect(set.themes[1].styles["page"]?.background == .rgb(0, 0, 0), "a theme may extend the built-in of its own name")
        #expect(set.theme(named: "high-contrast") != nil, "a built-in theme is usable by name without a declaration")
        #expect(set.selectableNames == ["night", "dark", "light", "high-contrast"])
        #expect(try ThemeSet(json: set.json, order: set.names) == set, "a manifest writes back what app.json said")
    }

    @Test func unknownStatesClassesAndThemesAreErrorsThatNameTheKey() {
        let bad: [(String, String, [String])] = [
            (#"{"t": {"Button:hovered": {"style": "bold"}}}"#,
             "$.themes.t.Button:hovered: unknown state 'hovered'; the states are focused, selected, disabled, error, placeholder",
             ["t", "Button:hovered"]),
            (#"{"t": {"Buton:focused": {"style": "bold"}}}"#, "$.themes.t.Buton:focused: unknown widget class 'Buton'", ["t", "Buton:focused"]),
            (#"{"t": {"textfield:focused": {"style": "bold"}}}"#, "", []),
            (#"{"t": {"Button": {"style": "bold"}}}"#, "$.themes.t.Button: 'Button' is a widget class", ["t", "Button"]),
            (#"{"t": {".x:pressed": {}}}"#, "$.themes.t..x:pressed: unknown state 'pressed'", ["t", ".x:pressed"]),
            (#"{"t": {"extends": "sepia"}}"#, "$.themes.t.extends: no theme 'sepia' to extend", ["t", "extends"]),
            (#"{"t": {"extends": "t"}}"#, "$.themes.t.extends: 't' extends itself", ["t", "extends"]),
            (#"{"t": {"focused": {"color": "redd"}}}"#, "$.themes.t.focused.color: 'redd' is not a colour", ["t", "focused"]),
        ]
        for (text, message, keys) in bad where !message.isEmpty {
            do {
                _ = try ThemeSet(json: try JSONValue.parse(text))
                Issue.record("accepted \(text)")
            } catch let error as ThemeError {
                #expect(error.description.hasPrefix(message), "\(error.description)")
                #expect(error.keys == keys, "\(text)")
            } catch { Issue.record("\(error)") }
        }
        // A lower-case name before the colon is a style class: `textfield:focused` is one, not a misspelt kind.
        #expect(throws: Never.self) { try ThemeSet(json: try JSONValue.parse(bad[2].0)) }
    }

    @Test func anErrorsLineIsFoundFromItsKeys() {
        let text = """
            {
              "id": "a",
              "themes": {
                "t": {
                  "danger": {"color": "red"},
                  "Buton:focused": {"style": "bold"}
                },
                "u": {"style": ["bold"], "x": [{"Buton:focused": 1}]}
              }
            }
            """
        #expect(JSONKeyOrder.line(ofKeyPath: ["themes", "t", "Buton:focused"], in: text) == 6)
        #expect(JSONKeyOrder.line(ofKeyPath: ["themes", "u"], in: text) == 8)
        #expect(JSONKeyOrder.line(ofKeyPath: ["themes", "u", "Buton:focused"], in: text) == nil, "a key inside an array is not on the path")
        #expect(JSONKeyOrder.line(ofKeyPath: ["themes", "v"], in: text) == nil)
    }
}
