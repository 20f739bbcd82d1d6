import Foundation
import TerminiTemplate

/// Which thread runs a command's handler.
public enum CommandThread: Sendable, Equatable {
    /// Answered from the thread that invoked it (the JS thread): nothing it touches belongs to the UI thread.
    case script
    /// Queued to the UI thread, which owns the page stack and the overlays; handled there in message order.
    case ui
}

/// Answers one bridge call. A handler answers at once, or keeps the reply and answers later (a modal answers when
/// the user picks a button); a handler that throws is answered with the error.
public struct CommandReply: Sendable {
    /// The command name, for the `<name>:ok` / `<name>:fail` envelope.
    public let name: String
    private let deliver: @Sendable (CommandOutcome) -> Void

    public init(name: String, deliver: @escaping @Sendable (CommandOutcome) -> Void) {
        self.name = name
        self.deliver = deliver
    }

    /// Resolves the call with `{errMsg: '<name>:ok', ...result}`.
    public func succeed(_ result: [String: JSONValue] = [:]) { deliver(.success(name, result)) }

    /// Rejects the call with `{errMsg: '<name>:fail <reason>', errCode}`.
    public func fail(_ error: CommandError) { deliver(.failure(name, error)) }
}

/// A command bound to its services, as the router holds it: its signature and thread, and how a call is handled.
/// Engines make these from `CommandDefinition` tables (`registration(with:)`); a host passes its own commands as
/// registrations made with the closure initializer below.
public struct CommandRegistration: Sendable {
    /// A handler that answers through `reply`, now or later.
    public typealias Handler = @Sendable (_ params: JSONValue, _ context: CommandContext, _ reply: CommandReply)
        throws(CommandError) -> Void

    enum Body: Sendable {
        /// Parameters checked on the calling thread, then the work as a task that the page's unload cancels.
        case work(@Sendable (JSONValue, CommandContext) throws(CommandError) -> CommandWork)
        /// A closure on the registration's thread.
        case handler(Handler)
    }

    public let signature: CommandSignature
    public let thread: CommandThread
    let body: Body

    public var name: String { signature.name }
    public var permission: String? { signature.permission }
    /// What JS passes and gets back, for the editor types and `termini check`.
    public var shape: CommandShape { signature.shape }

    init(signature: CommandSignature, thread: CommandThread, body: Body) {
        self.signature = signature
        self.thread = thread
        self.body = body
    }

    /// A host's command written as one closure, e.g. `CommandRegistration(name: "hostGreeting") { _, _, reply in
    /// reply.succeed(["text": "hello"]) }`. `.ui` handlers run on the UI thread and may answer later.
    public init(name: String, permission: String? = nil, thread: CommandThread = .script,
                shape: CommandShape = .undescribed, handler: @escaping Handler)
    {
        self.init(signature: CommandSignature(name: name, permission: permission, shape: shape), thread: thread,
                  body: .handler(handler))
    }
}

/// Two registrations with one name: a start-up error, never a silent override.
public struct DuplicateCommandError: Error, Equatable, CustomStringConvertible, Sendable {
    public var name: String
    public var description: String { "command '\(name)' is registered twice" }
    public init(name: String) { self.name = name }
}

/// The answer to one `bridge.invoke`: the envelope JS receives and whether the promise resolves or rejects.
public struct CommandOutcome: Equatable, Sendable {
    public var ok: Bool
    /// `{errMsg: '<name>:ok', ...}` or `{errMsg: '<name>:fail <reason>', errCode}`.
    public var envelope: JSONValue

    /// An answer as it was recorded (a replay hands it back as it was).
    public init(ok: Bool, envelope: JSONValue) {
        self.ok = ok
        self.envelope = envelope
    }

    public static func success(_ name: String, _ result: [String: JSONValue]) -> CommandOutcome {
        var o = result
        o["errMsg"] = .string("\(name):ok")
        return CommandOutcome(ok: true, envelope: .object(o))
    }

    public static func failure(_ name: String, _ error: CommandError) -> CommandOutcome {
        CommandOutcome(ok: false, envelope: .object([
            "errMsg": .string("\(name):fail \(error.reason)"), "errCode": .number(Double(error.code.rawValue)),
        ]))
    }
}

/// Routes `bridge.invoke(name, params)` to its registration: permission check, then the command's parse and its
/// work as a task, or the registration's handler. Every command, the host's navigation and overlays
/// included, goes through here.
///
/// The router tracks in-flight instances per page so that a page's unload cancels them and drops their callbacks.
public final class CommandRouter: @unchecked Sendable {
    private let registrations: [String: CommandRegistration]
    private let lock = NSLock()
    private var inFlight: [Int: [Int: Task<Void, Never>]] = [:]  // pageId -> ticket -> task
    private var nextTicket = 0
    /// The live calls that have a `callId`, for `abort(callId:)`.
    private var tickets: [Int: (pageId: Int, ticket: Int)] = [:]

