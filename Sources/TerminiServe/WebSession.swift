import Foundation
import HummingbirdWebSocket
import NIOCore
import TerminiClock

/// What the page asked for when it opened the WebSocket.
struct WebSessionRequest: Sendable {
    var app: String?
    var columns: Int
    var rows: Int
}

/// One browser session: the app as a `termini run` child on a pty of its own, its output to the WebSocket as binary
/// messages, the browser's keys and resizes to it. A browser has no key to scope storage by, so each session's
/// storage is its own and is removed when it ends. At most `queuedOutputLimit` bytes of output wait for the
/// WebSocket; past that the pty is not read, and the app waits for the browser (`OutputBudget`).
final class WebSession: Sendable {
    /// How much of the app's output may wait for a browser that reads slowly or not at all.
    static let queuedOutputLimit = 1 << 20

    /// What reaches the WebSocket writer, in order.
    private enum Event: Sendable {
        case output([UInt8])
        case closing(String)
        case exited(Int32)
    }

    private let environment: SessionEnvironment
    private let request: WebSessionRequest
    private let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    private let child = Locked<PseudoTerminalChild?>(nil)
    private let lastInput = Locked(ContinuousClock.now)
    private let budget = OutputBudget(limit: WebSession.queuedOutputLimit)

    init(environment: SessionEnvironment, request: WebSessionRequest) {
        self.environment = environment
        self.request = request
        let stream = AsyncStream.makeStream(of: Event.self)
        events = stream.stream
        sink = stream.continuation
    }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let installed = environment.installedApps
        guard let app = environment.configuration.app ?? request.app, installed.contains(app) else {
            try? await outbound.write(.text(Self.json(["type": "exit", "status": 1, "message": "termini serve: no such app is installed here"])))
            return
        }
        guard let id = environment.registry.admit(RegisteredWebSession(session: self)) else {
            ServeLog.line("http: refused: the server is full (\(environment.registry.limit) sessions)")
            let message = "termini serve: the server is full (\(environment.registry.limit) sessions); try again later"
            try? await outbound.write(.text(Self.json(["type": "exit", "status": 1, "message": message])))
            return
        }
        let folder = environment.dataFolder(keyFingerprint: nil)
        defer {
            environment.registry.remove(id)
            try? FileManager.default.removeItem(atPath: folder.path)
        }
        let sink = self.sink, budget = self.budget
        defer { budget.open() }
        do {
            let started = try environment.startChild(
                app: app, term: "xterm-256color", size: SessionSize.clamped(width: request.columns, height: request.rows),
                folder: folder.path,
                output: { bytes in
                    // On the pty's reader thread: waiting here, while the browser is behind, is what holds the app.
                    budget.take(bytes.count)
                    sink.yield(.output(bytes))
                },
                exited: { sink.yield(.exited($0)) })
            child.value = started
            ServeLog.line("http: session started: app '\(app)', pid \(started.pid), \(request.columns)x\(request.rows)")
        } catch {
            ServeLog.line("http: cannot start '\(app)': \(error)")
            try? await outbound.write(.text(Self.json(["type": "exit", "status": 1, "message": "termini serve: cannot start '\(app)'"])))
            return
        }
        try? await outbound.write(.text(Self.json(["type": "title", "title": environment.title(of: app)])))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.readInput(inbound) }
            group.addTask { await self.watchIdle() }
            await writeOutput(outbound)
            group.cancelAll()
        }
    }

    /// Sends the child's output until it exits, then the exit message; the connection closes after.
    private func writeOutput(_ outbound: WebSocketOutboundWriter) async {
        var closingMessage: String?
        for await event in events {
            switch event {
            case .output(let bytes):
                try? await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                budget.giveBack(bytes.count)
            case .closing(let message):
                closingMessage = message
            case .exited(let status):
                let code = SessionEnvironment.exitCode(status)
                ServeLog.line("http: session ended: exit status \(code)")
                var exit: [String: Any] = ["type": "exit", "status": code]
                if let closingMessage { exit["message"] = closingMessage }
                try? await outbound.write(.text(Self.json(exit)))
                return
            }
        }
    }

    /// Hands keys and resizes to the child; when the browser goes, the child is ended.
    private func readInput(_ inbound: WebSocketInboundStream) async {
        do {
            for try await message in inbound.messages(maxSize: 1 << 16) {
                lastInput.value = .now
                switch message {
                case .binary(let buffer):
                    child.value?.write(Array(buffer: buffer))
                case .text(let text):
                    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                          object["type"] as? String == "resize",
                          let columns = object["cols"] as? Int, let rows = object["rows"] as? Int else { continue }
                    let size = SessionSize.clamped(width: columns, height: rows)
                    child.value?.resize(width: size.width, height: size.height)
                }
            }
        } catch {}
        budget.open()
        child.value?.terminate()
    }

    private func watchIdle() async {
        let timeout = environment.configuration.idleTimeout
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            if ContinuousClock.now - lastInput.value > timeout {
                close(saying: "termini serve: idle for \(DurationText.describe(timeout)); the session is closed")
                return
            }
        }
    }

    /// Ends the session: the app is asked to quit, and `message` is shown once it has.
    func close(saying message: String) {
        sink.yield(.closing(message))
        budget.open()
        child.value?.terminate()
    }

    func kill() {
        budget.open()
        child.value?.signal(SIGKILL)
    }

    private static func json(_ object: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A browser session as the registry holds it.
private struct RegisteredWebSession: RegisteredSession {
    let session: WebSession
    func close(saying message: String) { session.close(saying: message) }
    func kill() { session.kill() }
}
