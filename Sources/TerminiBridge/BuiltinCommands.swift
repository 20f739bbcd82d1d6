/// The table of native-service commands this module provides. The host adds its navigation and overlay commands and
/// any custom ones, then builds a `CommandRouter` from the whole list (which rejects duplicate names).
public enum BuiltinCommands {
    /// Every built-in service command, bound to `environment`.
    public static func registrations(environment: CommandEnvironment) -> [CommandRegistration] {
        let store = environment.storage
        let limits = environment.requestLimits
        let domains = environment.requestDomains
        let systemInfo = environment.systemInfo
        let fixtures = environment.requestFixtures
        return [
            CommandRegistration(SetStorageCommand.self) { SetStorageCommand(context: $0, params: $1, store: store) },
            CommandRegistration(GetStorageCommand.self) { GetStorageCommand(context: $0, params: $1, store: store) },
            CommandRegistration(RemoveStorageCommand.self) { RemoveStorageCommand(context: $0, params: $1, store: store) },
            CommandRegistration(ClearStorageCommand.self) { ClearStorageCommand(context: $0, params: $1, store: store) },
            CommandRegistration(GetStorageInfoCommand.self) { GetStorageInfoCommand(context: $0, params: $1, store: store) },
            CommandRegistration(RequestCommand.self) { context, params in
                RequestCommand(context: context, params: params, requestDomains: domains(context.appId), limits: limits,
                               fixtures: fixtures)
            },
            CommandRegistration(EventSourceCommand.self) { context, params in
                EventSourceCommand(context: context, params: params, requestDomains: domains(context.appId), limits: limits)
            },
            CommandRegistration(GetSystemInfoCommand.self) {
                GetSystemInfoCommand(context: $0, params: $1, provider: systemInfo)
            },
        ]
    }
}
