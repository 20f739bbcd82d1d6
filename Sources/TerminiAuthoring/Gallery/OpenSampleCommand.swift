import TerminiBridge
import TerminiTemplate

/// `openSample {id}`: the gallery page asks the host to open an embedded sample. Registered only in the gallery.
struct OpenSampleCommand: Command {
    static let name = "openSample"
    static let shape = CommandShape("Asks the gallery to open one of its embedded sample apps.",
                                    parameters: [CommandField("id", "string", "the sample's folder name")])
    private let params: JSONValue
    private let known: Set<String>
    private let open: @Sendable (String) -> Void
    private var id = ""

    init(params: JSONValue, known: Set<String>, open: @escaping @Sendable (String) -> Void) {
        self.params = params
        self.known = known
        self.open = open
    }

    mutating func checkAndParse() throws(CommandError) {
        id = try params.requiredString("id")
        guard known.contains(id) else { throw CommandError(.notFound, "no sample app '\(id)'") }
    }

    func run() async throws(CommandError) -> [String: JSONValue] {
        open(id)
        return [:]
    }
}
