import Foundation
import TestSupport
import Testing
import TerminiTemplate
import ZIPFoundation
@testable import TerminiRuntime

/// A store holding one good install, and a check that a bad archive is rejected with the expected error while the
/// store stays byte-for-byte unchanged.
final class RejectionHarness {
    let tmp = TemporaryFolder()
    let key = BundleSigningKey.generate()
    let store: AppStore

    init() throws {
        store = AppStore(root: tmp.sub("store"))
        try BundleFixtures.signedArchive(tmp.sub("good.zip"), key: key, version: "1.0.0")
        _ = try installer().install(archivePath: tmp.sub("good.zip"))
    }

    func installer(_ options: InstallOptions? = nil) -> BundleInstaller {
        BundleInstaller(store: store, options: options ?? InstallOptions(trustedKeys: [key.publicKey]))
    }

    func expectRejected(_ archive: String, _ kind: BundleError.Kind, mentioning text: String? = nil,
                        options: InstallOptions? = nil, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let before = StoreSnapshot(store.root)
        do {
            let r = try installer(options).install(archivePath: archive)
            Issue.record("installed \(r.id) \(r.version) instead of failing with \(kind)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            if let text { #expect(error.description.contains(text), "\(error)", sourceLocation: sourceLocation) }
        }
        #expect(StoreSnapshot(store.root) == before, sourceLocation: sourceLocation)
        #expect((try? store.resolve("demo").version) == "1.0.0", sourceLocation: sourceLocation)
    }
}

@Suite struct InstallRejectionTests {
    @Test func tamperedFile() throws {
        let h = try RejectionHarness()
        let files = BundleFixtures.bundleFiles(version: "2.0.0")
        let manifest = BundleFixtures.manifestBytes(version: "2.0.0", files: files)
        var tampered = files
        tampered["main.js"] = Data("steal()\n".utf8)
        try BundleFixtures.writeArchive(h.tmp.sub("t.zip"), [
            .init(path: "manifest.json", data: manifest), .init(path: "signature", data: try BundleFixtures.signatureBytes(manifest, key: h.key)),
        ] + tampered.keys.sorted().map { .init(path: $0, data: tampered[$0]!) })
        h.expectRejected(h.tmp.sub("t.zip"), .hashMismatch, mentioning: "main.js")
        // Dev mode skips only the signature; the hashes still protect the install.
        h.expectRejected(h.tmp.sub("t.zip"), .hashMismatch, options: InstallOptions(skipSignatureCheck: true))
    }

    @Test func tamperedManifest() throws {
        let h = try RejectionHarness()
        let files = BundleFixtures.bundleFiles(version: "2.0.0")
        let manifest = BundleFixtures.manifestBytes(version: "2.0.0", files: files)
        let signature = try BundleFixtures.signatureBytes(manifest, key: h.key)
        // The attacker grants the app a permission the author never signed for.
        guard case .object(var json) = try JSONValue.parse(String(decoding: manifest, as: UTF8.self)) else { throw BundleError(.badManifest, "", "") }
        json["permissions"] = ["request"]
        let altered = Data((JSONValue.object(json).prettySerialized() + "\n").utf8)
        #expect(altered != manifest)
        try BundleFixtures.writeArchive(h.tmp.sub("t.zip"), [.init(path: "manifest.json", data: altered), .init(path: "signature", data: signature)]
            + files.keys.sorted().map { .init(path: $0, data: files[$0]!) })
        h.expectRejected(h.tmp.sub("t.zip"), .badSignature, mentioning: "altered")
    }

    @Test func missingSignature() throws {
        let h = try RejectionHarness()
        let files = BundleFixtures.bundleFiles(version: "2.0.0")
        try BundleFixtures.writeArchive(h.tmp.sub("t.zip"), [.init(path: "manifest.json", data: BundleFixtures.manifestBytes(version: "2.0.0", files: files))]
            + files.keys.sorted().map { .init(path: $0, data: files[$0]!) })
        h.expectRejected(h.tmp.sub("t.zip"), .missingSignature, mentioning: "--dev")
    }

