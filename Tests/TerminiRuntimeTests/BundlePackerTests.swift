import Foundation
import TestSupport
import Testing
import ZIPFoundation
@testable import TerminiRuntime

@Suite struct BundlePackerTests {
    @Test func packWritesManifestWithHashesSignatureAndSortedEntries() throws {
        let tmp = TemporaryFolder()
        let project = try BundleFixtures.makeProject(in: tmp, assets: ["assets/b.txt": Data("b".utf8), "assets/img/a.png": Data([1, 2, 3])])
        let key = BundleSigningKey.generate()
        let result = try BundleFixtures.pack(project, to: tmp.sub("app.zip"), key: key)

        #expect(result.manifest.id == "demo")
        #expect(result.signerFingerprint == key.publicKey.fingerprint)
        #expect(result.manifest.files.keys.sorted() == ["assets/b.txt", "assets/img/a.png", "main.js", "pages/index.json"])
        #expect(result.manifest.files["assets/b.txt"] == BundleFixtures.sha256(Data("b".utf8)))

        let archive = try Archive(url: URL(fileURLWithPath: tmp.sub("app.zip")), accessMode: .read)
        let paths = archive.map(\.path)
        #expect(paths == ["manifest.json", "signature", "assets/b.txt", "assets/img/a.png", "main.js", "pages/index.json"])
        var manifestBytes = Data()
        _ = try archive.extract(try #require(archive["manifest.json"])) { manifestBytes.append($0) }
        var sigBytes = Data()
        _ = try archive.extract(try #require(archive["signature"])) { sigBytes.append($0) }
        try BundleSignature(fileBytes: sigBytes, location: "sig").verify(manifestBytes: manifestBytes, trusted: [key.publicKey], location: "x")
    }

    @Test func packingTwiceGivesIdenticalBytes() throws {
        let tmp = TemporaryFolder()
        let project = try BundleFixtures.makeProject(in: tmp, assets: ["assets/z.txt": Data("z".utf8), "assets/a.txt": Data("a".utf8)])
        let key = BundleSigningKey.generate()
        _ = try BundleFixtures.pack(project, to: tmp.sub("one.zip"), key: key)
        _ = try BundleFixtures.pack(project, to: tmp.sub("two.zip"), key: key)
        let one = try Data(contentsOf: URL(fileURLWithPath: tmp.sub("one.zip")))
        let two = try Data(contentsOf: URL(fileURLWithPath: tmp.sub("two.zip")))
        #expect(one == two)
        #expect(!FileManager.default.fileExists(atPath: tmp.sub("one.zip.tmp-\(getpid())")))
    }

    @Test func compileErrorsStopThePackAndNameTheFile() throws {
        let tmp = TemporaryFolder()
        let project = try BundleFixtures.makeProject(in: tmp)
        let failing = BundlePacker(compilePages: { folder in
            .failure(PageCompileFailure(diagnostics: ["\(folder)/index.swift:3:5: error: unknown widget 'Txt'"]))
        })
        do {
            _ = try failing.pack(project: project, output: tmp.sub("app.zip"), key: nil)
            Issue.record("pack succeeded")
        } catch {
            #expect(error.kind == .compileFailed)
            #expect(error.description.contains("index.swift:3:5: error: unknown widget 'Txt'"))
        }
        #expect(!FileManager.default.fileExists(atPath: tmp.sub("app.zip")))
    }

    @Test func projectMistakesAreClearErrors() throws {
        let tmp = TemporaryFolder()
        let project = try BundleFixtures.makeProject(in: tmp)
        try tmp.write("proj/app.json", #"{"id": "demo", "version": "1.0.0", "pages": ["index", "detail"]}"#)
        do { _ = try BundleFixtures.pack(project, to: tmp.sub("a.zip"), key: nil); Issue.record("packed") } catch {
            #expect(error.kind == .badProject)
            #expect(error.message.contains("'detail'"))
        }
        try tmp.write("proj/app.json", #"{"id": "demo", "version": "one", "pages": ["index"]}"#)
        do { _ = try BundleFixtures.pack(project, to: tmp.sub("a.zip"), key: nil); Issue.record("packed") } catch {
            #expect(error.kind == .badProject)
            #expect(error.message.contains("$.version"))
        }
        try tmp.write("proj/app.json", #"{"id": "demo", "version": "1.0.0", "pages": ["index"]}"#)
        try FileManager.default.createSymbolicLink(atPath: tmp.sub("proj/assets/link"), withDestinationPath: "/etc/passwd")
        do { _ = try BundleFixtures.pack(project, to: tmp.sub("a.zip"), key: nil); Issue.record("packed") } catch {
            #expect(error.kind == .badProject)
            #expect(error.location.hasSuffix("assets/link"))
        }
    }

    @Test func reportsProgressUpToTheTotal() throws {
        let tmp = TemporaryFolder()
        let big = Data((0 ..< 300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let project = try BundleFixtures.makeProject(in: tmp, assets: ["assets/big.bin": big])
        nonisolated(unsafe) var reports: [PackProgress] = []
        _ = try BundlePacker(compilePages: BundleFixtures.fixtureCompiler)
            .pack(project: project, output: tmp.sub("a.zip"), key: nil) { reports.append($0) }
        let last = try #require(reports.last)
        #expect(last.bytesDone == last.bytesTotal)
        #expect(last.filesDone == last.filesTotal)
        #expect(reports.count > 4) // several chunks of the big file, not one report per file
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.bytesDone <= $1.bytesDone })
    }
}
