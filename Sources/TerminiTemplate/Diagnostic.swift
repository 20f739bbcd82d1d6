/// One problem reported to a person, in the one shape every part of Termini prints: where, how bad, what, and what
/// to do about it, as `file:line:col: error: message` (the compilers' form, which editors and CI turn into links).
///
/// The errors of each layer keep their own types, so callers can branch on a kind that means something there
/// (`BundleError.Kind.hashMismatch`, `ScriptError.Kind.timeout`), and each says itself as a `Diagnostic`
/// (`DiagnosticConvertible`); `termini check`'s findings are diagnostics. The command-line tools print every error
/// through this type.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// Errors fail what reported them (a check, a pack, an install); warnings are shown and pass.
    public enum Severity: String, Sendable {
        case error, warning
    }

    public var severity: Severity
    /// `file:line:col`, `file`, a URL or an `archive.zip: entry`; empty when the problem has no place.
    public var location: String
    /// One line: what is wrong.
    public var message: String
    /// The reporter's class of problem (`hashMismatch`, `syntax`, `network`), for tools that filter; empty if none.
    public var kind: String
    /// What to do about it, when the reporter knows.
    public var suggestion: String?

    public init(_ severity: Severity, _ location: String, _ message: String, kind: String = "", suggestion: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.kind = kind
        self.suggestion = suggestion
    }

    /// `file:line:col`, `file:line` or `file`, from the parts a reporter knows.
    public static func location(file: String, line: Int?, column: Int?) -> String {
        guard let line else { return file }
        guard let column else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }

    /// `location: error: message`, and the suggestion on a `note:` line under it.
    public var description: String { described(placeless: "") }

    /// As `description`, with `program` (e.g. `termini`) standing in for a missing location.
    public func described(placeless program: String) -> String {
        let place = location.isEmpty ? program : location
        var text = place.isEmpty ? "\(severity.rawValue): \(message)" : "\(place): \(severity.rawValue): \(message)"
        if let suggestion { text += "\n" + (place.isEmpty ? "note: " : "\(place): note: ") + suggestion }
        return text
    }
}

/// An error that says itself as a `Diagnostic`, so the tools print it in the one shape.
public protocol DiagnosticConvertible: Error {
    var diagnostic: Diagnostic { get }
}

extension Diagnostic: DiagnosticConvertible {
    public var diagnostic: Diagnostic { self }
}
