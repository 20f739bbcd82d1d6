import TerminiTemplate
import Testing
@testable import TerminiUI

/// Every widget of the catalogue, at 20 and 80 columns, with wide characters, and with a bad prop. A widget added
/// to the catalogue without a case here fails `everyCatalogueWidgetHasACase`, so none is left out.
@Suite struct WidgetMatrixTests {
    /// One widget's case: a node that shows `shows` (wide characters where the widget shows text), and a bad prop
    /// whose diagnostic names `badProp` (nil for a widget whose props take any value: a condition, or none at all).
    struct Case: Sendable, CustomTestStringConvertible {
        let cls: String
        let node: TemplateNode
        let shows: String?
        let bad: TemplateNode?
        let badProp: String?
        var testDescription: String { cls }
    }

    static let loc = "matrix.swift:3:5"
    static let wide = "中文字符"
    static let column: JSONValue = ["cls": "TableColumn", "cmd": "init", "p1": "名前", "field": "name"]

    static func leaf(_ cls: String, _ props: [String: JSONValue], shows: String?, bad: (String, JSONValue),
                     base: [String: JSONValue]? = nil, children: [TemplateNode] = []) -> Case
    {
        var badProps = base ?? props
        badProps[bad.0] = bad.1
        return Case(cls: cls, node: node(cls, props, loc: loc, children), shows: shows,
                    bad: node(cls, badProps, loc: loc, children), badProp: "\(cls).\(bad.0)")
    }

    /// A widget whose props are all optional modifiers or conditions: any value is taken, so it has no bad prop.
    static func propless(_ cls: String, _ props: [String: JSONValue] = [:], shows: String?, children: [TemplateNode] = []) -> Case {
        Case(cls: cls, node: node(cls, props, loc: loc, children), shows: shows, bad: nil, badProp: nil)
    }

    static let text = node("Text", ["p1": .string(wide)])
    static let object: JSONValue = ["not": "valid"]

    static let cases: [Case] = [
        leaf("BarChart", ["values": [3, 1], "labels": ["一月", "二月"]], shows: "一月", bad: ("values", "nope")),
        leaf("Box", ["title": .string(wide), "height": 3], shows: wide, bad: ("width", "wide"), children: [text]),
        leaf("Button", ["p1": .string(wide), "onTap": "go"], shows: "[ \(wide) ]", bad: ("p1", object)),
        leaf("Checkbox", ["checked": true, "label": .string(wide)], shows: "[x] \(wide)", bad: ("label", object)),
        leaf("Collapsible", ["title": .string(wide)], shows: "▾ \(wide)", bad: ("title", object), children: [text]),
        leaf("Column", ["spacing": 1], shows: wide, bad: ("spacing", object), children: [text, text]),
        leaf("Form", ["spacing": 1], shows: wide, bad: ("spacing", object), children: [text, text]),
        propless("Divider", shows: "──"),
        leaf("Expanded", ["flex": 2], shows: wide, bad: ("flex", "lots"), children: [text]),
        leaf("ForEach", ["p1": [1, 2], "item": "n"], shows: wide, bad: ("p1", 7), children: [text]),
        leaf("Grid", ["minColumnWidth": 8], shows: wide, bad: ("spacing", "wide"), children: [text, text]),
        propless("If", ["p1": true], shows: wide, children: [text]),
        leaf("ListView", ["p1": [1, 2, 3], "item": "n"], shows: wide, bad: ("p1", "rows"), children: [text]),
        leaf("Log", ["p1": ["一", .string(wide)]], shows: wide, bad: ("p1", 3)),
        leaf("Markdown", ["p1": .string("# \(wide)\n\n*強調* text")], shows: wide, bad: ("p1", object)),
        leaf("OptionList", ["options": ["小", .null, ["label": .string(wide), "value": 2]]], shows: wide, bad: ("options", 5)),
        leaf("Padding", ["p1": ["cls": "EdgeInsets", "cmd": "all", "p1": 1]], shows: wide, bad: ("p1", "wide"),
             children: [text]),
        leaf("ProgressBar", ["value": 0.5], shows: "█", bad: ("value", "half")),
        leaf("RadioGroup", ["options": ["小", .string(wide)], "selected": "小"], shows: wide, bad: ("options", 5)),
        leaf("Row", ["spacing": 1], shows: wide, bad: ("spacing", "some"), children: [text, text]),
        propless("ScrollView", shows: wide, children: [text]),
        leaf("Select", ["options": ["小", .string(wide)], "selected": .string(wide)], shows: wide, bad: ("options", true)),
        leaf("SelectionList", ["options": ["小", .string(wide)], "selected": ["小"]], shows: "[ ] \(wide)",
             bad: ("options", true)),
        // Outside a component's body a Slot is itself the error (ComponentTreeTests has it in place).
        Case(cls: "Slot", node: node("Column", [:]), shows: nil, bad: node("Slot", [:], loc: loc), badProp: "Slot()"),
        propless("Spacer", shows: nil),
        leaf("Sparkline", ["p1": [1, 5, 3, 8]], shows: "▁", bad: ("p1", "up")),
        propless("Spinner", shows: nil),
        propless("Stack", shows: wide, children: [text]),
        leaf("Switch", ["isOn": true, "label": .string(wide)], shows: wide, bad: ("label", object)),
        leaf("Tab", ["p1": .string(wide)], shows: wide, bad: ("p1", object), children: [text]),
        leaf("Table", ["p1": [["name": .string(wide)]], "columns": [column]], shows: wide, bad: ("columns", "cols")),
        Case(cls: "Tabs", node: node("Tabs", ["selected": 0], loc: loc, [node("Tab", ["p1": "一"], [text])]), shows: wide,
             bad: node("Tabs", ["selected": "first"], loc: loc, [node("Tab", ["p1": "一"], [text])]), badProp: "Tabs.selected"),
        leaf("Text", ["p1": .string(wide), "style": ["bold"]], shows: wide, bad: ("style", 4)),
        leaf("TextArea", ["value": .string("\(wide)\n第二行")], shows: wide, bad: ("height", "tall")),
        leaf("TextField", ["value": .string(wide), "width": 12], shows: wide, bad: ("maxLength", "ten")),
        leaf("Tree", ["p1": [["label": .string(wide), "children": [["label": "葉"]]]]], shows: wide, bad: ("p1", "tree")),
    ]

