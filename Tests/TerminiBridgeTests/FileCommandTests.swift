import Foundation
import Testing
import TerminiTemplate
@testable import TerminiBridge

/// The file commands on a real folder: text and base64 round trips, atomic writes, the quota shared with storage,
/// every way out of the app's folder refused with the path named. A full disk and a read-only store are real file
/// systems in `FileFailureTests` (EndToEndTests).
@Suite struct FileCommandTests {
    static let files = ServiceHarness.context(permissions: ["files"])

    func call(_ h: ServiceHarness, _ name: String, _ params: JSONValue) async -> CommandOutcome {
        await h.call(name, params, context: Self.files)
    }

    var appFolder: (ServiceHarness) -> String { { $0.directory.path + "/files/demo" } }

    @Test func writeReadAppendListStatRenameAndUnlink() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        #expect(await call(h, "mkdir", ["dirPath": "notes/2026", "recursive": true]).code == nil)
        #expect(await call(h, "writeFile", ["filePath": "notes/2026/a.txt", "data": "héllo", "encoding": "utf8"]).code == nil)
        #expect(await call(h, "appendFile", ["filePath": "notes/2026/a.txt", "data": " world"]).code == nil)
        #expect(await call(h, "readFile", ["filePath": "notes/2026/a.txt"]).envelope["data"] == "héllo world")
        #expect(try String(contentsOfFile: appFolder(h) + "/notes/2026/a.txt", encoding: .utf8) == "héllo world")
        let binary: [UInt8] = [0, 255, 1, 254, 0x1B, 10]
        let encoded = Data(binary).base64EncodedString()
        #expect(await call(h, "writeFile", ["filePath": "bin", "data": .string(encoded), "encoding": "base64"]).code == nil)
        #expect(await call(h, "readFile", ["filePath": "bin", "encoding": "base64"]).envelope["data"] == .string(encoded))
        let notText = await call(h, "readFile", ["filePath": "bin"])
        #expect(notText.code == .invalidParameter && notText.message.contains("'bin' is not UTF-8 text: read it with encoding 'base64'"), "\(notText.message)")
        #expect(await call(h, "readdir", ["dirPath": ""]).envelope["files"] == ["bin", "notes"])
        let stat = await call(h, "stat", ["path": "notes/2026/a.txt"]).envelope
        #expect(stat["size"] == 12 && stat["isFile"] == true && stat["isDirectory"] == false, "\(stat)")
        #expect((stat["lastModifiedTime"]?.numberValue ?? 0) > 1.7e12)
        #expect(await call(h, "rename", ["oldPath": "notes/2026/a.txt", "newPath": "b.txt"]).code == nil)
        #expect(await call(h, "readFile", ["filePath": "b.txt"]).envelope["data"] == "héllo world")
        #expect(await call(h, "unlink", ["filePath": "b.txt"]).code == nil)
        let gone = await call(h, "readFile", ["filePath": "b.txt"])
        #expect(gone.code == .notFound && gone.message == "readFile:fail 'b.txt' cannot be read: no such file or folder", "\(gone.message)")
        let noFolder = await call(h, "writeFile", ["filePath": "missing/x.txt", "data": "x"])
        #expect(noFolder.code == .notFound && noFolder.message.contains("'missing/x.txt'"), "\(noFolder.message)")
    }

    @Test func theFilesPermissionIsNeeded() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let denied = await h.call("writeFile", ["filePath": "a", "data": "x"], context: ServiceHarness.context(permissions: []))
        #expect(denied.code == .permissionDenied, "\(denied.message)")
        #expect(!FileManager.default.fileExists(atPath: appFolder(h) + "/a"))
    }

    @Test func pathsThatLeaveTheFolderAreRefusedAndNamed() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        try FileManager.default.createDirectory(at: h.directory, withIntermediateDirectories: true)
        let outside = h.directory.path + "/outside.txt"
        try "secret".write(toFile: outside, atomically: true, encoding: .utf8)
        #expect(await call(h, "mkdir", ["dirPath": "d"]).code == nil)
        try FileManager.default.createSymbolicLink(atPath: appFolder(h) + "/link", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: appFolder(h) + "/d/up", withDestinationPath: h.directory.path)
        let cases: [(String, JSONValue, String)] = [
            ("readFile", ["filePath": "../outside.txt"], "parameter 'filePath' '../outside.txt' goes up with '..'"),
            ("writeFile", ["filePath": "a/../../x", "data": "x"], "parameter 'filePath' 'a/../../x' goes up with '..'"),
            ("readFile", ["filePath": .string(outside)], "parameter 'filePath' '\(outside)' is absolute"),
            ("writeFile", ["filePath": "a\u{0}b", "data": "x"], "parameter 'filePath' 'a\\u{0}b' holds a NUL byte"),
            ("readFile", ["filePath": "link"], "path 'link' goes through the symbolic link 'link'"),
            ("writeFile", ["filePath": "link", "data": "overwritten"], "path 'link' goes through the symbolic link 'link'"),
            ("readFile", ["filePath": "d/up/outside.txt"], "path 'd/up/outside.txt' goes through the symbolic link 'd/up'"),
            ("unlink", ["filePath": "link"], "goes through the symbolic link 'link'"),
            ("rename", ["oldPath": "d", "newPath": "../d"], "parameter 'newPath' '../d' goes up"),
            ("readdir", ["dirPath": "d/up"], "goes through the symbolic link 'd/up'"),
            ("stat", ["path": "/etc/passwd"], "is absolute"),
            ("writeFile", ["filePath": "", "data": "x"], "parameter 'filePath' '' names no file"),
            ("writeFile", ["filePath": 7, "data": "x"], "parameter 'filePath' must be a string"),
            ("writeFile", ["filePath": "x", "data": "%%%", "encoding": "base64"], "parameter 'data' is not valid base64"),
            ("writeFile", ["filePath": "x", "data": "x", "encoding": "latin1"], "parameter 'encoding' must be 'utf8' or 'base64'"),
        ]
        for (name, params, message) in cases {
            let outcome = await call(h, name, params)
            #expect(outcome.code == .invalidParameter && outcome.message.contains(message), "\(name) \(params): \(outcome.message)")
        }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "secret", "nothing outside changed")
        #expect(await call(h, "readdir", ["dirPath": "."]).envelope["files"] == ["d", "link"], "and nothing was added")
    }

    @Test func theQuotaCountsFilesAndStorageAndRefusesWithNothingWritten() async throws {
        let h = try ServiceHarness(fileQuota: 10_000)
        defer { h.remove() }
        #expect(await call(h, "writeFile", ["filePath": "a", "data": .string(String(repeating: "a", count: 6_000))]).code == nil)
        #expect(await h.call("setStorage", ["key": "k", "data": .string(String(repeating: "s", count: 2_000))]).code == nil)
        let over = await call(h, "writeFile", ["filePath": "b", "data": .string(String(repeating: "b", count: 3_000))])
        #expect(over.code == .quotaExceeded, "\(over.message)")
        #expect(over.message == "writeFile:fail writing 3000 bytes to 'b' would make app 'demo' use 11003 bytes of files and "
                + "storage, over its quota of 10000 bytes; nothing was written", "\(over.message)")
        #expect(!FileManager.default.fileExists(atPath: appFolder(h) + "/b"))
        let append = await call(h, "appendFile", ["filePath": "a", "data": .string(String(repeating: "c", count: 3_000))])
        #expect(append.code == .quotaExceeded)
        #expect(try Data(contentsOf: URL(fileURLWithPath: appFolder(h) + "/a")).count == 6_000, "the old file is whole")
        let stored = await h.call("setStorage", ["key": "k2", "data": .string(String(repeating: "s", count: 3_000))])
        #expect(stored.code == .quotaExceeded && stored.message.contains("of files and storage, over its quota of 10000 bytes"),
                "storage counts the files too: \(stored.message)")
        // Replacing a file counts its new size, not both.
        #expect(await call(h, "writeFile", ["filePath": "a", "data": .string(String(repeating: "z", count: 7_000))]).code == nil)
    }
}