    @Test func wrongSignature() throws {
        let h = try RejectionHarness()
        let files = BundleFixtures.bundleFiles(version: "2.0.0")
        let manifest = BundleFixtures.manifestBytes(version: "2.0.0", files: files)
        // A genuine signature by the trusted key, but over another manifest.
        let other = try BundleFixtures.signatureBytes(BundleFixtures.manifestBytes(version: "9.9.9", files: files), key: h.key)
        try BundleFixtures.writeArchive(h.tmp.sub("t.zip"), [.init(path: "manifest.json", data: manifest), .init(path: "signature", data: other)]
            + files.keys.sorted().map { .init(path: $0, data: files[$0]!) })
        h.expectRejected(h.tmp.sub("t.zip"), .badSignature)

        try BundleFixtures.writeArchive(h.tmp.sub("g.zip"), [.init(path: "manifest.json", data: manifest), .init(path: "signature", data: Data("garbage".utf8))]
            + files.keys.sorted().map { .init(path: $0, data: files[$0]!) })
        h.expectRejected(h.tmp.sub("g.zip"), .badSignature, mentioning: "signature")
    }

    @Test func untrustedKey() throws {
        let h = try RejectionHarness()
        let stranger = BundleSigningKey.generate()
        try BundleFixtures.signedArchive(h.tmp.sub("t.zip"), key: stranger, version: "2.0.0")
        h.expectRejected(h.tmp.sub("t.zip"), .untrustedKey, mentioning: stranger.publicKey.fingerprint)
    }

    @Test func zipSlipEntry() throws {
        let h = try RejectionHarness()
        try BundleFixtures.signedArchive(h.tmp.sub("t.zip"), key: h.key, version: "2.0.0", extra: [.init(path: "../evil", data: Data("x".utf8))])
        h.expectRejected(h.tmp.sub("t.zip"), .unsafeEntry, mentioning: "'..' path component")
        try BundleFixtures.signedArchive(h.tmp.sub("u.zip"), key: h.key, version: "2.0.0", extra: [.init(path: "assets/../../evil", data: Data("x".utf8))])
        h.expectRejected(h.tmp.sub("u.zip"), .unsafeEntry)
        #expect(!FileManager.default.fileExists(atPath: h.tmp.sub("evil")))
        #expect(!FileManager.default.fileExists(atPath: h.store.root + "/evil"))
    }

    @Test func absolutePathEntry() throws {
        let h = try RejectionHarness()
        let target = h.tmp.sub("absolute-evil")
        try BundleFixtures.signedArchive(h.tmp.sub("t.zip"), key: h.key, version: "2.0.0", extra: [.init(path: target, data: Data("x".utf8))])
        h.expectRejected(h.tmp.sub("t.zip"), .unsafeEntry, mentioning: "absolute path")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func symlinkEntry() throws {
        let h = try RejectionHarness()
        try BundleFixtures.signedArchive(h.tmp.sub("t.zip"), key: h.key, version: "2.0.0",
                                         extra: [.init(path: "assets/passwd", data: Data("/etc/passwd".utf8), type: .symlink)])
        h.expectRejected(h.tmp.sub("t.zip"), .unsafeEntry, mentioning: "symbolic link")
    }

    @Test func zipBombIsCaughtOnInflatedBytesEvenWhenTheHeaderLies() throws {
        let h = try RejectionHarness()
        let limits = ExtractionLimits(maxEntries: 100, maxFileBytes: 256 << 10, maxTotalBytes: 64 << 20)
        let options = InstallOptions(trustedKeys: [h.key.publicKey], limits: limits)
        let bomb = Data(count: 4 << 20) // 4 MiB of zeros deflates to a few KiB
        var files = BundleFixtures.bundleFiles(version: "2.0.0")
        files["assets/bomb.bin"] = bomb
        try BundleFixtures.signedArchive(h.tmp.sub("honest.zip"), key: h.key, version: "2.0.0", files: files)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: h.tmp.sub("honest.zip"))[.size] as? Int)
        #expect(size < 64 << 10)
        h.expectRejected(h.tmp.sub("honest.zip"), .limitExceeded, mentioning: "assets/bomb.bin", options: options)

        // Rewrite the declared uncompressed size to 16 bytes in both headers: only counting inflated bytes catches it.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: h.tmp.sub("honest.zip")))
        let patched = Self.patchUncompressedSize(&bytes, entry: "assets/bomb.bin", to: 16)
        #expect(patched == 2)
        try bytes.write(to: URL(fileURLWithPath: h.tmp.sub("lying.zip")))
        let lying = try Archive(url: URL(fileURLWithPath: h.tmp.sub("lying.zip")), accessMode: .read)
        #expect(lying["assets/bomb.bin"]?.uncompressedSize == 16)
        h.expectRejected(h.tmp.sub("lying.zip"), .limitExceeded, mentioning: "inflates to more than the 256 KB per-file limit", options: options)
        // With the standard limits the same archive is fine: the rejections above come from the override.
        #expect(try h.installer().install(archivePath: h.tmp.sub("honest.zip")).version == "2.0.0")
    }

