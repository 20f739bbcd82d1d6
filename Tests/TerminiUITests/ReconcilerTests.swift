import Testing
import TerminiTemplate
@testable import TerminiUI

@Suite struct ReconcilerTests {
    func listPage(_ ids: [Int], keyed: Bool = true) -> PageView {
        var props: [String: JSONValue] = ["p1": "{{items}}", "item": "it"]
        if keyed { props["key"] = "id" }
        let root = node("Column", [:], [node("ForEach", props, loc: "list.swift:3:5", [node("Text", ["p1": "row {{it.id}}"])])])
        return PageView(root: root, data: ["items": items(ids)])
    }

    func items(_ ids: [Int]) -> JSONValue { .array(ids.map { ["id": .number(Double($0))] }) }

    func setItems(_ page: PageView, _ ids: [Int]) -> BuildStats {
        page.apply([(path("items"), items(ids))])
        return page.build(size: (40, 20))
    }

    @Test func insertKeepsEveryExistingElement() {
        let page = listPage([1, 2, 3])
        page.build(size: (40, 20))
        let before = page.itemIdentities()
        let stats = setItems(page, [1, 4, 2, 3])
        let after = page.itemIdentities()
        for k in ["1", "2", "3"] { #expect(before[k] == after[k]) }
        #expect(after["4"] != nil)
        #expect(stats.moved == 0)
        #expect(stats.inserted == 2)  // the item and its Text
        #expect(stats.removed == 0)
        #expect(page.renderText(width: 20, height: 4) == "row 1\nrow 4\nrow 2\nrow 3")
    }

    /// A removed row's element outlives the frame that removed it only until the host releases it after the
    /// frame (the engine does), or until the next build when a host never does: memory stays bounded either way.
    @Test func removedRowsAreFreedAfterTheFrameOrAtTheNextBuild() {
        let page = listPage([1, 2, 3])
        page.build(size: (40, 20))
        weak let second = page.element(ofType: ForEachProps.self)?.children[1]
        #expect(second != nil)
        _ = setItems(page, [1, 3])
        #expect(second != nil, "kept past the build, so freeing it is not in the frame's latency")
        page.releaseRetired()
        #expect(second == nil)

        weak let third = page.element(ofType: ForEachProps.self)?.children[1]
        _ = setItems(page, [1])
        _ = setItems(page, [1, 5])  // a host that never calls releaseRetired: the next build frees it
        #expect(third == nil)
    }

    @Test func removeDisposesOnlyTheRemovedRow() {
        let page = listPage([1, 2, 3])
        page.build(size: (40, 20))
        let before = page.itemIdentities()
        let stats = setItems(page, [1, 3])
        #expect(page.itemIdentities() == ["1": before["1"]!, "3": before["3"]!])
        #expect(stats.moved == 0)
        #expect(stats.removed == 2)
        #expect(stats.inserted == 0)
    }

    @Test func moveSwapReverseAndShuffleKeepIdentities() {
        let cases: [([Int], [Int], Int)] = [
            ([1, 2, 3, 4, 5], [1, 3, 4, 5, 2], 1),  // move one
            ([1, 2, 3, 4, 5], [1, 4, 3, 2, 5], 2),  // swap
            ([1, 2, 3, 4, 5], [5, 4, 3, 2, 1], 4),  // reverse
            ([1, 2, 3, 4, 5, 6], [3, 6, 1, 5, 2, 4], 3),  // shuffle: LIS is 3 5 6? no: 3,5 / 1,2,4 -> length 3
        ]
        for (from, to, moves) in cases {
            let page = listPage(from)
            page.build(size: (40, 20))
            let before = page.itemIdentities()
            let stats = setItems(page, to)
            #expect(page.itemIdentities() == before, "\(from) -> \(to)")
            #expect(page.itemKeys() == to.map { String($0) })
            #expect(stats.moved == moves, "\(from) -> \(to)")
            #expect(stats.inserted == 0 && stats.removed == 0)
        }
    }

    @Test func unkeyedRowsAreReusedByPosition() {
        let page = listPage([1, 2, 3], keyed: false)
        page.build(size: (40, 20))
        let before = page.element(ofType: ForEachProps.self)!.children.map(ObjectIdentifier.init)
        _ = setItems(page, [3, 2, 1])
        let after = page.element(ofType: ForEachProps.self)!.children.map(ObjectIdentifier.init)
        #expect(before == after)
        #expect(page.renderText(width: 20, height: 3) == "row 3\nrow 2\nrow 1")
    }

    @Test func replacingTheTypeCreatesANewElement() {
        let root = node("Column", [:], [
            node("If", ["p1": "{{asButton}}"], [node("Button", ["p1": "Go"])], else: [node("Text", ["p1": "Go"])]),
        ])
        let page = PageView(root: root, data: ["asButton": false])
        page.build(size: (20, 2))
        let text = page.element(ofType: TextProps.self).map(ObjectIdentifier.init)
        page.apply([(path("asButton"), true)])
        let stats = page.build(size: (20, 2))
        #expect(page.element(ofType: TextProps.self) == nil)
        #expect(page.element(ofType: ButtonProps.self) != nil)
        #expect(text != nil)
        #expect(stats.inserted == 1 && stats.removed == 1)
        #expect(page.renderText(width: 20, height: 1) == "[ Go ]")
    }

    @Test func sameTypeAcrossIfBranchesIsUpdatedInPlace() {
        let root = node("If", ["p1": "{{flag}}"], [node("Text", ["p1": "yes"])], else: [node("Text", ["p1": "no"])])
        let page = PageView(root: root, data: ["flag": true])
        #expect(page.renderText(width: 10, height: 1) == "yes")
        let text = ObjectIdentifier(page.element(ofType: TextProps.self)!)
        page.apply([(path("flag"), false)])
        #expect(page.renderText(width: 10, height: 1) == "no")
        #expect(ObjectIdentifier(page.element(ofType: TextProps.self)!) == text)
    }

    @Test func globalKeyMovesASubtreeToANewParentWithItsState() {
        let field = node("TextField", ["placeholder": "name", "globalKey": "field"])
        let root = node("If", ["p1": "{{boxed}}"], [node("Box", ["title": "A"], [field])],
                        else: [node("Row", [:], [node("Text", ["p1": "B:"]), field])])
        let page = PageView(root: root, data: ["boxed": true])
        page.tree.lifecycleLog = []
        page.build(size: (30, 5))
        var buffer = CellBuffer(width: 30, height: 5)
        page.paint(into: &buffer)
        _ = page.handle(.key(.tab))
        for c in "Ada" { _ = page.handle(.key(.character(c))) }
        let before = page.element(ofType: TextFieldProps.self)!
        page.apply([(path("boxed"), false)])
        page.build(size: (30, 5))
        let after = page.element(ofType: TextFieldProps.self)!
        #expect(before === after)
        #expect(String(after.editText) == "Ada" && after.cursor == 3)
        #expect(after.parent?.kind.behavior == RowProps.self)
        #expect(page.tree.lifecycleLog?.contains("reparent TextField GlobalKey(field)") == true)
        #expect(page.tree.lifecycleLog?.contains("dispose TextField GlobalKey(field)") == false)
        #expect(page.tree.lifecycleLog?.contains("dispose Box") == true)
        #expect(page.focusedLoc != nil)  // focus stayed on the moved field
        #expect(page.renderText(width: 30, height: 1).hasPrefix("B:Ada"))
    }

    @Test func duplicateKeysAreReportedWithTheLocAndMatchByPosition() {
        let page = listPage([1, 2, 3])
        page.build(size: (40, 20))
        let before = page.element(ofType: ForEachProps.self)!.children.map(ObjectIdentifier.init)
        _ = setItems(page, [2, 2, 3])
        #expect(page.diagnostics.contains { $0.loc == "list.swift:3:5" && $0.message.contains("duplicate keys") })
        #expect(page.element(ofType: ForEachProps.self)!.children.map(ObjectIdentifier.init) == before)
        #expect(page.renderText(width: 20, height: 3) == "row 2\nrow 2\nrow 3")
    }

    @Test func lifecycleRunsInitStateUpdateDeactivateDispose() {
        let root = node("Column", [:], [
            node("ForEach", ["p1": "{{items}}", "key": "id", "item": "it"], [node("TextField", ["value": "{{it.v}}"])]),
        ])
        let page = PageView(root: root, data: ["items": [["id": 1, "v": "a"]]])
        page.tree.lifecycleLog = []
        page.build(size: (20, 2))
        page.apply([(path("items[0].v"), "b")])
        page.build(size: (20, 2))
        #expect(String(page.element(ofType: TextFieldProps.self)!.editText) == "b")
        page.apply([(path("items"), [["id": 2, "v": "c"]])])
        page.build(size: (20, 2))
        #expect(page.tree.lifecycleLog == [
            "didUpdateWidget TextField",
            "deactivate #item ValueKey(1)", "deactivate TextField",
            "initState TextField", "initState #item ValueKey(2)",
            "dispose #item ValueKey(1)", "dispose TextField",
        ])
    }

    /// A new array that moves an item and changes it shows the change: the move alone would need no re-evaluation
    /// of the row (it was rebased), the change does. (Before, the row kept its old text.)
    @Test(arguments: ["ForEach", "ListView"]) func aNewArrayThatMovesAnItemAndChangesItShowsTheChange(kind: String) {
        let root = node("Column", [:], [
            node(kind, ["p1": "{{rows}}", "key": "id", "item": "r"], [node("Text", ["p1": "{{r.id}}:{{r.label}}"])]),
        ])
        let page = PageView(root: root, data: ["rows": [["id": 1, "label": "a"], ["id": 2, "label": "b"]]])
        #expect(page.renderText(width: 20, height: 2) == "1:a\n2:b")
        page.apply([(path("rows"), [["id": 2, "label": "b"], ["id": 1, "label": "changed"]])])
        #expect(page.renderText(width: 20, height: 2) == "2:b\n1:changed")
    }

    /// A text field with no `value` (its placeholder reads data) keeps what was typed when that data changes.
    @Test func anUnboundTextFieldKeepsItsTextWhenItsPlaceholderDataChanges() {
        let page = PageView(root: node("TextField", ["placeholder": "{{hint}}"]), data: ["hint": "type here"])
        _ = page.renderText(width: 20, height: 1)
        _ = page.handle(.key(.tab))
        _ = page.handle(.key(.character("A")))
        page.apply([(path("hint"), "another hint")])
        #expect(page.renderText(width: 20, height: 1).hasPrefix("A"))
    }
}

