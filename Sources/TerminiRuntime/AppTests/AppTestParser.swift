import Foundation
import TerminiTemplate

/// Reads a `.test` file: header lines, then events (the `termini snapshot --events` grammar, `EventScript`) and
/// `expect` lines. Every error names `file:line:col`.
public enum AppTestParser {
    /// Parses `text`, the contents of `file`. `name` is the test's name; relative paths in the header are resolved
    /// against the folder of `file`.
    public static func parse(_ text: String, file: String, name: String) throws(EventScriptError) -> AppTest {
        var header = AppTestHeader()
        var steps: [AppTestStep] = []
        let folder = (file as NSString).deletingLastPathComponent
        for (i, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = i + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let word = trimmed.prefix(while: { $0 != " " && $0 != "\t" })
            let source = String(trimmed.trimmingTrailingSpaces())
            let at = LineReader(line: line, file: file, number: number)
            if AppTestHeader.words.contains(String(word)) {
                guard steps.isEmpty else {
                    throw at.error(word, "'\(word)' belongs in the header, before the first event or expect")
                }
                try readHeader(word: word, line: at, folder: folder, into: &header)
            } else if word == "expect" {
                steps.append(AppTestStep(action: .expect(try readExpectation(after: word, line: at)), line: number, source: source))
            } else if EventScript.eventWords.contains(String(word)) {
                do {
                    if let event = try EventScript.parseLine(line, number: number, file: file) {
                        steps.append(AppTestStep(action: .event(event), line: number, source: source))
                    }
                } catch {
                    var located = error
                    located.column = at.column(of: trimmed.dropFirst(word.count).drop(while: { $0 == " " }))
                    throw located
                }
            } else {
                throw at.error(word, "unknown line '\(word)'; expected an event (\(EventScript.eventWords.joined(separator: ", "))), "
                               + "expect, or a header line (\(AppTestHeader.words.joined(separator: ", ")))")
            }
        }
        return AppTest(name: name, file: file, header: header, steps: steps)
    }

