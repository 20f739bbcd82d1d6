import Testing
import TerminiTemplate
@testable import TerminiScript

/// `this.appendLog(path, lines, maxLines)`: an append and a drop from the front, sent as two splices that carry only
/// the new lines, and bad calls refused whole.
@Suite struct AppendLogTests {
    @Test func itAppendsDropsTheOldestAndSendsOnlyTheNewLines() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            Page('index', {
              data: { lines: ['a', 'b', 'c'], title: 'x' },
              two() { this.appendLog('lines', ['d', 'e'], 4) },
              one() { this.appendLog('lines', 'f', 4) },
              many() { this.appendLog('lines', ['1', '2', '3', '4', '5', '6'], 4) },
              report() { console.log(JSON.stringify(this.data.lines)) },
              bad(e) {
                const calls = {
                  zero: () => this.appendLog('lines', ['x'], 0),
                  notList: () => this.appendLog('title', ['x']),
                  badLine: () => this.appendLog('lines', [{ f() {} }, 1n]),
                }
                try { calls[e.detail.call](); console.log('applied') } catch (err) { console.log(err.name + ': ' + err.message) }
              },
            })
            """)
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        var seen = h.delegate.setDataCalls.count
        func sent() -> [String] {
            h.settle()
            let calls = h.delegate.setDataCalls.dropFirst(seen)
            seen += calls.count
            return calls.flatMap(\.summary)
        }
        h.event(1, "two")
        #expect(sent() == [#"lines.splice(3,0,["d","e"])"#, "lines.splice(0,1,[])"])
        h.event(1, "one")
        #expect(sent() == [#"lines.splice(4,0,["f"])"#, "lines.splice(0,1,[])"])
        h.event(1, "many")
        #expect(sent() == [#"lines.splice(4,0,["3","4","5","6"])"#, "lines.splice(0,4,[])"], "only the last maxLines are kept")
        h.event(1, "report")
        h.settle()
        #expect(h.delegate.logs.last == #"["3","4","5","6"]"#)
        for call in ["zero", "notList", "badLine"] {
            h.event(1, "bad", ["type": "tap", "detail": ["call": .string(call)]])
            h.settle()
            let line = h.delegate.logs.last ?? ""
            #expect(line.hasPrefix("RangeError: appendLog(") || line.hasPrefix("TypeError: appendLog("), "\(call): \(line)")
        }
        #expect(sent().isEmpty, "a refused call sends nothing")
        h.event(1, "report")
        h.settle()
        #expect(h.delegate.logs.last == #"["3","4","5","6"]"#)
    }
}
