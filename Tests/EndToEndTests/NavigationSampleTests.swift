import Foundation
import Testing

/// The settings and feed samples and the preload contract, through the real `termini snapshot` binary.
@Suite struct NavigationSampleTests {
    // MARK: settings

    func settings(_ events: String?, store: String) async throws -> BuiltBinaries.Result {
        try await BuiltBinaries.snapshot(BuiltBinaries.sample("settings"), size: "60x16", events: events,
                                         extra: ["--store", store])
    }

    /// Tab order on the settings page: three checkboxes (the first focused when the page opens), the account
    /// button, Save, Reset.
    static let toSave = "key Tab\nkey Tab\nkey Tab\nkey Tab\n"

    @Test func settingsTogglesSavesWithAToastAndRemembersAcrossRestarts() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let first = try await settings(nil, store: store)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.lines[0].hasPrefix(" Settings"), "the page's title bar: \(first.stdout)")
        #expect(first.stdout.lines[1] == "Settings")
        #expect(first.stdout.contains("[ ] Dark mode"))
        #expect(first.stdout.contains("[x] Notifications"))
        // Toggle dark mode, then Save: the status says so and a toast floats above the page.
        let saved = try await settings("key Space\n" + "key Tab\nkey Tab\nkey Tab\nkey Tab\nkey Enter\nsettle\n",
                                       store: store)
        #expect(saved.stdout.contains("[x] Dark mode"), "\(saved.stdout)")
        #expect(saved.stdout.contains("Settings saved"))
        #expect(saved.stdout.contains("Saved"))
        let again = try await settings(nil, store: store)
        #expect(again.stdout.contains("[x] Dark mode"), "\(again.stdout)")
    }

    @Test func settingsToastHidesAfterItsDuration() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let r = try await settings(Self.toSave + "key Enter\nsettle\nwait 1800\n", store: store)
        #expect(r.stdout.contains("Saved"))
        #expect(!r.stdout.contains("Settings saved"), "\(r.stdout)")
    }

    @Test func settingsResetAsksFirstAndKeepsOnCancel() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let toReset = "key Space\n" + "key Tab\nkey Tab\nkey Tab\nkey Tab\nkey Enter\nsettle\nkey Tab\nkey Enter\nsettle\n"
        let asking = try await settings(toReset, store: store)
        #expect(asking.stdout.contains("Reset settings?"), "\(asking.stdout)")
        #expect(asking.stdout.contains("[ Keep ]  [ Reset ]"))
        // A fresh store, so this run's toggle turns dark mode on again before the reset question.
        let keptStore = BuiltBinaries.temporaryFolder()
        // Keep (cancel) has the focus when the question opens: Enter keeps.
        let kept = try await settings(toReset + "key Enter\nsettle\n", store: keptStore)
        #expect(kept.stdout.contains("Reset cancelled"), "\(kept.stdout)")
        #expect(kept.stdout.contains("[x] Dark mode"))
        let toResetOnly = "key Tab\nkey Tab\nkey Tab\nkey Tab\nkey Tab\nkey Enter\nsettle\n"
        let reset = try await settings(toResetOnly + "key Tab\nkey Enter\nsettle\n", store: keptStore)
        #expect(reset.stdout.contains("Reset to defaults"), "\(reset.stdout)")
        #expect(reset.stdout.contains("[ ] Dark mode"))
        let after = try await settings(nil, store: keptStore)
        #expect(after.stdout.contains("[ ] Dark mode"), "\(after.stdout)")
    }

    @Test func settingsAccountPageEditsTheNameAndComesBack() async throws {
        let store = BuiltBinaries.temporaryFolder()
        let open = "key Tab\nkey Tab\nkey Tab\nkey Enter\nsettle\n"
        let detail = try await settings(open, store: store)
        #expect(detail.stdout.lines[0].hasPrefix(" ‹ Account"), "\(detail.stdout)")
        #expect(detail.stdout.contains("Display name"))
        // Backspace in the field edits the name; Enter saves and navigates back; the list shows the new name.
        let back = try await settings(open + "key End\nkey Backspace\nkey Backspace\ntype mo\nkey Enter\nsettle\n", store: store)
        #expect(back.stdout.lines[0].hasPrefix(" Settings") && !back.stdout.contains("‹"), "\(back.stdout)")
        #expect(back.stdout.contains("[ Account: guemo › ]"), "\(back.stdout)")
        // Esc leaves the field, and a second Esc leaves the account page without saving.
        let cancelled = try await settings(open + "type zz\nkey Esc\nkey Esc\nsettle\n", store: store)
        #expect(cancelled.stdout.contains("[ Account: guemo › ]"), "\(cancelled.stdout)")
    }

    // MARK: feed

    /// A copy of the feed sample that talks to `port`.
    static func feedProject(port: Int) throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/feed"
        try FileManager.default.copyItem(atPath: BuiltBinaries.sample("feed"), toPath: dir)
        for file in ["app.json", "main.js"] {
            let path = dir + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("127.0.0.1:8787"), "the feed sample's \(file) no longer names its server")
            try text.replacingOccurrences(of: "127.0.0.1:8787", with: "127.0.0.1:\(port)")
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func feedShowsServedStoriesOpensOneAndComesBack() async throws {
        let server = try StoriesServer(stories: [("x1", "Served story one", "ada"), ("x2", "Served story two", "ken"),
                                                 ("x3", "Served story three", "grace")])
        defer { server.stop() }
        let project = try Self.feedProject(port: server.port)
        let store = BuiltBinaries.temporaryFolder()
        let list = try await BuiltBinaries.snapshot(project, size: "60x20", extra: ["--store", store])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Served story one"), "\(list.stdout)\n\(list.stderr)")
        #expect(list.stdout.contains("Served story three"))
        #expect(list.stdout.contains("3 stories from the server"))
        #expect(list.stdout.contains("3 stories"))
        // From Refresh (focused when the page opens) to the list, one Tab stop: Enter opens its current row, the
        // first story (`onActivate`).
        let open = "key Tab\nkey Enter\nsettle\n"
        let detail = try await BuiltBinaries.snapshot(project, size: "60x20", events: open, extra: ["--store", store])
        #expect(detail.stdout.lines[0].hasPrefix(" ‹ Story"), "\(detail.stdout)")
        #expect(detail.stdout.contains("Served story one"))
        #expect(detail.stdout.contains("by ada · 42 points"))
        #expect(detail.stdout.contains("Served text of x1."))
        let back = try await BuiltBinaries.snapshot(project, size: "60x20", events: open + "key Esc\nsettle\n",
                                                    extra: ["--store", store])
        #expect(back.stdout.contains("Top stories"), "\(back.stdout)")
        #expect(back.stdout.contains("Served story two"))
        #expect(!back.stdout.contains("Served text of x1."))
        #expect(server.servedCount >= 3)
    }

    @Test func feedWithoutAServerShowsAnOfflineBadgeAndNoErrorLine() async throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let project = try Self.feedProject(port: 1)
        let r = try await BuiltBinaries.snapshot(project, size: "80x14", extra: ["--store", BuiltBinaries.temporaryFolder()])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.lines[1].contains("Top stories offline"), "\(r.stdout)")
        #expect(!r.stdout.contains("Offline") && !r.stdout.contains("refused") && !r.stdout.contains("error"))
        #expect(r.stdout.contains("50 stories"))
        #expect(r.stdout.contains("#1 "))
    }

    // MARK: preload

    /// A bundle whose first page preloads `/stories` from the server and runs `onLoad`.
    func preloadBundle(port: Int, onLoad: String, permissions: String = #"["request"]"#) throws -> String {
        let dir = BuiltBinaries.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"""
        {"id":"pre","name":"Pre","version":"1.0.0","pages":["index"],"permissions":\#(permissions),
         "requestDomains":["127.0.0.1"],"preload":{"index":[{"url":"http://127.0.0.1:\#(port)/stories","key":"s"}]}}
        """#.write(toFile: dir + "/manifest.json", atomically: true, encoding: .utf8)
        try #"""
        {"format":"termini.template/1","page":"index","source":"pre/pages/index.swift","deps":["message"],
         "root":{"cls":"Text","p1":"msg: {{message}}","loc":"pre/pages/index.swift:3:5"}}
        """#.write(toFile: dir + "/pages/index.json", atomically: true, encoding: .utf8)
        try """
        const log = (s) => console.log(s)
        const get = () => bridge.invoke('getPreloadedData', { key: 's' })
        Page('index', { data: { message: '' }, onLoad() { \(onLoad) } })
        """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func preloadedDataIsTakenOnce() async throws {
        let server = try StoriesServer(stories: [("p1", "Preloaded", "ada")])
        defer { server.stop() }
        let dir = try preloadBundle(port: server.port, onLoad: """
        const poll = () => get().then(res => {
            log('first ' + res.errMsg + ' ' + res.statusCode + ' ' + res.data[0].title)
            this.setData({ message: res.data[0].title })
            return get().catch(e => log('second ' + e.errCode + ' ' + e.errMsg))
          }, e => {
            if (e.errCode === 10) return new Promise(r => setTimeout(r, 10)).then(poll)
            log('unexpected ' + e.errMsg)
          })
        return poll()
        """)
        let r = try await BuiltBinaries.snapshot(dir, extra: ["--store", BuiltBinaries.temporaryFolder()])
        #expect(r.stdout.contains("msg: Preloaded"), "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("[log] first getPreloadedData:ok 200 Preloaded"))
        #expect(r.stderr.contains("[log] second 4 getPreloadedData:fail 's' was already taken; each preloaded result is returned once"))
        #expect(server.servedCount == 1)
    }

    @Test func preloadStillInFlightIsNotReady() async throws {
        let server = try StoriesServer(stories: [("p1", "Late", "ada")], delay: 3)
        defer { server.stop() }
        let dir = try preloadBundle(port: server.port, onLoad: """
        get().then(() => log('ready?!'), e => log('early ' + e.errCode + ' ' + e.errMsg))
        """)
        let r = try await BuiltBinaries.snapshot(dir, extra: ["--store", BuiltBinaries.temporaryFolder()])
        #expect(r.stderr.contains("[log] early 10 getPreloadedData:fail not ready: the preload request 's' is still in flight; fetch it with request"),
                "\(r.stderr)")
    }

    @Test func preloadObeysTheRequestPermissionAndUnknownKeysFail() async throws {
        let dir = try preloadBundle(port: 1, onLoad: """
        const poll = () => get().catch(e => {
          if (e.errCode === 10) return new Promise(r => setTimeout(r, 10)).then(poll)
          log('denied ' + e.errCode + ' ' + e.errMsg)
        })
        poll().then(() => bridge.invoke('getPreloadedData', { key: 'nope' }))
          .catch(e => log('unknown ' + e.errCode + ' ' + e.errMsg))
        """, permissions: "[]")
        let r = try await BuiltBinaries.snapshot(dir, extra: ["--store", BuiltBinaries.temporaryFolder()])
        #expect(r.stderr.contains("[log] denied 2 getPreloadedData:fail the preload request 's' failed: permission 'request' is not granted in the manifest"),
                "\(r.stderr)")
        #expect(r.stderr.contains("[log] unknown 4 getPreloadedData:fail no preload request has key 'nope' (keys: s)"))
    }
}
