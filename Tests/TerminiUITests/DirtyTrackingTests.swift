import Testing
import TerminiTemplate
@testable import TerminiUI

@Suite struct DirtyTrackingTests {
    static let tenThousand: JSONValue = .array((0..<10_000).map {
        ["id": .number(Double($0)), "title": .string("t\($0)"), "done": false]
    })

    @Test func changingOneFieldInATenThousandItemForEachRebuildsOneElement() {
        let root = node("Column", [:], [
            node("Text", ["p1": "{{title}}"]),
            node("ForEach", ["p1": "{{items}}", "key": "id", "item": "it"], [
                node("Checkbox", ["checked": "{{it.done}}", "label": "{{it.title}}"]),
            ]),
        ])
        let page = PageView(root: root, data: ["title": "T", "items": Self.tenThousand])
        let first = page.build(size: (30, 10))
        #expect(first.inserted > 20_000)
        page.apply([(path("items[3].done"), true)])
        let stats = page.build(size: (30, 10))
        #expect(stats.dirtyElements == 1)
        #expect(stats.rebuiltElements == 1)
        #expect(stats.inserted == 0 && stats.removed == 0 && stats.moved == 0)
        #expect(page.renderText(width: 30, height: 5) == "T\n[ ] t0\n[ ] t1\n[ ] t2\n[x] t3")
    }

    @Test func changingOneRowOfATenThousandRowListViewRebuildsOneElement() {
        let root = node("ListView", ["p1": "{{items}}", "key": "id", "item": "it"], [node("Text", ["p1": "{{it.title}}"])])
        let page = PageView(root: root, data: ["items": Self.tenThousand])
        page.build(size: (30, 10))
        page.apply([(path("items[3].title"), "changed")])
        let stats = page.build(size: (30, 10))
        #expect(stats.rebuiltElements == 1)
        #expect(page.renderText(width: 30, height: 5) == "t0\nt1\nt2\nchanged\nt4")
    }

    @Test func unrelatedPatchesRebuildNothing() {
        let root = node("Column", [:], [node("Text", ["p1": "{{a.b}}"]), node("Text", ["p1": "{{c}}"])])
        let page = PageView(root: root, data: ["a": ["b": 1], "c": 2])
        _ = page.renderText(width: 10, height: 2)
        page.apply([(path("z"), 1)])
        #expect(!page.needsBuild)
        #expect(page.build(size: (10, 2)).rebuiltElements == 0)
        // Overlap works both ways: a patch above a read (a) and below it (a.b.c) both rebuild the reader.
        page.apply([(path("a"), ["b": 5])])
        #expect(page.build(size: (10, 2)).rebuiltElements == 1)
        page.apply([(path("c.x"), 5)])
        #expect(page.build(size: (10, 2)).rebuiltElements == 1)
    }

    @Test func replacingTheListRediffsItAndChangingAKeyIsStructural() {
        let root = node("Column", [:], [
            node("ForEach", ["p1": "{{items}}", "key": "id", "item": "it"], [node("Text", ["p1": "{{it.id}}"])]),
        ])
        let page = PageView(root: root, data: ["items": [["id": 1], ["id": 2]]])
        page.build(size: (10, 2))
        let before = page.itemIdentities()
        page.apply([(path("items[1].id"), 3)])
        let stats = page.build(size: (10, 2))
        #expect(stats.inserted == 2 && stats.removed == 2)  // key 2 left, key 3 arrived
        #expect(page.itemIdentities()["1"] == before["1"])
        #expect(page.renderText(width: 10, height: 2) == "1\n3")
    }

    @Test func shiftingRowsAfterARemoveKeepsBindingsCorrect() {
        let root = node("ListView", ["p1": "{{items}}", "key": "id", "item": "it"], [node("Text", ["p1": "{{it.t}}"])])
        let page = PageView(root: root, data: ["items": [["id": 1, "t": "a"], ["id": 2, "t": "b"], ["id": 3, "t": "c"]]])
        #expect(page.renderText(width: 5, height: 3) == "a\nb\nc")
        page.apply([(path("items"), [["id": 2, "t": "b"], ["id": 3, "t": "c"]])])
        #expect(page.renderText(width: 5, height: 3) == "b\nc\n")
        // The shifted rows now read items[0] and items[1]: a patch there must reach them.
        page.apply([(path("items[1].t"), "C")])
        #expect(page.renderText(width: 5, height: 3) == "b\nC\n")
    }

    @Test func indexBindingsFollowMoves() {
        let root = node("Column", [:], [
            node("ForEach", ["p1": "{{items}}", "key": "id", "item": "it", "index": "i"], [node("Text", ["p1": "{{i}}:{{it.id}}"])]),
        ])
        let page = PageView(root: root, data: ["items": [["id": 1], ["id": 2]]])
        #expect(page.renderText(width: 10, height: 2) == "0:1\n1:2")
        page.apply([(path("items"), [["id": 2], ["id": 1]])])
        #expect(page.renderText(width: 10, height: 2) == "0:2\n1:1")
    }
}

/// A function's arguments are reads like any other: a change to `user.name` re-renders `{{ upper(user.name) }}`.
@Suite struct TemplateFunctionReadTests {
    @Test func aPatchToAnArgumentRerendersTheCall() {
        let root = node("Column", [:], [node("Text", ["p1": "{{ upper(user.name) }} ({{ group(count) }})"]), node("Text", ["p1": "{{other}}"])])
        let page = PageView(root: root, data: ["user": ["name": "ann"], "count": 12345, "other": "x"])
        #expect(page.renderText(width: 30, height: 2) == "ANN (12,345)\nx")
        page.apply([(path("user.name"), "bob")])
        let stats = page.build(size: (30, 2))
        #expect(stats.rebuiltElements == 1)
        #expect(page.renderText(width: 30, height: 2) == "BOB (12,345)\nx")
    }
}
