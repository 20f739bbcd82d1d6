import Testing
@testable import TerminiTemplate

@Suite struct ExpressionReadPathsTests {
    static let data: JSONValue = [
        "todos": [["title": "a", "tags": ["x"]], ["title": "b", "tags": []]],
        "selected": 1,
        "key": "title",
        "name": "Ada",
        "box": ["length": 3],
    ]

    private func paths(_ list: [DataPath]) -> [String] { list.map(\.description) }

    private func staticPaths(_ text: String) throws -> [String] { paths(try Expression.parse(text).staticReadPaths) }

    private func scopedPaths(_ text: String, _ scope: ExpressionScope) throws -> [String] {
        paths(try Expression.parse(text).readPaths(in: scope))
    }

    @Test func staticPathsKeepLiteralStepsAndCutComputedOnes() throws {
        #expect(try staticPaths("todos[0].title") == ["todos[0].title"])
        #expect(try staticPaths("todos['0'].title") == ["todos.0.title"])
        #expect(try staticPaths("todos[selected].title") == ["selected", "todos"])
        #expect(try staticPaths("todos[selected + 1]") == ["selected", "todos"])
        #expect(try staticPaths("todos.length == 0") == ["todos"])
        #expect(try staticPaths("name.length") == ["name"])
        #expect(try staticPaths("todos[-1].title") == ["todos"])
        #expect(try staticPaths("todos[0.5]") == ["todos"])
        #expect(try staticPaths("todos[null]") == ["todos"])
    }

    @Test func staticPathsDoNotResolveLocals() throws {
        #expect(try staticPaths("todo.title") == ["todo.title"])
        #expect(try staticPaths("todo.done ? todo.title : index") == ["todo.done", "todo.title", "index"])
    }

    @Test func everyOperandAndBranchIsRead() throws {
        #expect(try staticPaths("a + b * c") == ["a", "b", "c"])
        #expect(try staticPaths("!a && (b || -c)") == ["a", "b", "c"])
        #expect(try staticPaths("x ? y : z") == ["x", "y", "z"])
        #expect(try staticPaths("'lit' + 3") == [])
    }

    @Test func pathsAreDeduplicatedInOrderOfFirstUse() throws {
        #expect(try staticPaths("b + a + b + a.c") == ["b", "a", "a.c"])
    }

    @Test func scopedPathsResolveLocalAliases() throws {
        let todos = Self.data["todos"]?.arrayValue ?? []
        let scope = ExpressionScope(data: Self.data)
            .binding("todo", to: todos[1], at: DataPath([.key("todos"), .index(1)]))
            .binding("index", to: 1, at: nil)
        #expect(try scopedPaths("todo.title", scope) == ["todos[1].title"])
        #expect(try scopedPaths("todo", scope) == ["todos[1]"])
        #expect(try scopedPaths("index + 1", scope) == [], "an index has no data path")
        #expect(try scopedPaths("todos[index].title", scope) == ["todos[1].title"])
        #expect(try scopedPaths("name + todo.title", scope) == ["name", "todos[1].title"])
        #expect(try scopedPaths("todo.tags.length", scope) == ["todos[1].tags"])
    }

    @Test func nestedAliasesChain() throws {
        let todos = Self.data["todos"]?.arrayValue ?? []
        let todoPath = DataPath([.key("todos"), .index(0)])
        let todo = todos[0]
        let tags = todo["tags"] ?? nil
        let scope = ExpressionScope(data: Self.data)
            .binding("todo", to: todo, at: todoPath)
            .binding("tag", to: tags.arrayValue?.first ?? nil, at: todoPath.appending(.key("tags")).appending(.index(0)))
        #expect(try scopedPaths("tag", scope) == ["todos[0].tags[0]"])
        #expect(try scopedPaths("tag + todo.title", scope) == ["todos[0].tags[0]", "todos[0].title"])
    }

    @Test func scopedComputedIndicesAreEvaluated() throws {
        let scope = ExpressionScope(data: Self.data)
        #expect(try scopedPaths("todos[selected].title", scope) == ["selected", "todos[1].title"])
        #expect(try scopedPaths("todos[selected - 1][key]", scope) == ["selected", "key", "todos[0].title"])
        #expect(try scopedPaths("todos['1']", scope) == ["todos[1]"], "a numeric key on an array is an index")
        #expect(try scopedPaths("todos[missing].title", scope) == ["missing", "todos"])
        #expect(try scopedPaths("todos[selected / 0]", scope) == ["selected", "todos"])
    }

    @Test func lengthCutsThePathSoThatElementWritesOverlapIt() throws {
        let scope = ExpressionScope(data: Self.data)
        #expect(try scopedPaths("todos.length", scope) == ["todos"])
        #expect(try scopedPaths("todos['length']", scope) == ["todos"])
        #expect(try scopedPaths("name.length", scope) == ["name"])
        #expect(try scopedPaths("box.length", scope) == ["box"])
        #expect(try scopedPaths("later.length", scope) == ["later"])
    }

    @Test func readPathsOverlapTheWritesThatChangeTheResult() throws {
        let expression = try Expression.parse("todos.length == 0")
        let reads = expression.readPaths(in: ExpressionScope(data: Self.data))
        let appendWrite = try DataPath(parsing: "todos[2]")
        #expect(reads.contains { $0.overlaps(appendWrite) })
        let unrelated = try DataPath(parsing: "name")
        #expect(!reads.contains { $0.overlaps(unrelated) })
    }
}
