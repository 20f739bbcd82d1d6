import TerminiTemplate
@testable import TerminiUI

import Testing

/// Component instances in the retained tree: their data and properties are their own, a setData of one instance
/// rebuilds only its widgets, a property change rebuilds only the instances whose properties changed, and slot
/// content sees the use site's data.
@Suite struct ComponentTreeTests {
    static let counter = ComponentTemplate(
        name: "Counter", source: "Counter.swift", properties: ["label"], events: ["change"], slots: ["content"], deps: [],
        body: [node("Row", ["spacing": 1], [node("Text", ["p1": "{{label}}={{count}}"]), node("Slot")])])

    func page() -> PageView {
        let root = node("Column", [:], [
            node("ForEach", ["p1": "{{rows}}", "key": "id", "item": "row"], [
                node("Component", ["p1": "Counter", "properties": ["label": "{{row.name}}"], "events": ["change": "changed"]],
                     [node("Text", ["p1": "<{{title}}>"])]),
            ]),
        ])
        let data: JSONValue = ["title": "T", "rows": [["id": 1, "name": "a"], ["id": 2, "name": "b"]]]
        return PageView(template: TemplateFile(page: "p", title: nil, source: "", deps: [], root: root), data: data,
                        components: ["Counter": Self.counter], componentData: { _ in ["count": 0] })
    }

    @Test func instancesHaveTheirOwnDataAndSlotsSeeTheUseSite() {
        let view = page()
        #expect(view.renderText(width: 20, height: 2) == "a=0 <T>\nb=0 <T>")
        let events = view.takeComponentEvents()
        #expect(events.count == 2)
        guard case .attached(let id, "Counter", ["label": "a"], nil, ["change": "changed"], _)? = events.first else {
            Issue.record("first event: \(events)")
            return
        }
        // The instance's own setData, as the script sends it: only its Text rebuilds.
        view.applySetData([DataPatch(path: DataPath([.key("$c"), .key(String(id)), .key("count")]), value: 5)])
        let stats = view.build(size: (20, 2))
        #expect(stats.rebuiltElements == 1)
        #expect(view.renderText(width: 20, height: 2) == "a=5 <T>\nb=0 <T>")
    }

    @Test func aPropertyChangeRebuildsOnlyThatInstance() {
        let view = page()
        _ = view.renderText(width: 20, height: 2)
        _ = view.takeComponentEvents()
        view.apply([(path("rows[1].name"), "B")])
        _ = view.build(size: (20, 2))
        #expect(view.renderText(width: 20, height: 2) == "a=0 <T>\nB=0 <T>")
        guard case .propertiesChanged(_, ["label": "B"])? = view.takeComponentEvents().first else {
            Issue.record("no propertiesChanged event")
            return
        }
        // The slot content reads the page's data.
        view.apply([(path("title"), "U")])
        #expect(view.renderText(width: 20, height: 2) == "a=0 <U>\nB=0 <U>")
    }

    @Test func removingARowDetachesItsInstanceAndFreesItsData() {
        let view = page()
        _ = view.renderText(width: 20, height: 2)
        _ = view.takeComponentEvents()
        view.apply([(path("rows"), [["id": 2, "name": "b"]])])
        _ = view.build(size: (20, 2))
        #expect(view.takeComponentEvents() == [.detached(id: 1)])
        #expect(view.data["$c"]?["1"] == nil && view.data["$c"]?["2"] != nil)
    }
}
