import Foundation
import TerminiTemplate
import Testing
@testable import TerminiBridge

/// A storage file that cannot be opened fails each storage call with errCode 12, naming the file, the cause and the
/// remedy, and nothing else: the store is made without touching the file, and a repaired file works at the next
/// call (issue 27, item 11). A full disk is tested end to end (`HostileStoreTests`), on a small tmpfs.
@Suite struct StorageUnavailableTests {
    /// Every storage command, with parameters that would succeed on a sound file.
    static let calls: [(String, JSONValue)] = [
        ("setStorage", ["key": "k", "data": 1]), ("getStorage", ["key": "k"]), ("removeStorage", ["key": "k"]),
        ("clearStorage", [:]), ("getStorageInfo", [:]),
    ]

    /// Calls every storage command and checks each fails with `unavailable` and a reason holding `words`.
    static func expectEveryCallUnavailable(_ h: ServiceHarness, mentioning words: [String],
                                           sourceLocation: SourceLocation = #_sourceLocation) async
    {
        for (name, params) in calls {
            let outcome = await h.call(name, params)
            #expect(outcome.code == .unavailable, "\(name): \(outcome.message)", sourceLocation: sourceLocation)
            for word in words {
                #expect(outcome.message.contains(word), "\(name): \(outcome.message)", sourceLocation: sourceLocation)
            }
        }
    }

    /// A database that worked, closed, then damaged by `damage`.
    static func damagedStore(_ damage: (String) throws -> Void) async throws -> ServiceHarness {
        let first = try ServiceHarness()
        #expect(await first.call("setStorage", ["key": "k", "data": "kept"]).ok)
        first.store.close()
        try damage(first.directory.appendingPathComponent("storage.sqlite").path)
        return try ServiceHarness(directory: first.directory)
    }

    @Test(arguments: [0, 16, 100])
    func aDatabaseWithAFlippedHeaderByteFailsEachCallNamingTheFile(offset: Int) async throws {
        let h = try await Self.damagedStore { path in
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            try handle.seek(toOffset: UInt64(offset))
            let byte = try #require(try handle.read(upToCount: 1)?.first)
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: [byte ^ 0xFF])
            try handle.close()
            // The WAL would otherwise hold a good copy of the page.
            try? FileManager.default.removeItem(atPath: path + "-wal")
        }
        defer { h.remove() }
        await Self.expectEveryCallUnavailable(h, mentioning: [h.store.fileURL.path, "storage file", "move it"])
    }

    @Test func aFileOfOtherBytesFailsEachCall() async throws {
        let h = try await Self.damagedStore { path in
            try? FileManager.default.removeItem(atPath: path + "-wal")
            try Data(String(repeating: "not a database ", count: 500).utf8).write(to: URL(fileURLWithPath: path))
        }
        defer { h.remove() }
        await Self.expectEveryCallUnavailable(h, mentioning: [h.store.fileURL.path, "not a database", "move it"])
    }

    /// A folder where the file should be; once it is moved away, the next call opens a fresh database.
    @Test func aFolderInPlaceOfTheFileFailsUntilItIsMovedAway() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let path = h.store.fileURL.path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        await Self.expectEveryCallUnavailable(h, mentioning: [path, "a folder is in its place"])
        try FileManager.default.removeItem(atPath: path)
        #expect(await h.call("setStorage", ["key": "k", "data": 2]).ok)
        #expect(await h.call("getStorage", ["key": "k"]).envelope["data"] == 2)
    }

    /// The store folder cannot be made (a file is where it would go).
    @Test func aStoreFolderThatCannotBeMadeFailsEachCall() async throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("termini-storage-\(UUID().uuidString)")
        try Data("a file".utf8).write(to: parent)
        defer { try? FileManager.default.removeItem(at: parent) }
        let h = try ServiceHarness(directory: parent.appendingPathComponent("store"))
        await Self.expectEveryCallUnavailable(h, mentioning: [parent.path, "cannot be created"])
    }

    /// Making the store touches nothing: an app that never calls storage never opens the file.
    @Test func makingTheStoreOpensNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termini-storage-\(UUID().uuidString)")
        let store = StorageStore(directory: directory)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        store.close()
    }
}
