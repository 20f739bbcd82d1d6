import Testing
import TerminiTemplate
@testable import TerminiUI

@Suite struct BadInputTests {
    @Test func unknownWidgetRendersAnErrorBoxAndTheRestOfThePage() {
        let root = node("Column", [:], [node("Text", ["p1": "before"]), node("Blink", [:], loc: "p.swift:7:3"), node("Text", ["p1": "after"])])
        let page = PageView(root: root, data: [:])
        let text = page.renderText(width: 40, height: 5)
        #expect(text == "before\n┌ error ─────────────────────────┐\n│p.swift:7:3: unknown widget 'Blink'│\n└────────────────────────────────┘\nafter"
            || text.contains("p.swift:7:3"))
        #expect(text.hasPrefix("before\n┌ error"))
        #expect(text.hasSuffix("after"))
        #expect(page.diagnostics == [RenderDiagnostic(message: "unknown widget 'Blink'", loc: "p.swift:7:3")])
    }

    @Test func wrongPropTypeAndMissingRequiredPropAreReportedWithTheLoc() {
        let root = node("Column", [:], [
            node("ProgressBar", ["value": "{{label}}"], loc: "p.swift:2:1"),
            node("Button", [:], loc: "p.swift:3:1"),
            node("Text", ["p1": "fine"]),
        ])
        let page = PageView(root: root, data: ["label": "x"])
        let text = page.renderText(width: 100, height: 8)
        #expect(text.contains("p.swift:2:1: ProgressBar.value: expected Double, found string \"x\""))
        #expect(text.contains("p.swift:3:1: Button: missing required prop 'p1' of type String"))
        #expect(text.contains("┘\nfine"))
        #expect(page.diagnostics.map(\.loc) == ["p.swift:2:1", "p.swift:3:1"])
        // Fixing the data fixes the widget.
        page.apply([(path("label"), 0.5)])
        #expect(page.renderText(width: 10, height: 8).hasPrefix("█████░░░░░"))
    }

    @Test func expressionErrorRendersAnErrorBox() {
        let root = node("Column", [:], [node("Text", ["p1": "{{a +}}"], loc: "p.swift:4:2"), node("Text", ["p1": "ok"])])
        let page = PageView(root: root, data: [:])
        let text = page.renderText(width: 60, height: 5)
        #expect(text.contains("p.swift:4:2: expression error"))
        #expect(text.hasSuffix("ok"))
        #expect(page.diagnostics.first?.loc == "p.swift:4:2")
    }

    @Test func missingDataRendersEmptyNotAnError() {
        let root = node("Column", [:], [
            node("Text", ["p1": "[{{nope.deeper}}]"]),
            node("Checkbox", ["checked": "{{nope}}", "label": "x"]),
            node("ForEach", ["p1": "{{nope}}"], [node("Text", ["p1": "never"])]),
        ])
        let page = PageView(root: root, data: [:])
        #expect(page.renderText(width: 10, height: 3) == "[]\n[ ] x\n")
        #expect(page.diagnostics.isEmpty)
    }

    @Test func degenerateSizesDoNotCrash() {
        let root = node("Column", ["spacing": -5], [
            node("Box", ["title": "t", "width": -3, "height": -1], [node("Text", ["p1": "中文"])]),
            node("Row", [:], [node("Expanded", [:], [node("ProgressBar", ["value": 0.3])]), node("Spacer")]),
            node("ListView", ["p1": "{{xs}}"], [node("Text", ["p1": "{{item}}"])]),
            node("Padding", ["p1": ["cmd": "all", "p1": -4]], [node("TextField", ["value": "x"])]),
        ])
        let data: JSONValue = ["xs": [1, 2, 3]]
        for (w, h) in [(-5, -5), (0, 0), (1, 1), (2, 1), (1, 3), (0, 10), (10, 0)] {
            let page = PageView(root: root, data: data)
            _ = page.renderText(width: w, height: h)
            _ = page.handle(.key(.tab))
            _ = page.handle(.key(.pageDown))
            _ = page.handle(.mouse(MouseEvent(x: 0, y: 0, kind: .press)))
            _ = page.handle(.resize(width: w, height: h))
            _ = page.renderText(width: w, height: h)
        }
        #expect(render(root, data: data, width: 1, height: 1).count <= 1)
    }

    @Test func hundredThousandCharacterLineDoesNotCrash() {
        let long = String(repeating: "长文本 text ", count: 12_500)
        let wrapped = render(node("Text", ["p1": .string(long)]), width: 80, height: 3)
        #expect(wrapped.split(separator: "\n").count == 3)
        let clipped = render(node("Text", ["p1": .string(long), "wrap": false]), width: 80, height: 1)
        #expect(TextWidth.of(clipped) <= 80)
        #expect(clipped.hasPrefix("长文本 text 长文本"))
    }

    @Test func thousandLevelNestingIsCappedWithAnErrorBox() {
        var tree = node("Text", ["p1": "leaf"])
        for _ in 0..<1_000 { tree = node("Column", [:], [tree]) }
        let page = PageView(root: tree, data: [:])
        let text = page.renderText(width: 60, height: 6)
        #expect(text.contains("nesting deeper than \(CompiledNode.maxDepth) levels"))
        #expect(page.diagnostics.count == 1)
    }

    @Test func deepNestingFromJSONDoesNotCrash() throws {
        // 900 widget levels are 1,800 JSON levels, inside the JSON parser's own limit of 2,000.
        var json = #"{"cls":"Text","loc":"x:1:1","p1":"leaf"}"#
        for _ in 0..<900 { json = #"{"cls":"Padding","loc":"x:1:1","p1":{"cmd":"all","p1":0},"children":["# + json + "]}" }
        let file = try TemplateFile(jsonText: #"{"format":"termini.template/1","page":"p","source":"s","root":"# + json + "}")
        let page = PageView(template: file, data: [:])
        #expect(page.renderText(width: 60, height: 4).contains("nesting deeper"))
    }
}

@Suite struct RandomInputTests {
    @Test func randomInputAndSizesNeverCrashOrOverflowTheScreen() throws {
        let file = try TemplateFile(jsonText: TodoPageTests.json)
        let page = PageView(template: file, data: [
            "draft": "", "doneCount": 0,
            "todos": .array((0..<30).map { ["id": .number(Double($0)), "title": .string("item \($0) 中文"), "done": false] }),
        ])
        var rng = SplitMix(seed: 99)
        let keys: [Key] = [.enter, .tab, .backTab, .up, .down, .left, .right, .escape, .backspace, .delete, .pageUp,
                           .pageDown, .home, .end, .space, .character("x"), .character("中"), .character("e\u{301}"),
                           .control("a"), .control("k"), .control("u")]
        var size = (width: 40, height: 12)
        for _ in 0..<2_000 {
            switch rng.next() % 10 {
            case 0...5: _ = page.handle(.key(keys[Int(rng.next() % UInt64(keys.count))]))
            case 6, 7:
                let kinds: [MouseEvent.Kind] = [.press, .release, .scrollUp, .scrollDown]
                _ = page.handle(.mouse(MouseEvent(x: Int(rng.next() % 60) - 10, y: Int(rng.next() % 30) - 5,
                                                  kind: kinds[Int(rng.next() % 4)])))
            case 8:
                size = (Int(rng.next() % 90) - 5, Int(rng.next() % 40) - 5)
                _ = page.handle(.resize(width: size.width, height: size.height))
            default:
                page.apply([(path("todos[\(rng.next() % 35)].done"), .bool(rng.next() % 2 == 0))])
            }
            let text = page.renderText(width: size.width, height: size.height)
            let lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= max(0, size.height))
            #expect(lines.allSatisfy { TextWidth.of(String($0)) <= max(0, size.width) })
        }
    }
}
