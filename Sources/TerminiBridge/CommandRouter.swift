import Foundation
import TerminiTemplate

/// Registers a command type under its name. Registration is an explicit table: Linux has no `+load` hook.
public struct CommandRegistration: Sendable {
    public let name: String
    public let permission: String?
    let make: @Sendable (CommandContext, JSONValue) -> any Command

    public init<C: Command>(_ type: C.Type) {
        name = C.name
        permission = C.permission
        make = { C(context: $0, params: $1) }
    }
}

/// Two registrations with one name: a start-up error, never a silent override.
public struct DuplicateCommandError: Error, Equatable, CustomStringConvertible, Sendable {
    public var name: String
    public var description: String { "command '\(name)' is registered twice" }
}

/// The answer to one `bridge.invoke`: the envelope JS receives and whether the promise resolves or rejects.
public struct CommandOutcome: Equatable, Sendable {
    public var ok: Bool
    /// `{errMsg: '<name>:ok', ...}` or `{errMsg: '<name>:fail <reason>', errCode}`.
    public var envelope: JSONValue

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

/// Routes `bridge.invoke(name, params)` to a fresh command instance: permission check, `checkAndParse`, `run`, finish.
///
/// The router tracks in-flight calls per page so that a page's unload cancels them and drops their callbacks.
public final class CommandRouter: @unchecked Sendable {
    private let registrations: [String: CommandRegistration]
    private let lock = NSLock()
    private var inFlight: [Int: [Int: Task<Void, Never>]] = [:]  // pageId -> ticket -> task
    private var nextTicket = 0

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

    /// Runs the command and calls `completion` exactly once, unless the page unloads first; then never.
    public func invoke(_ name: String, params: JSONValue, context: CommandContext,
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
        var command = registration.make(context, params)
        do { try command.checkAndParse() } catch {
            completion(.failure(name, error))
            return
        }
        let prepared = command
        let pageId = context.pageId ?? -1
        lock.lock()
        nextTicket += 1
        let ticket = nextTicket
        let task = Task { [weak self] in
            let outcome: CommandOutcome
            do throws(CommandError) { outcome = .success(name, try await prepared.run()) } catch { outcome = .failure(name, error) }
            // Only answer if the page is still there: a cancelled call's callback is dropped.
            guard let self, self.finish(pageId: pageId, ticket: ticket) else { return }
            completion(outcome)
        }
        inFlight[pageId, default: [:]][ticket] = task
        lock.unlock()
    }

    private func finish(pageId: Int, ticket: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return inFlight[pageId]?.removeValue(forKey: ticket) != nil
    }

    /// Cancels every in-flight command of a page and drops their callbacks. Called when the page unloads.
    public func cancelAll(pageId: Int) {
        lock.lock()
        let tasks = inFlight.removeValue(forKey: pageId) ?? [:]
        lock.unlock()
        for task in tasks.values { task.cancel() }
    }

    /// The number of calls still running, for tests and leak checks.
    public var inFlightCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return inFlight.values.reduce(0) { $0 + $1.count }
    }
}
