import Foundation
import Testing

/// The built `termini` against a damaged store and damaged project files (issue 27, items 11, 12, 14, 15 and 16):
/// apps start whatever state their storage file is in, storage calls say what is wrong with it, removing data works
/// on a full disk, one broken app does not hide the others, and a stray byte is named where it is.
@Suite struct HostileStoreTests {
    /// A project whose index page calls each storage command and logs `name ok` or `name <errCode> <errMsg>`; with
    /// `fill`, it first writes 100 KB values until the disk refuses one.
    static func storageProject(fill: Bool = false) throws -> String {
        let dir = BuiltBinaries.temporaryFolder() + "/storage-probe"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try "{\n  \"id\": \"storageprobe\", \"name\": \"Storage probe\", \"version\": \"1.0.0\", \"pages\": [\"index\"]\n}\n"
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try """
        import TerminiDSL

        let index = Page("index", title: "Probe") {
            Text("started {{done}}")
        }
        """.write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try """
        const call = (name, params) => bridge.invoke(name, params).then(
          () => console.log(name, 'ok'), (e) => console.log(name, e.errCode, e.errMsg))
        Page('index', {
          data: { done: 'no' },
          async onLoad() {
            if (\(fill)) {
              for (let i = 0; i < 200; i++) {
                const failed = await bridge.invoke('setStorage', { key: 'fill' + i, data: 'x'.repeat(100000) })
                  .then(() => null, (e) => e)
                if (failed) { console.log('filled', i, failed.errCode, failed.errMsg); break }
              }
            }
            await call('setStorage', { key: 'k', data: 1 })
            await call('getStorage', { key: 'fill0' })
            await call('removeStorage', { key: 'fill1' })
            await call('removeStorage', { key: 'fill2' })
            await call('getStorageInfo')
            await call('clearStorage')
            this.setData({ done: 'yes' })
          },
        })
        """.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    /// The console lines of a snapshot (`[log] …` on standard error), without the prefix.
    static func logLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { $0.hasPrefix("[log] ") ? String($0.dropFirst(6)) : nil }
    }

    /// Damage done to `<store>/storage.sqlite`, and words the storage errors must hold.
    static let damages: [(name: String, words: [String])] = [
        ("flipped header", ["not a database", "move it"]),
        ("folder", ["a folder is in its place"]),
    ]

    @Test(arguments: [0, 1]) func anAppStartsWhateverStateItsStorageFileIsIn(damage: Int) async throws {
        let store = BuiltBinaries.temporaryFolder()
        let database = store + "/storage.sqlite"
        if damage == 0 {
            var header = Data("SQLite format 3\u{0}".utf8)
            header[0] ^= 0xFF
            try (header + Data(count: 4080)).write(to: URL(fileURLWithPath: database))
        } else {
            try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: true)
        }
        // An app that never calls storage starts and shows its page.
        let clock = try await BuiltBinaries.snapshot(BuiltBinaries.sample("clock"), extra: ["--store", store])
        #expect(clock.status == 0, "\(clock.stderr)")
        #expect(!clock.stdout.isEmpty)
        // An app that does gets errCode 12 from every call, naming the file, the cause and the remedy.
        let probe = try await BuiltBinaries.snapshot(try Self.storageProject(), extra: ["--store", store])
        #expect(probe.status == 0, "\(probe.stderr)")
        #expect(probe.stdout.contains("started yes"), "\(probe.stdout)")
        let lines = Self.logLines(probe.stderr)
        #expect(lines.count == 6, "\(probe.stderr)")
        for line in lines {
            #expect(line.contains(" 12 ") && line.contains(database), "\(line)")
            for word in Self.damages[damage].words { #expect(line.contains(word), "\(line)") }
            #expect(!line.contains("CommandError("), "\(line)")
        }
    }

