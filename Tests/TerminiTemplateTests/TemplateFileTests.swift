import Testing
@testable import TerminiTemplate

@Suite struct TemplateFileTests {
    static let validText = """
        {"format": "termini.template/1", "page": "index", "title": "Todo", "source": "todo/pages/index.swift",
         "deps": ["draft", "todos"],
         "root": {"cls": "Column", "spacing": 1, "loc": "todo/pages/index.swift:5:5", "children": [
            {"cls": "Text", "p1": "Todo ({{todos.length}})", "style": {"cmd": "bold"}, "loc": "todo/pages/index.swift:3:14"},
            {"cls": "If", "p1": "{{todos.length == 0}}", "loc": "todo/pages/index.swift:13:9",
             "children": [{"cls": "Text", "p1": "Nothing to do", "loc": "todo/pages/index.swift:13:40"}],
             "else": [{"cls": "Divider", "loc": "todo/pages/index.swift:13:85"}]},
            {"cls": "Padding", "p1": {"cls": "EdgeInsets", "cmd": "symmetric", "h": 2, "v": 0},
             "loc": "todo/pages/index.swift:14:9", "children": []}
         ]}}
        """

    private func decodeError(_ text: String) -> TemplateDecodingError? {
        do {
            _ = try TemplateFile(jsonText: text)
            return nil
        } catch {
            return error
        }
    }

    /// A valid file with one top-level member replaced (or removed, for nil).
    private func variant(_ key: String, _ value: JSONValue?) throws -> String {
        guard case .object(var o) = try JSONValue.parse(Self.validText) else { return "" }
        o[key] = value
        return JSONValue.object(o).serialized()
    }

    /// A valid file whose root is `root`.
    private func withRoot(_ root: JSONValue) throws -> String { try variant("root", root) }

