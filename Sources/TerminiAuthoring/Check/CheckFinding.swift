/// One problem `termini check` found: where, how bad, and what.
public struct CheckFinding: Sendable, Equatable, CustomStringConvertible {
    /// Errors fail the check (and `termini pack`); warnings are shown and pass.
    public enum Severity: String, Sendable {
        case error, warning
    }

    public var severity: Severity
    /// `file:line:col`, or just `file` when the problem has no position.
    public var location: String
    public var message: String

    public init(_ severity: Severity, _ location: String, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `file:line:col: error: message`, as compilers print it.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// A position in a text file, 1-based, columns counted in characters.
struct SourcePosition: Equatable {
    var line: Int
    var column: Int

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of `index` in `text`.
    init(of index: String.Index, in text: String) {
        var line = 1, column = 1
        for c in text[..<index] {
            if c == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        self.line = line
        self.column = column
    }

    func location(in file: String) -> String { "\(file):\(line):\(column)" }
}
