import Testing
import TerminiTemplate
@testable import TerminiUI

/// Randomized check of the whole incremental pipeline (dirty tracking, keyed diff, splices, rebasing shifted rows,
/// reusing reads, rows built ahead): after every random batch of patches, the incrementally updated page must show exactly what a page
/// built from scratch with the same data shows.
@Suite struct IncrementalConsistencyTests {
    static let template = node("Column", [:], [
        node("Text", ["p1": "{{title}} ({{items.length}}) sel={{selected}}"]),
        node("If", ["p1": "{{showList}}"], [
            node("ForEach", ["p1": "{{items}}", "key": "id", "item": "it", "index": "i"], [
                node("Row", ["spacing": 1], [
                    node("Text", ["p1": "{{i}}"]),
                    node("Checkbox", ["checked": "{{it.done}}", "label": "{{it.name}}"]),
                    node("Text", ["p1": "{{it.id == selected ? '<' : ''}}"]),
                    node("ForEach", ["p1": "{{it.tags}}", "item": "t"], [node("Text", ["p1": "#{{t}}"])]),
                ]),
            ]),
        ], else: [node("Text", ["p1": "hidden"])]),
        node("Box", ["height": 6, "title": "list"], [
            node("ListView", ["p1": "{{items}}", "key": "id", "item": "r", "id": "list"], [node("Text", ["p1": "{{r.id}}:{{r.name}}"])]),
        ]),
    ])

    /// List rows that cannot simply be rebased when they move: each shows its index, reads the list by name, holds a
    /// component instance (its property and its slot content from the row) and a nested list.
    static let rowsTemplate = node("Column", [:], [
        node("Text", ["p1": "{{title}} ({{items.length}})"]),
        node("Box", ["height": 12, "title": "rows"], [
            node("ListView", ["p1": "{{items}}", "key": "id", "item": "r", "index": "i", "id": "list"], [
                node("Row", ["spacing": 1], [
                    node("Text", ["p1": "{{i}}/{{items.length}}"]),
                    node("Component", ["p1": "Tag", "properties": ["label": "{{r.name}}"]],
                         [node("Text", ["p1": "<{{r.id == selected ? 'sel' : r.done}}>"])]),
                    node("ForEach", ["p1": "{{r.tags}}", "item": "t"], [node("Text", ["p1": "#{{t}}"])]),
                ]),
            ]),
        ]),
    ])

    static let tag = ComponentTemplate(
        name: "Tag", source: "Tag.swift", properties: ["label"], events: [], slots: ["content"], deps: [],
        body: [node("Row", [:], [node("Text", ["p1": "[{{label}}]"]), node("Slot")])])

    func makePage(_ template: Int, data: JSONValue) -> PageView {
        guard template == 1 else { return PageView(root: Self.template, data: data) }
        return PageView(template: TemplateFile(page: "p", title: nil, source: "", deps: [], root: Self.rowsTemplate),
                        data: data, components: ["Tag": Self.tag], componentData: { _ in [:] })
    }

    func item(_ id: Int, _ rng: inout SplitMix) -> JSONValue {
        let tags: [JSONValue] = (0..<Int(rng.next() % 3)).map { .string("t\($0)") }
        return ["id": .number(Double(id)), "name": .string("n\(rng.next() % 100)"), "done": .bool(rng.next() % 2 == 0),
                "tags": .array(tags)]
    }

