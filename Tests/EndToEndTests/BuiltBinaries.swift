import Foundation

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

    /// What a finished process printed and how it ended.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a binary with a time limit; a hung process is killed and reported as status -9. Waits with
    /// `Task.sleep`, never blocking a thread of Swift's small cooperative pool, so async tests elsewhere keep running.
    static func run(_ name: String, _ arguments: [String], timeout: TimeInterval = 60) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: name.hasPrefix("/") ? name : path(name))  // absolute: any program
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        // Drain pipes while waiting so a chatty process cannot block on a full pipe.
        let outData = LockedData(), errData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(out, outData), (err, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        while group.wait(timeout: .now()) == .timedOut { try await Task.sleep(for: .milliseconds(2)) }
        return Result(status: process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus,
                      stdout: String(decoding: outData.value, as: UTF8.self),
                      stderr: String(decoding: errData.value, as: UTF8.self))
    }

    /// `termini snapshot <target>` with an events file written from `events`.
    static func snapshot(_ target: String, size: String = "60x16", events: String? = nil, extra: [String] = []) async throws -> Result {
        var args = ["snapshot", target, "--size", size]
        if let events {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).txt")
            try events.write(to: file, atomically: true, encoding: .utf8)
            args += ["--events", file.path]
        }
        return try await run("termini", args + extra)
    }

    static func temporaryFolder() -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("termini-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data }
}

extension String {
    /// Screen lines with trailing spaces removed, for readable assertions.
    var lines: [String] { split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}
