import Foundation
import Testing
import TerminiBridge
import TerminiTemplate
import TerminiUI
@testable import TerminiRuntime

/// `getStorageSync` and `setStorageSync`: the same storage as the async commands, each side seeing the other's
/// writes; the quotas and bad input refused with errors that name the key; a theme chosen in `App.onLaunch` from
/// storage in the very first frame of the page.
///
/// Serialized: the async storage commands run as Swift tasks on the cooperative pool, and each test here blocks a
/// thread of that pool while it settles; two at once on a two-core machine left no thread for the tasks.
@Suite(.serialized) struct SyncStorageTests {
    /// A harness whose Go button runs `body` (with `tryLog(fn)`: logs the error a call throws).
    func harness(_ body: String, app: String = "", themes: ThemeSet = ThemeSet()) throws -> EngineHarness {
        try EngineHarness(pages: ["a"], action: """
            function tryLog(fn) { try { const r = fn(); log('returned ' + JSON.stringify(r)) } catch (e) { log(e.name + ': ' + e.message) } }
            function ACTION() { \(body) }
            """, extraScript: app, themes: themes)
    }

    /// Settles until `line` is logged: the storage commands run as Swift tasks, which a busy test run's cooperative
    /// pool (every test blocks a thread of it) may start after one settle has given up.
    func settle(_ h: EngineHarness, until line: String) throws {
        for _ in 0..<6 where !h.log.contains(line) { try h.play("settle\n") }
    }

    /// Presses Go once the page is on screen: a key pressed while the page is still being created is dropped, as a
    /// user's would be, and a settle on a machine busy with builds can give up before the page appears.
    func pressGo(_ h: EngineHarness) throws {
        try settle(h, until: "a.onReady")
        try h.play("key Enter\nsettle\n")
    }

