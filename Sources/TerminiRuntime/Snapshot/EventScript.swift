import TerminiTemplate
import TerminiTerminal
import TerminiUI

/// The steps of a `termini snapshot --events` file, one per line (docs/EVENTS.md).
public enum EventStep: Equatable, Sendable {
    /// A named key (`Enter`, `Tab`, `Up`, ..., `Space`) or a single character.
    case key(String)
    case type(String)
    /// Text pasted in one piece (bracketed paste): one edit, never keys.
    case paste(String)
    case click(column: Int, row: Int)
    /// A mouse wheel turn over a cell: up scrolls towards the top.
    case wheel(up: Bool, column: Int, row: Int)
    case resize(width: Int, height: Int)
    case wait(milliseconds: Int)
    case settle
    /// Ctrl-Z and `fg` at once: the app hides and shows again, as around a suspend.
    case suspend
}

/// A line of an events file (or of a `termini test` file) that does not follow the grammar, with its 1-based line
/// number and, when known, the 1-based column of what is wrong.
public struct EventScriptError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    /// Nil for an events file, whose messages have always named the line only.
    public var column: Int?
    public var message: String

    public init(file: String, line: Int, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column.map { "\($0):" } ?? "") \(message)" }
}

/// Parses events files. Blank lines and lines starting with `#` are ignored.
public enum EventScript {
    /// Every key name an events file may use besides single characters (`Key.names`, plus `Ctrl-<letter>`).
    public static let keyNames: Set<String> = Set(Key.names)

    /// The words an event line starts with, in the order error messages list them.
    public static let eventWords = ["key", "type", "paste", "click", "wheel", "resize", "wait", "settle", "suspend"]

    public static func parse(_ text: String, file: String) throws(EventScriptError) -> [EventStep] {
        var steps: [EventStep] = []
        for (i, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let step = try parseLine(rawLine, number: i + 1, file: file) { steps.append(step) }
        }
        return steps
    }

    /// One line: its event, or nil for a blank line or a comment. A trailing carriage return is dropped, and so
    /// are leading spaces and tabs. `termini test` files share this grammar for their events.
    public static func parseLine(_ rawLine: Substring, number lineNumber: Int, file: String) throws(EventScriptError) -> EventStep? {
        var line = rawLine
        if line.hasSuffix("\r") { line = line.dropLast() }
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        let word = trimmed.prefix(while: { $0 != " " })
        let rest = trimmed.dropFirst(word.count).dropFirst()
        func fail(_ message: String) -> EventScriptError { EventScriptError(file: file, line: lineNumber, message: message) }
        switch word {
        case "key":
            let name = String(rest.trimmingTrailingSpaces())
            guard keyNames.contains(name) || name.count == 1 || Key(name: name) != nil else {
                // A binding's spelling that parses says what is wrong with the chord itself.
                if name.contains("+"), case .failure(let error) = Result(catching: { () throws(KeyChordError) in try KeyChord(parsing: name) }) {
                    throw fail("unknown key \(error.description)")
                }
                throw fail("unknown key '\(name)'; expected one of \(keyNames.sorted().joined(separator: ", ")), a single character, or a chord such as ctrl+s, alt+b, shift+left")
            }
            return .key(name)
        case "paste":
            // A JSON string, so newlines and tabs can be written: paste "one\ntwo".
            guard rest.first == "\"", case .string(let text)? = try? JSONValue.parse(String(rest.trimmingTrailingSpaces())) else {
                throw fail("expected 'paste \"<text>\"' with the text as a JSON string, e.g. paste \"one\\ntwo\"")
            }
            return .paste(text)
        case "type":
            guard !rest.isEmpty else { throw fail("'type' needs text") }
            return .type(String(rest))
        case "click":
            let parts = rest.split(separator: " ")
            guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c >= 0, r >= 0 else {
                throw fail("expected 'click <col> <row>' with non-negative integers")
            }
            return .click(column: c, row: r)
        case "wheel":
            let parts = rest.split(separator: " ")
            guard parts.count == 3, parts[0] == "up" || parts[0] == "down", let c = Int(parts[1]), let r = Int(parts[2]),
                  c >= 0, r >= 0
            else {
                throw fail("expected 'wheel up|down <col> <row>' with non-negative integers")
            }
            return .wheel(up: parts[0] == "up", column: c, row: r)
        case "resize":
            guard let size = parseSize(String(rest.trimmingTrailingSpaces())) else {
                throw fail("expected 'resize <cols>x<rows>', e.g. 'resize 80x24'")
            }
            return .resize(width: size.width, height: size.height)
        case "wait":
            guard let ms = Int(rest.trimmingTrailingSpaces()), ms >= 0, ms <= 600_000 else {
                throw fail("expected 'wait <milliseconds>' between 0 and 600000")
            }
            return .wait(milliseconds: ms)
        case "suspend":
            guard rest.trimmingTrailingSpaces().isEmpty else { throw fail("'suspend' takes no arguments") }
            return .suspend
        case "settle":
            guard rest.trimmingTrailingSpaces().isEmpty else { throw fail("'settle' takes no arguments") }
            return .settle
        default:
            throw fail("unknown event '\(word)'; expected \(eventWords.dropLast().joined(separator: ", ")) or \(eventWords.last!)")
        }
    }

    /// Parses `WxH`, e.g. `80x24`. Sizes must be between 1 and 1000.
    public static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        TerminalSize(parsing: text).map { ($0.width, $0.height) }
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var s = self
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return s
    }
}
