import Foundation
import Testing

/// Every input of the fuzz corpora (seeds, and crashes once fixed) runs through its target without a crash.
@Suite struct FuzzCorpusReplayTests {
    @Test(arguments: ["expressions", "data-paths", "json", "template", "keys", "markdown", "themes", "manifest", "events",
                      "bundle", "tplgen"])
    func theCorpusReplaysCleanly(target: String) async throws {
        let corpus = BuiltBinaries.packageRoot.appendingPathComponent("Fuzz/Corpus/\(target)").path
        let r = try await BuiltBinaries.run("termini-fuzz", [target, corpus])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\(target): ") && r.stdout.contains("inputs, no crash"), "\(r.stdout)")
    }

    @Test func anUnknownTargetIsAClearError() async throws {
        let r = try await BuiltBinaries.run("termini-fuzz", ["nonsense"])
        #expect(r.status == 2 && r.stderr.contains("targets: bundle, data-paths, events, expressions, json, keys, manifest, markdown, template, themes, tplgen"), "\(r.stderr)")
    }
}
