import Foundation
import TestSupport
import Testing
@testable import TerminiAuthoring
import TerminiRuntime

/// `termini check`'s rule for app.json's `keys`: a binding is handled by the visible page's method or else the
/// `App({...})` method, so only a binding that no page and no App method defines is an error, at that binding's
/// handler in app.json.
@Suite struct AppKeyBindingCheckTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func check(_ project: String) throws -> [CheckFinding] {
        return ProjectChecker.check(project: project, commands: try MiniAppEngine.registeredCommands())
    }

    func project(keys: String, script: String) throws -> (TemporaryFolder, String) {
        let tmp = TemporaryFolder()
        try tmp.write("p/app.json", """
            {"id": "p", "version": "1.0.0", "pages": ["index", "other"],
             "keys": \(keys)}
            """)
        for page in ["index", "other"] {
            try tmp.write("p/pages/\(page).swift", "import TerminiDSL\n\nlet \(page) = Page(\"\(page)\") {\n    Text(\"hi\")\n}\n")
        }
        try tmp.write("p/main.js", script)
        return (tmp, tmp.sub("p"))
    }

    /// A project the rule was not written against (Tests/Fixtures/held-out/tracker, an issue tracker): its App
    /// handles New, its list page Search and sort; only Export, which nothing defines, is reported, at its handler.
    @Test func aHeldOutProjectHasItsOneUnhandledBindingReported() throws {
        let project = Self.packageRoot.appendingPathComponent("Tests/Fixtures/held-out/tracker").path
        let findings = try check(project)
        let keyFindings = findings.filter { $0.message.contains("app.json's key") }
        #expect(keyFindings == [CheckFinding(.error, "\(project)/app.json:9:30",
                                             "app.json's key 'e' calls 'exportIssues', which no page and no App({...}) method "
                                             + "defines; did you mean 'exportIssue'?")],
                "\(findings)")
        #expect(findings.filter { $0.severity == .error } == keyFindings, "nothing else is wrong: \(findings)")
    }

    @Test func aBindingOnlyTheAppHandlesIsNotReported() throws {
        let (folder, dir) = try project(keys: #"[{"key": "ctrl+f", "handler": "find", "label": "Find"}]"#,
                                   script: "App({ find() {} })\nPage('index', {})\nPage('other', {})\n")
        #expect(try withExtendedLifetime(folder) { try check(dir) }.isEmpty)
    }

    @Test func aBindingOnePageHandlesIsNotReported() throws {
        let (folder, dir) = try project(keys: #"[{"key": "ctrl+f", "handler": "find"}]"#,
                                   script: "Page('index', {})\nPage('other', { find() {} })\n")
        #expect(try withExtendedLifetime(folder) { try check(dir) }.isEmpty)
    }

    /// Its location is the binding's own handler, not the first string that spells the same name (here the key of
    /// an earlier binding, and the same binding's key).
    @Test func theFindingIsAtTheBindingsHandler() throws {
        let (folder, dir) = try project(keys: """
            [
                {"key": "f", "handler": "find"},
                {"key": "g", "handler": "g"}
              ]
            """, script: "App({ find() {} })\nPage('index', {})\nPage('other', {})\n")
        let findings = try withExtendedLifetime(folder) { try check(dir) }
        #expect(findings == [CheckFinding(.error, "\(dir)/app.json:4:29", "app.json's key 'g' calls 'g', which no page and no App({...}) method defines")],
                "\(findings)")
    }

    @Test func noAppAndNoPageMethodIsAnErrorThatFailsTheCheck() throws {
        let (folder, dir) = try project(keys: #"[{"key": "ctrl+f", "handler": "find", "label": "Find"}]"#,
                                   script: "App({ onLaunch() {} })\nPage('index', { fnd() {} })\nPage('other', {})\n")
        let findings = try withExtendedLifetime(folder) { try check(dir) }
        #expect(findings.map(\.description) == [
            "\(dir)/app.json:2:40: error: app.json's key 'ctrl+f' calls 'find', which no page and no App({...}) method defines; did you mean 'fnd'?",
        ])
    }

    @Test func jsonValueLocationWalksThePath() {
        let text = "{\"a\": [1, {\"b\": \"x\"}, {\"b\": \"y\"}],\n \"b\": \"z\"}"
        #expect(JSONValueLocation.position(of: [.member("a"), .element(2), .member("b")], in: text) == SourcePosition(line: 1, column: 29))
        #expect(JSONValueLocation.position(of: [.member("b")], in: text) == SourcePosition(line: 2, column: 7))
        #expect(JSONValueLocation.position(of: [.member("a"), .element(3)], in: text) == nil)
    }
}