    @Test func decodesTheDesignExample() throws {
        let file = try TemplateFile(jsonText: Self.validText)
        #expect(file.page == "index")
        #expect(file.title == "Todo")
        #expect(file.source == "todo/pages/index.swift")
        #expect(file.deps == ["draft", "todos"])
        #expect(file.root.cls == "Column")
        #expect(file.root.loc == "todo/pages/index.swift:5:5")
        #expect(file.root.props == ["spacing": 1])
        #expect(file.root.children.map(\.cls) == ["Text", "If", "Padding"])
        let text = file.root.children[0]
        #expect(text.props == ["p1": "Todo ({{todos.length}})", "style": ["cmd": "bold"]])
        let conditional = file.root.children[1]
        #expect(conditional.children.map(\.cls) == ["Text"])
        #expect(conditional.slots["else"]?.map(\.cls) == ["Divider"])
        #expect(conditional.props == ["p1": "{{todos.length == 0}}"])
        let padding = file.root.children[2]
        #expect(padding.props["p1"] == ["cls": "EdgeInsets", "cmd": "symmetric", "h": 2, "v": 0],
                "value objects without loc stay props")
        #expect(padding.children.isEmpty)
    }

    @Test func jsonRoundTrips() throws {
        let file = try TemplateFile(jsonText: Self.validText)
        let again = try TemplateFile(jsonText: file.json.prettySerialized())
        #expect(again == file)
        #expect(file.json["format"] == "termini.template/1")
    }

    @Test func titleAndDepsAreOptional() throws {
        let file = try TemplateFile(jsonText: try variant("title", nil))
        #expect(file.title == nil)
        let nullTitle = try TemplateFile(jsonText: try variant("title", .null))
        #expect(nullTitle.title == nil)
        #expect(nullTitle.json["title"] == nil)
        let noDeps = try TemplateFile(jsonText: try variant("deps", nil))
        #expect(noDeps.deps == [])
    }

    @Test func rejectsOtherFormats() throws {
        #expect(decodeError(try variant("format", "termini.template/2")) == TemplateDecodingError(
            jsonPath: "$.format", message: #"unsupported format "termini.template/2"; expected "termini.template/1""#))
        #expect(decodeError(try variant("format", 1)) == TemplateDecodingError(
            jsonPath: "$.format", message: #"unsupported format 1; expected "termini.template/1""#))
        #expect(decodeError(try variant("format", nil)) == TemplateDecodingError(
            jsonPath: "$.format", message: #"missing; expected "termini.template/1""#))
    }

    @Test func topLevelErrorsNameTheirPath() throws {
        #expect(decodeError("[]") == TemplateDecodingError(jsonPath: "$", message: "expected an object, found array"))
        #expect(decodeError(try variant("page", nil)) == TemplateDecodingError(jsonPath: "$.page", message: "missing"))
        #expect(decodeError(try variant("page", 3)) ==
            TemplateDecodingError(jsonPath: "$.page", message: "expected a string, found number"))
        #expect(decodeError(try variant("source", nil)) == TemplateDecodingError(jsonPath: "$.source", message: "missing"))
        #expect(decodeError(try variant("title", false)) ==
            TemplateDecodingError(jsonPath: "$.title", message: "expected a string, found boolean"))
        #expect(decodeError(try variant("deps", "todos")) ==
            TemplateDecodingError(jsonPath: "$.deps", message: "expected an array, found string"))
        #expect(decodeError(try variant("deps", ["a", ["b"]])) ==
            TemplateDecodingError(jsonPath: "$.deps[1]", message: "expected a string, found array"))
        #expect(decodeError(try variant("root", nil)) == TemplateDecodingError(jsonPath: "$.root", message: "missing"))
    }

    @Test func invalidJSONReportsLineAndColumn() {
        #expect(decodeError("{\n  \"page\": }") ==
            TemplateDecodingError(jsonPath: "$", message: "invalid JSON at 2:11: unexpected character '}'"))
        #expect(decodeError("")?.description == "$: invalid JSON at 1:1: the document is empty")
    }

    @Test func nodeErrorsNameTheNestedPath() throws {
        #expect(decodeError(try withRoot("Column")) ==
            TemplateDecodingError(jsonPath: "$.root", message: "expected a widget object, found string"))
        #expect(decodeError(try withRoot(["loc": "f:1:1"])) ==
            TemplateDecodingError(jsonPath: "$.root.cls", message: "missing"))
        #expect(decodeError(try withRoot(["cls": "Text", "loc": 5])) ==
            TemplateDecodingError(jsonPath: "$.root.loc", message: "expected a string, found number"))
        #expect(decodeError(try withRoot(["cls": "Column", "children": ["cls": "Text"]])) ==
            TemplateDecodingError(jsonPath: "$.root.children", message: "expected an array of widgets, found object"))
        #expect(decodeError(try withRoot(["cls": "Column", "children": [["cls": "Text"], ["p1": "x"]]])) ==
            TemplateDecodingError(jsonPath: "$.root.children[1].cls", message: "missing"))
        #expect(decodeError(try withRoot(["cls": "Column", "children": [
            ["cls": "Row", "children": [["cls": "Text"], 7]]],
        ])) == TemplateDecodingError(jsonPath: "$.root.children[0].children[1]",
                                    message: "expected a widget object, found number"))
        #expect(decodeError(try withRoot(["cls": "If", "else": [["cls": "Text", "loc": "f:1:1", "children": [true]]]])) ==
            TemplateDecodingError(jsonPath: "$.root.else[0].children[0]", message: "expected a widget object, found boolean"))
    }

    @Test func slotsAreWidgetListsAndOtherArraysStayProps() throws {
        let node = try TemplateNode(json: [
            "cls": "If", "loc": "f:1:1",
            "else": [["cls": "Text", "loc": "f:2:1"]],
            "items": [1, 2],
            "empty": [],
            "mixed": [["cls": "Text", "loc": "f:3:1"], ["cls": "Value"]],
        ])
        #expect(node.slots.keys.sorted() == ["else"])
        #expect(node.props == ["items": [1, 2], "empty": [], "mixed": [["cls": "Text", "loc": "f:3:1"], ["cls": "Value"]]])
        #expect(try TemplateNode(json: node.json) == node)
    }

    @Test func decodingErrorDescription() {
        #expect(TemplateDecodingError(jsonPath: "$.root.cls", message: "missing").description == "$.root.cls: missing")
    }
}
