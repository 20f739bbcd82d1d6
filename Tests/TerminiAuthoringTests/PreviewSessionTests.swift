import Foundation
import TestSupport
import Testing
import TerminiTemplate
import TerminiTerminal
@testable import TerminiAuthoring
@testable import TerminiRuntime

/// `termini preview` without a terminal: hot reload of a saved page keeps data, a compile error overlays the last
/// good screen, Ctrl-Alt-R restarts, and `r` stays the app's.
@Suite(.serialized) struct PreviewSessionTests {
    static let todo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Templates/todo").path

    func makeSession(_ tmp: TemporaryFolder) throws -> (PreviewSession, HeadlessBackend, String) {
        let project = tmp.sub("todo")
        try FileManager.default.copyItem(atPath: Self.todo, toPath: project)
        let backend = HeadlessBackend(width: 70, height: 20)
        var options = EngineOptions()
        options.storeDirectory = tmp.sub("store")
        let session = try PreviewSession(project: project, backend: backend, options: options)
        session.pollInterval = .milliseconds(10)
        session.start()
        return (session, backend, project)
    }

    /// Steps the session until the terminal shows `text` (or a generous deadline passes).
    @discardableResult
    func stepUntil(_ session: PreviewSession, _ backend: HeadlessBackend, shows text: String) -> String {
        stepUntil(session, backend) { $0.contains(text) }
    }

    @discardableResult
    func stepUntil(_ session: PreviewSession, _ backend: HeadlessBackend, _ predicate: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(20)
        while !predicate(backend.screenText()) && Date() < deadline { session.step(maxWaitMilliseconds: 5) }
        return backend.screenText()
    }

    func edit(_ file: String, _ change: (String) -> String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try change(text).write(toFile: file, atomically: false, encoding: .utf8)
    }

    @Test func savedPageReRendersWithItsDataAndAnErrorKeepsTheLastGoodScreen() throws {
        let tmp = TemporaryFolder()
        let (session, backend, project) = try makeSession(tmp)
        defer { session.stop() }
        stepUntil(session, backend, shows: "Todo (2)")
        // Change the page's data first: add a todo (the field has focus when the page opens).
        for c in "Water plants" { backend.enqueue(.key(c == " " ? .space : .character(c))) }
        backend.enqueue(.key(.enter))
        var screen = stepUntil(session, backend, shows: "Todo (3)")
        #expect(screen.contains("Water plants"))

        try edit(project + "/pages/index.swift") { $0.replacingOccurrences(of: "Text(\"Todo (", with: "Text(\"Tasks (") }
        screen = stepUntil(session, backend, shows: "Tasks (3)")
        #expect(screen.contains("Tasks (3)"), "\(screen)")
        #expect(screen.contains("Water plants"), "data kept across the reload: \(screen)")

        // An unclosed call after the header: a syntax error wherever the sample's layout goes.
        try edit(project + "/pages/index.swift") { $0.replacingOccurrences(of: "        header\n", with: "        header Bogus(\n") }
        screen = stepUntil(session, backend, shows: "index.swift:")
        #expect(screen.contains("pages/index.swift:"), "\(screen)")
        let overlay = try #require(session.overlayLines).joined(separator: "\n")
        #expect(overlay.range(of: #"pages/index\.swift:\d+:\d+"#, options: .regularExpression) != nil, "\(overlay)")
        #expect(screen.contains("Tasks (3)"), "the last good screen stays under the overlay: \(screen)")

        try edit(project + "/pages/index.swift") { $0.replacingOccurrences(of: " Bogus(", with: "").replacingOccurrences(of: "Tasks (", with: "Done (") }
        screen = stepUntil(session, backend, shows: "Done (3)")
        #expect(screen.contains("Done (3)") && !screen.contains("index.swift:"), "\(screen)")
    }