/// Flutter's colour-tile example for keys: two stateful tiles in a row are swapped. Here the state is
/// the text typed into each tile's field. With keys the state moves with its tile; without keys the elements are
/// reused in place, so the typed text stays where it was while the tiles' own props (the names) swap.
@Suite struct ColourTileSwapTests {
    func tiles(keyed: Bool) -> PageView {
        var props: [String: JSONValue] = ["p1": "{{tiles}}", "item": "tile"]
        if keyed { props["key"] = "id" }
        let root = node("Row", ["spacing": 1], [
            node("ForEach", props, [node("Box", ["title": "{{tile.name}}", "width": 9, "height": 3], [node("TextField", [:])])]),
        ])
        return PageView(root: root, data: ["tiles": [["id": 1, "name": "red"], ["id": 2, "name": "blue"]]])
    }

    func typeIntoBothTiles(_ page: PageView) {
        _ = page.renderText(width: 20, height: 3)
        _ = page.handle(.key(.tab))
        for c in "RR" { _ = page.handle(.key(.character(c))) }
        _ = page.handle(.key(.tab))
        for c in "BB" { _ = page.handle(.key(.character(c))) }
        _ = page.handle(.key(.escape))
    }

    func swap(_ page: PageView) {
        page.apply([(path("tiles"), [["id": 2, "name": "blue"], ["id": 1, "name": "red"]])])
    }

