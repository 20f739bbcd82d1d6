import Foundation
import TestSupport
import Testing

/// What a user sees of issue 34's local half through the built `termini`: a Log that keeps tool output's colours
/// (in the snapshot's ANSI form), an app that writes and reads its own files, a full disk and a read-only store
/// (real tmpfs file systems in a private mount namespace) that fail the write and keep the old file, and `openURL`
/// handing a URL to `$BROWSER`.
@Suite struct FilesAndLogSnapshotTests {
    static let logPage = """
        import TerminiDSL

        let index = Page("index", title: "Build") {
            Column {
                Text("{{status}}")
                Expanded { Log("{{lines}}", maxLines: 4) }
            }
        }
        """

    @Test func aLogKeepsSGRColoursAndDropsOtherEscapes() async throws {
        let script = #"""
            Page('index', {
              data: { status: 'building', lines: [] },
              onLoad() {
                this.appendLog('lines', ['old 1', 'old 2', 'old 3'], 4)
                this.appendLog('lines', [
                  '\u001b[32mok\u001b[0m  compiled 12 files',
                  '\u001b[1;31merror\u001b[0m: \u001b]0;pwned\u0007disk \u001b[2Jfull',
                  '\u001b[38;2;255;128;0mwarn\u001b[39m plain again',
                ], 4)
                this.setData({ status: 'lines: ' + this.data.lines.length })
              },
            })
            """#
        let dir = try BuiltBinaries.project(id: "build", pages: ["index": Self.logPage], script: script)
        let text = try await BuiltBinaries.snapshot(dir, size: "40x6", extra: ["--format", "text"])
        #expect(text.status == 0, "\(text.stderr)")
        let rows = text.stdout.lines
        #expect(rows.contains("lines: 4"), "\(text.stdout)")
        #expect(rows.contains { $0.hasPrefix("old 3") } && !rows.contains { $0.hasPrefix("old 2") }, "the scrollback keeps 4: \(text.stdout)")
        #expect(rows.contains { $0.hasPrefix("error: disk full") }, "\(text.stdout)")
        #expect(!text.stdout.contains("pwned") && !text.stdout.contains("[2J"), "\(text.stdout)")
        let ansi = try await BuiltBinaries.snapshot(dir, size: "40x6", extra: ["--format", "ansi"])
        #expect(ansi.stdout.contains("\u{1B}[0;32mok\u{1B}[0m  compiled 12 files"), "\(ansi.stdout)")
        #expect(ansi.stdout.contains("\u{1B}[0;1;31merror\u{1B}[0m: disk full"), "\(ansi.stdout)")
        #expect(ansi.stdout.contains("\u{1B}[0;38;2;255;128;0mwarn\u{1B}[0m plain again"), "\(ansi.stdout)")
        #expect(!ansi.stdout.contains("\u{1B}]") && !ansi.stdout.contains("\u{1B}[2J"), "only SGR reaches the output")
    }

    static let filesPage = """
        import TerminiDSL

        let index = Page("index", title: "Notes") {
            Column {
                Text("wrote: {{wrote}}")
                Text("read: {{read}}")
                Text("list: {{list}}")
            }
        }
        """

    /// Writes `keep.txt` when the store has none, then tries to overwrite it with 200 KB, then reads it back.
    static let filesScript = #"""
        Page('index', {
          data: { wrote: '', read: '', list: '' },
          async onLoad() {
            const seen = await bridge.invoke('readdir', { dirPath: '' })
            if (!seen.files.includes('keep.txt')) await bridge.invoke('writeFile', { filePath: 'keep.txt', data: 'old text' })
            let wrote
            try {
              await bridge.invoke('writeFile', { filePath: 'keep.txt', data: 'x'.repeat(200000), encoding: 'utf8' })
              wrote = 'ok'
            } catch (e) { wrote = e.errMsg + ' ' + e.errCode }
            const read = await bridge.invoke('readFile', { filePath: 'keep.txt' })
            const list = await bridge.invoke('readdir', { dirPath: '' })
            this.setData({ wrote, read: read.data.length > 20 ? read.data.length + ' bytes' : read.data, list: list.files.join(',') })
          },
        })
        """#

    func filesProject() throws -> String {
        try BuiltBinaries.project(id: "notes", pages: ["index": Self.filesPage], script: Self.filesScript, permissions: ["files"])
    }

    @Test func anAppWritesAndReadsItsOwnFiles() async throws {
        let dir = try filesProject()
        let store = TemporaryFolder()
        let run = try await BuiltBinaries.snapshot(dir, size: "200x5", extra: ["--store", store.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("wrote: ok") && run.stdout.contains("read: 200000 bytes") && run.stdout.contains("list: keep.txt"),
                "\(run.stdout)")
        let onDisk = try Data(contentsOf: URL(fileURLWithPath: store.path + "/files/notes/keep.txt"))
        #expect(onDisk.count == 200_000, "files live in <store>/files/<app id>/")
    }

    /// `termini snapshot` inside `unshare -m` (a mount namespace of its own, so nothing leaks) over a store on a
    /// tmpfs of `size` holding the app's `keep.txt`, after `prepare` (given the mount point as `$1`).
    func snapshotOnTmpfs(size: String, prepare: String = "") async throws -> BuiltBinaries.Result {
        let dir = try filesProject()
        let mount = TemporaryFolder()
        let script = """
            set -e
            mount -t tmpfs -o size=\(size) tmpfs "$1"
            mkdir -p "$1/files/notes"
            printf 'old text' > "$1/files/notes/keep.txt"
            \(prepare)
            exec "$2" snapshot "$3" --size 200x5 --store "$1"
            """
        return try await BuiltBinaries.run("/usr/bin/unshare", ["-m", "--propagation", "private", "/bin/sh", "-c", script, "sh",
                                                                mount.path, BuiltBinaries.path("termini"), dir])
    }

    @Test func aFullDiskFailsTheWriteAndKeepsTheOldFile() async throws {
        // 128 KB of tmpfs: no room for the 200 KB the app writes, though its quota (50 MB) has.
        let run = try await snapshotOnTmpfs(size: "128k")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("wrote: writeFile:fail 'keep.txt' cannot be written: the disk is full (No space left on device); the old file is unchanged 5"),
                "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("read: old text") && run.stdout.contains("list: keep.txt"), "no temporary file is left: \(run.stdout)")
    }

    @Test func aReadOnlyStoreFailsTheWriteAndKeepsTheOldFile() async throws {
        let run = try await snapshotOnTmpfs(size: "1m", prepare: #"mount -o remount,ro "$1""#)
        #expect(run.stdout.contains("wrote: writeFile:fail 'keep.txt' cannot be written: the store is read-only (Read-only file system); the old file is unchanged 12"),
                "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("read: old text"), "\(run.stdout)")
    }

    @Test func textAndMarkdownLinksAreOSC8HyperlinksInTheANSISnapshot() async throws {
        let page = """
            import TerminiDSL

            let index = Page("index", title: "Docs") {
                Column {
                    Text("Guide: https://example.org/guide")
                    Markdown("See [the API](https://example.org/api).")
                }
            }
            """
        let dir = try BuiltBinaries.project(id: "docs", pages: ["index": page], script: "Page('index', {})")
        let ansi = try await BuiltBinaries.snapshot(dir, size: "60x4", extra: ["--format", "ansi"])
        #expect(ansi.status == 0, "\(ansi.stderr)")
        let open = "\u{1B}]8;;", close = "\u{1B}]8;;\u{1B}\\"
        #expect(ansi.stdout.contains("Guide: " + open + "https://example.org/guide\u{1B}\\https://example.org/guide" + close), "\(ansi.stdout.debugDescription)")
        #expect(ansi.stdout.contains(open + "https://example.org/api\u{1B}\\the API" + close), "\(ansi.stdout.debugDescription)")
        #expect(ansi.stdout.contains(open + "https://example.org/api\u{1B}\\(https://example.org/api)" + close), "the visible URL: \(ansi.stdout.debugDescription)")
        let text = try await BuiltBinaries.snapshot(dir, size: "60x4", extra: ["--format", "text"])
        #expect(text.stdout.contains("See the API (https://example.org/api)."), "\(text.stdout)")
    }

    @Test func openURLHandsAnAllowedURLToTheBrowser() async throws {
        let folder = TemporaryFolder()
        let browser = folder.path + "/browser.sh"
        let record = folder.path + "/opened.txt"
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(record)'\n".write(toFile: browser, atomically: true, encoding: .utf8)
        chmod(browser, 0o755)
        let page = """
            import TerminiDSL

            let index = Page("index", title: "Links") { Text("{{result}}") }
            """
        let script = #"""
            Page('index', {
              data: { result: '' },
              async onLoad() {
                const results = []
                for (const url of ['https://docs.example.org/guide?x=1', 'https://evil.example.com/', 'file:///etc/passwd',
                                   'https://api.example.com/v1']) {
                  try { await bridge.invoke('openURL', { url }); results.push('ok') } catch (e) { results.push(e.errCode) }
                }
                this.setData({ result: results.join(' ') })
              },
            })
            """#
        let dir = try BuiltBinaries.project(id: "links", pages: ["index": page], script: script)
        var app = try String(contentsOfFile: dir + "/app.json", encoding: .utf8)
        app = app.replacingOccurrences(of: #""permissions": []"#,
                                       with: #""permissions": ["request"], "requestDomains": ["api.example.com"], "openDomains": ["docs.example.org"]"#)
        try app.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["BROWSER"] = browser
        let run = try await ChildProcess.run(BuiltBinaries.path("termini"), ["snapshot", dir, "--size", "40x3"],
                                             environment: environment, timeout: 60)
        #expect(run.stdout.contains("ok 2 3 ok"), "\(run.stdout)\(run.stderr)")
        // The browser runs on its own: wait for what it wrote.
        let deadline = Date().addingTimeInterval(60)
        var opened = ""
        while Date() < deadline {
            opened = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            if opened.split(separator: "\n").count >= 2 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(opened.split(separator: "\n").sorted() == ["https://api.example.com/v1", "https://docs.example.org/guide?x=1"], "\(opened)")
    }
}
