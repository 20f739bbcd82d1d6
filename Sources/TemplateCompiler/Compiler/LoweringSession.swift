import SwiftSyntax
import TerminiTemplate

/// State shared while lowering one run: the catalogue, the fragment table, diagnostics and the current page's deps.
/// One run is single-threaded; a session is not shared.
final class LoweringSession {
    let catalog: Catalog
    private(set) var diagnostics: [CompileDiagnostic] = []
    private var reported: Set<String> = []
    /// Fragments by name; more than one when files of the run declare the same name.
    var fragments: [String: [Fragment]] = [:]
    /// Fragments being expanded, innermost last, to catch `let a = b; let b = a`.
    var expanding: [String] = []
    /// Resolved data paths read by the page being lowered.
    var pageDeps: Set<DataPath> = []
    /// Paths recorded since the innermost `capturingPaths` began.
    private var captures: [[DataPath]] = []
    /// Components declared in the run, by name.
    var components: [String: ComponentDeclaration] = [:]
    /// The component whose body is being lowered; nil while lowering a page.
    var componentBody: ComponentDeclaration?
    /// Slots the body being lowered has placed with `Slot(…)`.
    var placedSlots: Set<String> = []
    /// Uses of one component inside another's body, to find cycles once every body is lowered.
    var componentUses: [(from: String, to: String, unit: CompilationUnit, position: AbsolutePosition)] = []
    /// Guards the recursion against pathological nesting.
    var depth = 0
    static let maximumDepth = 200

    init(catalog: Catalog) { self.catalog = catalog }

    /// Records an error once: a fragment inlined in several places reports its own errors only once.
    func error(_ unit: CompilationUnit, at position: AbsolutePosition, _ message: String) {
        let l = unit.location(of: position)
        let diagnostic = CompileDiagnostic(file: unit.path, line: l.line, column: l.column, message: message)
        if reported.insert(diagnostic.description).inserted { diagnostics.append(diagnostic) }
    }

    func error(_ unit: CompilationUnit, at node: some SyntaxProtocol, _ message: String) {
        error(unit, at: node.positionAfterSkippingLeadingTrivia, message)
    }

    func append(_ diagnostic: CompileDiagnostic) {
        if reported.insert(diagnostic.description).inserted { diagnostics.append(diagnostic) }
    }

    /// Records a data path a binding reads, resolving loop locals: `todo.title` under `ForEach("{{todos}}",
    /// item: "todo")` depends on `todos`, and the index local depends on nothing.
    func recordRead(_ path: DataPath, scope: LocalScope) {
        let resolved: [DataPath]
        if let head = path.head, let local = scope.lookup(head) {
            switch local {
            case .item(let itemsPaths): resolved = itemsPaths
            case .index: resolved = []
            }
        } else {
            resolved = [path]
        }
        for p in resolved {
            pageDeps.insert(p)
            if !captures.isEmpty { captures[captures.count - 1].append(p) }
        }
    }

    /// Runs `body` and returns the resolved paths it recorded (they still count for the page).
    func capturingPaths(_ body: () -> Void) -> [DataPath] {
        captures.append([])
        body()
        let captured = captures.removeLast()
        if !captures.isEmpty { captures[captures.count - 1].append(contentsOf: captured) }
        var unique: [DataPath] = []
        for p in captured where !unique.contains(p) { unique.append(p) }
        return unique
    }

    /// The fragment `name` as seen from `unit`: its own file's declaration first, else the one other declaration.
    func fragment(named name: String, from unit: CompilationUnit) -> (Fragment?, ambiguous: Bool) {
        guard let candidates = fragments[name], !candidates.isEmpty else { return (nil, false) }
        if let local = candidates.first(where: { $0.unit === unit }) { return (local, false) }
        return candidates.count == 1 ? (candidates[0], false) : (nil, true)
    }

    /// A short, one-line rendering of a node for messages.
    static func snippet(_ node: some SyntaxProtocol) -> String {
        var text = node.trimmedDescription.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        if text.count > 40 { text = String(text.prefix(37)) + "..." }
        return text
    }
}
