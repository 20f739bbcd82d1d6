import Testing
import TerminiTemplate
import TerminiUI
@testable import TemplateCompiler

/// The generated decoders read evaluated template JSON the way the engine will hand it to them.
@Suite struct WidgetPropsDecodingTests {
    @Test func appliesDefaultsAndDecodesEnumForms() throws {
        let plain = try TextProps(props: ["p1": "hi"])
        #expect(plain == TextProps(text: "hi", style: [], color: .default, wrap: true))
        let styled = try TextProps(props: ["p1": 3, "style": ["cls": "TextStyle", "cmd": "bold"],
                                           "color": ["cls": "Color", "cmd": "index", "p1": 5], "wrap": false])
        #expect(styled == TextProps(text: "3", style: [.bold], color: .index(5), wrap: false))
        let bound = try TextProps(props: ["p1": "x", "style": "dim", "color": ["cmd": "cyan"]])
        #expect(bound.style == [.dim] && bound.color == .cyan)
        // Styles combine, and a bound `#rrggbb` string is a colour.
        let combined = try TextProps(props: ["p1": "x", "style": ["bold", ["cls": "TextStyle", "cmd": "underline"]],
                                             "color": "#ff0000"])
        #expect(combined.style == [.bold, .underline] && combined.color == .hex("#ff0000"))
        #expect(throws: PropDecodingError.self) { try TextProps(props: ["p1": "x", "style": ["bold", "blinking"]]) }
    }

    @Test func decodesValueTypesAndLenientNumbers() throws {
        let padding = try PaddingProps(props: ["p1": ["cls": "EdgeInsets", "cmd": "symmetric", "h": 2.0]])
        #expect(padding.insets == EdgeInsets(left: 2, top: 0, right: 2, bottom: 0))
        let all = try PaddingProps(props: ["p1": ["cls": "EdgeInsets", "cmd": "all", "p1": 1]])
        #expect(all.insets == .all(1))
        let box = try BoxProps(props: ["border": "none", "width": 10])
        #expect(box.border == BorderStyle.none && box.width == 10 && box.title == nil)
        let list = try ForEachProps(props: ["p1": [1, 2], "key": "id"])
        #expect(list == ForEachProps(items: BoundList(), key: "id", item: "item", index: "index"))
        #expect(throws: PropDecodingError(owner: "ForEach", prop: "p1", expected: "array", found: "number 3")) {
            try ForEachProps(props: ["p1": 3])
        }
    }

    @Test func rejectsMissingAndWrongTypesNamingTheProp() {
        #expect(throws: PropDecodingError(owner: "Button", prop: "p1", expected: "String", found: "missing")) {
            try ButtonProps(props: [:])
        }
        #expect(throws: PropDecodingError(owner: "Column", prop: "spacing", expected: "Int", found: "number 1.5")) {
            try ColumnProps(props: ["spacing": 1.5])
        }
        #expect(throws: PropDecodingError(owner: "Text", prop: "style", expected: "[TextStyle]", found: "string \"loud\"")) {
            try TextProps(props: ["p1": "a", "style": "loud"])
        }
        #expect(throws: PropDecodingError(owner: "EdgeInsets.all", prop: "p1", expected: "Int", found: "missing")) {
            try PaddingProps(props: ["p1": ["cls": "EdgeInsets", "cmd": "all"]])
        }
        let error = PropDecodingError(owner: "Column", prop: "spacing", expected: "Int", found: "number 1.5")
        #expect(error.description == "Column.spacing: expected Int, found number 1.5")
    }

    @Test func conditionsUseJavaScriptTruthiness() throws {
        #expect(try IfProps(props: ["p1": 3]).condition == true)
        #expect(try IfProps(props: ["p1": ""]).condition == false)
        #expect(try IfProps(props: ["p1": .null]).condition == false)
        #expect(try CheckboxProps(props: ["checked": ["a": 1]]).checked == true)
        #expect(throws: PropDecodingError(owner: "If", prop: "p1", expected: "Bool", found: "missing")) {
            try IfProps(props: [:])
        }
    }

    @Test func decodesAnyWidgetByClass() throws {
        try WidgetCatalogInfo.validate(cls: "Checkbox", props: ["checked": true])
        try WidgetCatalogInfo.validate(cls: "Switch", props: ["isOn": false])
        #expect(throws: PropDecodingError(owner: "Switch", prop: "isOn", expected: "Bool", found: "missing")) {
            try WidgetCatalogInfo.validate(cls: "Switch", props: [:])
        }
        #expect(Set(WidgetCatalogInfo.classNames) == Set(try GeneratedFilesStalenessTests.crawl().widgets.map(\.name)))
        #expect(throws: PropDecodingError(owner: "Txt", prop: "cls", expected: "a widget class", found: "string \"Txt\"")) {
            try WidgetCatalogInfo.validate(cls: "Txt", props: [:])
        }
    }

    @Test func decodesModifiers() throws {
        let m = try WidgetModifiers(props: ["key": 7, "data": ["id": 3], "hidden": true, "p1": "ignored"])
        #expect(m.key == "7" && m.data == ["id": 3] && m.hidden == true && m.globalKey == nil)
    }
}
