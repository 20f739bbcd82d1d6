/// The table of native-service commands this module provides, written against the `CommandEnvironment`. An engine
/// adds its navigation and overlay commands and any of the host's, and builds a `CommandRouter` from the whole list
/// (which rejects duplicate names).
public enum BuiltinCommands {
    /// Every built-in service command.
    public static let definitions: [CommandDefinition<CommandEnvironment>] =
        StorageCommands.definitions.map { $0.lifted { $0.storage } }
        + [RequestCommand.definition, EventSourceCommand.definition, SystemInfo.command]
        + FileCommands.definitions.map { $0.lifted { $0.files } }
        + SocketCommands.definitions
        + [DownloadFileCommand.definition.lifted { $0.files == nil ? nil : $0 }]

    /// Every built-in service command, bound to `environment`.
    public static func registrations(environment: CommandEnvironment) -> [CommandRegistration] {
        definitions.compactMap { $0.registration(with: environment) }
    }
}
