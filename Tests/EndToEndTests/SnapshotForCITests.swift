import Foundation
import Testing

/// `termini snapshot` as a CI step: it fails when the app fails, keeps a log, starts from known storage and throws
/// away what the run wrote, and says where the focus is.
@Suite struct SnapshotForCITests {
    let bundles = BadBundleTests()

    @Test func aStartupThrowAndAHandlerErrorFailTheRun() async throws {
        let throwing = try bundles.bundle(script: "throw new Error('boom')")
        let startup = try await BuiltBinaries.snapshot(throwing)
        #expect(startup.status == 1, "\(startup.stderr)")
        #expect(startup.stdout.contains("boom"), "the error screen is still printed: \(startup.stdout)")
        // The throw, and the page main.js never got to register.
        #expect(startup.stderr.contains("termini snapshot: 2 script errors; the final screen is an error screen"), "\(startup.stderr)")

        let handler = try bundles.bundle(script: "Page('index', { data: { message: 'hi' }, go() { missing.call() } })")
        let failing = try await BuiltBinaries.snapshot(handler, events: "key Enter\nsettle\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("ReferenceError"), "\(failing.stderr)")

        let fine = try await BuiltBinaries.snapshot(try bundles.bundle(script: "Page('index', { data: { message: 'hi' } })"))
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test func logCollectsTheConsole() async throws {
        let dir = try bundles.bundle(script: "console.log('hello from main'); Page('index', { data: { message: 'hi' }, onLoad() { console.warn('careful') } })")
        let log = BuiltBinaries.temporaryFolder() + "/run.log"
        let r = try await BuiltBinaries.snapshot(dir, extra: ["--log", log])
        #expect(r.status == 0)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("[log] hello from main") && text.contains("[warn] careful"), "\(text)")
    }

    static let counter = """
    Page('index', {
      data: { message: '' },
      onLoad() {
        bridge.invoke('getStorage', { key: 'runs' }).then(r => r.data, () => 0)
          .then(runs => bridge.invoke('setStorage', { key: 'runs', data: runs + 1 }).then(() => this.setData({ message: 'run ' + (runs + 1) })))
      },
    })
    """

    @Test func withoutAStoreEachRunStartsFromEmptyStorageOrTheSeed() async throws {
        let dir = try bundles.bundle(script: Self.counter)
        for _ in 0..<2 {
            let r = try await BuiltBinaries.snapshot(dir)
            #expect(r.stdout.contains("msg: run 1"), "storage leaked between runs: \(r.stdout)")
        }
        let seed = BuiltBinaries.temporaryFolder() + "/seed.json"
        try #"{ "runs": 41 }"#.write(toFile: seed, atomically: true, encoding: .utf8)
        let seeded = try await BuiltBinaries.snapshot(dir, extra: ["--storage", seed])
        #expect(seeded.stdout.contains("msg: run 42"), "\(seeded.stdout)")
        // With a store of its own, storage persists as before.
        let store = BuiltBinaries.temporaryFolder()
        _ = try await BuiltBinaries.snapshot(dir, extra: ["--store", store])
        let second = try await BuiltBinaries.snapshot(dir, extra: ["--store", store])
        #expect(second.stdout.contains("msg: run 2"), "\(second.stdout)")
    }

    @Test func aMalformedSeedNamesItsLine() async throws {
        let dir = try bundles.bundle(script: Self.counter)
        let seed = BuiltBinaries.temporaryFolder() + "/seed.json"
        try "{\n  \"runs\": tru\n}".write(toFile: seed, atomically: true, encoding: .utf8)
        let r = try await BuiltBinaries.snapshot(dir, extra: ["--storage", seed])
        #expect(r.status != 0)
        #expect(r.stderr.contains("\(seed):2:"), "\(r.stderr)")
        try "[1, 2]".write(toFile: seed, atomically: true, encoding: .utf8)
        let notObject = try await BuiltBinaries.snapshot(dir, extra: ["--storage", seed])
        #expect(notObject.stderr.contains("\(seed): expected a JSON object of storage keys to values, found array"), "\(notObject.stderr)")
    }

    @Test func showFocusNamesTheFocusedWidget() async throws {
        let dir = try bundles.bundle(script: "Page('index', { data: { message: 'hi' } })")
        // The page's only button has focus from the start, and Tab keeps it there.
        let opened = try await BuiltBinaries.snapshot(dir, extra: ["--show-focus"])
        #expect(opened.stdout.hasSuffix("focus: column 0, row 1: bad/pages/index.swift:5:9\n"), "\(opened.stdout)")
        let focused = try await BuiltBinaries.snapshot(dir, events: "key Tab\n", extra: ["--show-focus"])
        #expect(focused.stdout.contains("focus: column 0, row 1: bad/pages/index.swift:5:9"), "\(focused.stdout)")
    }

    @Test func eventsComeFromStandardInputOrADeviceFile() async throws {
        let app = BuiltBinaries.sample("todo")
        let empty = try await BuiltBinaries.run("termini", ["snapshot", app, "--size", "50x8", "--events", "/dev/null"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("[x] Write the compiler"))
        let piped = try await BuiltBinaries.run("/bin/sh", ["-c",
            "printf 'key Tab\\nkey Space\\nsettle\\n' | '\(BuiltBinaries.path("termini"))' snapshot '\(app)' --size 50x8 --events -"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("[ ] Write the compiler"), "\(piped.stdout)")
        let bad = try await BuiltBinaries.run("/bin/sh", ["-c",
            "printf 'key Tab\\njump\\n' | '\(BuiltBinaries.path("termini"))' snapshot '\(app)' --events -"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("<stdin>:2: unknown event 'jump'"), "\(bad.stderr)")
    }

    @Test func mockedRequestsMakeANetworkAppRepeatable() async throws {
        let fixtures = BuiltBinaries.temporaryFolder() + "/fixtures.json"
        try #"""
        [
          { "url": "http://127.0.0.1:8787/stories", "method": "GET",
            "data": [ { "id": 1, "title": "Mocked story one", "author": "ada", "points": 5, "comments": 2 } ] }
        ]
        """#.write(toFile: fixtures, atomically: true, encoding: .utf8)
        let args = ["--mock", "request=" + fixtures]
        let first = try await BuiltBinaries.snapshot(BuiltBinaries.sample("feed"), size: "60x12", extra: args)
        let second = try await BuiltBinaries.snapshot(BuiltBinaries.sample("feed"), size: "60x12", extra: args)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Mocked story one"), "\(first.stdout)")
        #expect(first.stdout == second.stdout, "the same flags gave different screens")
    }

    @Test func anUnmatchedRequestFailsWithTheURLAndBadFixturesNameTheirPlace() async throws {
        let fixtures = BuiltBinaries.temporaryFolder() + "/fixtures.json"
        try #"[ { "url": "https://api.example.com/other" } ]"#.write(toFile: fixtures, atomically: true, encoding: .utf8)
        let dir = try bundles.bundle(script: """
            Page('index', { data: { message: '' }, onLoad() {
              bridge.invoke('request', { url: 'https://api.example.com/items?x=1' }).catch(e => this.setData({ message: e.errMsg }))
            } })
            """)
        let manifest = dir + "/manifest.json"
        try #"{"id":"bad","name":"Bad","version":"1.0.0","pages":["index"],"permissions":["request"],"requestDomains":["api.example.com"]}"#
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let r = try await BuiltBinaries.snapshot(dir, size: "300x6", extra: ["--mock", "request=" + fixtures])
        #expect(r.stdout.contains("msg: request:fail no fixture in \(fixtures) matches GET https://api.example.com/items?x=1"), "\(r.stdout)")

        try "[\n  { \"url\": 3 }\n]".write(toFile: fixtures, atomically: true, encoding: .utf8)
        let bad = try await BuiltBinaries.snapshot(dir, extra: ["--mock", "request=" + fixtures])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("\(fixtures): $[0].url: expected a URL pattern"), "\(bad.stderr)")
        try "[\n  { \"url\": }\n]".write(toFile: fixtures, atomically: true, encoding: .utf8)
        let malformed = try await BuiltBinaries.snapshot(dir, extra: ["--mock", "request=" + fixtures])
        #expect(malformed.stderr.contains("\(fixtures):2:"), "\(malformed.stderr)")
        let other = try await BuiltBinaries.snapshot(dir, extra: ["--mock", "storage=x.json"])
        #expect(other.stderr.contains("--mock: only 'request' can be mocked"), "\(other.stderr)")
    }

    @Test func aFixedClockMakesTimesRepeat() async throws {
        let dir = try bundles.bundle(script: """
            Page('index', { data: { message: '' }, onLoad() {
              const first = new Date().toISOString()
              setTimeout(() => this.setData({ message: first + ' then ' + new Date(Date.now()).toISOString() }), 100)
            } })
            """)
        let events = "wait 1500\n"
        let first = try await BuiltBinaries.snapshot(dir, size: "80x4", events: events, extra: ["--clock", "1700000000000"])
        let second = try await BuiltBinaries.snapshot(dir, size: "80x4", events: events, extra: ["--clock", "1700000000000"])
        // The clock starts where it is told and moves only by the events' waits.
        #expect(first.stdout.contains("msg: 2023-11-14T22:13:20.000Z then 2023-11-14T22:13:21.500Z"), "\(first.stdout)")
        #expect(first.stdout == second.stdout)
        // Timers run on the fixed clock too: without a wait, the 100 ms timer never fires, however slow the run.
        let settled = try await BuiltBinaries.snapshot(dir, size: "80x4", events: "settle\n", extra: ["--clock", "1700000000000"])
        #expect(settled.stdout.contains("msg: \n") || settled.stdout.lines.first == "msg:", "\(settled.stdout)")
        let bad = try await BuiltBinaries.snapshot(dir, extra: ["--clock", "1.5"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--clock must be a whole number of milliseconds since 1970"), "\(bad.stderr)")
    }
}
