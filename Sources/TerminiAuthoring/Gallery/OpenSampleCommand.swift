import TerminiBridge
import TerminiTemplate

/// The samples the gallery can open, and what opening one does: the services of `openSample`.
struct GallerySamples: Sendable {
    var known: Set<String>
    var open: @Sendable (String) -> Void
}

/// `openSample {id}`: the gallery page asks the host to open an embedded sample. Registered only in the gallery.
enum OpenSampleCommand {
    static let definition = CommandDefinition<GallerySamples>(
        name: "openSample",
        shape: CommandShape("Asks the gallery to open one of its embedded sample apps.",
                            parameters: [CommandField("id", "string", "the sample's folder name")])
    ) { samples, params, _ throws(CommandError) in
        let id = try params.requiredString("id")
        guard samples.known.contains(id) else { throw CommandError(.notFound, "no sample app '\(id)'") }
        return {
            samples.open(id)
            return [:]
        }
    }
}
