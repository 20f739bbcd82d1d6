import Foundation
import Testing

/// Broken bundles and scripts: the engine stays up, shows a clear error naming the file and location, and loses
/// nothing else.
@Suite struct BadBundleTests {
    /// Writes a bundle folder with one page whose template shows `{{message}}` and has a Button calling `handler`.
    func bundle(script: String, pages: [String] = ["index"], writePages: [String]? = nil, manifest: Bool = true) throws -> String {
        let dir = BuiltBinaries.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        if manifest {
            let list = pages.map { "\"\($0)\"" }.joined(separator: ",")
            try #"{"id":"bad","name":"Bad","version":"1.0.0","pages":[\#(list)]}"#
                .write(toFile: dir + "/manifest.json", atomically: true, encoding: .utf8)
        }
        try script.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        for page in writePages ?? pages {
            let template = #"""
            {"format":"termini.template/1","page":"\#(page)","source":"bad/pages/\#(page).swift","deps":["message"],
             "root":{"cls":"Column","loc":"bad/pages/\#(page).swift:3:5","children":[
               {"cls":"Text","p1":"msg: {{message}}","loc":"bad/pages/\#(page).swift:4:9"},
               {"cls":"Button","p1":"Go","onTap":"go","loc":"bad/pages/\#(page).swift:5:9"}]}}
            """#
            try template.write(toFile: dir + "/pages/\(page).json", atomically: true, encoding: .utf8)
        }
        return dir
    }

    func snapshot(_ dir: String, events: String? = nil, extra: [String] = []) async throws -> BuiltBinaries.Result {
        try await BuiltBinaries.snapshot(dir, size: "70x20", events: events,
                                   extra: ["--store", BuiltBinaries.temporaryFolder()] + extra)
    }

    @Test func missingManifestIsAClearError() async throws {
        let dir = try bundle(script: "", manifest: false)
        let r = try await snapshot(dir)
        #expect(r.status != 0)
        #expect(r.stderr.contains("\(dir)/manifest.json: no manifest.json"))
    }

    @Test func missingPageFileNamesIt() async throws {
        let dir = try bundle(script: "", pages: ["index", "detail"], writePages: ["index"])
        let r = try await snapshot(dir)
        #expect(r.status != 0)
        #expect(r.stderr.contains("\(dir)/pages/detail.json: missing template for page 'detail'"))
    }

    @Test func syntaxErrorShowsTheErrorPageWithLocation() async throws {
        let dir = try bundle(script: "Page('index', {\n  data: { message: 'hi' \n")
        let r = try await snapshot(dir)
        // The error screen is printed, and the snapshot fails as a CI step should.
        #expect(r.status == 1)
        #expect(r.stdout.contains("JavaScript syntax error"))
        #expect(r.stdout.contains("bad/main.js:"))
        #expect(r.stdout.contains("Esc: leave this page"))
    }

    @Test func exceptionInOnLoadShowsMessageAndStack() async throws {
        let dir = try bundle(script: """
        function explode() { throw new TypeError('cannot read the feed') }
        Page('index', { data: { message: 'hi' }, onLoad() { explode() } })
        """)
        let r = try await snapshot(dir)
        #expect(r.stdout.contains("TypeError: cannot read the feed"))
        #expect(r.stdout.contains("bad/main.js:1"))
        #expect(r.stdout.contains("JS stack:"))
        #expect(r.stdout.contains("explode"))
    }

    @Test func infiniteLoopInAHandlerIsStoppedAndNamesTheTemplate() async throws {
        let dir = try bundle(script: "Page('index', { data: { message: 'hi' }, go() { while (true) {} } })")
        let r = try await snapshot(dir, events: "key Tab\nkey Enter\nsettle\n", extra: ["--script-limit", "0.3"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("Script stopped: it ran past the script limit"))
        #expect(r.stdout.contains("in handler 'go'"))
        #expect(r.stdout.contains("template bad/pages/index.swift:5:9"))
    }

    @Test func escapeLeavesTheErrorPage() async throws {
        let dir = try bundle(script: "Page('index', { data: { message: 'hi' }, onLoad() { null.x } })")
        let r = try await snapshot(dir, events: "key Esc\nsettle\n")
        // Esc on the error page ends the app without a crash; the error still fails the snapshot.
        #expect(r.status == 1)
        #expect(r.stderr.contains("termini snapshot: 1 script error"), "\(r.stderr)")
    }

    @Test func missingHandlerWarnsWithTheTemplateLocation() async throws {
        let dir = try bundle(script: "Page('index', { data: { message: 'still here' } })")
        let r = try await snapshot(dir, events: "key Tab\nkey Enter\nsettle\n")
        #expect(r.stdout.contains("msg: still here"))
        #expect(r.stderr.contains("go"))
        #expect(r.stderr.contains("bad/pages/index.swift:5:9"))
    }

    @Test func oversizedSetDataIsRejectedAndThePageKeepsWorking() async throws {
        let dir = try bundle(script: """
        Page('index', { data: { message: 'before' },
          go() { this.setData({ message: 'x'.repeat(2 * 1024 * 1024) }) } })
        """)
        let r = try await snapshot(dir, events: "key Tab\nkey Enter\nsettle\n")
        #expect(r.stdout.contains("2097"), "the error names the payload size")
        #expect(!r.stdout.contains("msg: xxxx"))
    }

    @Test func badEventsFileNamesTheLine() async throws {
        let dir = try bundle(script: "Page('index', { data: { message: 'hi' } })")
        let r = try await snapshot(dir, events: "key Tab\nkey NotAKey\n")
        #expect(r.status != 0)
        #expect(r.stderr.contains(":2: unknown key 'NotAKey'"))
    }
}

/// The watchdog names a stalled JS thread and the page stack, while the UI thread keeps running.
@Suite struct StallReportTests {
    @Test func busyScriptIsReportedAsAJavaScriptThreadStall() async throws {
        let dir = try BadBundleTests().bundle(script: "Page('index', { data: { message: 'hi' }, go() { while (true) {} } })")
        // The limit is 2 s of the JS thread's CPU time, which a loaded machine (CI runs the suite in parallel) may
        // take well over 10 s of wall time to give it: settle (10 s at most each, and each ends once the screen
        // changed and the app is quiet) up to a minute.
        let r = try await BuiltBinaries.snapshot(dir, size: "70x20", events: "key Tab\nkey Enter\n" + String(repeating: "settle\n", count: 6),
                                           extra: ["--store", BuiltBinaries.temporaryFolder(), "--script-limit", "2"],
                                           timeout: 120)
        #expect(r.stderr.contains("[stall]"), "\(r.stderr)")
        #expect(r.stderr.contains("js"))
        #expect(r.stderr.contains("index"))
        #expect(r.stdout.contains("Script stopped"))
    }
}
