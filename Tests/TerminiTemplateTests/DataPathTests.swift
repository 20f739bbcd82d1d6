import Testing
@testable import TerminiTemplate

@Suite struct DataPathTests {
    private func path(_ text: String) throws -> DataPath { try DataPath(parsing: text) }

    private func parseError(_ text: String) -> DataPathError? {
        do {
            _ = try DataPath(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesKeysAndIndices() throws {
        #expect(try path("a").components == [.key("a")])
        #expect(try path("a.b[0].c").components == [.key("a"), .key("b"), .index(0), .key("c")])
        #expect(try path("todos[3].done").components == [.key("todos"), .index(3), .key("done")])
        #expect(try path("m[1][22]").components == [.key("m"), .index(1), .index(22)])
        #expect(try path("a-b.c d.日本").components == [.key("a-b"), .key("c d"), .key("日本")])
        #expect(try path("list.0").components == [.key("list"), .key("0")])
    }

    @Test func descriptionRoundTrips() throws {
        for text in ["a", "a.b[0].c", "m[1][22]", "x.y.z", "todos[10].tags[0]"] {
            #expect(try path(text).description == text)
            #expect(try path(path(text).description) == path(text))
        }
        #expect(DataPath.root.description == "")
    }

    @Test func errorsNameTheColumn() {
        #expect(parseError("") == DataPathError(path: "", column: 1, message: "the path is empty"))
        #expect(parseError(".a") == DataPathError(path: ".a", column: 1, message: "expected a key before '.'"))
        #expect(parseError("a..b") == DataPathError(path: "a..b", column: 3, message: "expected a key before '.'"))
        #expect(parseError("a.") == DataPathError(path: "a.", column: 3, message: "expected a key"))
        #expect(parseError("[0]") == DataPathError(path: "[0]", column: 1, message: "expected a key before '['"))
        #expect(parseError("a.[0]") == DataPathError(path: "a.[0]", column: 3, message: "expected a key after '.'"))
        #expect(parseError("a[x]") == DataPathError(path: "a[x]", column: 3, message: "expected an array index after '['"))
        #expect(parseError("a[-1]") == DataPathError(path: "a[-1]", column: 3, message: "expected an array index after '['"))
        #expect(parseError("a[1") == DataPathError(path: "a[1", column: 4, message: "expected ']' to close the index"))
        #expect(parseError("a[1]b") == DataPathError(path: "a[1]b", column: 5, message: "expected '.' or '[' after ']'"))
        #expect(parseError("a[1].") == DataPathError(path: "a[1].", column: 6, message: "expected a key after '.'"))
        #expect(parseError("a]") == DataPathError(path: "a]", column: 2, message: "unexpected ']'"))
        #expect(parseError(" a") == DataPathError(path: " a", column: 1, message: "unexpected whitespace"))
        #expect(parseError("a[999999999999]") ==
            DataPathError(path: "a[999999999999]", column: 15, message: "array index is too large"))
        #expect(parseError("a[99999999999999999999999]")?.message == "array index is too large")
    }

    @Test func errorDescriptionQuotesThePath() {
        #expect(parseError("a..b")?.description == "invalid data path 'a..b' at column 3: expected a key before '.'")
    }

    @Test func readsValues() throws {
        let data: JSONValue = ["todos": [["title": "a", "tags": ["x", "y"]]], "name": "héllo", "n": 1]
        #expect(data.value(at: try path("todos[0].title")) == "a")
        #expect(data.value(at: try path("todos[0].tags[1]")) == "y")
        #expect(data.value(at: try path("todos.length")) == 1)
        #expect(data.value(at: try path("name.length")) == 5)
        #expect(data.value(at: try path("todos.0.title")) == "a")
        #expect(data.value(at: .root) == data)
    }

    @Test func readingMissingStepsGivesNil() throws {
        let data: JSONValue = ["todos": [["title": "a"]], "n": 1, "z": nil]
        #expect(data.value(at: try path("missing")) == nil)
        #expect(data.value(at: try path("todos[1]")) == nil)
        #expect(data.value(at: try path("todos[0].nope")) == nil)
        #expect(data.value(at: try path("n.x")) == nil)
        #expect(data.value(at: try path("n[0]")) == nil)
        #expect(data.value(at: try path("todos.x")) == nil)
        #expect(data.value(at: try path("todos.-1")) == nil)
        #expect(data.value(at: try path("z")) == .null, "a stored null is a value, not a missing step")
        #expect(data.value(at: try path("z.x")) == nil)
    }

    @Test func writesCreateMissingContainers() throws {
        var data: JSONValue = [:]
        data.set("v", at: try path("a.b.c"))
        #expect(data == ["a": ["b": ["c": "v"]]])

        var list: JSONValue = [:]
        list.set(true, at: try path("todos[2].done"))
        #expect(list == ["todos": [nil, nil, ["done": true]]])
    }

    @Test func writesReplaceAndGrow() throws {
        var data: JSONValue = ["todos": [["title": "a", "done": false]], "n": 1, "keep": "me"]
        data.set(true, at: try path("todos[0].done"))
        data.set(["title": "b"], at: try path("todos[1]"))
        data.set("x", at: try path("n.sub"))
        #expect(data == ["todos": [["title": "a", "done": true], ["title": "b"]], "n": ["sub": "x"], "keep": "me"])

        data.set(7, at: try path("todos[3]"))
        #expect(data["todos"]?.arrayValue?.count == 4)
        #expect(data.value(at: try path("todos[2]")) == .null)

        data.set([1, 2], at: .root)
        #expect(data == [1, 2])
    }

    @Test func writingAnIndexIntoAnObjectReplacesItWithAnArray() throws {
        var data: JSONValue = ["a": ["k": 1]]
        data.set("x", at: try path("a[0]"))
        #expect(data == ["a": ["x"]])
    }

    @Test func writeThenReadRoundTrips() throws {
        var data: JSONValue = ["list": []]
        for text in ["list[0].name", "list[1].tags[2]", "deep.a.b.c"] {
            data.set(.string(text), at: try path(text))
            #expect(data.value(at: try path(text)) == .string(text))
        }
    }

    @Test func overlapIsAPrefixEitherWay() throws {
        #expect(try path("todos").overlaps(path("todos[3].done")))
        #expect(try path("todos[3].done").overlaps(path("todos")))
        #expect(try path("todos[3]").overlaps(path("todos[3]")))
        #expect(try !path("todos[3]").overlaps(path("todos[4]")))
        #expect(try !path("todos[3].done").overlaps(path("todos[3].title")))
        #expect(try !path("todo").overlaps(path("todos")), "keys are compared whole, not as string prefixes")
        #expect(try !path("list[0]").overlaps(path("list.0")), "an index and a key are different steps")
        #expect(try DataPath.root.overlaps(path("anything.at.all")))
    }

    @Test func isPrefixIsDirectional() throws {
        #expect(try path("a").isPrefix(of: path("a.b")))
        #expect(try path("a.b").isPrefix(of: path("a.b")))
        #expect(try !path("a.b").isPrefix(of: path("a")))
        #expect(try !path("a.c").isPrefix(of: path("a.b.c")))
        #expect(try DataPath.root.isPrefix(of: path("a")))
    }

    @Test func appendingAndHead() throws {
        let base = try path("todos[1]")
        #expect(base.appending(.key("title")).description == "todos[1].title")
        #expect(base.appending(try path("a.b")).description == "todos[1].a.b")
        #expect(base.head == "todos")
        #expect(DataPath.root.head == nil)
        #expect(DataPath([.index(0)]).head == nil)
    }
}

/// `JSONValue.splice(at:...)`, which applies setData's list patches.
@Suite struct DataSpliceTests {
    @Test func splicesTheArrayAtAPathAndClampsTheRange() throws {
        var data: JSONValue = ["list": [1, 2, 3, 4], "n": 1]
        let list = try DataPath(parsing: "list")
        data.splice(at: list, index: 1, removing: 2, inserting: [9])
        #expect(data == ["list": [1, 9, 4], "n": 1])
        data.splice(at: list, index: 3, removing: 0, inserting: [5, 6])
        #expect(data == ["list": [1, 9, 4, 5, 6], "n": 1])
        data.splice(at: list, index: 10, removing: 10, inserting: [7])  // past the end: appends
        #expect(data["list"] == [1, 9, 4, 5, 6, 7])
        data.apply(DataPatch(path: list, change: .splice(index: 0, removing: 100, inserting: [])))
        #expect(data["list"] == [])
    }

    @Test func anythingButAnArrayBecomesTheInsertedRows() throws {
        var data: JSONValue = ["n": 1]
        data.splice(at: try DataPath(parsing: "n"), index: 0, removing: 0, inserting: [1])
        data.splice(at: try DataPath(parsing: "a.b"), index: 3, removing: 1, inserting: [2])
        #expect(data == ["n": [1], "a": ["b": [2]]])
    }
}
