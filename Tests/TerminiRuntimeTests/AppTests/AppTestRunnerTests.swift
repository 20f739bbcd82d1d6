import Foundation
import TestSupport
import Testing
@testable import TerminiRuntime
import TerminiUI

/// Each assertion of `termini test`, passing and failing, against a small in-memory app; golden screens written
/// under `--update` and missing ones failing without it.
@Suite struct AppTestRunnerTests {
    /// `index` counts presses of its `add` button (with a toast), opens `other` from its `go` button and throws from
    /// its `boom` button.
    static let bundle: LoadedBundle = {
        let index = try! TemplateFile(jsonText: #"""
            {"format":"termini.template/1","page":"index","title":"Counter","source":"t/pages/index.swift",
             "deps":["count"], "root":{"cls":"Column","loc":"t/pages/index.swift:3:5","children":[
               {"cls":"Text","p1":"Count: {{count}}","style":"bold","loc":"t/pages/index.swift:4:9"},
               {"cls":"Button","p1":"Add","onTap":"add","id":"add","loc":"t/pages/index.swift:5:9"},
               {"cls":"Button","p1":"Go","onTap":"go","id":"go","loc":"t/pages/index.swift:6:9"},
               {"cls":"Button","p1":"Boom","onTap":"boom","loc":"t/pages/index.swift:7:9"}]}}
            """#)
        let other = try! TemplateFile(jsonText: #"""
            {"format":"termini.template/1","page":"other","title":"Other","source":"t/pages/other.swift",
             "deps":[], "root":{"cls":"Text","p1":"Other page {{from}}","loc":"t/pages/other.swift:3:5"}}
            """#)
        let script = """
            Page('index', {
              data: { count: 0, list: [1, 2] },
              onLoad() { bridge.invoke('getStorage', { key: 'start' }).then(r => this.setData({ count: r.data }), () => {}) },
              add() { this.setData({ count: this.data.count + 1 }); bridge.invoke('showToast', { title: 'Added' }) },
              go() { bridge.invoke('navigateTo', { url: 'other?from=index' }) },
              boom() { missing.call() },
            })
            Page('other', { data: { from: '' }, onLoad(q) { this.setData({ from: q.from || '' }) } })
            """
        let manifest = BundleManifest(id: "t", name: "T", version: "1.0.0", pages: ["index", "other"], permissions: [])
        return LoadedBundle(manifest: manifest, origin: "memory", script: script, scriptName: "t/main.js",
                            pages: ["index": index, "other": other])
    }()

    let folder = TemporaryFolder()

    func run(_ text: String, update: Bool = false) throws -> AppTestResult {
        let test = try AppTestParser.parse("size 40x8\n" + text, file: folder.sub("tests/t.test"), name: "t")
        let runner = AppTestRunner(bundle: Self.bundle, screens: GoldenScreens(folder: folder.sub("tests/screens")), update: update)
        return runner.run(test)
    }

    @Test func everyAssertionPassesWhenTheAppDoesWhatItSays() throws {
        let result = try run("""
            expect page index
            expect text "Count: 0"
            expect text "Count: 0" at 1
            expect focus add
            key Enter
            expect data count == 1
            expect data list.length == 2
            expect toast "Added"
            key Tab
            expect focus go
            key Enter
            expect page other
            expect text "Other page index"
            expect focus none
            expect no-error
            """)
        #expect(result.passed, "\(String(describing: result.failure))")
    }

    @Test(arguments: [
        ("expect page other", "the page \"other\"", "the page \"index\""),
        ("expect text \"Count: 7\"", "\"Count: 7\" on the screen", "not on the screen"),
        ("expect text \"Count: 0\" at 2", "\"Count: 0\" on row 2", "row 2 is \"[ Add ]\"; the text is on row 1"),
        ("expect focus go", "the widget with id \"go\"", "the widget with id \"add\""),
        ("expect focus none", "nothing has focus", "the widget with id \"add\""),
        ("expect data count == 5", "count == 5", "count == 0"),
        ("expect data nothing.here == 1", "nothing.here == 1", "nothing.here is not in the page's data"),
        ("expect toast \"Added\"", "the toast \"Added\"", "no toast since the last input"),
    ])
    func eachAssertionFailsWithWhatItExpectedAndWhatTheAppShowed(line: String, expected: String, actual: String) throws {
        let result = try run("key Tab\nkey BackTab\n" + line + "\n")
        let failure = try #require(result.failure)
        #expect(failure.line == 4 && failure.source == line)
        #expect(failure.expected == expected && failure.actual == actual)
        #expect(failure.screen?.renderText().contains("Count: 0") == true)
    }

    @Test func noErrorFailsAfterAScriptErrorAndTheConsoleSaysWhy() throws {
        let result = try run("key Tab\nkey Tab\nkey Enter\nexpect no-error\n")
        let failure = try #require(result.failure)
        #expect(failure.actual.hasPrefix("1 script error: [error] ") && failure.actual.contains("missing"), "\(failure.actual)")
        #expect(failure.console.contains { $0.contains("ReferenceError") })
    }

    @Test func theHeaderSeedsStorageAndOpensAnotherPage() throws {
        #expect(try run("storage {\"start\": 41}\nexpect data count == 41\n").passed)
        let other = try run("start other?from=header\nexpect text \"Other page header\"\n")
        #expect(other.passed, "\(String(describing: other.failure))")
        let missing = try #require(try run("start nowhere\nexpect no-error\n").failure)
        #expect(missing.line == 2 && missing.actual == "app.json has no such page; its pages are index, other")
    }

    @Test func aMissingGoldenScreenFailsUnlessUpdateWritesIt() throws {
        let missing = try #require(try run("expect screen first\n").failure)
        #expect(missing.actual.hasPrefix("there is no \(folder.sub("tests/screens/first.screen"))"))
        let written = try run("expect screen first\n", update: true)
        #expect(written.passed && written.screensWritten == [folder.sub("tests/screens/first.screen")])
        let text = try String(contentsOfFile: folder.sub("tests/screens/first.screen"), encoding: .utf8)
        #expect(text.hasPrefix("screen 40x8\nstyle a: reverse\n") && text.contains("row 1 |Count: 0\n"), "\(text)")
        #expect(try run("expect screen first\n").passed)
    }

    @Test func aDifferentScreenFailsWithTheGoldenOneAndADiffOfTheRowsThatDiffer() throws {
        _ = try run("expect screen first\n", update: true)
        let path = folder.sub("tests/screens/first.screen")
        try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "Count: 0", with: "Count: 9")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run("expect screen first\n")
        let failure = try #require(result.failure)
        #expect(failure.actual == "1 row differs: 1", "\(failure.actual)")
        let lines = AppTestReport(styled: false).lines(for: result)
        #expect(lines.contains("    - row 1 |Count: 9") && lines.contains("    + row 1 |Count: 0"), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("    style a: bold") && lines.contains("            |aaaaaaaa"), "\(lines.joined(separator: "\n"))")
        let styled = AppTestReport(styled: true).lines(for: result)
        #expect(styled.contains("    + row 1 |\u{1B}[0;1mCount: 0\u{1B}[0m"), "\(styled.joined(separator: "\n"))")
        // Under --update the screen replaces the golden one.
        #expect(try run("expect screen first\n", update: true).passed)
        #expect(try run("expect screen first\n").passed)
    }
}
