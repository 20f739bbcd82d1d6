import Testing
import TerminiScript
import TerminiTemplate

/// setData semantics (docs/JS-API.md): path keys, synchronous this.data, changed paths only, callbacks after the frame.
@Suite struct SetDataTests {
    @Test func onlyChangedPathsAreSentWithIncreasingSequences() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { a: 1, todos: [{ id: 1, done: false }, { id: 2, done: false }], draft: '' },
              step1() { this.setData({ a: 1, draft: 'milk', 'todos[1].done': false }) },
              step2() { this.setData({ a: 2, todos: [{ id: 1, done: false }, { id: 2, done: true }] }) },
              step3() { this.setData({ 'todos[1].done': true, 'meta.count': 2 }) },
              step4() { this.setData({ a: 2 }) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        for step in ["step1", "step2", "step3", "step4"] { h.event(1, step) }
        let calls = h.delegate.setDataCalls
        #expect(calls.map(\.summary) == [
            ["draft=\"milk\""],
            ["a=2", "todos.splice(1,1,[{\"done\":true,\"id\":2}])"],  // the unchanged first row is not sent
            ["meta.count=2"],
        ])
        #expect(calls.map(\.sequence) == [1, 2, 3])
        #expect(calls.allSatisfy { $0.pageId == 1 })
        #expect(h.delegate.created.first?.data == ["a": 1, "draft": "",
            "todos": [["id": 1, "done": false], ["id": 2, "done": false]]])
    }

    /// A setData from an event handler, or from its awaited continuation in the same entry, answers input (the host
    /// draws it at once); one from onLoad, a timer or a bridge answer does not (it waits for the paced frame).
    @Test func setDataKnowsWhetherItAnswersInput() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { n: 0 },
              onLoad() { this.setData({ n: 1 }) },
              async press() { this.setData({ n: 2 }); await null; this.setData({ n: 3 }); setTimeout(() => this.setData({ n: 4 }), 1) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "press")
        #expect(h.settle())
        let calls = h.delegate.setDataCalls
        #expect(calls.map(\.summary) == [["n=1"], ["n=2"], ["n=3"], ["n=4"]])
        #expect(calls.map(\.answersInput) == [false, true, true, false])
    }

    @Test func mutatingThisDataInPlaceStillSendsTheChange() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { todos: [] },
              add() { const todos = this.data.todos; todos.push({ title: 'x' }); this.setData({ todos }) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "add")
        h.event(1, "add")
        #expect(h.delegate.setDataCalls.map(\.summary) == [
            ["todos=[{\"title\":\"x\"}]"], ["todos.splice(1,0,[{\"title\":\"x\"}])"],
        ])
    }

    /// The copy setData diffs against is a copy all the way down: nested members changed in place are sent, a
    /// `__proto__` key is a member like any other (as JSON.parse makes it), and sending the same data again sends
    /// nothing.
    @Test func theDiffingCopyIsDeepAndKeepsProtoKeysAsMembers() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { rows: [] },
              load() { this.setData({ rows: [{ id: 1, tags: ['a'], meta: JSON.parse('{"__proto__": {"x": 1}}'), n: NaN }] }) },
              edit() { const row = this.data.rows[0]; row.tags.push('b'); row.meta.__proto__.x = 2; this.setData({ rows: this.data.rows }) },
              again() { this.setData({ rows: this.data.rows }) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        for step in ["load", "edit", "again"] { h.event(1, step) }
        #expect(h.delegate.setDataCalls.map(\.summary) == [
            [#"rows=[{"id":1,"meta":{"__proto__":{"x":1}},"n":null,"tags":["a"]}]"#],
            [#"rows=[{"id":1,"meta":{"__proto__":{"x":2}},"n":null,"tags":["a","b"]}]"#],
        ])
    }

    /// Appending, removing and inserting in a long list send only the rows that changed, and the host, applying
    /// the splices, ends with the page's own data.
    @Test func listEditsSendSplicesThatRebuildTheSameData() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            const row = i => ({ id: i, label: 'row ' + i })
            Page('index', {
              data: { rows: [] },
              fill() { this.setData({ rows: [0, 1, 2, 3, 4].map(row) }) },
              append() { this.setData({ rows: this.data.rows.concat([row(5), row(6)]) }) },
              remove() { const rows = this.data.rows.slice(); rows.splice(1, 1); this.setData({ rows }) },
              insert() { const rows = this.data.rows.slice(); rows.splice(2, 0, row(9)); this.setData({ rows }) },
              prepend() { this.setData({ rows: [row(8)].concat(this.data.rows) }) },
              replace() { this.setData({ rows: [row(20), row(21)] }) },
              same() { this.setData({ rows: this.data.rows.map(r => ({ id: r.id, label: r.label })) }) },
              bad() {
                try { this.setData({ rows: this.data.rows.concat([undefined]) }) } catch (e) { console.log(e.message) }
              },
              clear() { this.setData({ rows: [] }) },
              report() { console.log(JSON.stringify(this.data.rows)) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        var host = h.delegate.created.first?.data ?? .null
        var seen = 0
        func step(_ name: String) -> [String] {
            h.event(1, name)
            let calls = h.delegate.setDataCalls.dropFirst(seen)
            seen += calls.count
            for patch in calls.flatMap(\.patches) { host.apply(patch) }
            return calls.flatMap(\.summary)
        }
        #expect(step("fill").first?.hasPrefix("rows=[") == true)  // nothing kept: a plain set
        #expect(step("append") == [#"rows.splice(5,0,[{"id":5,"label":"row 5"},{"id":6,"label":"row 6"}])"#])
        #expect(step("remove") == ["rows.splice(1,1,[])"])
        #expect(step("insert") == [#"rows.splice(2,0,[{"id":9,"label":"row 9"}])"#])
        #expect(step("prepend") == [#"rows.splice(0,0,[{"id":8,"label":"row 8"}])"#])
        #expect(step("same") == [])  // equal rows in new objects: nothing to send
        #expect(step("bad") == [])
        #expect(step("same") == [])  // the refused append changed nothing
        h.event(1, "report")
        h.settle()
        #expect(h.delegate.logs.first == "setData: the value of 'rows' contains undefined at key '8'; values must be JSON-able")  // its index in the whole list
        let pageData = try? JSONValue.parse(h.delegate.logs.last ?? "")
        #expect(host["rows"] == pageData, "the host's data after the splices differs from this.data")
        #expect(step("replace").first?.hasPrefix("rows=[") == true)
        #expect(host["rows"] == [["id": 20, "label": "row 20"], ["id": 21, "label": "row 21"]])
        #expect(step("clear").first == "rows=[]")
        #expect(step("clear") == [])  // an equal empty list: nothing sent, and no error
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
    }

    @Test func thisDataUpdatesSynchronouslyAndCreatesIntermediates() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { user: { name: 'a' }, n: 5 },
              onLoad() {
                this.setData({ 'user.name': 'b', 'list[2].done': true, 'n.deep': 1 })
                console.log(JSON.stringify(this.data))
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        #expect(h.delegate.logs == [#"{"user":{"name":"b"},"n":{"deep":1},"list":[null,null,{"done":true}]}"#])
        // The host gets the same paths and can apply them to reach the same data.
        var hostData = h.delegate.created.first?.data ?? .null
        for patch in h.delegate.setDataCalls.flatMap(\.patches) { hostData.apply(patch) }
        #expect(hostData == ["user": ["name": "b"], "n": ["deep": 1], "list": [nil, nil, ["done": true]]])
    }

    @Test func pageInstancesGetDeepCopiesOfTheDefinitionData() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { list: [1] },
              onLoad(query) { this.data.list.push(Number(query.extra)); console.log(this.route, JSON.stringify(this.data)) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index", query: ["extra": "2"])
        h.runtime.createPage(pageId: 2, name: "index", query: ["extra": "3"])
        h.settle()
        #expect(h.delegate.logs == [#"index {"list":[1,2]}"#, #"index {"list":[1,3]}"#])
        #expect(h.delegate.created.map(\.data) == [["list": [1]], ["list": [1]]])
    }

    @Test func callbackRunsOnlyAfterTheFrameIsPresented() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { n: 0 },
              bump() { this.setData({ n: this.data.n + 1 }, function () { console.log('on screen', this.data.n) }) },
              same() { this.setData({ n: this.data.n }, () => console.log('unchanged shown')) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.event(1, "bump")
        h.event(1, "bump")
        #expect(h.delegate.logs.isEmpty)
        #expect(h.delegate.setDataCalls.map(\.sequence) == [1, 2])
        h.runtime.framePresented(pageId: 1, upTo: 1)
        h.settle()
        #expect(h.delegate.logs == ["on screen 2"])
        // A setData that changes nothing still calls back, once the latest change is on screen.
        h.event(1, "same")
        #expect(h.delegate.logs == ["on screen 2"])
        h.runtime.framePresented(pageId: 1, upTo: 2)
        h.settle()
        #expect(h.delegate.logs == ["on screen 2", "on screen 2", "unchanged shown"])
        h.event(1, "same")
        #expect(h.delegate.logs.last == "unchanged shown")
        #expect(h.delegate.logs.count == 4)
    }

    @Test func javaScriptPathGrammarMatchesDataPath() throws {
        let cases = ["a", "a.b", "items[3].done", "a[0][1]", "x.y[2].z", "a b", "ünï.cödé", "a..b", "[0]", "a]",
                     "a[", "a[x]", "a.", ".a", "a.[0]", "a[0]b", " a", "a[1000000000]", "a[0]."]
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: {},
              probe(e) {
                try { this.setData({ [e.detail.value]: 1 }) } catch (err) { console.log('error') }
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        var expectedPaths: [String] = []
        var expectedErrors = 0
        for text in cases {
            h.event(1, "probe", ["type": "change", "detail": ["value": .string(text)]])
            do {
                expectedPaths.append(try DataPath(parsing: text).description)
            } catch {
                expectedErrors += 1
            }
        }
        #expect(h.delegate.setDataCalls.flatMap(\.patches).map(\.path.description) == expectedPaths)
        #expect(h.delegate.logs.filter { $0 == "error" }.count == expectedErrors)
    }
}
