import Foundation
import Testing

/// `termini check` finds each kind of problem at its file:line:col, exits 1 on errors, and `termini pack` refuses a
/// project with errors; the samples are clean.
@Suite struct CheckCommandTests {
    /// A project with one of every problem the check reports.
    func brokenProject() throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/broken"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try """
        {
          "id": "broken",
          "name": "Broken",
          "version": "1.0.0",
          "pages": ["index", "ghost"],
          "permissions": ["storage"],
          "keys": [{ "key": "ctrl+f", "handler": "find", "label": "Find" }]
        }
        """.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try """
        import TerminiDSL

        let index = Page("index", title: "Broken", keys: [Key("r", "reload", "Reload")]) {
            Column {
                Text("{{title}} {{count}} {{mystery.name}}")
                Button("Save", onTap: "sav")
                TextField(value: "{{draft}}", onChange: "typed")
            }
        }
        """.write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try """
        import TerminiDSL

        let ghost = Page("ghost") {
            Text("boo")
        }
        """.write(toFile: dir + "/pages/ghost.swift", atomically: true, encoding: .utf8)
        try """
        Page('index', {
          data: { title: 'Hi', draft: '' },
          save() { bridge.invoke('setStorag', { key: 'k', data: 1 }) },
          typed(e) { this.setData({ draft: e.detail.value, 'count': 1 }) },
          fetch() { bridge.invoke('request', { url: 'https://example.com' }) },
          // bridge.invoke('inAComment', {})
        })
        Page('extra', {})
        """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func everyProblemIsReportedAtItsLocation() async throws {
        let dir = try brokenProject()
        let r = try await BuiltBinaries.run("termini", ["check", dir])
        #expect(r.status == 1)
        let out = r.stdout
        let expected = [
            "\(dir)/app.json:5:22: error: page 'ghost' is listed in app.json but main.js never calls Page('ghost', …)",
            "\(dir)/main.js:8:1: error: Page('extra') is not listed in app.json's pages",
            "pages/index.swift:6:9: error: page 'index' has no method 'sav' for Button's onTap; did you mean 'save'?",
            "pages/index.swift:3:60: error: page 'index' has no method 'reload' for the key 'r'",
            "\(dir)/app.json:7:42: error: app.json's key 'ctrl+f' calls 'find', which no page and no App({...}) method defines",
            "\(dir)/main.js:3:26: error: unknown command 'setStorag'; did you mean 'setStorage'?",
            "\(dir)/main.js:5:27: error: 'request' needs the permission 'request', which app.json's permissions do not list",
            "\(dir)/app.json:6:19: warning: permission 'storage' is not needed: no command needs it",
            "pages/index.swift:5:9: warning: page 'index' reads 'mystery.name', but 'mystery' is not in its initial data",
            "\(dir): 7 errors, 2 warnings",
        ]
        for line in expected { #expect(out.contains(line), "missing: \(line)\n\(out)") }
        #expect(!out.contains("inAComment"), "a call in a comment is not a call")
        #expect(!out.contains("'count'") && !out.contains("'title'"), "set by setData / in data: \(out)")
        #expect(!out.contains("'typed'"), "a defined handler: \(out)")

        let packed = try await BuiltBinaries.run("termini", ["pack", dir, "--out", dir + "/x.zip"])
        #expect(packed.status != 0)
        #expect(packed.stderr.contains("not packed: termini check found 7 errors"), "\(packed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.zip"))
    }

    @Test func aPageThatDoesNotCompileAndAScriptThatThrowsAreErrors() async throws {
        let dir = try brokenProject()
        try """
        import TerminiDSL

        let ghost = Page("ghost") {
            Txet("boo")
        }
        """.write(toFile: dir + "/pages/ghost.swift", atomically: true, encoding: .utf8)
        try "Page('index', {})\nundefinedThing.call()\n".write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        let r = try await BuiltBinaries.run("termini", ["check", dir])
        #expect(r.status == 1)
        #expect(r.stdout.contains("pages/ghost.swift:4:5: error:") && r.stdout.contains("Txet"), "\(r.stdout)")
        #expect(r.stdout.contains("\(dir)/main.js:2:") && r.stdout.contains("ReferenceError"), "\(r.stdout)")
    }

    @Test func componentHandlersAndEventsAreChecked() async throws {
        let dir = try brokenProject()
        try FileManager.default.createDirectory(atPath: dir + "/components", withIntermediateDirectories: true)
        try """
        import TerminiDSL

        struct Counter: Component {
            let label: Binding<String>
            var onChange: String? = nil
            @WidgetBuilder var body: [any Widget] {
                Button("{{label}}", onTap: "incc")
            }
        }

        """.write(toFile: dir + "/components/Counter.swift", atomically: true, encoding: .utf8)
        try """
        import TerminiDSL

        let index = Page("index") {
            Counter(label: "n", onChange: "counted")
        }

        """.write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try "Component('Counter', { methods: { inc() {} } })\nComponent('Orphan', {})\nPage('index', {})\nPage('ghost', {})\n"
            .write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        let r = try await BuiltBinaries.run("termini", ["check", dir])
        #expect(r.stdout.contains("components/Counter.swift:7:9: error: component 'Counter' has no method 'incc' for Button's onTap; did you mean 'inc'?"), "\(r.stdout)")
        #expect(r.stdout.contains("pages/index.swift:4:5: error: page 'index' has no method 'counted' for Counter's change event"), "\(r.stdout)")
        #expect(r.stdout.contains("main.js: warning: Component('Orphan') has no declaration"), "\(r.stdout)")
    }

    @Test func notAProjectSaysWhatIsMissing() async throws {
        let dir = BuiltBinaries.temporaryFolder()
        let r = try await BuiltBinaries.run("termini", ["check", dir])
        #expect(r.status == 1)
        #expect(r.stdout.contains("not a Termini project: app.json, pages/, main.js missing"), "\(r.stdout)")
    }

    @Test func theSamplesAreClean() async throws {
        for sample in ["clock", "feed", "todo", "wide"] {
            let r = try await BuiltBinaries.run("termini", ["check", "--strict", BuiltBinaries.sample(sample)])
            #expect(r.status == 0, "\(sample): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("no problems found"), "\(sample): \(r.stdout)")
        }
        // Its Section component is a pure template: a warning says it has no script, and nothing else is wrong.
        let settings = try await BuiltBinaries.run("termini", ["check", BuiltBinaries.sample("settings")])
        #expect(settings.status == 0, "\(settings.stdout)")
        #expect(settings.stdout.contains("components/Section.swift:5:1: warning: component 'Section' has no Component('Section', …) in JavaScript"),
                "\(settings.stdout)")
        #expect(settings.stdout.contains("0 errors, 1 warning"), "\(settings.stdout)")
        let gallery = try await BuiltBinaries.run("termini", ["check", "--strict", "--host-command", "openSample",
                                                              BuiltBinaries.sample("gallery")])
        #expect(gallery.status == 0, "\(gallery.stdout)")
    }
}