    /// A store on a 2 MB tmpfs (its own mount namespace, `unshare`): filling it fails with errCode 5, and then
    /// removing and clearing work, so an app can free what it filled; read-only, each call says so.
    @Test(.timeLimit(.minutes(2))) func onAFullDiskRemovingDataWorks() async throws {
        let project = try Self.storageProject(fill: true)
        let mount = BuiltBinaries.temporaryFolder() + "/tmpfs"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let termini = BuiltBinaries.path("termini")
        let script = """
            set -e
            mount -t tmpfs -o size=2m tmpfs '\(mount)'
            '\(termini)' snapshot '\(project)' --store '\(mount)/store' --size 40x4 2>&1 || echo "exit $?"
            echo '--- read-only'
            mount -o remount,ro '\(mount)'
            '\(termini)' snapshot '\(project)' --store '\(mount)/store' --size 40x4 2>&1 || echo "exit $?"
            """
        let r = try await BuiltBinaries.run("/usr/bin/unshare", ["-r", "-m", "sh", "-c", script], timeout: 100)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let parts = r.stdout.components(separatedBy: "--- read-only")
        #expect(parts.count == 2, "\(r.stdout)\(r.stderr)")
        let full = Self.logLines(parts[0])
        let filled = full.first { $0.hasPrefix("filled ") } ?? ""
        #expect(filled.contains(" 5 setStorage:fail the disk is full"), "\(full)")
        #expect(full.contains("removeStorage ok"), "\(full)")
        #expect(full.filter { $0 == "removeStorage ok" }.count == 2, "\(full)")
        #expect(full.contains("clearStorage ok"), "\(full)")
        #expect(parts[0].contains("started yes"))
        let readOnly = Self.logLines(parts[1])
        #expect(parts[1].contains("started yes"), "\(parts[1])")
        #expect(readOnly.contains { $0.hasPrefix("setStorage 12 ") && $0.contains("read-only") && $0.contains("\(mount)/store/storage.sqlite") },
                "\(readOnly)")
    }

    /// `termini check` names the byte that is not UTF-8, in app.json, in main.js and in a module.
    @Test(arguments: ["app.json", "main.js", "lib/util.js"])
    func aStrayByteIsNamedWhereItIs(file: String) async throws {
        let dir = try Self.storageProject()
        try FileManager.default.createDirectory(atPath: dir + "/lib", withIntermediateDirectories: true)
        try "module.exports = {}\nmodule.exports.x = 1\n".write(toFile: dir + "/lib/util.js", atomically: true, encoding: .utf8)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + file))
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? 0
        bytes.insert(0xFF, at: newline + 1 + 3)  // line 2, column 4
        try bytes.write(to: URL(fileURLWithPath: dir + "/" + file))
        let r = try await BuiltBinaries.run("termini", ["check", dir])
        #expect(r.status == 1)
        let output = r.stdout + r.stderr
        #expect(output.contains("\(dir)/\(file)"), "\(output)")
        #expect(output.contains("not valid UTF-8 at byte \(newline + 4) (line 2, column 4: 0xFF)"), "\(output)")
        #expect(!output.contains("the document is empty") && !output.contains("cannot read the script"), "\(output)")
    }

    /// `termini list` lists the apps it can read and names each broken one with how to repair it.
    @Test func oneBrokenAppDoesNotHideTheOthers() async throws {
        let store = BuiltBinaries.temporaryFolder()
        func pointer(_ id: String, _ text: String?) throws {
            let folder = "\(store)/apps/\(id)"
            try FileManager.default.createDirectory(atPath: folder + "/1.0.0", withIntermediateDirectories: true)
            if let text {
                try text.write(toFile: folder + "/current", atomically: true, encoding: .utf8)
            } else {
                try FileManager.default.createDirectory(atPath: folder + "/current", withIntermediateDirectories: true)
            }
        }
        let good = #"{"format": "termini.app-pointer/1", "current": "1.0.0", "previous": [], "launchConfirmed": true}"#
        try pointer("alpha", good)
        try pointer("broken", "{\"format\": \u{1}")
        try pointer("folder", nil)
        try pointer("zulu", good)
        let r = try await BuiltBinaries.run("termini", ["list", "--store", store])
        #expect(r.status == 1)
        // Each app's disk is its pointer here (its version folder is empty).
        let disk = "(\(good.utf8.count) B on disk)"
        #expect(r.stdout == "alpha  \(disk)\n  * 1.0.0  (current)\nzulu  \(disk)\n  * 1.0.0  (current)\n", "\(r.stdout)")
        for (id, problem) in [("broken", "corrupt app pointer: not JSON"), ("folder", "is a folder, not an app pointer file")] {
            #expect(r.stderr.contains("\(id): \(store)/apps/\(id)/current: \(problem); to repair it, install the app again"),
                    "\(r.stderr)")
            #expect(r.stderr.contains("or remove \(store)/apps/\(id) to uninstall it"), "\(r.stderr)")
        }
    }

    /// Refusing a 2 GB file that is not a zip reads its last 64 KB, not all of it.
    @Test(.timeLimit(.minutes(1))) func installingALargeFileThatIsNotAZipIsRefusedAtOnce() async throws {
        let dir = BuiltBinaries.temporaryFolder()
        let path = dir + "/big.zip"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let started = ContinuousClock.now
        let r = try await BuiltBinaries.run("termini", ["install", path, "--dev", "--store", dir + "/store"])
        let elapsed = ContinuousClock.now - started
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(path): error: not a zip archive: no end-of-central-directory record in its last 64 KB"), "\(r.stderr)")
        // The process's start included, on a machine the parallel suite loads: the refusal itself is milliseconds, and
        // reading the whole file took 594 s.
        #expect(elapsed < .seconds(60), "\(elapsed)")
    }
}
