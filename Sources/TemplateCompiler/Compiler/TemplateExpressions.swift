import TerminiTemplate

/// The compiler's only contact with the `{{ }}` expression language (TerminiTemplate): parse a bindable string and
/// report the data paths it reads, or the error with its 1-based column (in Unicode scalars) within the string.
enum TemplateExpressions {
    struct Analysis {
        /// True when the string has no `{{ }}` part.
        var isConstant: Bool
        /// Paths as written, before local names (ForEach items) are resolved.
        var readPaths: [DataPath]
    }

    struct Failure: Error {
        var message: String
        var column: Int
    }

    static func analyze(_ text: String) -> Result<Analysis, Failure> {
        do {
            let template = try TemplateString(parsing: text)
            return .success(Analysis(isConstant: template.isConstant, readPaths: template.staticReadPaths))
        } catch {
            return .failure(Failure(message: error.message, column: error.column))
        }
    }
}
