import TerminiBridge

/// docs/COMMANDS.md's table of every command, made from the registered shapes: the same facts the editor types and
/// `termini check` read, so a command added in Swift is documented by `Scripts/gen-types` with no other edit.
public enum CommandReferenceDocs {
    public static func section(_ commands: [CommandSignature]) -> GeneratedDocSection {
        var out = "| command | permission | params | result | does |\n|---|---|---|---|---|\n"
        for command in commands {
            out += "| `\(command.name)` | \(command.permission.map { "`\($0)`" } ?? "none") | \(fields(command.shape.parameters)) | "
                + "\(fields(command.shape.result)) | \(cell(command.shape.summary)) |\n"
        }
        return GeneratedDocSection(name: "commands", document: "COMMANDS.md", body: out)
    }

    private static func fields(_ fields: [CommandField]?) -> String {
        guard let fields else { return "any" }
        if fields.isEmpty { return "—" }
        return fields.map { "`\($0.name)\($0.isOptional ? "?" : ""): \(cell($0.type))`" }.joined(separator: ", ")
    }

    /// A table cell's text: a `|` would end the cell.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
