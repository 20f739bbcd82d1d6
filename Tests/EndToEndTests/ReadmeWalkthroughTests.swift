import Foundation
import Testing

/// The README's "first mini-app" walkthrough, executed as written: its files are extracted from the fenced blocks
/// named by path, and every line of its `sh walkthrough` block runs in a fresh folder with a fresh store.
/// Interactive commands (`preview`, `run`) run through `termini snapshot` on the same target, so the check sees the
/// screen a user would.
@Suite struct ReadmeWalkthroughTests {
    struct Walkthrough {
        var files: [String: String] = [:]
        var commands: [String] = []
    }

    static func parseReadme() throws -> Walkthrough {
        let text = try String(contentsOfFile: BuiltBinaries.packageRoot.appendingPathComponent("README.md").path, encoding: .utf8)
        var result = Walkthrough()
        var info: String?
        var body: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let open = info {
                    let words = open.split(separator: " ")
                    if words.count == 2, words[0] == "sh", words[1] == "walkthrough" {
                        result.commands += body.filter { !$0.isEmpty }
                    } else if words.count == 2, words[1].contains("/") {
                        result.files[String(words[1])] = body.joined(separator: "\n") + "\n"
                    }
                    info = nil
                    body = []
                } else {
                    info = String(line.dropFirst(3))
                }
            } else if info != nil {
                body.append(String(line))
            }
        }
        return result
    }

    func shell(_ command: String, in folder: String, home: String) async throws -> BuiltBinaries.Result {
        let bin = BuiltBinaries.buildFolder.path
        return try await BuiltBinaries.run("/bin/bash", ["-c", "cd '\(folder)' && PATH='\(bin)':$PATH HOME='\(home)' XDG_DATA_HOME='\(home)/data' \(command)"])
    }

    @Test func everyWalkthroughCommandWorks() async throws {
        let walkthrough = try Self.parseReadme()
        #expect(Set(walkthrough.files.keys) == ["hello/app.json", "hello/pages/index.swift", "hello/main.js"])
        #expect(walkthrough.commands.count == 5, "\(walkthrough.commands)")
        let folder = BuiltBinaries.temporaryFolder()
        let home = BuiltBinaries.temporaryFolder()
        for (path, text) in walkthrough.files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        for command in walkthrough.commands {
            let interactive = command.hasPrefix("termini preview ") || command.hasPrefix("termini run ")
            let line = interactive
                ? "termini snapshot " + command.split(separator: " ", maxSplits: 2)[2] + " --size 60x12"
                : command
            let r = try await shell(line, in: folder, home: home)
            #expect(r.status == 0, "`\(command)` failed: \(r.stderr)")
            if interactive {
                let expected = command.contains("name=Termini") ? "Hello, Termini!" : "Hello, world!"
                #expect(r.stdout.contains(expected) && r.stdout.contains("Pressed 0 times"), "`\(command)`: \(r.stdout)")
            }
        }
        let list = try await shell("termini list", in: folder, home: home)
        #expect(list.stdout.contains("hello") && list.stdout.contains("* 1.0.0"), "\(list.stdout)")
    }
}
