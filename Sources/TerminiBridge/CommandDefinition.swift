import TerminiTemplate

/// A command as it is declared: its name, permission, shape and thread, and a handler written against the services
/// it needs. This is the one way a command is written.
///
/// A table of definitions is a plain value, so the tools (`termini.d.ts`, `termini check`, docs/COMMANDS.md) read
/// every command's signature without building an engine or starting a script thread; an engine binds the same table
/// to its services once, at start (`registration(with:)`), and routes calls through the bound registrations. Since
/// both read one list, what the tools describe is what runs.
///
/// `Services` is what the handler receives: the engine's services for navigation and overlays, the
/// `CommandEnvironment` for storage and `request`. A definition written for a part of a larger set of services is
/// lifted onto it with `lifted(_:)`.
public struct CommandDefinition<Services: Sendable>: Sendable {
    /// A handler that answers through `reply`, now or later, on the definition's thread.
    public typealias Handler = @Sendable (_ services: Services, _ params: JSONValue, _ context: CommandContext,
                                          _ reply: CommandReply) throws(CommandError) -> Void
    /// Checks and parses the parameters on the calling thread, and returns the work, which runs as a task that the
    /// calling page's unload cancels.
    public typealias Parse = @Sendable (_ services: Services, _ params: JSONValue, _ context: CommandContext)
        throws(CommandError) -> CommandWork

    public let signature: CommandSignature
    public let thread: CommandThread
    private let bind: @Sendable (Services) -> CommandRegistration?

    /// The name JavaScript invokes.
    public var name: String { signature.name }

    private init(signature: CommandSignature, thread: CommandThread, bind: @escaping @Sendable (Services) -> CommandRegistration?) {
        self.signature = signature
        self.thread = thread
        self.bind = bind
    }

    /// A command answered by `handler` on `thread` (`.ui` for anything that touches the page stack, the widget tree
    /// or the terminal).
    public init(name: String, permission: String? = nil, thread: CommandThread, shape: CommandShape,
                handler: @escaping Handler)
    {
        let signature = CommandSignature(name: name, permission: permission, shape: shape)
        self.init(signature: signature, thread: thread) { services in
            CommandRegistration(signature: signature, thread: thread, body: .handler { params, context, reply throws(CommandError) in
                try handler(services, params, context, reply)
            })
        }
    }

    /// A command whose work is asynchronous (storage, the network): `parse` runs on the script thread as the call
    /// arrives, so a bad parameter fails at once; the work it returns runs off the UI and script threads.
    public init(name: String, permission: String? = nil, shape: CommandShape, parse: @escaping Parse) {
        let signature = CommandSignature(name: name, permission: permission, shape: shape)
        self.init(signature: signature, thread: .script) { services in
            CommandRegistration(signature: signature, thread: .script, body: .work { params, context throws(CommandError) in
                try parse(services, params, context)
            })
        }
    }

    /// The registration that answers calls with `services`; nil when this definition was lifted onto services that
    /// lack its part (an engine without a store has no storage commands).
    public func registration(with services: Services) -> CommandRegistration? { bind(services) }

    /// This definition for a larger set of services, of which `part` picks the piece it was written for. Where
    /// `part` is nil the command is not registered.
    public func lifted<Whole: Sendable>(_ part: @escaping @Sendable (Whole) -> Services?) -> CommandDefinition<Whole> {
        let bind = self.bind
        return CommandDefinition<Whole>(signature: signature, thread: thread) { whole in part(whole).flatMap(bind) }
    }
}

/// A command's work once its parameters are checked: runs as a task and gives the members of the success envelope.
public typealias CommandWork = @Sendable () async throws(CommandError) -> [String: JSONValue]

extension Array {
    /// The signatures of a table of definitions, sorted by name, as the tools list them.
    public func signatures<Services: Sendable>() -> [CommandSignature] where Element == CommandDefinition<Services> {
        map(\.signature).sorted { $0.name < $1.name }
    }
}
