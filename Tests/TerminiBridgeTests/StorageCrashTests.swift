import Foundation
import Testing
import TestSupport
import TerminiTemplate
@testable import TerminiBridge

/// SIGKILL during a burst of writes: every write the child acknowledged must be there, and the database intact.
@Suite struct StorageCrashTests {
    /// `storage-writer` is built into the same folder as the test binary.
    static func writerURL() throws -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let url = testBinary.deletingLastPathComponent().appendingPathComponent("storage-writer")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw ServerError("storage-writer not found at \(url.path); build all targets (swift build --build-tests)")
        }
        return url
    }

    @Test func acknowledgedWritesSurviveSIGKILL() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termini-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = try ChildProcess(try Self.writerURL().path, [directory.path, "crash", "1000000"])
        let out = try #require(writer.standardOutput)
        let err = PipeDrain(writer.standardError)

        var text = ""
        func acks() -> [Int] {
            text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
                line.hasPrefix("ack ") ? Int(line.dropFirst(4)) : nil
            }
        }
        // Kill mid-burst: after a few hundred acknowledged commits, with the writer still going.
        let deadline = Date().addingTimeInterval(30)
        while acks().count < 300, Date() < deadline {
            let chunk = out.availableData
            if chunk.isEmpty { break }  // EOF: the writer died on its own
            text += String(decoding: chunk, as: UTF8.self)
        }
        writer.kill(SIGKILL)
        let termination = writer.waitBlocking()
        // Acks written before the kill are still in the pipe; they count too.
        text += String(decoding: out.readDataToEndOfFile(), as: UTF8.self)
        let acked = acks()
        let stderr = err.waitBlocking()

        #expect(termination == .signalled(SIGKILL), "writer exited on its own: \(stderr)")
        #expect(acked.count >= 300, "only \(acked.count) acks; stderr: \(stderr)")
        // Acks come in commit order with no gaps or repeats.
        let firstGap = zip(acked, 0...).first { $0.0 != $0.1 }
        #expect(firstGap == nil, "ack sequence breaks at \(String(describing: firstGap))")

        let store = StorageStore(directory: directory)
        defer { store.close() }
        #expect(try store.integrityCheck() == "ok")
        var missing: [Int] = []
        for i in acked {
            let value = try? store.get(app: "crash", key: "k\(i)")
            if value?["i"] != .number(Double(i)) { missing.append(i) }
        }
        #expect(missing.isEmpty, "acknowledged but missing after SIGKILL: \(missing.prefix(20))")
        // The store is still writable after the crash.
        try store.set(app: "crash", key: "after", value: true)
        #expect(try store.get(app: "crash", key: "after") == true)
    }
}
