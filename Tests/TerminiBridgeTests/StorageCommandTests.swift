import Foundation
import Testing
import TerminiTemplate
@testable import TerminiBridge

@Suite struct StorageCommandTests {
    @Test func anyJSONValueRoundTrips() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let values: [JSONValue] = [
            ["todos": [["id": 1, "title": "milk", "done": false]], "draft": ""], [1, "two", nil, true], 3.5, "text", nil,
            false,
        ]
        for (i, value) in values.enumerated() {
            #expect(await h.call("setStorage", ["key": .string("k\(i)"), "data": value]).envelope == ["errMsg": "setStorage:ok"])
            #expect(await h.call("getStorage", ["key": .string("k\(i)")]).envelope == ["errMsg": "getStorage:ok", "data": value])
        }
    }

    @Test func missingKeyIsNotFound() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let outcome = await h.call("getStorage", ["key": "nope"])
        #expect(!outcome.ok)
        #expect(outcome.code == .notFound)
        #expect(outcome.message == "getStorage:fail no data for key 'nope'")
    }

    @Test func removeAndClearAffectOnlyTheCallingApp() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let a = ServiceHarness.context(app: "a"), b = ServiceHarness.context(app: "b")
        _ = await h.call("setStorage", ["key": "x", "data": "from a"], context: a)
        _ = await h.call("setStorage", ["key": "y", "data": "from a"], context: a)
        _ = await h.call("setStorage", ["key": "x", "data": "from b"], context: b)
        #expect(await h.call("getStorage", ["key": "x"], context: b).envelope["data"] == "from b")

        #expect(await h.call("removeStorage", ["key": "x"], context: a).ok)
        #expect(await h.call("removeStorage", ["key": "never-set"], context: a).ok)
        #expect(await h.call("getStorage", ["key": "x"], context: a).code == .notFound)
        #expect(await h.call("getStorage", ["key": "y"], context: a).ok)

        #expect(await h.call("clearStorage", context: a).envelope == ["errMsg": "clearStorage:ok"])
        #expect(await h.call("getStorage", ["key": "y"], context: a).code == .notFound)
        #expect(await h.call("getStorage", ["key": "x"], context: b).envelope["data"] == "from b")
    }

    @Test func storageInfoReportsKeysAndKilobytes() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        #expect(await h.call("getStorageInfo").envelope
            == ["errMsg": "getStorageInfo:ok", "keys": [], "currentSize": 0, "limitSize": 10240])
        // "b" + "\"…2046 chars…\"" = 1 + 2048 bytes; "a" + "1" = 2 bytes: 2051 bytes round up to 3 KB.
        _ = await h.call("setStorage", ["key": "b", "data": .string(String(repeating: "z", count: 2046))])
        _ = await h.call("setStorage", ["key": "a", "data": 1])
        #expect(await h.call("getStorageInfo").envelope
            == ["errMsg": "getStorageInfo:ok", "keys": ["a", "b"], "currentSize": 3, "limitSize": 10240])
        #expect(try h.store.usage(app: "demo").currentBytes == 2051)
    }

    @Test func valueSurvivesCloseAndReopen() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        _ = await h.call("setStorage", ["key": "todos", "data": [["title": "persist me"]]])
        h.store.close()
        #expect(throws: CommandError(.internal, "storage is closed")) { try h.store.get(app: "demo", key: "todos") }
        let reopened = StorageStore(directory: h.directory)
        defer { reopened.close() }
        #expect(try reopened.get(app: "demo", key: "todos") == [["title": "persist me"]])
    }

    @Test func twoMegabyteValueIsRefusedAndNothingIsWritten() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let big = JSONValue.string(String(repeating: "x", count: 2 * 1024 * 1024))
        let outcome = await h.call("setStorage", ["key": "big", "data": big])
        #expect(outcome.code == .quotaExceeded)
        #expect(outcome.message == "setStorage:fail value for key 'big' is 2097154 bytes, over the 1 MB per-value quota")
        #expect(await h.call("getStorage", ["key": "big"]).code == .notFound)

        // Overwriting an existing key with an oversized value keeps the old value.
        _ = await h.call("setStorage", ["key": "big", "data": "small"])
        #expect(await h.call("setStorage", ["key": "big", "data": big]).code == .quotaExceeded)
        #expect(await h.call("getStorage", ["key": "big"]).envelope["data"] == "small")
    }

    @Test func perAppQuotaRefusesTheWriteThatCrossesIt() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        // Each row: key "kN" (2 bytes) + 1,000,000 chars + 2 quotes = 1,000,004 bytes; ten fit in 10 MB, eleven don't.
        let chunk = JSONValue.string(String(repeating: "q", count: 1_000_000))
        for i in 0..<10 {
            #expect(await h.call("setStorage", ["key": .string("k\(i)"), "data": chunk]).ok)
        }
        let before = try h.store.usage(app: "demo")
        #expect(before.currentBytes == 10_000_040)
        let outcome = await h.call("setStorage", ["key": "kA", "data": chunk])
        #expect(outcome.code == .quotaExceeded)
        #expect(outcome.message == "setStorage:fail app 'demo' would use 11000044 bytes, over the 10 MB per-app quota")
        #expect(try h.store.usage(app: "demo") == before)
        // Replacing an existing key counts only the difference, so a same-size rewrite still fits.
        #expect(await h.call("setStorage", ["key": "k3", "data": chunk]).ok)
        // Another app has its own quota.
        #expect(await h.call("setStorage", ["key": "k0", "data": chunk], context: ServiceHarness.context(app: "other")).ok)
    }

    @Test func keysWithControlCharactersAreRefused() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let nul = await h.call("setStorage", ["key": "a\u{0}b", "data": 1])
        #expect(nul.code == .invalidParameter)
        #expect(nul.message == "setStorage:fail parameter 'key' contains control character U+0000 at character 1")
        #expect(await h.call("getStorage", ["key": "a\u{0}b"]).code == .invalidParameter)
        #expect(await h.call("setStorage", ["key": "line\nbreak", "data": 1]).code == .invalidParameter)
        #expect(await h.call("setStorage", ["key": "", "data": 1]).message == "setStorage:fail parameter 'key' must not be empty")
        let long = String(repeating: "k", count: 1025)
        #expect(await h.call("setStorage", ["key": .string(long), "data": 1]).message
            == "setStorage:fail parameter 'key' is 1025 bytes, over the 1024-byte limit")
        #expect(await h.call("setStorage", ["key": .string(String(long.dropFirst())), "data": 1]).ok)
        #expect(try h.store.usage(app: "demo").keys.count == 1)
    }

    @Test func pathCharactersAreOrdinaryKeyCharacters() async throws {
        // The store sits in a folder of its own, so "its parent gained no `x`" cannot be fooled by a /tmp/x that
        // something else made.
        let parentFolder = FileManager.default.temporaryDirectory.appendingPathComponent("termini-parent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parentFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parentFolder) }
        let h = try ServiceHarness(directory: parentFolder.appendingPathComponent("store"))
        defer { h.remove() }
        let keys = ["../x", "../../etc/passwd", "/abs/path", "a\\b", "..", "日本/語"]
        for (i, key) in keys.enumerated() {
            #expect(await h.call("setStorage", ["key": .string(key), "data": .number(Double(i))]).ok)
        }
        for (i, key) in keys.enumerated() {
            #expect(await h.call("getStorage", ["key": .string(key)]).envelope["data"] == .number(Double(i)))
        }
        #expect(await h.call("getStorage", ["key": "x"]).code == .notFound)
        // Nothing was created outside the database: the store folder holds only SQLite's files, and its parent
        // gained no `x` or `etc`.
        let files = try FileManager.default.contentsOfDirectory(atPath: h.directory.path)
        #expect(files.allSatisfy { $0.hasPrefix("storage.sqlite") })
        let parent = h.directory.deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["store"])
    }

    @Test func wrongOrMissingParametersNameTheField() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        #expect(await h.call("setStorage", ["key": 3, "data": 1]).message
            == "setStorage:fail parameter 'key' must be a string, got number")
        #expect(await h.call("setStorage", ["key": "k"]).message == "setStorage:fail missing required parameter 'data'")
        #expect(await h.call("getStorage", [:]).message == "getStorage:fail missing required parameter 'key'")
        #expect(await h.call("removeStorage", ["key": ["a"]]).code == .invalidParameter)
        #expect(try h.store.usage(app: "demo").keys.isEmpty)
    }

    @Test func concurrentWritersAllLand() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<64 {
                group.addTask { _ = await h.call("setStorage", ["key": .string("c\(i)"), "data": .number(Double(i))]) }
            }
        }
        let keys = try h.store.usage(app: "demo").keys
        #expect(keys.count == 64)
        for i in 0..<64 { #expect(try h.store.get(app: "demo", key: "c\(i)") == .number(Double(i))) }
    }
}
