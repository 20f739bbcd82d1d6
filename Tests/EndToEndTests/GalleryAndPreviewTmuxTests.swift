import Foundation
import Testing

/// The no-argument gallery and `termini preview`, on a real terminal inside tmux.
@Suite(.serialized) struct GalleryAndPreviewTmuxTests {
    @Test func galleryOpensEachSampleAndEscReturns() async throws {
        let tmux = TmuxSession()
        // Run a copy of the binaries from an empty folder: the samples must come from termini-tools (the launcher hands
        // it the gallery), not the repository.
        let elsewhere = BuiltBinaries.temporaryFolder()
        for name in ["termini", "termini-tools"] {
            try FileManager.default.copyItem(atPath: BuiltBinaries.path(name), toPath: elsewhere + "/" + name)
        }
        let home = BuiltBinaries.temporaryFolder()
        try tmux.start("HOME=\(home) XDG_DATA_HOME=\(home) ./termini; echo EXITED:$?; sleep 30", width: 90, height: 30, in: elsewhere)
        defer { tmux.kill() }

        var text = try await tmux.waitForScreen { $0.contains("Termini sample apps") && $0.contains("Todo") }
        #expect(text.contains("Termini sample apps"), "\(text)")
        for name in ["Todo", "Feed", "Clock", "你好 Wide text"] { #expect(text.contains(name), "\(name) missing: \(text)") }

        // Each sample in gallery order: ↓ moves to it, Enter opens it, Esc comes back. What each app shows first:
        let firstScreen = ["Todo": "Todo (2)", "Feed": "Top stories", "Clock": "Uptime", "Settings": "Dark mode", "Widgets": "Termini widgets",
                           "你好 Wide text": "你好，世界"]
        let rows = text.lines.compactMap { line -> String? in
            guard let open = line.range(of: "[ "), let close = line.range(of: " ]", range: open.upperBound..<line.endIndex),
                  open.lowerBound == line.startIndex else { return nil }
            return String(line[open.upperBound..<close.lowerBound])
        }
        #expect(Array(rows.prefix(3)) == ["Todo", "Feed", "Clock"], "\(rows)")
        #expect(rows.last == "你好 Wide text", "\(rows)")
        for (i, name) in rows.enumerated() {
            if i > 0 { try tmux.keys("Down") }
            try tmux.keys("Enter")
            let shows = try #require(firstScreen[name], "no expected screen for gallery row '\(name)'")
            text = try await tmux.waitForScreen { $0.contains(shows) }
            #expect(text.contains(shows), "\(name): \(text)")
            #expect(!text.contains("Termini sample apps"))
            // A first page whose text field has focus takes two: the first Esc leaves the field (INPUT.md).
            try tmux.keys("Escape")
            text = try await tmux.waitForScreen(timeout: 2) { $0.contains("Termini sample apps") }
            if !text.contains("Termini sample apps") { try tmux.keys("Escape") }
            text = try await tmux.waitForScreen { $0.contains("Termini sample apps") }
            #expect(text.contains("Termini sample apps") && !text.contains(shows), "\(text)")
        }
        try tmux.keys("Escape")
        text = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(text.contains("EXITED:0"), "\(text)")
    }

    @Test func previewHotReloadsASavedPageAndOverlaysACompileError() async throws {
        let tmux = TmuxSession()
        let project = BuiltBinaries.temporaryFolder() + "/todo"
        try FileManager.default.copyItem(atPath: BuiltBinaries.sample("todo"), toPath: project)
        let store = BuiltBinaries.temporaryFolder()
        try tmux.start("\(BuiltBinaries.path("termini")) preview \(project) --store \(store); echo EXITED:$?; sleep 30", width: 140, height: 24)
        defer { tmux.kill() }
        var text = try await tmux.waitForScreen { $0.contains("Todo (2)") }
        #expect(text.contains("Todo (2)"), "\(text)")
        #expect(text.contains("FPS"), "the HUD is on: \(text)")

        let page = project + "/pages/index.swift"
        let source = try String(contentsOfFile: page, encoding: .utf8)
        try source.replacingOccurrences(of: "Text(\"Todo (", with: "Text(\"Chores (").write(toFile: page, atomically: false, encoding: .utf8)
        text = try await tmux.waitForScreen { $0.contains("Chores (2)") }
        #expect(text.contains("Chores (2)"), "\(text)")

        try source.replacingOccurrences(of: "Text(\"Todo (", with: "Txet(\"Broken (").write(toFile: page, atomically: false, encoding: .utf8)
        text = try await tmux.waitForScreen { $0.contains("index.swift:") }
        #expect(text.range(of: #"pages/index\.swift:\d+:\d+"#, options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("Chores (2)"), "the old screen stays: \(text)")

        // The first Esc leaves the focused text field, the second quits the first page.
        try tmux.keys("Escape")
        try tmux.keys("Escape")
        text = try await tmux.waitForScreen { $0.contains("EXITED:") }
        #expect(text.contains("EXITED:0"), "\(text)")
    }
}
