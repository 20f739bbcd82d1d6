import Foundation
import TestSupport

/// The WebSocket server of `websocket_server.py` (Python's standard library), started on 127.0.0.1 by a test:
/// echo, a server that drops without a close frame, an oversized message. `lines` are what it reported.
final class WebSocketTestServer: @unchecked Sendable {
    let port: Int
    private let process: ChildProcess
    private let output: LineReader

    init() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("websocket_server.py").path
        guard let python = Self.find("python3") else { throw TestSupportError("python3 is not on PATH") }
        process = try ChildProcess(python, ["-u", script], stderr: .null)
        output = LineReader(process.standardOutput)
        let deadline = Date().addingTimeInterval(60)
        while true {
            if let first = output.text.split(separator: "\n").first, let port = Int(first) {
                self.port = port
                return
            }
            guard Date() < deadline, !output.isFinished else {
                process.kill()
                throw TestSupportError("websocket_server.py did not start: \(output.text)")
            }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    /// What the server reported after its port, one line each.
    var lines: [String] { Array(output.text.split(separator: "\n").dropFirst().map(String.init)) }

    func stop() { process.kill() }

    deinit { process.kill() }

    private static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// What a child process writes, read as it comes (a `PipeDrain` has it only at the end).
private final class LineReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false

    init(_ handle: FileHandle?) {
        guard let handle else { finished = true; return }
        Thread.detachNewThread { [self] in
            while true {
                let piece = handle.availableData
                lock.lock()
                if piece.isEmpty { finished = true } else { data.append(piece) }
                lock.unlock()
                if piece.isEmpty { return }
            }
        }
    }

    var isFinished: Bool { lock.lock(); defer { lock.unlock() }; return finished }
    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
}
