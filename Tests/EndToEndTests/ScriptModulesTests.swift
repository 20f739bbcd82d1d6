import Foundation
import Testing

/// JavaScript modules: `require` inside the bundle (relative paths, one instance per module, cycles as in Node),
/// page scripts in `pages/<name>.js`, errors that name the requiring file and line, and packs that carry and hash
/// every script.
@Suite struct ScriptModulesTests {
    func project(_ files: [String: String]) throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/mods"
        var all: [String: String] = [
            "app.json": #"{ "id": "mods", "name": "Mods", "version": "1.0.0", "pages": ["index"], "permissions": [] }"#,
            "pages/index.swift": "import TerminiDSL\n\nlet index = Page(\"index\") {\n    Column {\n        Text(\"{{greeting}}\")\n        Text(\"{{cycle}}\")\n        Text(\"{{count}}\")\n    }\n}\n",
            "main.js": "const { shout } = require('./lib/format.js')\nApp({ onLaunch() { console.log(shout('app')) } })\n",
            "lib/format.js": "const counter = require('./counter')\nexports.shout = s => s.toUpperCase() + '!'\nexports.cycle = () => require('./a').name + '/' + require('./b').name\nexports.count = () => counter.next()\n",
            "lib/counter.js": "let n = 0\nexports.next = () => ++n\n",
            "lib/a.js": "exports.name = 'a'\nconst b = require('./b')\nexports.sawB = b.name\n",
            "lib/b.js": "const a = require('./a')\nexports.name = 'b saw ' + (a.name || 'nothing')\n",
            "pages/index.js": "const fmt = require('../lib/format')\nrequire('../lib/counter').next()\nPage({\n  data: { greeting: fmt.shout('hello'), cycle: fmt.cycle(), count: fmt.count() },\n})\n",
        ]
        for (path, text) in files { all[path] = text }
        for (path, text) in all where !text.isEmpty {
            try FileManager.default.createDirectory(atPath: (dir + "/" + path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: dir + "/" + path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func modulesAndPageScriptsRun() async throws {
        let dir = try project([:])
        let log = dir + "/run.log"
        let r = try await BuiltBinaries.snapshot(dir, size: "30x4", extra: ["--log", log])
        #expect(r.status == 0, "\(r.stderr)")
        // One instance of counter.js: the page script's own next() and fmt.count() share it.
        #expect(r.stdout.lines.prefix(3) == ["HELLO!", "a/b saw a", "2"], "\(r.stdout)")
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("[log] APP!"))
    }

    @Test func aMissingModuleOrAPathOutOfTheBundleNamesTheRequiringFileAndLine() async throws {
        let missing = try project(["main.js": "// first\n\nconst x = require('./lib/nothere')\n"])
        let r = try await BuiltBinaries.snapshot(missing, size: "60x6")
        #expect(r.status == 1)
        #expect(r.stderr.contains("require('./lib/nothere'): no module 'lib/nothere.js' in the bundle, in \(missing)/main.js:3:"), "\(r.stderr)")

        let escaping = try project(["pages/index.js": "require('../../../etc/passwd')\n"])
        let e = try await BuiltBinaries.snapshot(escaping, size: "60x6")
        #expect(e.stderr.contains("require('../../../etc/passwd'): the path leaves the bundle, in \(escaping)/pages/index.js:1:"), "\(e.stderr)")

        let bare = try project(["main.js": "require('fs')\n"])
        let b = try await BuiltBinaries.snapshot(bare, size: "60x6")
        #expect(b.stderr.contains("require('fs'): only paths inside the bundle are supported"), "\(b.stderr)")
    }

    @Test func errorsInAModuleNameItsFileAndLine() async throws {
        let syntax = try project(["lib/counter.js": "let n = 0\n\nexports.next = () => (++n\n"])
        let s = try await BuiltBinaries.snapshot(syntax, size: "60x6")
        #expect(s.status == 1)
        #expect(s.stderr.contains("SyntaxError") && s.stderr.contains("\(syntax)/lib/counter.js:"), "\(s.stderr)")

        let thrown = try project(["lib/counter.js": "let n = 0\nexports.next = () => {\n  throw new Error('counter broke')\n}\n"])
        let t = try await BuiltBinaries.snapshot(thrown, size: "60x6")
        #expect(t.stderr.contains("Error: counter broke at \(thrown)/lib/counter.js:3:"), "\(t.stderr)")
    }

    @Test func packCarriesAndHashesEveryScript() async throws {
        let dir = try project(["assets/data.js": "not a module, an asset"])
        let zip = dir + "/app.zip"
        let packed = try await BuiltBinaries.run("termini", ["pack", dir, "--out", zip])
        #expect(packed.status == 0, "\(packed.stderr)")
        let listing = try await BuiltBinaries.run("/usr/bin/python3", ["-c", """
            import json, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            print(' '.join(sorted(json.loads(z.read('manifest.json'))['files'])))
            """, zip])
        for file in ["main.js", "lib/format.js", "lib/counter.js", "lib/a.js", "lib/b.js", "pages/index.js", "assets/data.js"] {
            #expect(listing.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.contains(file),
                    "\(file) not in \(listing.stdout)")
        }
        let store = BuiltBinaries.temporaryFolder()
        let installed = try await BuiltBinaries.run("termini", ["install", zip, "--store", store, "--dev"])
        #expect(installed.status == 0, "\(installed.stderr)")
        let r = try await BuiltBinaries.run("termini", ["snapshot", "minigame://mods", "--store", store, "--size", "30x4"])
        #expect(r.stdout.lines.prefix(3) == ["HELLO!", "a/b saw a", "2"], "\(r.stdout)\(r.stderr)")
    }
}
