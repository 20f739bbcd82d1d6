import Foundation
import TestSupport
import Testing
import TerminiAuthoring
import TerminiRuntime

/// Examples/greeting-bundle is `termini pack` of Examples/greeting, unpacked (see Examples/README.md).
@Suite struct GreetingBundleTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples").path

    @Test func theCheckedInBundleIsWhatPackMakesOfTheProject() throws {
        let tmp = TemporaryFolder()
        _ = try BundlePacker().pack(project: Self.examples + "/greeting", output: tmp.sub("greeting.zip"), key: nil)
        let installed = try BundleInstaller(store: AppStore(root: tmp.sub("store")), options: InstallOptions(skipSignatureCheck: true))
            .install(archivePath: tmp.sub("greeting.zip"))
        for file in ["manifest.json", "main.js", "pages/index.json"] {
            let fresh = try String(contentsOfFile: installed.folder + "/" + file, encoding: .utf8)
            let checkedIn = try String(contentsOfFile: Self.examples + "/greeting-bundle/" + file, encoding: .utf8)
            #expect(fresh == checkedIn, "Examples/greeting-bundle/\(file) is stale: regenerate it as Examples/README.md says")
        }
        let shipped = try FileManager.default.subpathsOfDirectory(atPath: Self.examples + "/greeting-bundle").sorted()
        #expect(shipped == ["main.js", "manifest.json", "pages", "pages/index.json"])
    }
}
