import Testing
import TerminiTemplate
@testable import TerminiUI

/// Randomized check of the whole incremental pipeline (dirty tracking, keyed diff, rebasing shifted rows,
/// reusing reads): after every random patch, the incrementally updated page must show exactly what a page
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
            node("ListView", ["p1": "{{items}}", "key": "id", "item": "r"], [node("Text", ["p1": "{{r.id}}:{{r.name}}"])]),
        ]),
    ])

    func item(_ id: Int, _ rng: inout SplitMix) -> JSONValue {
        let tags: [JSONValue] = (0..<Int(rng.next() % 3)).map { .string("t\($0)") }
        return ["id": .number(Double(id)), "name": .string("n\(rng.next() % 100)"), "done": .bool(rng.next() % 2 == 0),
                "tags": .array(tags)]
    }

    @Test(arguments: Array(UInt64(1)...12))
    func incrementalMatchesFromScratch(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        var nextID = 0
        var items: [JSONValue] = (0..<8).map { _ in nextID += 1; return item(nextID, &rng) }
        let page = PageView(root: Self.template, data: ["title": "T", "items": .array(items), "selected": -1, "showList": true])
        _ = page.renderText(width: 40, height: 30)
        for step in 0..<80 {
            var patches: [(DataPath, JSONValue)] = []
            switch rng.next() % 9 {
            case 0:  // shuffle
                items.shuffle(using: &rng)
                patches.append((path("items"), .array(items)))
            case 1:  // insert
                nextID += 1
                items.insert(item(nextID, &rng), at: Int(rng.next() % UInt64(items.count + 1)))
                patches.append((path("items"), .array(items)))
            case 2:  // remove
                if !items.isEmpty { items.remove(at: Int(rng.next() % UInt64(items.count))) }
                patches.append((path("items"), .array(items)))
            case 3:  // swap two items through two item paths, as setData would send them
                if items.count > 1 {
                    let a = Int(rng.next() % UInt64(items.count)), b = Int(rng.next() % UInt64(items.count))
                    items.swapAt(a, b)
                    patches.append((DataPath([.key("items"), .index(a)]), items[a]))
                    patches.append((DataPath([.key("items"), .index(b)]), items[b]))
                }
            case 4:  // a field inside one item
                if !items.isEmpty {
                    let i = Int(rng.next() % UInt64(items.count))
                    let name = JSONValue.string("m\(rng.next() % 100)")
                    items[i] = items[i].setting("name", name)
                    patches.append((DataPath([.key("items"), .index(i), .key("name")]), name))
                }
            case 5:  // select an id
                patches.append((path("selected"), .number(Double(rng.next() % UInt64(nextID + 1)))))
            case 6:  // toggle the If
                patches.append((path("showList"), .bool(rng.next() % 3 != 0)))
            case 7:  // change an item's key
                if !items.isEmpty {
                    let i = Int(rng.next() % UInt64(items.count))
                    nextID += 1
                    items[i] = items[i].setting("id", .number(Double(nextID)))
                    patches.append((DataPath([.key("items"), .index(i), .key("id")]), .number(Double(nextID))))
                }
            default:  // a tag list inside an item
                if !items.isEmpty {
                    let i = Int(rng.next() % UInt64(items.count))
                    let tags: JSONValue = .array((0..<Int(rng.next() % 4)).map { .string("x\($0)") })
                    items[i] = items[i].setting("tags", tags)
                    patches.append((DataPath([.key("items"), .index(i), .key("tags")]), tags))
                }
            }
            page.apply(patches)
            let incremental = page.renderText(width: 40, height: 30)
            let fresh = PageView(root: Self.template, data: page.data).renderText(width: 40, height: 30)
            #expect(incremental == fresh, "seed \(seed) step \(step)")
            if incremental != fresh { break }
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
