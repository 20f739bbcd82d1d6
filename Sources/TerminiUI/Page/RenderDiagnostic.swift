/// A problem found while building a page (bad prop, unknown widget, duplicate keys), with the template loc.
public struct RenderDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// `file:line:col` of the template node, when the template has one.
    public var loc: String?

    public init(message: String, loc: String?) {
        self.message = message
        self.loc = loc
    }

    public var description: String { loc.map { "\($0): \(message)" } ?? message }
}
