import Testing
import TerminiTemplate

/// setData and spliceData with paths and values past the nesting limit: each is a RangeError that names the limit,
/// and nothing of the call is applied, neither to `this.data` nor to what the host has (issue 27, items 1 and 6).
@Suite struct HostileSetDataTests {
    /// A page whose `probe` handler runs `attempt` (which may throw), then logs what `this.data` holds and sends a
    /// valid `msg`, which must reach the host: a refusal that changed the shadow copy would make it "no change".
    static func page(_ attempt: String) -> String {
        """
        const nest = (n, leaf) => { let v = leaf; for (let i = 0; i < n; i++) v = { d: v }; return v }
        const nestArrays = (n, leaf) => { let v = leaf; for (let i = 0; i < n; i++) v = [v]; return v }
        Page('index', {
          data: { msg: 'old', list: [1, 2] },
          probe() {
            try { \(attempt); console.log('applied') } catch (e) { console.log(e.name + ': ' + e.message) }
            console.log('msg', this.data.msg, 'keys', Object.keys(this.data).join(','), 'list', JSON.stringify(this.data.list))
            this.setData({ msg: 'NEW' })
          },
        })
        """
    }

    /// Runs `attempt` and returns the log lines and what reached the host.
    static func run(_ attempt: String) -> (logs: [String], sent: [[String]]) {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load(page(attempt))
        h.runtime.createPage(pageId: 1, name: "index")
        h.settle()
        h.event(1, "probe")
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
        return (h.delegate.logs, h.delegate.setDataCalls.map(\.summary))
    }

    static let untouched = "msg old keys msg,list list [1,2]"

    @Test(arguments: [
        "this.setData({ ['a' + '.a'.repeat(10000)]: 1, msg: 'NEW' })",
        "this.setData({ ['a' + '.a'.repeat(2000)]: 1, msg: 'NEW' })",
        "this.setData({ ['a' + '[0]'.repeat(10000)]: 1, msg: 'NEW' })",
        "this.setData({ msg: 'NEW', ['b' + '.x[0]'.repeat(3000)]: 1 })",
        "this.spliceData('a' + '.a'.repeat(5000), 0, 0, 1)",
    ])
    func aPathPastTheNestingLimitIsARangeErrorAndAppliesNothing(attempt: String) {
        let (logs, sent) = Self.run(attempt)
        #expect(logs.count == 2, "\(logs)")
        #expect(logs.first?.hasPrefix("RangeError: setData: the data path 'a") == true || logs.first?.hasPrefix("RangeError: setData: the data path 'b") == true,
                "\(logs.first ?? "")")
        #expect(logs.first?.contains("over the 2000 levels page data may nest; nothing was applied") == true)
        // The message shows the start of the path, not 20,000 characters of it.
        #expect((logs.first?.count ?? 0) < 300)
        #expect(logs.last == Self.untouched)
        #expect(sent == [["msg=\"NEW\""]])
    }

    @Test(arguments: [
        ("this.setData({ deep: nest(2001, 1), msg: 'NEW' })", "'deep': 2001 levels of arrays and objects below a path of 1 component"),
        ("this.setData({ msg: 'NEW', deep: nestArrays(2000, 1) })", "'deep': 2000 levels of arrays and objects below a path of 1 component"),
        ("this.setData({ ['p' + '.p'.repeat(999)]: nest(1001, 'x'), msg: 'NEW' })", "': 1001 levels of arrays and objects below a path of 1000 components"),
        ("this.setData({ deep: nest(100000, 1), msg: 'NEW' })", "'deep': 100000 levels of arrays and objects"),
        ("this.setData({ list: [1, 2, nest(3000, 1)] })", "'list': 3001 levels of arrays and objects"),
        ("this.spliceData('list', 1, 1, nest(3000, 1))", "the items: 3001 levels of arrays and objects"),
        ("this.spliceData('list', 0, 0, 'ok', nestArrays(1999, 0))", "the items: 2000 levels of arrays and objects"),
    ])
    func aValueTooDeepForItsPathIsRefusedWithTheWholeCall(attempt: String, message: String) {
        let (logs, sent) = Self.run(attempt)
        #expect(logs.count == 2, "\(logs)")
        #expect(logs.first?.contains(message) == true, "\(logs.first ?? "")")
        #expect(logs.first?.hasSuffix("nothing was applied") == true, "\(logs.first ?? "")")
        #expect(logs.last == Self.untouched)
        #expect(sent == [["msg=\"NEW\""]])
    }

    /// At the limit exactly, the value and its path together nest 2,000 levels and reach the host.
    @Test func aPathAndValueAtTheLimitAreApplied() {
        let (logs, sent) = Self.run("""
            this.setData({ ['p' + '.p'.repeat(999)]: nest(1000, 'x') }); \
            this.setData({ arrays: nestArrays(1999, 0) }); \
            this.spliceData('list', 2, 0, nestArrays(1998, 0))
            """)
        #expect(logs.first == "applied", "\(logs)")
        #expect(sent.count == 4, "\(sent.map { $0.map { String($0.prefix(40)) } })")
        #expect(sent.last == ["msg=\"NEW\""])
    }
}
