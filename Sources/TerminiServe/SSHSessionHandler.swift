import Foundation
import NIOCore
import NIOSSH

/// One SSH session channel: takes the pty request, picks the app (from `--app`, the exec command, the user name or
/// the chooser), runs it as a `termini run` child on a pty of its own, and relays bytes, window changes and the end.
/// A shell of the server's own, subsystems and environment requests are refused and logged.
final class SSHSessionHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    /// Where a session stands.
    private enum Phase {
        case waiting
        case choosing(AppChooser)
        case running(PseudoTerminalChild, app: String)
        case ended
    }

    private let environment: SessionEnvironment
    private let identity: ConnectionIdentity
    private var channel: Channel?
    private var phase = Phase.waiting
    private var term = "xterm-256color"
    private var size = (width: 80, height: 24)
    private var hasPty = false
    private var sessionId: UInt64?
    private var idleTimer: Scheduled<Void>?
    private var closingMessage: String?
    private var dataFolder: (path: String, temporary: Bool)?

    init(environment: SessionEnvironment, identity: ConnectionIdentity) {
        self.environment = environment
        self.identity = identity
    }

    private var logPrefix: String { "ssh \(identity.address) (\(identity.user ?? "?")):" }

    func handlerAdded(context: ChannelHandlerContext) {
        channel = context.channel
        context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).whenFailure { _ in }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            hasPty = true
            term = Self.safeTerm(request.term)
            size = SessionSize.clamped(width: request.terminalCharacterWidth, height: request.terminalRowHeight)
            reply(request.wantReply, success: true)
        case let request as SSHChannelRequestEvent.ShellRequest:
            // No shell: a shell request is how `ssh -t host` without a command starts, so it opens an app.
            begin(requested: nil, wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            begin(requested: request.command.trimmingCharacters(in: .whitespacesAndNewlines), wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            size = SessionSize.clamped(width: request.terminalCharacterWidth, height: request.terminalRowHeight)
            ServeLog.line("\(logPrefix) window change to \(request.terminalCharacterWidth)x\(request.terminalRowHeight)")
            if case .running(let child, _) = phase { child.resize(width: size.width, height: size.height) }
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            ServeLog.line("\(logPrefix) ignored environment request \(request.name)")
            reply(request.wantReply, success: false)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            ServeLog.line("\(logPrefix) refused subsystem request '\(request.subsystem)'")
            reply(request.wantReply, success: false)
        case is ChannelSuccessEvent, is ChannelFailureEvent, is SSHChannelRequestEvent.LocalFlowControlRequest:
            break
        case let request as SSHChannelRequestEvent.SignalRequest:
            ServeLog.line("\(logPrefix) ignored signal request \(request.signal)")
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(var buffer) = message.data,
              let bytes = buffer.readBytes(length: buffer.readableBytes), !bytes.isEmpty else { return }
        restartIdleTimer()
        switch phase {
        case .choosing(var chooser):
            let outcome = chooser.input(bytes)
            phase = .choosing(chooser)
            switch outcome {
            case .echo(let text): write(text)
            case .chosen(let app): launch(app)
            case .quit: finish(status: 0)
            }
        case .running(let child, _):
            child.write(bytes)
        case .waiting, .ended:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        switch phase {
        case .running(let child, _):
            // The client left: the child ends, and `childExited` cleans up once it is reaped.
            child.terminate()
        case .choosing, .waiting:
            endSession()
        case .ended:
            break
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        ServeLog.line("\(logPrefix) channel error: \(error)")
        context.close(promise: nil)
    }

    // MARK: Starting

    private func begin(requested: String?, wantReply: Bool) {
        guard case .waiting = phase else {
            ServeLog.line("\(logPrefix) refused a second shell or exec request on one session")
            reply(wantReply, success: false)
            return
        }
        reply(wantReply, success: true)
        guard hasPty else {
            ServeLog.line("\(logPrefix) refused a session without a terminal")
            write("termini serve: apps need a terminal; connect with ssh -t\n")
            return finish(status: 1)
        }
        let bound = NIOLoopBound(self, eventLoop: channel!.eventLoop)
        let control = LoopBoundSession(handler: bound, eventLoop: channel!.eventLoop)
        guard let id = environment.registry.admit(control) else {
            ServeLog.line("\(logPrefix) refused: the server is full (\(environment.registry.limit) sessions)")
            write("termini serve: the server is full (\(environment.registry.limit) sessions); try again later\n")
            return finish(status: 1)
        }
        sessionId = id
        restartIdleTimer()
        let installed = environment.installedApps
        if let app = environment.configuration.app {
            return launch(app)
        }
        if let requested, !requested.isEmpty {
            guard installed.contains(requested) else {
                ServeLog.line("\(logPrefix) asked for '\(requested)', which is not installed")
                let list = installed.isEmpty ? "none" : installed.joined(separator: ", ")
                write("termini serve: no app '\(TerminalText.printable(requested))' is installed here; installed: \(list)\n")
                return finish(status: 1)
            }
            return launch(requested)
        }
        if let user = identity.user, installed.contains(user) { return launch(user) }
        guard !installed.isEmpty else {
            write("termini serve: no apps are installed on this server\n")
            return finish(status: 1)
        }
        let chooser = AppChooser(apps: installed)
        phase = .choosing(chooser)
        write(chooser.screen)
    }

    private func launch(_ app: String) {
        guard let channel else { return }
        let folder = environment.dataFolder(keyFingerprint: identity.keyFingerprint)
        dataFolder = folder
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        let eventLoop = channel.eventLoop
        do {
            let child = try environment.startChild(
                app: app, term: term, size: size, folder: folder.path,
                output: { bytes in
                    // Waiting for each write holds the child back while the client reads slowly: the SSH window,
                    // not the server's memory, absorbs a fast app.
                    let data = SSHChannelData(type: .channel, data: .byteBuffer(channel.allocator.buffer(bytes: bytes)))
                    try? channel.writeAndFlush(data).wait()
                },
                exited: { status in eventLoop.execute { bound.value.childExited(status: status) } })
            phase = .running(child, app: app)
            ServeLog.line("\(logPrefix) session started: app '\(app)', pid \(child.pid), \(size.width)x\(size.height), TERM=\(term)")
        } catch {
            ServeLog.line("\(logPrefix) cannot start the app: \(error)")
            write("termini serve: cannot start '\(app)'\n")
            finish(status: 1)
        }
    }

    // MARK: Ending

    private func childExited(status: Int32) {
        guard case .running(_, let app) = phase else { return }
        let code = SessionEnvironment.exitCode(status)
        ServeLog.line("\(logPrefix) session ended: app '\(app)' exited with status \(code)")
        if let closingMessage { write("\r\n" + closingMessage + "\n") }
        finish(status: code)
    }

    /// Ends the session from outside (shutdown) or on the idle timer: the app is asked to quit, and `message` is
    /// shown once it has given the terminal back.
    fileprivate func close(saying message: String) {
        closingMessage = message
        switch phase {
        case .running(let child, _):
            child.terminate()
        case .choosing, .waiting:
            write("\r\n" + message + "\n")
            finish(status: 1)
        case .ended:
            break
        }
    }

    fileprivate func killChild() {
        if case .running(let child, _) = phase { child.signal(SIGKILL) }
    }

    private func finish(status: Int) {
        endSession()
        guard let channel else { return }
        channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    private func endSession() {
        if case .ended = phase { return }
        phase = .ended
        idleTimer?.cancel()
        if let sessionId { environment.registry.remove(sessionId) }
        sessionId = nil
        if let dataFolder, dataFolder.temporary { try? FileManager.default.removeItem(atPath: dataFolder.path) }
    }

    // MARK: Helpers

    private func restartIdleTimer() {
        guard let channel, sessionId != nil else { return }
        idleTimer?.cancel()
        let timeout = environment.configuration.idleTimeout
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        idleTimer = channel.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(nanoseconds)) { [self] in
            ServeLog.line("\(logPrefix) idle for \(DurationText.describe(timeout)): closing the session")
            close(saying: "termini serve: idle for \(DurationText.describe(timeout)); the session is closed")
        }
    }

    private func reply(_ wantReply: Bool, success: Bool) {
        guard wantReply, let channel else { return }
        if success {
            channel.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            channel.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    /// Writes server text to the client, with the CR a raw terminal needs before each LF.
    private func write(_ text: String) {
        guard let channel, !text.isEmpty else { return }
        let crlf = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(channel.allocator.buffer(string: crlf))), promise: nil)
    }

    /// The client's TERM when it is a plain terminfo name; anything else (a path, control characters) becomes the
    /// common default rather than reaching the child's environment.
    static func safeTerm(_ term: String) -> String {
        let allowed = term.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_.+".unicodeScalars.contains($0)) }
        return allowed && !term.isEmpty && term.count <= 64 ? term : "xterm-256color"
    }
}

/// A session handler as the registry holds it: calls cross to the handler's event loop.
private struct LoopBoundSession: RegisteredSession {
    let handler: NIOLoopBound<SSHSessionHandler>
    let eventLoop: any EventLoop

    func close(saying message: String) { eventLoop.execute { handler.value.close(saying: message) } }
    func kill() { eventLoop.execute { handler.value.killChild() } }
}
