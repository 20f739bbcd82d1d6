import TerminiBridge

/// The commands a bundle's script can call, read from the table the engine binds, so that the tools
/// (`termini.d.ts`, `termini check`, docs/COMMANDS.md) see exactly what runs, without building an engine.
extension MiniAppEngine {
    /// Every command this engine answers: the built-in ones and the host's, with their permissions and shapes.
    public var commandSignatures: [CommandSignature] { router.signatures }

    /// The built-in commands plus `hostCommands`, sorted by name, as an engine with a store registers them. Throws
    /// as an engine would when a host command takes a built-in name.
    public static func registeredCommands(hostCommands: [CommandSignature] = []) throws(DuplicateCommandError)
        -> [CommandSignature]
    {
        var byName: [String: CommandSignature] = [:]
        for signature in EngineCommandTable.definitions.map(\.signature) + hostCommands {
            guard byName.updateValue(signature, forKey: signature.name) == nil else {
                throw DuplicateCommandError(name: signature.name)
            }
        }
        return byName.values.sorted { $0.name < $1.name }
    }
}