    private static func readHeader(word: Substring, line: LineReader, folder: String,
                                   into header: inout AppTestHeader) throws(EventScriptError)
    {
        let argument = line.rest(after: word)
        let value = String(argument).trimmingCharacters(in: .whitespaces)
        func resolved(_ path: String) -> String { path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path) }
        switch word {
        case "start":
            var target = value.hasPrefix("/") ? String(value.dropFirst()) : value
            guard !target.isEmpty else { throw line.error(argument, "expected 'start <page>' or 'start <page>?<key>=<value>&…'") }
            if let question = target.firstIndex(of: "?") {
                header.query = LaunchTarget.parseQuery(String(target[target.index(after: question)...]))
                target = String(target[..<question])
            }
            header.page = target
            header.pageLine = line.number
        case "size":
            guard let size = EventScript.parseSize(value) else {
                throw line.error(argument, "expected 'size <cols>x<rows>', e.g. 'size 80x24' (1-1000 each)")
            }
            (header.width, header.height) = size
        case "mock":
            guard value.hasPrefix("request="), value.count > "request=".count else {
                throw line.error(argument, "only 'request' can be mocked: expected 'mock request=<fixtures.json>'")
            }
            header.requestFixtures = (resolved(String(value.dropFirst("request=".count))), line.number)
        case "storage":
            if value.hasPrefix("{") {
                let json: JSONValue
                do { json = try JSONValue.parse(value) } catch {
                    throw line.error(argument, error.message, offset: error.line == 1 ? error.column - 1 : 0)
                }
                guard case .object(let values) = json else { throw line.error(argument, "expected a JSON object of storage keys to values") }
                header.storage = (.inline(values), line.number)
            } else {
                guard !value.isEmpty else { throw line.error(argument, "expected 'storage <seed.json>' or 'storage {\"key\": value, …}'") }
                header.storage = (.file(resolved(value)), line.number)
            }
        default:  // clock
            guard let ms = Double(value), ms >= 0, ms <= 8.64e15, ms == ms.rounded() else {
                throw line.error(argument, "expected 'clock <ms>', a whole number of milliseconds since 1970")
            }
            header.clock = ms
        }
    }

    private static func readExpectation(after expect: Substring, line: LineReader) throws(EventScriptError) -> AppTestExpectation {
        let afterExpect = line.rest(after: expect)
        let kind = afterExpect.prefix(while: { $0 != " " && $0 != "\t" })
        let argument = line.rest(after: kind)
        let value = String(argument.trimmingTrailingSpaces())
        switch kind {
        case "text":
            let (text, remainder) = try line.jsonString(argument, usage: "expect text \"<text>\" [at <row>]")
            let words = remainder.split(separator: " ")
            if words.isEmpty { return .text(text, row: nil) }
            guard words.count == 2, words[0] == "at", let row = Int(words[1]), row >= 0 else {
                throw line.error(remainder.drop(while: { $0 == " " }), "expected nothing or 'at <row>' (0-based) after the text")
            }
            return .text(text, row: row)
        case "focus":
            guard !value.isEmpty else { throw line.error(argument, "expected 'expect focus <id>' or 'expect focus none'") }
            return .focus(value == "none" ? nil : value)
        case "data":
            guard let equals = argument.range(of: "==") else {
                throw line.error(argument, "expected 'expect data <path> == <json>'")
            }
            let pathText = argument[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
            let pathStart = argument.drop(while: { $0 == " " })
            let path: DataPath
            do { path = try DataPath(parsing: pathText) } catch {
                throw line.error(pathStart, error.message, offset: error.column - 1)
            }
            let jsonText = argument[equals.upperBound...].drop(while: { $0 == " " })
            let expected: JSONValue
            do { expected = try JSONValue.parse(String(jsonText.trimmingTrailingSpaces())) } catch {
                throw line.error(jsonText, "\(error.message) in the expected JSON value", offset: error.line == 1 ? error.column - 1 : 0)
            }
            return .data(path: path, pathText: pathText, equals: expected)
        case "toast":
            let (text, remainder) = try line.jsonString(argument, usage: "expect toast \"<text>\"")
            guard remainder.allSatisfy({ $0 == " " }) else { throw line.error(remainder, "expected nothing after the toast's text") }
            return .toast(text)
        case "page":
            guard !value.isEmpty, !value.contains(" ") else { throw line.error(argument, "expected 'expect page <name>'") }
            return .page(value)
        case "no-error":
            guard value.isEmpty else { throw line.error(argument, "'expect no-error' takes nothing after it") }
            return .noError
        case "screen":
            guard !value.isEmpty, !value.hasPrefix("."),
                  value.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) })
            else {
                throw line.error(argument, "expected 'expect screen <name>', the name of tests/screens/<name>.screen "
                                 + "(letters, digits, '-', '_' and '.')")
            }
            return .screen(value)
        case "":
            throw line.error(afterExpect, "expected an assertion after 'expect': \(AppTestExpectation.words.joined(separator: ", "))")
        default:
            let words = AppTestExpectation.words
            throw line.error(kind, "unknown assertion '\(kind)'; expected \(words.dropLast().joined(separator: ", ")) or \(words.last!)")
        }
    }
}

/// One line of a test file and what errors about it need: columns are 1-based, counted in characters.
private struct LineReader {
    let line: Substring
    let file: String
    let number: Int

    func column(of part: Substring) -> Int {
        line.distance(from: line.startIndex, to: part.startIndex) + 1
    }

    func error(_ part: Substring, _ message: String, offset: Int = 0) -> EventScriptError {
        EventScriptError(file: file, line: number, column: column(of: part) + max(0, offset), message: message)
    }

    /// What follows `word` on the line, from the first character after its one separating space.
    func rest(after word: Substring) -> Substring {
        let end = line[word.endIndex...]
        return end.first == " " || end.first == "\t" ? end.dropFirst() : end
    }

    /// A JSON string at the start of `part` (blanks before it skipped), and what follows it.
    func jsonString(_ part: Substring, usage: String) throws(EventScriptError) -> (String, Substring) {
        let start = part.drop(while: { $0 == " " })
        guard start.first == "\"" else { throw error(start, "expected '\(usage)' with the text as a JSON string") }
        // The closing quote: the first one not escaped by a backslash.
        var index = start.index(after: start.startIndex)
        var escaped = false
        while index < start.endIndex {
            let c = start[index]
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { break }
            index = start.index(after: index)
        }
        guard index < start.endIndex else { throw error(start, "the text's closing '\"' is missing") }
        let end = start.index(after: index)
        guard case .string(let text)? = try? JSONValue.parse(String(start[..<end])) else {
            throw error(start, "the text is not a valid JSON string")
        }
        return (text, start[end...])
    }
}