    @Test func withKeysTheStateMovesWithItsTile() {
        let page = tiles(keyed: true)
        typeIntoBothTiles(page)
        #expect(page.renderText(width: 20, height: 3) == "┌ red ──┐ ┌ blue ─┐\n│RR     │ │BB     │\n└───────┘ └───────┘")
        let fields = [page.element(ofType: TextFieldProps.self, at: 0)!, page.element(ofType: TextFieldProps.self, at: 1)!]
        swap(page)
        #expect(page.renderText(width: 20, height: 3) == "┌ blue ─┐ ┌ red ──┐\n│BB     │ │RR     │\n└───────┘ └───────┘")
        #expect(page.element(ofType: TextFieldProps.self, at: 0) === fields[1])
        #expect(page.element(ofType: TextFieldProps.self, at: 1) === fields[0])
    }

    @Test func withoutKeysTheStateStaysInPlace() {
        let page = tiles(keyed: false)
        typeIntoBothTiles(page)
        let fields = [page.element(ofType: TextFieldProps.self, at: 0)!, page.element(ofType: TextFieldProps.self, at: 1)!]
        swap(page)
        #expect(page.renderText(width: 20, height: 3) == "┌ blue ─┐ ┌ red ──┐\n│RR     │ │BB     │\n└───────┘ └───────┘")
        #expect(page.element(ofType: TextFieldProps.self, at: 0) === fields[0])
        #expect(page.element(ofType: TextFieldProps.self, at: 1) === fields[1])
    }
}

