import Foundation
import TerminiTemplate
import TerminiUI

/// The golden-screen form of `termini test` (`tests/screens/<name>.screen`, docs/TESTING.md#golden-screens): the
/// screen as text that a line diff reads well. Each row is its text; under a row with styles, a second line gives
/// each cell's style as one letter, and the legend at the top says what each letter is:
///
/// ```
/// screen 30x3
/// style a: fg=brightWhite bg=blue bold
/// style b: fg=red
/// row 0 | My App
///       |aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
/// row 1 | Name: (required)
///       |       bbbbbbbbbb
/// row 2 |
/// ```
///
/// A space is the default style. Trailing blanks are left out of both lines, and a row without styles has no second
/// line, so a change of text and a change of colour each show as a changed line. Letters go to styles in the order
/// they first appear, reading rows top to bottom.
public enum StyledScreenText {
    /// The letters styles get, in order; after the last, every further style shares `overflowLetter`.
    static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-/:;<=>?@[]^_{}~")
    /// The letter of the styles past the 88th (a screen with that many styles is drawn, but its extra styles are
    /// not told apart).
    static let overflowLetter: Character = "`"
    static let overflowDescription = "any style past the 88th"

    public static func encode(_ screen: CellBuffer) -> String {
        var legend = StyleLegend()
        var rows: [String] = []
        let labelWidth = String(max(0, screen.height - 1)).count
        for y in 0..<screen.height {
            let label = "row " + String(repeating: " ", count: labelWidth - String(y).count) + String(y) + " |"
            let row = self.row(screen, y, legend: &legend)
            rows.append(label + row.text)
            if !row.mask.isEmpty { rows.append(String(repeating: " ", count: label.count - 1) + "|" + row.mask) }
        }
        return (["screen \(screen.width)x\(screen.height)"] + legend.lines + rows).joined(separator: "\n") + "\n"
    }

    /// Row `y`'s text and its style letters, trailing blanks removed from both; letters come from `legend`, which
    /// learns the styles it has not seen.
    static func row(_ screen: CellBuffer, _ y: Int, legend: inout StyleLegend) -> (text: String, mask: String) {
        var text = "", mask = ""
        for x in 0..<screen.width {
            let cell = screen[x, y]
            if !cell.isWideContinuation { text.append(cell.character) }
            mask.append(cell.style == .plain ? " " : legend.letter(for: cell.style))
        }
        return (trimmingTrailingSpaces(text), trimmingTrailingSpaces(mask))
    }

    /// Reads the form back into cells; errors name `file:line`.
    public static func decode(_ text: String, file: String) throws(StyledScreenTextError) -> CellBuffer {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        if lines.last == "" { lines.removeLast() }
        func fail(_ index: Int, _ message: String) -> StyledScreenTextError {
            StyledScreenTextError(file: file, line: index + 1, message: message)
        }
        guard let first = lines.first, first.hasPrefix("screen "),
              let size = TerminalSize(parsing: String(first.dropFirst("screen ".count)))
        else { throw fail(0, "expected 'screen <cols>x<rows>' on the first line") }
        var screen = CellBuffer(width: size.width, height: size.height)
        var styles: [Character: CellStyle] = [:]
        var index = 1
        while index < lines.count, lines[index].hasPrefix("style ") {
            let line = lines[index]
            let body = line.dropFirst("style ".count)
            guard body.count >= 2, let letter = body.first, body.dropFirst().first == ":" else {
                throw fail(index, "expected 'style <letter>: <fg=…> <bg=…> <attributes>'")
            }
            let description = body.dropFirst(2).trimmingCharacters(in: .whitespaces)
            if letter == overflowLetter, description == overflowDescription {
                styles[letter] = .plain
            } else {
                do { styles[letter] = try style(description) } catch { throw fail(index, error.message) }
            }
            index += 1
        }
        var row = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("row "), let bar = line.firstIndex(of: "|"),
                  Int(line[line.index(line.startIndex, offsetBy: 4)..<bar].trimmingCharacters(in: .whitespaces)) == row
            else { throw fail(index, "expected 'row \(row) |<text>'") }
            guard row < size.height else { throw fail(index, "more rows than the \(size.height) of 'screen \(size.width)x\(size.height)'") }
            let text = line[line.index(after: bar)...]
            var mask: [Character] = []
            if index + 1 < lines.count, case let next = lines[index + 1], next.first == " ",
               let maskBar = next.firstIndex(of: "|"), next[..<maskBar].allSatisfy({ $0 == " " })
            {
                mask = Array(next[next.index(after: maskBar)...])
                index += 1
            }
            var column = 0
            func styleAt(_ column: Int) throws(StyledScreenTextError) -> CellStyle {
                guard column < mask.count, mask[column] != " " else { return .plain }
                guard let style = styles[mask[column]] else { throw fail(index, "style letter '\(mask[column])' is not in the legend") }
                return style
            }
            for character in text {
                let width = TextWidth.of(character)
                guard width > 0 else { continue }
                screen.write(String(character), x: column, y: row, style: try styleAt(column))
                column += width
            }
            // Blanks past the text keep the styles the mask gives them (a coloured bar of spaces).
            while column < min(mask.count, size.width) {
                screen.write(" ", x: column, y: row, style: try styleAt(column))
                column += 1
            }
            row += 1
            index += 1
        }
        return screen
    }

    /// `fg=red bg=#102030 bold underline`.
    static func describe(_ style: CellStyle) -> String {
        var parts: [String] = []
        if style.foreground != .default { parts.append("fg=" + style.foreground.themeName) }
        if style.background != .default { parts.append("bg=" + style.background.themeName) }
        for (attribute, name) in attributeNames where style.attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " ")
    }

    private static func style(_ text: String) throws(StyledScreenTextError) -> CellStyle {
        var style = CellStyle()
        for word in text.split(separator: " ") {
            if word.hasPrefix("fg=") || word.hasPrefix("bg="), let color = TerminalColor(name: String(word.dropFirst(3))) {
                if word.hasPrefix("fg=") { style.foreground = color } else { style.background = color }
            } else if let attribute = attributeNames.first(where: { $0.1 == word })?.0 {
                style.attributes.formUnion(attribute)
            } else {
                throw StyledScreenTextError(file: "", line: 0, message: "'\(word)' is not fg=<colour>, bg=<colour>, bold, dim, italic, underline or reverse")
            }
        }
        return style
    }

    private static let attributeNames: [(CellAttributes, String)] = [
        (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse"),
    ]

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// The letters of a golden screen's styles, given in the order styles are first met, and the legend lines that
/// say what each is.
struct StyleLegend {
    private var letters: [CellStyle: Character] = [:]
    /// `style a: fg=red bold`, one per letter given so far.
    private(set) var lines: [String] = []

    mutating func letter(for style: CellStyle) -> Character {
        if let letter = letters[style] { return letter }
        let pool = StyledScreenText.letters
        if letters.count < pool.count {
            lines.append("style \(pool[letters.count]): \(StyledScreenText.describe(style))")
        } else if letters.count == pool.count {
            lines.append("style \(StyledScreenText.overflowLetter): \(StyledScreenText.overflowDescription)")
        }
        let letter = letters.count < pool.count ? pool[letters.count] : StyledScreenText.overflowLetter
        letters[style] = letter
        return letter
    }
}

/// A golden screen file that is not in the form `StyledScreenText` writes, with its 1-based line.
public struct StyledScreenTextError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}
