import SwiftSyntax
import TerminiTemplate

/// One parsed declaration file: its path as given, its syntax tree and the converter for `line:col` positions.
final class CompilationUnit {
    let path: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    init(path: String, tree: SourceFileSyntax) {
        self.path = path
        self.tree = tree
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
        let l = converter.location(for: position)
        return (l.line, l.column)
    }

    /// `file:line:col` of a node's first token, the form every widget node's `loc` carries.
    func loc(of node: some SyntaxProtocol) -> String {
        let l = location(of: node.positionAfterSkippingLeadingTrivia)
        return "\(path):\(l.line):\(l.column)"
    }
}

/// A top-level `let` whose value is inlined wherever its name is used.
struct Fragment {
    let name: String
    let unit: CompilationUnit
    let value: ExprSyntax
    /// Whether the value is a `Page(...)` call: pages are roots and cannot be inlined.
    let isPage: Bool
}

/// Loop locals visible inside a `ForEach` or `ListView` body.
struct LocalScope {
    enum Local {
        /// The element name: reads of `todo.title` depend on the items paths.
        case item(itemsPaths: [DataPath])
        /// The index name: reads of it depend on no data.
        case index
    }

    private var frames: [(name: String, local: Local)] = []

    static let empty = LocalScope()

    func adding(_ name: String, _ local: Local) -> LocalScope {
        var copy = self
        copy.frames.append((name, local))
        return copy
    }

    func lookup(_ name: String) -> Local? { frames.last { $0.name == name }?.local }
}
