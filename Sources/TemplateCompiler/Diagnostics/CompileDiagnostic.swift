import TerminiTemplate

/// One compile error, printed as `file:line:col: error: <one line>`.
public struct CompileDiagnostic: Error, Equatable, Sendable, CustomStringConvertible, DiagnosticConvertible {
    /// The file as given on the command line (relative to the working directory when given so).
    public var file: String
    /// 1-based line, or nil for errors about the file as a whole that have no position (e.g. it cannot be read).
    public var line: Int?
    /// 1-based column in UTF-8 bytes, as the Swift compiler counts it.
    public var column: Int?
    public var message: String

    public init(file: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var diagnostic: Diagnostic {
        Diagnostic(.error, Diagnostic.location(file: file, line: line, column: line == nil ? nil : column), message)
    }

    public var description: String { diagnostic.description }
}