@Suite struct ListViewReconcileTests {
    func page(_ n: Int) -> PageView {
        let rows: JSONValue = .array((0..<n).map { ["id": .number(Double($0)), "label": .string("r\($0)")] })
        let root = node("ListView", ["p1": "{{rows}}", "key": "id", "item": "row"], loc: "lv.swift:1:1",
                        [node("TextField", ["placeholder": "{{row.label}}"])])
        return PageView(root: root, data: ["rows": rows])
    }

    @Test func swappingRowsTwoAnd999IsTwoMoves() {
        let page = page(1000)
        _ = page.renderText(width: 20, height: 4)
        let rows = page.data["rows"]!.arrayValue!
        page.apply([(path("rows[1]"), rows[998]), (path("rows[998]"), rows[1])])
        let stats = page.build(size: (20, 4))
        #expect(stats.moved == 2)
        #expect(page.renderText(width: 20, height: 4) == "r0\nr998\nr2\nr3")
    }

    @Test func swappingVisibleRowsMovesTheirState() {
        let page = page(1000)
        _ = page.renderText(width: 20, height: 4)
        _ = page.handle(.key(.tab))  // the list
        _ = page.handle(.key(.down))  // row 1 is its current row
        _ = page.handle(.key(.right))  // row 1's field
        for c in "typed" { _ = page.handle(.key(.character(c))) }
        let rows = page.data["rows"]!.arrayValue!
        page.apply([(path("rows[1]"), rows[3]), (path("rows[3]"), rows[1])])
        #expect(page.build(size: (20, 4)).moved == 2)
        var buffer = CellBuffer(width: 20, height: 4)
        page.paint(into: &buffer)
        #expect(buffer.renderText() == "r0\nr3\nr2\ntyped")
        _ = page.handle(.key(.character("!")))  // focus moved with the row
        #expect(page.renderText(width: 20, height: 4) == "r0\nr3\nr2\ntyped!")
    }

    @Test func removingARowMovesNothing() {
        let page = page(100)
        _ = page.renderText(width: 20, height: 4)
        var rows = page.data["rows"]!.arrayValue!
        rows.remove(at: 1)
        page.apply([(path("rows"), .array(rows))])
        let stats = page.build(size: (20, 4))
        #expect(stats.moved == 0)
        #expect(page.renderText(width: 20, height: 4) == "r0\nr2\nr3\nr4")
    }

    @Test func duplicateItemKeysAreReported() {
        let root = node("ListView", ["p1": "{{rows}}", "key": "id", "item": "row"], loc: "lv.swift:9:9",
                        [node("Text", ["p1": "{{row.id}}"])])
        let page = PageView(root: root, data: ["rows": [["id": 1], ["id": 1]]])
        #expect(page.renderText(width: 5, height: 2) == "1\n1")
        #expect(page.diagnostics.contains { $0.loc == "lv.swift:9:9" && $0.message.contains("duplicate keys") })
    }
}

@Suite struct HotReloadTests {
    @Test func replacingTheTemplateKeepsMatchingState() {
        let before = node("Column", [:], [node("TextField", ["placeholder": "name"]), node("Blink")])
        let page = PageView(root: before, data: ["greeting": "hi"])
        _ = page.renderText(width: 30, height: 6)
        _ = page.handle(.key(.tab))
        for c in "Ada" { _ = page.handle(.key(.character(c))) }
        #expect(page.diagnostics.count == 1)
        let field = page.element(ofType: TextFieldProps.self)
        let after = node("Column", [:], [node("TextField", ["placeholder": "your name"]), node("Text", ["p1": "{{greeting}}"])])
        page.replaceTemplate(TemplateFile(page: "p", title: nil, source: "", deps: [], root: after))
        #expect(page.element(ofType: TextFieldProps.self) === field)
        #expect(page.diagnostics.isEmpty)
        #expect(page.renderText(width: 30, height: 2) == "Ada\nhi")
        _ = page.handle(.key(.character("!")))  // still focused
        #expect(page.renderText(width: 30, height: 2) == "Ada!\nhi")
    }
}
