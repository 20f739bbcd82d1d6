import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime

/// A file that is not a zip is refused from its last 64 KB, whatever its size: the end-of-central-directory record
/// can only be there (issue 27, item 12; a 2 GB file took 594 s when the whole file was scanned).
@Suite struct NotAZipTests {
    /// A sparse file of `bytes` zeros, which costs no disk space.
    static func sparseFile(_ path: String, bytes: Int64) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(ftruncate(descriptor, off_t(bytes)) == 0)
    }

    @Test(.timeLimit(.minutes(1)), arguments: [Int64(2) << 30, Int64(100) << 20, 65_558])
    func aLargeFileThatIsNotAZipIsRefusedAtOnce(bytes: Int64) throws {
        let h = try RejectionHarness()
        let path = h.tmp.sub("big.bin")
        try Self.sparseFile(path, bytes: bytes)
        let started = ContinuousClock.now
        h.expectRejected(path, .notAnArchive, mentioning: "no end-of-central-directory record in its last 64 KB")
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(1), "refusing \(bytes) bytes took \(elapsed)")
    }

    /// A zip's own bytes more than 64 KB before the end do not count: the record must be where readers look.
    @Test func aZipFollowedByMoreThan64KBIsRefused() throws {
        let h = try RejectionHarness()
        try BundleFixtures.signedArchive(h.tmp.sub("zip.zip"), key: h.key, version: "2.0.0")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: h.tmp.sub("zip.zip")))
        bytes.append(Data(count: ZipEndRecord.searchedBytes))
        try bytes.write(to: URL(fileURLWithPath: h.tmp.sub("padded.zip")))
        h.expectRejected(h.tmp.sub("padded.zip"), .notAnArchive, mentioning: "padded.zip")
    }

    /// The record may sit as far from the end as the longest comment allows: such a zip installs.
    @Test func aZipWithTheLongestCommentInstalls() throws {
        let h = try RejectionHarness()
        try BundleFixtures.signedArchive(h.tmp.sub("zip.zip"), key: h.key, version: "2.0.0")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: h.tmp.sub("zip.zip")))
        // The last 2 bytes of a comment-less end record are the comment's length.
        bytes[bytes.count - 2] = 0xFF
        bytes[bytes.count - 1] = 0xFF
        bytes.append(Data(repeating: UInt8(ascii: "c"), count: 65_535))
        try bytes.write(to: URL(fileURLWithPath: h.tmp.sub("commented.zip")))
        let installed = try h.installer().install(archivePath: h.tmp.sub("commented.zip"))
        #expect(installed.version == "2.0.0")
    }

    @Test func aTinyFileIsRefusedWithItsSize() throws {
        let h = try RejectionHarness()
        try Data("PK".utf8).write(to: URL(fileURLWithPath: h.tmp.sub("tiny.zip")))
        h.expectRejected(h.tmp.sub("tiny.zip"), .notAnArchive, mentioning: "2 bytes, shorter than a zip's 22-byte end record")
    }
}
