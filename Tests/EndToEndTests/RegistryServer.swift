import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Tools/registry-server/registry_server.py as a real server process on 127.0.0.1: a static file server with
/// ETags, a request log, and faults a test switches while it runs. Stopped (SIGKILL and reaped) by `stop()` or
/// deinit, and it exits by itself after its lifetime, so no test leaves it running.
final class RegistryServer: @unchecked Sendable {
    let root: String
    let port: Int
    private let process: ChildProcess
    private let logPath: String
    private let faultsPath: String

    /// Serves `root` on a free port.
    init(root: String, lifetime: Int = 180) throws {
        self.root = root
        let scratch = BuiltBinaries.temporaryFolder()
        logPath = scratch + "/requests.log"
        faultsPath = scratch + "/faults.json"
        let script = BuiltBinaries.packageRoot.appendingPathComponent("Tools/registry-server/registry_server.py").path
        process = try ChildProcess("/usr/bin/env", ["python3", script, "--root", root, "--log", logPath,
                                                    "--faults", faultsPath, "--lifetime", String(lifetime)],
                                   stdout: .pipe, stderr: .null)
        var line = Data()
        let fd = process.standardOutput!.fileDescriptor
        let deadline = Date().addingTimeInterval(20)
        while !line.contains(UInt8(ascii: "\n")) && Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening "), let port = Int(text.dropFirst(10).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.kill()
            _ = process.waitBlocking()
            throw TestSupportError("the registry server did not start: '\(text)'")
        }
        self.port = port
    }

    deinit { stop() }

    func stop() {
        process.kill(SIGKILL)
        _ = process.waitBlocking()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Replaces the fault table: path -> {"mode": …} (see the script's header).
    func setFaults(_ json: String) throws {
        try json.write(toFile: faultsPath, atomically: true, encoding: .utf8)
    }

    /// Every request so far, as "GET /r/index.json 304".
    var requests: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
