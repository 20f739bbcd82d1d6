import Foundation
import Testing
@testable import TerminiScript

/// The prelude the engine runs is exactly `Sources/TerminiScript/Prelude/prelude.js`: it is embedded at build time,
/// so an edit to the file that did not reach the module fails here.
@Suite struct PreludeEmbeddingTests {
    @Test func theEmbeddedPreludeIsTheFileInTheRepository() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/TerminiScript/Prelude/prelude.js")
        let onDisk = try String(contentsOf: file, encoding: .utf8)
        #expect(Prelude.source == onDisk)
        #expect(Prelude.source.contains("function parsePath(source)"))
    }
}
