import Foundation
import Testing
@testable import TerminiTemplate

/// Data paths and expressions at extreme depth: refused past their limit with a message that names it, and within
/// it changed without recursing once per path component (issue 27, items 1 and 2).
@Suite struct HostileDepthTests {
    /// `a.a.a…`, `components` components long.
    static func keyPath(_ components: Int) -> String { "a" + String(repeating: ".a", count: components - 1) }
    /// `a[0][0]…`, `components` components long.
    static func indexPath(_ components: Int) -> String { "a" + String(repeating: "[0]", count: components - 1) }
    /// `a.b[0].b[0]…`: keys and indices in turn.
    static func mixedPath(_ components: Int) -> String {
        var text = "a"
        for i in 1..<components { text += i % 2 == 1 ? ".b" : "[0]" }
        return text
    }

    @Test(arguments: [DataPath.maximumComponents + 1, 6_000, 10_001])
    func aPathLongerThanTheNestingLimitIsRefusedWhenParsed(components: Int) {
        for text in [Self.keyPath(components), Self.indexPath(components), Self.mixedPath(components)] {
            do {
                let path = try DataPath(parsing: text)
                Issue.record("a path of \(path.components.count) components parsed")
            } catch {
                #expect(error.message.contains("more than \(DataPath.maximumComponents) components"), "\(error.message)")
                // The message shows the start of the path, not all of it.
                #expect(error.description.count < 300, "\(error.description.count) characters")
            }
        }
        let json = JSONValue.array(Array(repeating: .string("a"), count: components))
        #expect(throws: DataPathError.self) { try DataPath(json: json) }
    }

    @Test func aPathAtTheNestingLimitParses() throws {
        let limit = DataPath.maximumComponents
        #expect(limit == JSONValue.maximumNesting)
        for text in [Self.keyPath(limit), Self.indexPath(limit), Self.mixedPath(limit)] {
            #expect(try DataPath(parsing: text).components.count == limit)
        }
        #expect(try DataPath(json: .array(Array(repeating: .string("a"), count: limit))).components.count == limit)
    }

    /// Every way a patch writes at a path, at the longest path, on a thread whose stack a recursion per component
    /// overflows (the recursive version took about 1.5 KB a level, and the UI thread crashed at 6,000 levels).
    @Test func writesAtTheLongestPathDoNotRecurseOnItsLength() throws {
        let limit = DataPath.maximumComponents
        let paths = try [Self.keyPath(limit), Self.indexPath(limit), Self.mixedPath(limit)].map {
            try DataPath(parsing: $0)
        }
        for path in paths {
            let results = SmallStackThread.run { () -> [JSONValue?] in
                var data: JSONValue = ["other": 1]
                data.set("first", at: path)
                let set = data.value(at: path)
                let old = data.exchange("second", at: path)
                var parentPath = path
                parentPath.components.removeLast()
                data.set(["keep": 1, "drop": 2], at: parentPath)
                data.removeMember("drop", at: parentPath)
                let kept = data.value(at: parentPath)
                data.set([1, 2, 3], at: path)
                let removed = data.splice(at: path, index: 1, removing: 1, inserting: [7, 8])
                let results = [set, old, kept, .array(removed), data.value(at: path), data["other"]]
                // Taken apart from the bottom up, each step a write at a shorter path: freed whole, a value this
                // deep recurses once per level (about 210 bytes a level in a debug build), more than this stack holds.
                var prefix = path
                while !prefix.components.isEmpty {
                    data.set(.null, at: prefix)
                    prefix.components.removeLast()
                }
                return results
            }
            #expect(results[0] == "first")
            #expect(results[1] == "first")
            #expect(results[2] == ["keep": 1])
            #expect(results[3] == [2])
            #expect(results[4] == [1, 7, 8, 3])
            #expect(results[5] == 1)
        }
    }

    @Test(arguments: [".a", "[0]", "['k']", "[i]", ".length"])
    func aChainOfMoreThan256StepsIsAnErrorAtTheStepPastTheLimit(step: String) throws {
        let limit = 256
        let within = "msg" + String(repeating: step, count: limit)
        #expect(throws: Never.self) { try Expression.parse(within) }
        for extra in [1, 2, 49_744] {
            let text = within + String(repeating: "[1]", count: extra)
            do {
                _ = try Expression.parse(text)
                Issue.record("\(limit + extra) steps parsed")
            } catch {
                #expect(error.message.contains("more than \(limit) steps"), "\(error.message)")
                // The column of the first step past the limit.
                #expect(error.column == within.unicodeScalars.count + 1, "column \(error.column)")
            }
        }
    }

    @Test func aTemplateStringWithFiftyThousandMemberAccessesIsAnError() {
        let text = "{{msg" + String(repeating: ".a", count: 50_000) + "}}"
        #expect(throws: ExpressionError.self) { try TemplateString(parsing: text) }
        // A chain inside an operand is capped too.
        let operand = "{{1 + (msg" + String(repeating: ".a", count: 300) + ")}}"
        #expect(throws: ExpressionError.self) { try TemplateString(parsing: operand) }
    }
}

/// Runs work on a thread with a small stack and hands its result back.
enum SmallStackThread {
    /// 256 KB: a tenth of what the recursive path writer needed for the longest path.
    static let stackBytes = 256 << 10

    static func run<Result>(_ body: @escaping () -> Result) -> Result {
        let box = ResultBox(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { box.result = box.body(); done.signal() }
        thread.stackSize = stackBytes
        thread.start()
        done.wait()
        return box.result!
    }
}

/// The work and its result, handed between the two threads (the semaphore orders the accesses).
private final class ResultBox<Result>: @unchecked Sendable {
    var result: Result?
    let body: () -> Result
    init(_ body: @escaping () -> Result) { self.body = body }
}
