import Foundation
import Testing
@testable import TerminiAuthoring
import TerminiRuntime

/// The gallery's embedded samples: current with Templates/, complete, and each one compiles.
@Suite struct EmbeddedSamplesTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func generatedFileIsCurrent() throws {
        let expected = try EmbeddedSamplesEmitter.emit(templatesFolder: Self.repositoryRoot + "/Templates")
        let current = try String(contentsOfFile: Self.repositoryRoot + "/" + EmbeddedSamplesEmitter.relativePath, encoding: .utf8)
        #expect(current == expected, "\(EmbeddedSamplesEmitter.relativePath) is stale: run Scripts/gen-samples")
    }

    /// `./Scripts/test` runs `termini test` on every sample; each has something to run, and none is embedded.
    @Test func everySampleHasTestsThatAreNotEmbedded() throws {
        for project in EmbeddedSamples.all {
            let tests = (try? FileManager.default.contentsOfDirectory(atPath: "\(Self.repositoryRoot)/Templates/\(project.folder)/tests")) ?? []
            #expect(tests.contains { $0.hasSuffix(".test") }, "Templates/\(project.folder)/tests has no *.test file")
            #expect(!project.files.keys.contains { $0.hasPrefix("tests/") }, "\(project.folder)")
        }
    }

    @Test func embeddedTextMatchesTheFilesByteForByte() throws {
        for project in EmbeddedSamples.all {
            for (path, text) in project.files {
                let onDisk = try String(contentsOfFile: "\(Self.repositoryRoot)/Templates/\(project.folder)/\(path)", encoding: .utf8)
                #expect(text == onDisk, "\(project.folder)/\(path)")
            }
        }
    }

    @Test func galleryOffersTheSamplesInOrderAndEachCompiles() throws {
        let folders = EmbeddedSamples.samples.map(\.folder)
        #expect(Array(folders.prefix(3)) == ["todo", "feed", "clock"])
        #expect(folders.contains("wide") && !folders.contains("gallery"))
        for sample in EmbeddedSamples.samples + [try #require(EmbeddedSamples.gallery)] {
            let bundle = try sample.load()
            #expect(bundle.pages[bundle.launchPage] != nil, "\(sample.folder)")
        }
    }

    @Test func theGeneratorFindsThePackageFromInsideItAndSaysWhatToDoOutside() throws {
        #expect(try EmbeddedSamplesEmitter.packageRoot(from: Self.repositoryRoot + "/Sources/TerminiAuthoring/Gallery")
            == Self.repositoryRoot)
        let error = #expect(throws: PackageRootNotFound.self) { try EmbeddedSamplesEmitter.packageRoot(from: "/") }
        #expect(error?.description == "cannot find the Termini package (a folder with Package.swift and Templates/) "
            + "at or above /; run from inside the repository or pass --root <repository>")
    }

    @Test func literalsSurviveQuotesHashesAndBackslashes() {
        let text = "a \"\"\"# b \\#( c \"# \\n\n"
        let literal = EmbeddedSamplesEmitter.literal(text)
        #expect(literal.hasPrefix("##\"\"\"\n") && literal.hasSuffix("\n\"\"\"##"))
        #expect(EmbeddedSamplesEmitter.literal("plain") == "#\"plain\"#")
    }
}