    @Test func asyncGetStorageSeesASyncWriteAndGetStorageSyncSeesAnAsyncOne() throws {
        let h = try harness("""
            setStorageSync('draft', { text: 'hi', n: 2 })
            bridge.invoke('getStorage', { key: 'draft' })
              .then(r => log('async sees ' + r.data.text + ' ' + r.data.n))
              .then(() => bridge.invoke('setStorage', { key: 'draft', data: 'from async' }))
              .then(() => log('sync sees ' + JSON.stringify(getStorageSync('draft'))))
              .then(() => bridge.invoke('removeStorage', { key: 'draft' }))
              .then(() => log('after remove ' + JSON.stringify(getStorageSync('draft'))))
            """)
        h.start()
        try pressGo(h)
        try settle(h, until: #"after remove """#)
        #expect(h.log.contains("async sees hi 2"), "\(h.log)")
        #expect(h.log.contains(#"sync sees "from async""#), "\(h.log)")
        #expect(h.log.contains(#"after remove """#), "a missing key reads as '' as in WeChat: \(h.log)")
    }

    /// The write is in SQLite when the call returns: another store on the same file (the next launch) reads it.
    @Test func aSyncWriteIsWrittenThroughBeforeItReturns() throws {
        let h = try harness("setStorageSync('n', 41 + 1); log('written')")
        h.start()
        try pressGo(h)
        #expect(h.log.contains("written"), "\(h.log)")
        let other = StorageStore(directory: URL(fileURLWithPath: h.store.path))
        #expect(try other.get(app: "nav", key: "n") == .number(42))
    }

    @Test func overAQuotaThrowsNamingTheKeyAndTheLimitAndWritesNothing() throws {
        let h = try harness("""
            setStorageSync('big', 'small')
            tryLog(() => setStorageSync('big', 'x'.repeat(1048576)))
            log('still ' + getStorageSync('big'))
            tryLog(() => setStorageSync('more', 'y'.repeat(500000)))
            log('more is ' + JSON.stringify(getStorageSync('more')))
            """)
        // The app's storage is 10 MB less 300 KB full before it starts.
        let store = StorageStore(directory: URL(fileURLWithPath: h.store.path))
        for i in 0..<10 { try store.set(app: "nav", key: "fill\(i)", value: .string(String(repeating: "f", count: 1_018_000))) }
        h.start()
        try pressGo(h)
        #expect(h.log.contains("RangeError: setStorageSync('big'): value for key 'big' is 1048578 bytes, over the 1 MB per-value quota; nothing was written"),
                "\(h.log)")
        // What the async commands read back is asserted by the first test; here the sync side alone, so that this
        // test needs no Swift task (the parallel run's cooperative pool can be too busy to start one in time).
        #expect(h.log.contains("still small"), "\(h.log)")
        #expect(try StorageStore(directory: URL(fileURLWithPath: h.store.path)).get(app: "nav", key: "big") == .string("small"))
        #expect(h.log.contains { $0.hasPrefix("RangeError: setStorageSync('more'): app 'nav' would use ") && $0.hasSuffix("bytes, over the 10 MB per-app quota; nothing was written") },
                "\(h.log)")
        #expect(h.log.contains(#"more is """#), "\(h.log)")
    }

    @Test func aBadKeyOrAValueThatIsNotJSONIsATypeErrorNamingTheKey() throws {
        let h = try harness("""
            tryLog(() => setStorageSync('', 1))
            tryLog(() => getStorageSync(7))
            tryLog(() => setStorageSync('bell\\u0007', 1))
            tryLog(() => setStorageSync('cb', { f() {} }))
            tryLog(() => setStorageSync('u', undefined))
            log('cb is ' + JSON.stringify(getStorageSync('cb')))
            """)
        h.start()
        try pressGo(h)
        #expect(h.log.contains("TypeError: setStorageSync: bad key '': parameter 'key' must not be empty"), "\(h.log)")
        #expect(h.log.contains("TypeError: getStorageSync: the key must be a string, not number (7)"), "\(h.log)")
        #expect(h.log.contains("TypeError: setStorageSync: bad key 'bell\\u{7}': parameter 'key' contains control character U+0007 at character 4"), "\(h.log)")
        #expect(h.log.contains("TypeError: setStorageSync: the value of 'cb' contains a function at key 'f'; values must be JSON-able"), "\(h.log)")
        #expect(h.log.contains("TypeError: setStorageSync: the value of 'u' is undefined; values must be JSON-able"), "\(h.log)")
        #expect(h.log.contains(#"cb is """#), "nothing was written: \(h.log)")
    }

    /// `App.onLaunch` reads the saved theme and sets it: the first frame that shows the page is already dark, with
    /// no frame in the default theme before it.
    @Test func aThemeReadInOnLaunchIsInTheFirstFrameOfThePage() throws {
        let themes = try ThemeSet(json: try JSONValue.parse(##"""
            {"light": {"page": {}}, "dark": {"page": {"color": "brightWhite", "background": "#262626"}}}
            """##), order: ["light", "dark"])
        let h = try harness("", app: """
            App({ onLaunch() { const t = getStorageSync('theme'); if (t) bridge.invoke('setTheme', { name: t }) } })
            """, themes: themes)
        try StorageStore(directory: URL(fileURLWithPath: h.store.path)).set(app: "nav", key: "theme", value: "dark")
        var pageFrames: [TerminalColor] = []
        let engine = h.engine
        engine.onFrame = { [unowned engine] _ in
            guard engine.screenText.contains("a: hello") else { return }
            pageFrames.append(engine.frames.compositor.front[30, 8].style.background)
        }
        h.start()
        try h.play("settle\n")
        #expect(!pageFrames.isEmpty)
        #expect(pageFrames.first == .rgb(0x26, 0x26, 0x26), "the first frame with the page: \(pageFrames)")
    }
}

/// The store's in-memory copy behind `getStorageSync` follows every write: set, remove and clear.
@Suite struct StorageCopyTests {
    @Test func theCopyFollowsEveryWrite() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("storage-copy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = StorageStore(directory: dir)
        try store.set(app: "a", key: "k", value: ["x": 1])
        #expect(try store.cachedValue(app: "a", key: "k") == #"{"x":1}"#)
        try store.set(app: "a", key: "k", value: 2)
        #expect(try store.cachedValue(app: "a", key: "k") == "2")
        try store.set(app: "b", key: "k", value: 3)
        #expect(try store.cachedValue(app: "a", key: "k") == "2", "apps stay apart")
        try store.remove(app: "a", key: "k")
        #expect(try store.cachedValue(app: "a", key: "k") == nil)
        try store.set(app: "a", key: "j", value: 4)
        try store.clear(app: "a")
        #expect(try store.cachedValue(app: "a", key: "j") == nil)
        #expect(throws: CommandError.self) { try store.cachedValue(app: "a", key: "") }
    }
}