    @Test func totalSizeAndEntryCountLimits() throws {
        let h = try RejectionHarness()
        var files = BundleFixtures.bundleFiles(version: "2.0.0")
        for i in 0 ..< 6 { files["assets/f\(i).bin"] = Data(repeating: UInt8(i), count: 200 << 10) }
        try BundleFixtures.signedArchive(h.tmp.sub("total.zip"), key: h.key, version: "2.0.0", files: files)
        h.expectRejected(h.tmp.sub("total.zip"), .limitExceeded, mentioning: "total limit",
                         options: InstallOptions(trustedKeys: [h.key.publicKey], limits: ExtractionLimits(maxFileBytes: 256 << 10, maxTotalBytes: 1 << 20)))

        var many = BundleFixtures.bundleFiles(version: "2.0.0")
        for i in 0 ..< 30 { many["assets/\(i).txt"] = Data("\(i)".utf8) }
        try BundleFixtures.signedArchive(h.tmp.sub("many.zip"), key: h.key, version: "2.0.0", files: many)
        h.expectRejected(h.tmp.sub("many.zip"), .limitExceeded, mentioning: "more than 20 entries",
                         options: InstallOptions(trustedKeys: [h.key.publicKey], limits: ExtractionLimits(maxEntries: 20)))
    }

