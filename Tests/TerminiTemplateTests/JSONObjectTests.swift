import Testing
@testable import TerminiTemplate

/// `JSONObject` behaves as a dictionary does, while rows decoded from one text share one key table.
@Suite struct JSONObjectTests {
    @Test func equalityAndHashingIgnoreTheMembersOrder() {
        let ab: JSONObject = ["a": 1, "b": "x"]
        var ba = JSONObject()
        ba["b"] = "x"
        ba["a"] = 1
        #expect(ab == ba)
        #expect(ab.hashValue == ba.hashValue)
        #expect(Set([JSONValue.object(ab), .object(ba)]).count == 1)
        #expect(ab != ["a": 1, "b": "y"])
        #expect(ab != ["a": 1])
        #expect(ab != ["a": 1, "c": "x"])
        #expect(ab.keys == ["a", "b"] && ba.keys == ["b", "a"])
    }

    @Test func rowsParsedFromOneTextShareTheirKeysButNotTheirValues() throws {
        let text = #"[{"id":1,"label":"a"},{"id":2,"label":"b"},{"label":"c","id":3},{"id":4,"label":"d","x":null},{"id":5}]"#
        guard case .array(let rows) = try JSONValue.parse(text) else { Issue.record("not an array"); return }
        let objects = rows.compactMap(\.objectValue)
        #expect(objects.count == 5)
        #expect(objects[4] == ["id": 5] && objects[4].keys == ["id"])
        #expect(objects[0].shape === objects[1].shape)
        #expect(objects[2].shape !== objects[1].shape && objects[3].shape !== objects[1].shape)
        #expect(objects.map { $0["id"] } == [1, 2, 3, 4, 5])
        #expect(objects[2]["label"] == "c" && objects[3].count == 3 && objects[3]["x"] == .null)

        // Changing one row (a value, a new key, a removed key) leaves the rows that share its key table alone.
        var changed = objects[0]
        changed["label"] = "A"
        changed["extra"] = true
        #expect(objects[0] == ["id": 1, "label": "a"] && objects[1] == ["id": 2, "label": "b"])
        #expect(changed == ["id": 1, "label": "A", "extra": true])
        var removed = objects[1]
        #expect(removed.removeValue(forKey: "id") == 2)
        #expect(removed == ["label": "b"] && objects[1] == ["id": 2, "label": "b"] && objects[0]["id"] == 1)
    }

    @Test func aRepeatedKeyKeepsItsLastValueAsJSONParseDoes() throws {
        let value = try JSONValue.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value == ["a": 3, "b": 2])
        #expect(value.objectValue?.count == 2)
    }

    @Test func manyKeysAreFoundThroughTheIndexAndSurviveRemovals() {
        var object = JSONObject()
        for i in 0..<200 { object["k\(i)"] = .number(Double(i)) }
        #expect(object.count == 200)
        #expect((0..<200).allSatisfy { object["k\($0)"] == .number(Double($0)) })
        for i in stride(from: 0, to: 200, by: 2) { object["k\(i)"] = nil }
        #expect(object.count == 100 && object["k0"] == nil && object["k1"] == 1 && object["k199"] == 199)
        #expect(object == JSONObject(object.dictionary))
        #expect(object.serializedKeys == (0..<100).map { "k\($0 * 2 + 1)" }.sorted())
    }

    @Test func serializationSortsKeysWhateverTheOrderAdded() {
        var object = JSONObject()
        object["b"] = 1
        object["a"] = [true]
        #expect(JSONValue.object(object).serialized() == #"{"a":[true],"b":1}"#)
    }
}

private extension JSONObject {
    var serializedKeys: [String] {
        guard case .object(let o)? = try? JSONValue.parse(JSONValue.object(self).serialized()) else { return [] }
        return o.keys
    }
}
