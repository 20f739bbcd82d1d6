import TerminiTemplate

/// A script failure reported to the host: what went wrong, where in the JavaScript, and which page or handler ran.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible, DiagnosticConvertible {
    /// How the script failed.
    public enum Kind: String, Sendable {
        /// The file did not parse; nothing in it ran.
        case syntax
        /// An exception nobody caught: in top-level code, a lifecycle hook, an event handler, a timer or a callback.
        case exception
        /// The script ran past the configured limit and was terminated by JSC's execution time limit.
        case timeout
        /// A promise was rejected and no handler was attached by the end of the microtask checkpoint.
        case unhandledRejection
    }

    public var kind: Kind
    public var message: String
    /// The JS stack ("fn@file:line:col" lines, or JSC backtrace lines for a timeout); empty when the engine has none.
    public var stack: String
    public var fileName: String?
    public var line: Int?
    public var column: Int?
    /// The page whose code was running, when known.
    public var pageId: Int?
    /// The hook, event handler or callback kind that was running, e.g. "onLoad", "onTap", "setTimeout callback".
    public var handler: String?
    /// The template `loc` of the element whose event was being handled.
    public var loc: String?

    public init(kind: Kind, message: String, stack: String = "", fileName: String? = nil, line: Int? = nil,
                column: Int? = nil, pageId: Int? = nil, handler: String? = nil, loc: String? = nil)
    {
        self.kind = kind
        self.message = message
        self.stack = stack
        self.fileName = fileName
        self.line = line
        self.column = column
        self.pageId = pageId
        self.handler = handler
        self.loc = loc
    }

    /// "file:line:col" of the failure, as far as it is known.
    public var location: String? {
        guard let fileName else { return nil }
        var text = fileName
        if let line { text += ":\(line)" }
        if line != nil, let column { text += ":\(column)" }
        return text
    }

    /// The one-line report: where the script failed and what was thrown; the handler, page and stack are on the
    /// error screen and in `description`.
    public var diagnostic: Diagnostic {
        var note: [String] = []
        if let handler { note.append("in \(handler)") }
        if let loc { note.append("template \(loc)") }
        return Diagnostic(.error, location ?? "", message, kind: kind.rawValue,
                          suggestion: note.isEmpty ? nil : note.joined(separator: ", "))
    }

    public var description: String {
        var text = "\(kind.rawValue): \(message)"
        if let location { text += " at \(location)" }
        if let handler { text += " in \(handler)" }
        if let pageId { text += " (page \(pageId))" }
        if let loc { text += " [template \(loc)]" }
        if !stack.isEmpty { text += "\n" + stack }
        return text
    }
}