    /// One random change, as the patches setData would send for it; `items` follows it.
    func change(_ items: inout [JSONValue], nextID: inout Int, _ rng: inout SplitMix) -> [DataPatch] {
        let itemsPath = path("items")
        func set(_ p: DataPath, _ v: JSONValue) -> DataPatch { DataPatch(path: p, value: v) }
        func renamed(_ i: Int) -> JSONValue { items[i].setting("name", .string("r\(rng.next() % 100)")) }
        switch rng.next() % 13 {
        case 0:  // shuffle
            items.shuffle(using: &rng)
            return [set(itemsPath, .array(items))]
        case 1:  // insert
            nextID += 1
            items.insert(item(nextID, &rng), at: Int(rng.next() % UInt64(items.count + 1)))
            return [set(itemsPath, .array(items))]
        case 2:  // remove
            if !items.isEmpty { items.remove(at: Int(rng.next() % UInt64(items.count))) }
            return [set(itemsPath, .array(items))]
        case 3:  // swap two items through two item paths, as setData would send them
            guard items.count > 1 else { return [] }
            let a = Int(rng.next() % UInt64(items.count)), b = Int(rng.next() % UInt64(items.count))
            items.swapAt(a, b)
            return [set(DataPath([.key("items"), .index(a)]), items[a]), set(DataPath([.key("items"), .index(b)]), items[b])]
        case 4:  // a field inside one item
            guard !items.isEmpty else { return [] }
            let i = Int(rng.next() % UInt64(items.count))
            let name = JSONValue.string("m\(rng.next() % 100)")
            items[i] = items[i].setting("name", name)
            return [set(DataPath([.key("items"), .index(i), .key("name")]), name)]
        case 5:  // select an id
            return [set(path("selected"), .number(Double(rng.next() % UInt64(nextID + 1))))]
        case 6:  // toggle the If
            return [set(path("showList"), .bool(rng.next() % 3 != 0))]
        case 7:  // change an item's key
            guard !items.isEmpty else { return [] }
            let i = Int(rng.next() % UInt64(items.count))
            nextID += 1
            items[i] = items[i].setting("id", .number(Double(nextID)))
            return [set(DataPath([.key("items"), .index(i), .key("id")]), .number(Double(nextID)))]
        case 8:  // a tag list inside an item
            guard !items.isEmpty else { return [] }
            let i = Int(rng.next() % UInt64(items.count))
            let tags: JSONValue = .array((0..<Int(rng.next() % 4)).map { .string("x\($0)") })
            items[i] = items[i].setting("tags", tags)
            return [set(DataPath([.key("items"), .index(i), .key("tags")]), tags)]
        case 9:  // a splice that inserts (spliceData, or setData's append)
            nextID += 1
            let at = Int(rng.next() % UInt64(items.count + 1))
            let new = item(nextID, &rng)
            items.insert(new, at: at)
            return [DataPatch(path: itemsPath, change: .splice(index: at, removing: 0, inserting: JSONArray([new])))]
        case 10:  // a splice that removes
            guard !items.isEmpty else { return [] }
            let at = Int(rng.next() % UInt64(items.count))
            items.remove(at: at)
            return [DataPatch(path: itemsPath, change: .splice(index: at, removing: 1, inserting: JSONArray([])))]
        case 11:  // a splice that replaces an item by one with the same key and new values
            guard !items.isEmpty else { return [] }
            let at = Int(rng.next() % UInt64(items.count))
            items[at] = renamed(at)
            return [DataPatch(path: itemsPath, change: .splice(index: at, removing: 1, inserting: JSONArray([items[at]])))]
        default:  // a new array that moves items and changes one
            guard !items.isEmpty else { return [] }
            items.shuffle(using: &rng)
            let i = Int(rng.next() % UInt64(items.count))
            items[i] = renamed(i)
            return [set(itemsPath, .array(items))]
        }
    }

    /// The page as the user sees it with the list scrolled to `offset`.
    func screen(_ page: PageView, listOffset offset: Int) -> String {
        _ = page.renderText(width: 40, height: 30)
        try? page.scrollTo(id: "list", key: nil, index: offset)
        return page.renderText(width: 40, height: 30)
    }

    /// Each step sends one to three changes in one batch (a handler's setData and spliceData calls reach the page
    /// together), scrolls the list now and then, and between steps lets the page build rows ahead as the idle loop
    /// does.
    @Test(arguments: Array(UInt64(1)...12), [0, 1])
    func incrementalMatchesFromScratch(seed: UInt64, template: Int) {
        var rng = SplitMix(seed: seed)
        var nextID = 0
        var items: [JSONValue] = (0..<14).map { _ in nextID += 1; return item(nextID, &rng) }
        let page = makePage(template, data: ["title": "T", "items": .array(items), "selected": -1, "showList": true])
        var offset = 0
        _ = screen(page, listOffset: offset)
        for step in 0..<80 {
            var patches: [DataPatch] = []
            for _ in 0..<(1 + rng.next() % 3) { patches += change(&items, nextID: &nextID, &rng) }
            page.applySetData(patches)
            if rng.next() % 4 == 0 { offset = items.isEmpty ? 0 : Int(rng.next() % UInt64(items.count)) }
            offset = min(offset, max(0, items.count - 1))
            let incremental = screen(page, listOffset: offset)
            let fresh = screen(makePage(template, data: page.data), listOffset: offset)
            #expect(incremental == fresh, "template \(template) seed \(seed) step \(step)")
            if incremental != fresh { break }
            page.buildAhead(rows: Int(rng.next() % 12))
        }
    }
}

extension JSONValue {
    func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var o) = self else { return self }
        o[key] = value
        return .object(o)
    }
}
