import Testing
import TerminiTemplate
@testable import TerminiScript

/// `this.spliceData(path, index, removeCount, ...items)`: the list edit whose cost follows the change. It sends one
/// splice that rebuilds the page's data on the host, resolves after the frame, and refuses bad calls whole.
@Suite struct SpliceDataTests {
    func harness() -> (ScriptHarness, () -> [String], () -> JSONValue) {
        let h = ScriptHarness()
        h.load("""
            const row = i => ({ id: i, label: 'row ' + i })
            Page('index', {
              data: { rows: [0, 1, 2, 3, 4].map(row), title: 'list' },
              append() { this.spliceData('rows', this.data.rows.length, 0, row(5), row(6)) },
              insert() { this.spliceData('rows', 2, 0, row(9)) },
              removeFront() { this.spliceData('rows', 0, 2) },
              replace() { this.spliceData('rows', 1, 1, { id: 1, label: 'one' }) },
              awaited() { this.spliceData('rows', 0, 0, row(7)).then(() => console.log('presented')) },
              report() { console.log(JSON.stringify(this.data.rows)) },
              bad(e) {
                const calls = {
                  index: () => this.spliceData('rows', 99, 0, row(1)),
                  negative: () => this.spliceData('rows', 0, -1),
                  fraction: () => this.spliceData('rows', 0.5, 0),
                  tooMany: () => this.spliceData('rows', 3, 9),
                  notList: () => this.spliceData('title', 0, 0, 'x'),
                  missing: () => this.spliceData('nothing.here', 0, 0),
                  badItem: () => this.spliceData('rows', 0, 0, row(1), { f() {} }),
                  path: () => this.spliceData(7, 0, 0),
                }
                try { calls[e.detail.call](); console.log('applied') } catch (err) { console.log(err.name + ': ' + err.message) }
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        var host = h.delegate.created.first?.data ?? .null
        var seen = 0
        func sent() -> [String] {
            h.settle()
            let calls = h.delegate.setDataCalls.dropFirst(seen)
            seen += calls.count
            for patch in calls.flatMap(\.patches) { host.apply(patch) }
            return calls.flatMap(\.summary)
        }
        return (h, sent, { host })
    }

    @Test func editsSendOneSpliceEachAndTheHostEndsWithThePagesData() {
        let (h, sent, host) = harness()
        defer { h.shutdown() }
        h.event(1, "append")
        #expect(sent() == [#"rows.splice(5,0,[{"id":5,"label":"row 5"},{"id":6,"label":"row 6"}])"#])
        h.event(1, "insert")
        #expect(sent() == [#"rows.splice(2,0,[{"id":9,"label":"row 9"}])"#])
        h.event(1, "removeFront")
        #expect(sent() == ["rows.splice(0,2,[])"])
        h.event(1, "replace")
        #expect(sent() == [#"rows.splice(1,1,[{"id":1,"label":"one"}])"#])
        h.event(1, "report")
        h.settle()
        #expect(host()["rows"] == (try? JSONValue.parse(h.delegate.logs.last ?? "")), "host and this.data differ")
        #expect(host()["rows"]?.arrayValue?.map { $0["id"]?.intValue ?? -1 } == [9, 1, 3, 4, 5, 6])
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
    }

    @Test func thePromiseResolvesAfterTheFrameThatShowsIt() {
        let (h, sent, _) = harness()
        defer { h.shutdown() }
        h.event(1, "awaited")
        #expect(sent().count == 1)
        #expect(!h.delegate.logs.contains("presented"))
        h.runtime.framePresented(pageId: 1, upTo: 1)
        h.settle()
        #expect(h.delegate.logs.contains("presented"))
    }

    @Test func badCallsAreRefusedWholeWithTheCallNamed() {
        let (h, sent, host) = harness()
        defer { h.shutdown() }
        let before = host()
        for call in ["index", "negative", "fraction", "tooMany", "notList", "missing", "badItem", "path"] {
            h.event(1, "bad", ["type": "tap", "detail": ["call": .string(call)]])
        }
        h.settle()
        #expect(h.delegate.logs == [
            #"RangeError: spliceData("rows", 99, 0): the index must be a whole number from 0 to 5 (the length of data.rows); nothing was applied"#,
            #"RangeError: spliceData("rows", 0, -1): the remove count must be a whole number from 0 to 5 (the items after the index); nothing was applied"#,
            #"RangeError: spliceData("rows", 0.5, 0): the index must be a whole number from 0 to 5 (the length of data.rows); nothing was applied"#,
            #"RangeError: spliceData("rows", 3, 9): the remove count must be a whole number from 0 to 2 (the items after the index); nothing was applied"#,
            #"TypeError: spliceData("title", 0, 0): data.title is not a list (found string); nothing was applied"#,
            #"TypeError: spliceData("nothing.here", 0, 0): data.nothing.here is not a list (found nothing); nothing was applied"#,
            #"TypeError: spliceData("rows", 0, 0): the items contains a function at key 'f'; values must be JSON-able"#,
            #"TypeError: spliceData("7", 0, 0): the first argument must be the path of a list in data, as in spliceData('rows', 0, 0, row)"#,
        ])
        #expect(sent() == [])
        #expect(host() == before)
        h.event(1, "report")
        h.settle()
        #expect(h.delegate.logs.last == #"[{"id":0,"label":"row 0"},{"id":1,"label":"row 1"},{"id":2,"label":"row 2"},{"id":3,"label":"row 3"},{"id":4,"label":"row 4"}]"#)
    }

    /// The copy setData diffs against shares strings with the page's data but must hold what JSON made of a value:
    /// a Date as its string, NaN as null. Otherwise the same value set again would be sent again, or a change missed.
    @Test func theDiffCopyHoldsWhatTheHostGot() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { v: null },
              set() { this.setData({ v: { when: new Date(0), bad: NaN, list: [1, 'a', { s: 'x' }] } }) },
              nulled() { this.setData({ 'v.bad': null, 'v.when': '1970-01-01T00:00:00.000Z' }) },
              changed() { this.data.v.list[2].s = 'y'; this.setData({ v: this.data.v }) },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        for handler in ["set", "set", "nulled", "changed"] { h.event(1, handler) }
        h.settle()
        #expect(h.delegate.setDataCalls.map(\.summary) == [
            [#"v={"bad":null,"list":[1,"a",{"s":"x"}],"when":"1970-01-01T00:00:00.000Z"}"#],
            [#"v={"bad":null,"list":[1,"a",{"s":"y"}],"when":"1970-01-01T00:00:00.000Z"}"#],
        ])
    }
}
