import Foundation
import TestSupport

/// Runs the built `termini` and `tplgen` executables, found next to the test bundle in the build folder.
enum BuiltBinaries {
    /// The package root, for sample projects under Templates/.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var buildFolder: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while !url.path.hasSuffix(".xctest") && url.path != "/" { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent()
    }

    static func path(_ name: String) -> String { buildFolder.appendingPathComponent(name).path }

    static func sample(_ app: String) -> String { packageRoot.appendingPathComponent("Templates/\(app)").path }

    /// A shell that tests start with a clean environment (`env -i … bash`) under a sanitizer run (`Scripts/sanitize`):
    /// the sanitizer's and JavaScriptCore's settings from this process, as `NAME='value'` words for that `env`
    /// line, so a sanitized `termini` started from the shell writes its reports where the run counts them and keeps
    /// their suppressions (without them, JavaScriptCore's own signal handler fails a ThreadSanitizer run's exit
    /// status). Empty outside such a run.
    static var sanitizerEnvironment: String {
        let names = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "JSC_usePollingTraps", "SWIFT_BACKTRACE"]
        let environment = ProcessInfo.processInfo.environment
        return names.compactMap { name in
            environment[name].map { "\(name)='\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
        }.joined(separator: " ")
    }

    /// What a finished process printed and how it ended.
    typealias Result = ChildProcess.Output

    /// Runs a binary with a time limit; a hung process is killed and reported as status -9. Waits with
    /// `Task.sleep`, never blocking a thread of Swift's small cooperative pool, so async tests elsewhere keep running.
    static func run(_ name: String, _ arguments: [String], timeout: TimeInterval = 60) async throws -> Result {
        try await ChildProcess.run(name.hasPrefix("/") ? name : path(name), arguments, timeout: timeout)  // absolute: any program
    }

    /// `termini snapshot <target>` with an events file written from `events`.
    static func snapshot(_ target: String, size: String = "60x16", events: String? = nil, extra: [String] = [],
                         timeout: TimeInterval = 60) async throws -> Result {
        var args = ["snapshot", target, "--size", size]
        if let events {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).txt")
            try events.write(to: file, atomically: true, encoding: .utf8)
            args += ["--events", file.path]
        }
        return try await run("termini", args + extra, timeout: timeout)
    }

    /// Writes a project folder (`app.json`, `pages/<name>.swift` for each page, `main.js`) into a fresh temporary
    /// folder and returns its path; the first page is the launch page.
    static func project(id: String, pages: KeyValuePairs<String, String>, script: String,
                        permissions: [String] = []) throws -> String {
        let dir = temporaryFolder() + "/" + id
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        let names = pages.map { "\"\($0.key)\"" }.joined(separator: ", ")
        let granted = permissions.map { "\"\($0)\"" }.joined(separator: ", ")
        try #"{ "id": "\#(id)", "name": "\#(id)", "version": "1.0.0", "pages": [\#(names)], "permissions": [\#(granted)] }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        for (name, declaration) in pages {
            try declaration.write(toFile: dir + "/pages/\(name).swift", atomically: true, encoding: .utf8)
        }
        try script.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    static func temporaryFolder() -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("termini-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

extension String {
    /// Screen lines with trailing spaces removed, for readable assertions.
    var lines: [String] { split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}
