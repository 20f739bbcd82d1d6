import Foundation
import TestSupport
import Testing

/// The tools print every error in the compilers' shape, whichever layer reported it: `where: error: what`.
@Suite struct DiagnosticShapeTests {
    @Test func aBundleErrorNamesTheArchiveAsCompilersDo() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let missing = store + "/nowhere.zip"
        let r = try await BuiltBinaries.run("termini", ["install", missing, "--store", store])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(missing): error: "), "\(r.stderr)")
        #expect(!r.stderr.contains("Error: "), "\(r.stderr)")
    }

    @Test func anErrorWithoutAPlaceNamesTheProgram() async throws {
        let r = try await BuiltBinaries.run("termini", ["run", "minigame://no-such-app", "--store", BuiltBinaries.temporaryFolder()])
        #expect(r.status != 0)
        #expect(r.stderr.contains(": error: "), "\(r.stderr)")
        #expect(!r.stderr.contains("Error: "), "\(r.stderr)")
    }
}
