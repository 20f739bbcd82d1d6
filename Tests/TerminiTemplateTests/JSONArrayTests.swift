import Testing
@testable import TerminiTemplate

/// A long list of flat rows is kept as their JSON text, and reads, compares and changes exactly as a list of values.
@Suite struct JSONArrayTests {
    static func rowsText(_ count: Int, from start: Int = 0) -> String {
        "[" + (start..<(start + count)).map { #"{"id":\#($0),"label":"row \#($0) \u00e9\"x\"","done":\#($0 % 2 == 0),"n":null}"# }
            .joined(separator: ",") + "]"
    }

    static func row(_ id: Int, _ label: String = "") -> JSONValue {
        ["id": .number(Double(id)), "label": .string(label.isEmpty ? "row \(id) é\"x\"" : label), "done": .bool(id % 2 == 0), "n": nil]
    }

    @Test func theParserPacksALongListOfFlatRowsAndNothingElse() throws {
        let long = try JSONValue.parse(Self.rowsText(300))
        #expect(long.arrayValue?.isPacked == true)
        #expect(try JSONValue.parse(Self.rowsText(JSONArray.packingThreshold - 1)).arrayValue?.isPacked == false)
        // A nested member anywhere keeps the list as values.
        let nested = try JSONValue.parse("[" + Array(repeating: #"{"a":1}"#, count: 299).joined(separator: ",") + #",{"a":[1]}]"#)
        #expect(nested.arrayValue?.isPacked == false)
        #expect(try JSONValue.parse("[" + Array(repeating: "1", count: 500).joined(separator: ",") + "]").arrayValue?.isPacked == false)
    }

    @Test func packedRowsReadAsTheValuesTheyWere() throws {
        let packed = try #require(try JSONValue.parse(Self.rowsText(300)).arrayValue)
        let values = JSONArray((0..<300).map { Self.row($0) })
        #expect(packed.count == 300)
        #expect(packed[7] == Self.row(7))
        #expect(packed[7]["label"] == "row 7 é\"x\"")
        #expect(packed.member("done", of: 3) == false)
        #expect(packed.member("n", of: 3) == .null)
        #expect(packed.member("missing", of: 3) == nil)
        #expect(packed == values && values == packed)
        #expect(JSONValue.array(packed).hashValue == JSONValue.array(values).hashValue)
        #expect(JSONValue.array(packed).serialized() == JSONValue.array(values).serialized())
        #expect(try JSONValue.parse("{\"rows\":\(Self.rowsText(300))}").value(at: DataPath(parsing: "rows[299].id")) == 299)
        #expect(try JSONValue.parse("{\"rows\":\(Self.rowsText(300))}").value(at: DataPath(parsing: "rows.length")) == 300)
    }

    @Test func aRepeatedKeyKeepsItsLastValueInBothReadings() throws {
        let text = "[" + Array(repeating: #"{"id":1,"id":2}"#, count: 300).joined(separator: ",") + "]"
        let packed = try #require(try JSONValue.parse(text).arrayValue)
        #expect(packed.isPacked)
        #expect(packed.member("id", of: 0) == 2)
        #expect(packed[0] == ["id": 2])
    }

    /// Random splices, element writes and member writes on a packed list and on a plain Swift array give the same
    /// list at every step; a nested row unpacks the list and it still agrees.
    @Test func changesAgreeWithAPlainArray() throws {
        var generator = ExpressionRobustnessTests.SplitMix(state: 42)
        var packed = JSONValue.object(["rows": .array(try #require(try JSONValue.parse(Self.rowsText(400)).arrayValue))])
        var plain: [JSONValue] = (0..<400).map { Self.row($0) }
        let rows = try DataPath(parsing: "rows")
        var next = 1000
        for step in 0..<400 {
            switch generator.next() % 6 {
            case 0:  // insert
                let at = Int(generator.next() % UInt64(plain.count + 1))
                let new = (0..<Int(generator.next() % 4)).map { _ in next += 1; return Self.row(next) }
                packed.splice(at: rows, index: at, removing: 0, inserting: JSONArray(new))
                plain.insert(contentsOf: new, at: at)
            case 1:  // remove
                guard !plain.isEmpty else { continue }
                let at = Int(generator.next() % UInt64(plain.count))
                let n = min(plain.count - at, Int(generator.next() % 5))
                let removed = packed.splice(at: rows, index: at, removing: n, inserting: [])
                #expect(removed.values == Array(plain[at..<(at + n)]))
                plain.removeSubrange(at..<(at + n))
            case 2:  // replace one row
                guard !plain.isEmpty else { continue }
                let at = Int(generator.next() % UInt64(plain.count))
                next += 1
                packed.set(Self.row(next, "replaced \(step)"), at: try DataPath(parsing: "rows[\(at)]"))
                plain[at] = Self.row(next, "replaced \(step)")
            case 3, 4:  // change one member
                guard !plain.isEmpty else { continue }
                let at = Int(generator.next() % UInt64(plain.count))
                packed.set(.string("edited \(step)"), at: try DataPath(parsing: "rows[\(at)].label"))
                plain[at] = .object(plain[at].objectValue!.merging(["label": .string("edited \(step)")], uniquingKeysWith: { $1 }))
            default:  // an append of many rows, as spliceData sends it
                let new = try #require(try JSONValue.parse(Self.rowsText(300, from: next)).arrayValue)
                packed.splice(at: rows, index: plain.count, removing: 0, inserting: new)
                plain.append(contentsOf: (next..<(next + 300)).map { Self.row($0) })
                next += 300
            }
            #expect(packed["rows"]?.arrayValue?.count == plain.count, "after step \(step)")
            // Every row, every 40 steps (decoding them all each step would dominate the test).
            if step % 40 == 39 {
                #expect(packed["rows"]?.arrayValue?.values == plain, "after step \(step)")
                if packed["rows"]?.arrayValue?.values != plain { return }
            }
        }
        #expect(packed["rows"]?.arrayValue?.isPacked == true)
        // A nested row cannot be packed: the list becomes values and agrees still.
        packed.set(["id": 1, "tags": ["a"]], at: try DataPath(parsing: "rows[3]"))
        plain[3] = ["id": 1, "tags": ["a"]]
        #expect(packed["rows"]?.arrayValue?.isPacked == false)
        #expect(packed["rows"]?.arrayValue?.values == plain)
    }

    /// `rows[n] = row` one past the end appends to a packed list without unpacking it.
    @Test func anAppendByIndexKeepsTheListPacked() throws {
        var data = JSONValue.object(["rows": .array(try #require(try JSONValue.parse(Self.rowsText(300)).arrayValue))])
        data.set(Self.row(300), at: try DataPath(parsing: "rows[300]"))
        data.set("late", at: try DataPath(parsing: "rows[301].label"))
        #expect(data["rows"]?.arrayValue?.isPacked == true)
        #expect(data["rows"]?.arrayValue?.count == 302)
        #expect(data["rows"]?.arrayValue?[300] == Self.row(300))
        #expect(data["rows"]?.arrayValue?[301] == ["label": "late"])
    }

    @Test func aCopyChangesApartFromItsOriginal() throws {
        let original = try #require(try JSONValue.parse(Self.rowsText(300)).arrayValue)
        var copy = original
        copy[0] = Self.row(-1)
        copy.removeLast(10)
        #expect(original.count == 300 && original[0] == Self.row(0))
        #expect(copy.count == 290 && copy[0] == Self.row(-1) && copy.isPacked)
        #expect(original.storageIdentity != copy.storageIdentity)
    }

    @Test func aChangeInPlaceKeepsTheStorage() throws {
        var data = JSONValue.object(["rows": .array(try #require(try JSONValue.parse(Self.rowsText(300)).arrayValue))])
        let before = data["rows"]?.arrayValue?.storageIdentity
        data.set("x", at: try DataPath(parsing: "rows[5].label"))
        data.splice(at: try DataPath(parsing: "rows"), index: 0, removing: 1, inserting: [Self.row(9)])
        #expect(data["rows"]?.arrayValue?.storageIdentity == before)
    }

    /// A splice hands back what it removed. From a packed list a long range stays packed (its text copied, no row
    /// decoded and written again), a short one becomes values, and both read as the rows that were there.
    @Test func theRowsASpliceRemovesReadAsTheyWere() throws {
        var data = JSONValue.object(["rows": .array(try #require(try JSONValue.parse(Self.rowsText(1_000)).arrayValue))])
        let rows = try DataPath(parsing: "rows")
        let long = data.splice(at: rows, index: 100, removing: 400, inserting: [Self.row(-1)])
        #expect(long.isPacked && long.count == 400)
        #expect(long == JSONArray((100..<500).map { Self.row($0) }))
        let short = data.splice(at: rows, index: 0, removing: 3, inserting: [])
        #expect(!short.isPacked && short == JSONArray((0..<3).map { Self.row($0) }))
        #expect(data["rows"]?.arrayValue?.count == 598)
        #expect(data["rows"]?.arrayValue?[97] == Self.row(-1) && data["rows"]?.arrayValue?[98] == Self.row(500))
        let values = JSONArray((0..<5).map { Self.row($0) })
        #expect(values.elements(in: 1..<3) == JSONArray([Self.row(1), Self.row(2)]))
    }

    /// Removing rows leaves their text behind until it outweighs the live rows, then the live rows are copied: a
    /// list that churns does not grow without bound.
    @Test func removedRowsTextIsReclaimed() throws {
        var list = try #require(try JSONValue.parse(Self.rowsText(2_000)).arrayValue)
        for round in 0..<200 {
            let appended = try #require(try JSONValue.parse(Self.rowsText(2_000, from: round * 2_000)).arrayValue)
            list.replaceSubrange(list.count..<list.count, with: appended)
            list.removeSubrange(0..<2_000)
        }
        #expect(list.count == 2_000 && list.isPacked)
        #expect(list[0] == Self.row(398_000))
        guard case .packed(let rows) = list.storage else { return }
        #expect(rows.storedBytes < 4 * PackedRows.chunkSize, "kept \(rows.storedBytes) bytes for 2,000 rows")
    }
}
