import TerminiBridge

/// A part of a hand-written document that is generated: the text between `<!-- BEGIN GENERATED name … -->` and
/// `<!-- END GENERATED name -->`. The prose around it stays the author's; the facts inside come from their owner
/// (a widget's declaration, a command's shape), so the two cannot drift.
public struct GeneratedDocSection: Sendable {
    /// The section's name in its markers (`events`, `widget-keys`, `commands`).
    public var name: String
    /// The document it lives in, relative to `docs/`.
    public var document: String
    /// The generated text, without markers.
    public var body: String

    public init(name: String, document: String, body: String) {
        self.name = name
        self.document = document
        self.body = body
    }

    var begin: String { "<!-- BEGIN GENERATED \(name): made by Scripts/gen-types from the engine's declarations; do not edit -->" }
    var end: String { "<!-- END GENERATED \(name) -->" }

    /// `text` with this section's body between its markers; nil when the markers are missing.
    public func applied(to text: String) -> String? {
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[..<start.upperBound]) + "\n" + body + String(text[stop.lowerBound...])
    }

    /// Every generated section of the engine's docs, for `commands` (the registry's signatures): what
    /// `Scripts/gen-types` writes and `GeneratedDocSectionsTests` checks.
    public static func all(commands: [CommandSignature]) -> [GeneratedDocSection] {
        [WidgetContractDocs.events, WidgetContractDocs.widgetKeys, CommandReferenceDocs.section(commands)]
    }

    /// Whether `text` already holds this body.
    public func isCurrent(in text: String) -> Bool { applied(to: text) == text }
}
