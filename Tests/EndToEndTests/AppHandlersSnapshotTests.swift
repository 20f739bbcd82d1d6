import Foundation
import Testing

/// App-wide handlers through `termini snapshot`, as an author meets them: an app.json key handled by `App({...})`
/// on a page that does not define it, and a theme saved with `setStorageSync` restored by `App.onLaunch` before the
/// first page exists.
@Suite struct AppHandlersSnapshotTests {
    /// A notes app: `ctrl+n` is the App's (no page defines `newNote`), `ctrl+e` nobody's; `t` saves the other theme.
    static func project() throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/notes"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try #"""
        { "id": "notes", "name": "Notes", "version": "1.0.0", "pages": ["list"],
          "keys": [{ "key": "ctrl+n", "handler": "newNote", "label": "New" },
                   { "key": "ctrl+e", "handler": "exportAll", "label": "Export" },
                   { "key": "t", "handler": "saveTheme", "label": "Theme" }],
          "themes": { "light": { "page": {} }, "dark": { "page": { "background": "#262626" } } } }
        """#.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try #"""
        import TerminiDSL

        let list = Page("list") {
            Column {
                Text("notes: {{count}}")
                Text("theme at load: {{loadTheme}}")
                Text("log:{{log}}")
            }
        }
        """#.write(toFile: dir + "/pages/list.swift", atomically: true, encoding: .utf8)
        try #"""
        App({
          onLaunch() {
            const theme = getStorageSync('theme')
            if (theme) bridge.invoke('setTheme', { name: theme }).catch(e => console.warn(e.errMsg))
          },
          newNote(e) {
            const page = getCurrentPages().pop()
            page.setData({ count: page.data.count + 1, log: page.data.log + ' App.newNote(' + e.detail.key + ')' })
          },
          saveTheme() {
            setStorageSync('theme', getStorageSync('theme') === 'dark' ? 'light' : 'dark')
            const page = getCurrentPages().pop()
            page.setData({ log: page.data.log + ' saved ' + getStorageSync('theme') })
          },
        })
        Page('list', {
          data: { count: 0, log: '', loadTheme: '' },
          onLoad() {
            bridge.invoke('getTheme').then(r => this.setData({ loadTheme: r.name }))
          },
          onKey(e) { this.setData({ log: this.data.log + ' onKey ' + e.detail.key }) },
        })
        """#.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func anAppKeyOnAPageWithoutTheMethodRunsTheAppsMethod() async throws {
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "70x6", events: "key Ctrl-n\nkey Ctrl-n\nkey Ctrl-e\nsettle\n",
                                                 extra: ["--store", BuiltBinaries.temporaryFolder()])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.lines
        #expect(lines[0] == "notes: 2", "\(r.stdout)")
        // Nothing handles Ctrl-E: it is no binding here, so the page's onKey gets it, and no warning is logged.
        #expect(lines[2] == "log: App.newNote(Ctrl-n) App.newNote(Ctrl-n) onKey Ctrl-e", "\(r.stdout)")
        #expect(lines[5] == " ^N New  t Theme  ? Help", "the footer shows what can run, not Export: \(r.stdout)")
        #expect(!r.stderr.contains("has no method"), "\(r.stderr)")
    }

    /// Run 1 saves "dark" with `setStorageSync`; run 2, on the same store, reads it in `onLaunch` and sets it before
    /// the page is made: the page's `onLoad` already finds the dark theme.
    @Test func aThemeSavedWithSetStorageSyncIsInForceWhenTheFirstPageLoads() async throws {
        let project = try Self.project()
        let store = BuiltBinaries.temporaryFolder()
        let first = try await BuiltBinaries.snapshot(project, size: "50x6", events: "key t\nsettle\n", extra: ["--store", store])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.lines[1] == "theme at load: light", "\(first.stdout)")
        #expect(first.stdout.lines[2] == "log: saved dark", "\(first.stdout)")
        let second = try await BuiltBinaries.snapshot(project, size: "50x6", extra: ["--store", store])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.lines[1] == "theme at load: dark", "\(second.stdout)")
    }

    /// The same from a seed file, as a test of an app would start it.
    @Test func aSeededThemeIsReadByGetStorageSyncInOnLaunch() async throws {
        let seed = BuiltBinaries.temporaryFolder() + "/seed.json"
        try #"{"theme": "dark"}"#.write(toFile: seed, atomically: true, encoding: .utf8)
        let r = try await BuiltBinaries.snapshot(try Self.project(), size: "50x6", extra: ["--storage", seed])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.lines[1] == "theme at load: dark", "\(r.stdout)")
    }
}
