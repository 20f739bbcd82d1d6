import TerminiTemplate

/// One problem `termini check` found: a `Diagnostic`, printed as `file:line:col: error: message`.
public typealias CheckFinding = Diagnostic

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

    func location(in file: String) -> String { Diagnostic.location(file: file, line: line, column: column) }
}