    public init(_ registrations: [CommandRegistration]) throws(DuplicateCommandError) {
        var table: [String: CommandRegistration] = [:]
        for r in registrations {
            if table[r.name] != nil { throw DuplicateCommandError(name: r.name) }
            table[r.name] = r
        }
        self.registrations = table
    }

    /// The registered command names, sorted.
    public var commandNames: [String] { registrations.keys.sorted() }

    /// Every registered command's name, permission and shape, sorted by name.
    public var signatures: [CommandSignature] {
        registrations.values.map(\.signature).sorted { $0.name < $1.name }
    }

    /// The thread `name` runs on; unknown names are answered (with an error) from the calling thread.
    public func thread(of name: String) -> CommandThread { registrations[name]?.thread ?? .script }

    /// Runs the command and calls `completion` exactly once, unless the page unloads or the call is aborted first;
    /// then never. `events` receives what the command reports before its answer, while the call is live. `callId`
    /// names the call for `abort(callId:)`; it must be unique among this router's live calls.
    public func invoke(_ name: String, params: JSONValue, context: CommandContext, callId: Int? = nil,
                       events: @escaping @Sendable (JSONValue) -> Void = { _ in },
                       completion: @escaping @Sendable (CommandOutcome) -> Void)
    {
        guard let registration = registrations[name] else {
            completion(.failure(name, CommandError(.unknownCommand, "unknown command '\(name)'")))
            return
        }
        if let permission = registration.permission, !context.permissions.contains(permission) {
            completion(.failure(name, CommandError(.permissionDenied, "permission '\(permission)' is not granted in the manifest")))
            return
        }
        let parse: @Sendable (JSONValue, CommandContext) throws(CommandError) -> CommandWork
        var context = context
        switch registration.body {
        case .work(let checkAndParse): parse = checkAndParse
        case .handler(let handle):
            // A handler's call is not tracked, so its events go straight to the caller.
            context.events = CommandEvents(deliver: events)
            let reply = CommandReply(name: name, deliver: completion)
            do { try handle(params, context, reply) } catch { reply.fail(error) }
            return
        }
        let pageId = context.pageId ?? -1
        lock.lock()
        nextTicket += 1
        let ticket = nextTicket
        lock.unlock()
        // Events pass while the call is live: none after an abort, the page's unload or the answer.
        context.events = CommandEvents { [weak self] event in
            if self?.isLive(pageId: pageId, ticket: ticket) == true { events(event) }
        }
        let work: CommandWork
        do { work = try parse(params, context) } catch {
            completion(.failure(name, error))
            return
        }
        lock.lock()
        let task = Task(executorPreference: CommandExecutor.shared) { [weak self] in
            let outcome: CommandOutcome
            do throws(CommandError) { outcome = .success(name, try await work()) } catch { outcome = .failure(name, error) }
            // Only answer if the page is still there: a cancelled call's callback is dropped.
            guard let self, self.finish(pageId: pageId, ticket: ticket) else { return }
            completion(outcome)
        }
        inFlight[pageId, default: [:]][ticket] = task
        if let callId { tickets[callId] = (pageId, ticket) }
        lock.unlock()
    }

    private func finish(pageId: Int, ticket: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let callId = tickets.first(where: { $0.value == (pageId, ticket) })?.key { tickets[callId] = nil }
        return inFlight[pageId]?.removeValue(forKey: ticket) != nil
    }

    private func isLive(pageId: Int, ticket: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return inFlight[pageId]?[ticket] != nil
    }

    /// Cancels the call made with `callId` and drops its callback and events: the script has settled it already
    /// (`task.abort()` rejects with `<name>:fail abort`). Its transfer stops, so a server sees the connection close.
    public func abort(callId: Int) {
        lock.lock()
        let task = tickets.removeValue(forKey: callId).flatMap { inFlight[$0.pageId]?.removeValue(forKey: $0.ticket) }
        lock.unlock()
        task?.cancel()
    }

    /// Cancels every in-flight command of a page and drops their callbacks. Called when the page unloads.
    public func cancelAll(pageId: Int) {
        lock.lock()
        let tasks = inFlight.removeValue(forKey: pageId) ?? [:]
        tickets = tickets.filter { $0.value.pageId != pageId }
        lock.unlock()
        for task in tasks.values { task.cancel() }
    }

    /// Cancels every in-flight command, the App's too (its sockets close), and drops their callbacks. Called when
    /// the engine stops.
    public func cancelEverything() {
        lock.lock()
        let tasks = inFlight.values.flatMap(\.values)
        inFlight = [:]
        tickets = [:]
        lock.unlock()
        for task in tasks { task.cancel() }
    }

    /// The number of calls still running, for tests and leak checks.
    public var inFlightCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return inFlight.values.reduce(0) { $0 + $1.count }
    }
}