    @Test func everyCatalogueWidgetHasACase() {
        let covered = Set(Self.cases.map(\.cls))
        let catalogue = Set(catalogWidgetKinds.map { $0.className })
        #expect(catalogue.subtracting(covered).isEmpty, "widgets without a case: \(catalogue.subtracting(covered).sorted())")
        #expect(covered.subtracting(catalogue).isEmpty)
    }

    /// Laid out at 20 and 80 columns (and in a single cell), every widget shows what it holds without an error, no
    /// line is wider than the screen, and no wide character is split.
    @Test(arguments: cases) func drawsAtTwentyAndEightyColumnsWithWideCharacters(_ c: Case) {
        for width in [80, 20, 1] {
            let page = PageView(root: node("Column", [:], [c.node]), data: [:])
            var buffer = CellBuffer(width: width, height: 12)
            page.build(size: (width, 12))
            page.paint(into: &buffer)
            #expect(page.diagnostics.isEmpty, "\(c.cls) at \(width): \(page.diagnostics)")
            let text = buffer.renderText()
            for line in text.split(separator: "\n") {
                #expect(TextWidth.of(String(line)) <= width, "\(c.cls) at \(width): '\(line)'")
            }
            for y in 0..<buffer.height {
                for x in 0..<buffer.width where buffer[x, y].isWideContinuation {
                    #expect(x > 0 && TextWidth.of(buffer[x - 1, y].character) == 2, "\(c.cls) at \(width): half a wide character at \(x),\(y)")
                }
            }
            if let shows = c.shows, width == 80 {
                #expect(text.contains(shows), "\(c.cls) at 80 columns should show '\(shows)':\n\(text)")
            }
            if width == 20, let shows = c.shows, TextWidth.of(shows) <= 16 {
                #expect(text.contains(shows) || text.contains("…"), "\(c.cls) at 20 columns: neither '\(shows)' nor an ellipsis:\n\(text)")
            }
        }
    }

    /// A prop of the wrong type draws an error box naming the node's place and the prop, and the rest of the page
    /// still draws.
    @Test(arguments: cases.filter { $0.bad != nil }) func aBadPropIsAClearErrorWithTheNodesLoc(_ c: Case) {
        guard let bad = c.bad, let badProp = c.badProp else { return }
        let page = PageView(root: node("Column", [:], [bad, node("Text", ["p1": "after"])]), data: [:])
        let text = page.renderText(width: 80, height: 12)
        #expect(page.diagnostics.count == 1, "\(c.cls): \(page.diagnostics)")
        let message = page.diagnostics.first?.description ?? ""
        #expect(message.hasPrefix(Self.loc) && message.contains(badProp), "\(c.cls): \(message)")
        #expect(text.contains(Self.loc), "\(c.cls): the error box names the place:\n\(text)")
        #expect(text.contains("after"), "\(c.cls): the rest of the page still draws:\n\(text)")
        // At 20 columns too, the page stays up.
        _ = page.renderText(width: 20, height: 6)
    }
}