    @Test func truncatedZip() throws {
        let h = try RejectionHarness()
        try BundleFixtures.signedArchive(h.tmp.sub("full.zip"), key: h.key, version: "2.0.0")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: h.tmp.sub("full.zip")))
        for (name, length) in [("half.zip", bytes.count / 2), ("tail.zip", bytes.count - 5), ("empty.zip", 0)] {
            try bytes.prefix(length).write(to: URL(fileURLWithPath: h.tmp.sub(name)))
            h.expectRejected(h.tmp.sub(name), .notAnArchive, mentioning: name)
        }
    }

    /// A deflated manifest whose stream never ends (one stored block longer than the rest of the file) is a clear
    /// error naming the entry; it used to make install spin forever (found by fuzzing the bundle reader), also when
    /// only the entry's local header, which ZIPFoundation goes by, says it is deflated.
    @Test(.timeLimit(.minutes(1)), arguments: [8, 0]) func deflateStreamThatOutlastsTheFile(directoryMethod: Int) throws {
        let h = try RejectionHarness()
        func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let name = Array("manifest.json".utf8)
        let data: [UInt8] = [0x00] + le(0xffff, 2) + le(0, 2) + Array("{\"id\": \"x\"}".utf8)
        let local = le(0x0403_4b50, 4) + le(20, 2) + le(0, 2) + le(8, 2) + le(0, 4) + le(0, 4) + le(data.count, 4) + le(11, 4)
            + le(name.count, 2) + le(0, 2) + name + data
        let directory = le(0x0201_4b50, 4) + le(20, 2) + le(20, 2) + le(0, 2) + le(directoryMethod, 2) + le(0, 4) + le(0, 4)
            + le(data.count, 4) + le(11, 4) + le(name.count, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0o644 << 16, 4)
            + le(0, 4) + name
        let end = le(0x0605_4b50, 4) + le(0, 2) + le(0, 2) + le(1, 2) + le(1, 2) + le(directory.count, 4) + le(local.count, 4) + le(0, 2)
        try Data(local + directory + end).write(to: URL(fileURLWithPath: h.tmp.sub("endless.zip")))
        h.expectRejected(h.tmp.sub("endless.zip"), .notAnArchive,
                         mentioning: "endless.zip: manifest.json: the compressed data ends before its deflate stream does")
        h.expectRejected(h.tmp.sub("endless.zip"), .notAnArchive, options: InstallOptions(skipSignatureCheck: true))
    }

    @Test func engineVersionTooNew() throws {
        let h = try RejectionHarness()
        try BundleFixtures.signedArchive(h.tmp.sub("t.zip"), key: h.key, version: "2.0.0", engine: ">=9.0.0")
        h.expectRejected(h.tmp.sub("t.zip"), .engineMismatch, mentioning: "needs engine >=9.0.0, but this is engine \(TerminiEngine.version)")
    }

    @Test func unlistedAndMissingFiles() throws {
        let h = try RejectionHarness()
        try BundleFixtures.signedArchive(h.tmp.sub("extra.zip"), key: h.key, version: "2.0.0", extra: [.init(path: "assets/sneaky.js", data: Data("x".utf8))])
        h.expectRejected(h.tmp.sub("extra.zip"), .unlistedFile, mentioning: "assets/sneaky.js")

        let files = BundleFixtures.bundleFiles(version: "2.0.0")
        let manifest = BundleFixtures.manifestBytes(version: "2.0.0", files: files)
        try BundleFixtures.writeArchive(h.tmp.sub("missing.zip"), [
            .init(path: "manifest.json", data: manifest), .init(path: "signature", data: try BundleFixtures.signatureBytes(manifest, key: h.key)),
            .init(path: "main.js", data: files["main.js"]!),
        ])
        h.expectRejected(h.tmp.sub("missing.zip"), .missingFile, mentioning: "pages/index.json")
    }

    @Test func duplicateEntryNames() throws {
        let h = try RejectionHarness()
        try BundleFixtures.signedArchive(h.tmp.sub("t.zip"), key: h.key, version: "2.0.0", extra: [.init(path: "main.js", data: Data("evil()".utf8))])
        h.expectRejected(h.tmp.sub("t.zip"), .unsafeEntry, mentioning: "more than once")
    }

    @Test func duplicateInstallChangesNothing() throws {
        let h = try RejectionHarness()
        h.expectRejected(h.tmp.sub("good.zip"), .alreadyInstalled, mentioning: "demo 1.0.0 is already installed")
        try BundleFixtures.signedArchive(h.tmp.sub("rebuilt.zip"), key: h.key, version: "1.0.0+rebuild.2")
        h.expectRejected(h.tmp.sub("rebuilt.zip"), .alreadyInstalled, mentioning: "demo 1.0.0 is already installed")
    }

    @Test func unwritableStore() throws {
        let h = try RejectionHarness()
        // Root ignores permission bits, so make the store path impossible instead: it lies under a regular file.
        try h.tmp.write("plain-file", "not a folder")
        let before = StoreSnapshot(h.tmp.sub("plain-file"))
        let store = AppStore(root: h.tmp.sub("plain-file/store"))
        do {
            _ = try BundleInstaller(store: store, options: InstallOptions(trustedKeys: [h.key.publicKey])).install(archivePath: h.tmp.sub("good.zip"))
            Issue.record("installed into an impossible store")
        } catch {
            #expect(error.kind == .storeUnavailable)
            #expect(error.description.contains("plain-file/store"))
            #expect(error.message.contains("plain-file is a file, not a folder"))
        }
        #expect(StoreSnapshot(h.tmp.sub("plain-file")) == before)
        #expect(try String(contentsOfFile: h.tmp.sub("plain-file"), encoding: .utf8) == "not a folder")

        // A store whose apps folder was replaced by a file: a clear error, and the store is untouched.
        let broken = AppStore(root: h.tmp.sub("broken"))
        try h.tmp.write("broken/apps", "oops")
        let brokenBefore = StoreSnapshot(broken.root)
        do { _ = try BundleInstaller(store: broken, options: InstallOptions(trustedKeys: [h.key.publicKey])).install(archivePath: h.tmp.sub("good.zip")); Issue.record("installed") } catch {
            #expect(error.kind == .storeUnavailable)
            #expect(error.message.contains("broken/apps is a file, not a folder"))
        }
        #expect(StoreSnapshot(broken.root) == brokenBefore)
    }

    /// Sets the uncompressed-size field of `entry` in its local header (offset 22) and central header (offset 24).
    static func patchUncompressedSize(_ data: inout Data, entry: String, to size: UInt32) -> Int {
        let name = Array(entry.utf8)
        var patched = 0
        let bytes = [UInt8](data)
        func u32(_ i: Int) -> UInt32 { UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func put(_ i: Int) {
            for k in 0 ..< 4 { data[data.startIndex + i + k] = UInt8(truncatingIfNeeded: size >> (8 * k)) }
            patched += 1
        }
        var i = 0
        while i + 46 < bytes.count {
            if u32(i) == 0x0403_4b50, u16(i + 26) == name.count, Array(bytes[(i + 30) ..< (i + 30 + name.count)]) == name { put(i + 22) }
            if u32(i) == 0x0201_4b50, u16(i + 28) == name.count, Array(bytes[(i + 46) ..< min(i + 46 + name.count, bytes.count)]) == name { put(i + 24) }
            i += 1
        }
        return patched
    }
}