    @Test func brokenScriptKeepsTheRunningAppAndCtrlAltRRestarts() throws {
        let tmp = TemporaryFolder()
        let (session, backend, project) = try makeSession(tmp)
        defer { session.stop() }
        stepUntil(session, backend, shows: "Todo (2)")
        try edit(project + "/main.js") { "const x = ;\n" + $0 }
        let deadline = Date().addingTimeInterval(20)
        while session.overlayLines == nil && Date() < deadline { session.step(maxWaitMilliseconds: 5) }
        var screen = stepUntil(session, backend, shows: "main.js:1")
        #expect(screen.contains("Todo (2)"), "the running app stays: \(screen)")
        // JavaScriptCore reports a syntax error's line but no column.
        #expect(session.overlayLines?.first?.hasSuffix("todo/main.js:1") == true, "\(session.overlayLines ?? [])")

        let failedReloads = session.reloadCount
        try edit(project + "/main.js") { $0.replacingOccurrences(of: "const x = ;\n", with: "") }
        let fixed = Date().addingTimeInterval(20)
        while session.reloadCount == failedReloads && Date() < fixed { session.step(maxWaitMilliseconds: 5) }
        screen = stepUntil(session, backend) { $0.contains("Todo (2)") && !$0.contains("main.js:1") }
        #expect(session.reloadCount == failedReloads + 1 && session.overlayLines == nil, "\(screen)")
        #expect(screen.contains("Todo (2)") && !screen.contains("main.js:1"), "\(screen)")

        // `r` is the app's, in a text field or not; Ctrl-Alt-R, which no app may bind, restarts wherever the focus is.
        let reloads = session.reloadCount
        backend.enqueue(.key(.character("r")))
        backend.enqueue(.key(.tab))
        backend.enqueue(.key(.character("r")))
        for _ in 0..<20 { session.step(maxWaitMilliseconds: 5) }
        #expect(session.reloadCount == reloads)
        backend.enqueue(.key(.tab))
        backend.enqueue(.key(.control("r").with(.alt)))
        for _ in 0..<50 where session.reloadCount == reloads { session.step(maxWaitMilliseconds: 5) }
        #expect(session.reloadCount == reloads + 1)
        #expect(throws: KeyChordError.self) { try KeyChord(parsing: "ctrl+alt+r") }
    }

    @Test func aLongDiagnosticWrapsInsteadOfLosingItsEnd() throws {
        let tmp = TemporaryFolder()
        let (session, backend, project) = try makeSession(tmp)
        defer { session.stop() }
        stepUntil(session, backend, shows: "Todo (2)")
        // A misspelt style: the compiler suggests the right one at the end of a line longer than the screen.
        try edit(project + "/pages/index.swift") {
            $0.replacingOccurrences(of: "Text(\"Todo (", with: "Text(\"An unusually long heading to push the loc far to the right (")
              .replacingOccurrences(of: "style: .bold", with: "style: .bolt")
        }
        let screen = stepUntil(session, backend, shows: "index.swift:")
        let overlay = try #require(session.overlayLines).joined(separator: " ")
        let suggestion = try #require(overlay.range(of: "did you mean")).lowerBound
        let tail = String(overlay[suggestion...]).prefix(30)
        // Every word of the diagnostic is on the screen, wrapped across rows.
        let shown = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(overlay.count > 68, "the diagnostic should be longer than the 70-column screen: \(overlay)")
        #expect(shown.contains(String(tail.split(separator: " ").prefix(3).joined(separator: " "))), "\(screen)")
        #expect(shown.contains("'.bold'") || shown.contains(".bold"), "the end of the diagnostic is cut: \(screen)")
    }
}

/// A saved main.js restarts the app with the new script's initial data on screen, without pressing `r`.
@Suite(.serialized) struct PreviewScriptReloadTests {
    @Test func savedScriptShowsItsNewInitialData() throws {
        let tmp = TemporaryFolder()
        try tmp.write("counter/app.json", #"{"id": "counter", "name": "Counter", "version": "1.0.0", "pages": ["index"]}"#)
        try tmp.write("counter/pages/index.swift", """
            import TerminiDSL

            let index = Page("index") {
                Column {
                    Text("{{label}}={{n}}")
                    Button("bump", onTap: "bump")
                }
            }
            """)
        let script = "Page('index', { data: { label: 'n', n: 0 }, bump() { this.setData({ n: this.data.n + 1 }) } })\n"
        try tmp.write("counter/main.js", script)
        let backend = HeadlessBackend(width: 40, height: 6)
        var options = EngineOptions()
        options.storeDirectory = nil
        let session = try PreviewSession(project: tmp.sub("counter"), backend: backend, options: options)
        session.pollInterval = .milliseconds(10)
        session.start()
        defer { session.stop() }
        let helper = PreviewSessionTests()
        helper.stepUntil(session, backend, shows: "n=0")
        backend.enqueue(.key(.tab))
        backend.enqueue(.key(.enter))
        backend.enqueue(.key(.enter))
        helper.stepUntil(session, backend, shows: "n=2")

        let reloads = session.reloadCount
        try tmp.write("counter/main.js", script.replacingOccurrences(of: "n + 1", with: "n + 10")
            .replacingOccurrences(of: "label: 'n', n: 0", with: "label: 'count', n: 5"))
        let deadline = Date().addingTimeInterval(20)
        while session.reloadCount == reloads && Date() < deadline { session.step(maxWaitMilliseconds: 5) }
        #expect(session.reloadCount == reloads + 1)
        // The new script's initial data is on screen without pressing `r`, and the old screen is gone.
        let screen2 = helper.stepUntil(session, backend) { $0.contains("count=5") && session.engine.stack.first?.isReady == true }
        #expect(screen2.contains("count=5") && !screen2.contains("n=2"), "\(screen2)")
        // The new script runs: bump adds 10.
        backend.enqueue(.key(.tab))
        backend.enqueue(.key(.enter))
        let screen = helper.stepUntil(session, backend, shows: "count=15")
        #expect(screen.contains("count=15"), "\(screen)")
    }
}
