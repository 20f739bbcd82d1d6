import Foundation
import Testing
import TestSupport
@testable import TerminiScript

/// The prelude the engine runs is exactly the files of `Sources/TerminiScript/Prelude/`, joined in `Prelude.parts`
/// order: they are embedded at build time, so an edit that did not reach the module fails here, as does a file the
/// list forgets. A place inside the joined script reads as the part's file and line.
@Suite struct PreludeEmbeddingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/TerminiScript/Prelude")

    @Test func theEmbeddedPreludeIsTheFilesInTheRepository() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".js") }
        #expect(Set(onDisk) == Set(Prelude.parts.map(\.name)), "every file of Prelude/ is a part, once")
        for part in Prelude.parts {
            #expect(part.text == (try String(contentsOf: Self.folder.appendingPathComponent(part.name), encoding: .utf8)),
                    "\(part.name) differs from the embedded copy")
        }
        #expect(Prelude.source.hasPrefix(Prelude.parts[0].text) && Prelude.source.contains("function parsePath(source)"))
    }

    /// Joined, the parts are one valid script (node parses it as JavaScriptCore will), which reads and writes the two
    /// globals the engine sets and deletes.
    @Test func theJoinedPartsParse() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/prelude.js"
        try Prelude.source.write(toFile: file, atomically: true, encoding: .utf8)
        let node = try ChildProcess.runBlocking("/usr/bin/node", ["--check", file])
        #expect(node.status == 0, "\(node.stderr)")
        #expect(Prelude.source.contains("globalThis.\(Prelude.nativeGlobal)") && Prelude.source.contains("globalThis.\(Prelude.hostAPIGlobal) ="))
    }

    /// The block's names stay inside it, and the two globals that carry the native object and the host API are
    /// gone before app code runs.
    @Test func appCodeSeesNoneOfThePreludesOwnNames() {
        let h = ScriptHarness()
        defer { h.shutdown() }
        h.load("""
            console.log([typeof \(Prelude.nativeGlobal), typeof \(Prelude.hostAPIGlobal), typeof native, typeof hostAPI,
              typeof hasOwn, typeof parsePath, '\(Prelude.nativeGlobal)' in globalThis, typeof Page].join(' '))
            """)
        #expect(h.delegate.logs == ["undefined undefined undefined undefined undefined undefined false function"])
        #expect(h.delegate.errors.isEmpty, "\(h.delegate.errors)")
    }

    @Test func aPlaceInTheJoinedScriptNamesThePartAndItsLine() throws {
        let bridge = try #require(Prelude.parts.firstIndex { $0.name == "bridge.js" })
        let before = Prelude.parts[..<bridge].reduce(0) { $0 + $1.text.filter { $0 == "\n" }.count }
        #expect(Prelude.location(ofLine: before + 3) == ("termini:prelude/bridge.js", 3))
        #expect(Prelude.location(ofLine: 1) == ("termini:prelude/core.js", 1))
        let trace = "invoke@termini:prelude.js:\(before + 12):7\nonTap@main.js:4:3\nat termini:prelude.js"
        #expect(Prelude.readable(trace) == "invoke@termini:prelude/bridge.js:12:7\nonTap@main.js:4:3\nat termini:prelude.js")
    }
}
