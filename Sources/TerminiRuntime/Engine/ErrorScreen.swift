import TerminiScript
import TerminiUI

/// Paints the page that replaces a page whose script failed: the message, where it happened, the JS stack, and how
/// to leave. Like React Native's red box, it names the file and line so the author can go straight there.
package enum ErrorScreen {
    static func paint(_ error: ScriptError, into buffer: inout CellBuffer) {
        buffer.clear()
        let width = buffer.width
        guard width > 0, buffer.height > 0 else { return }
        let banner = CellStyle(foreground: .index(7), background: .index(1), attributes: [.bold])
        buffer.fill(x: 0, y: 0, width: width, height: 1, with: Cell(character: " ", style: banner, isWideContinuation: false))
        buffer.write(" \(title(for: error.kind)) ", x: 0, y: 0, style: banner, maxWidth: width)
        var y = 2
        func line(_ text: String, _ style: CellStyle = .plain) {
            guard y < buffer.height - 1 else { return }
            // Wrap long messages rather than lose their tail.
            var rest = Substring(text)
            repeat {
                let used = buffer.write(String(rest), x: 1, y: y, style: style, maxWidth: max(1, width - 2))
                rest = rest.dropFirst(prefixCharacters(of: rest, fittingColumns: max(1, used)))
                y += 1
            } while !rest.isEmpty && y < buffer.height - 1
        }
        line(error.message, CellStyle(attributes: [.bold]))
        y += 1
        if let location = error.location { line("at \(location)", CellStyle(foreground: .index(6))) }
        if let handler = error.handler { line("in handler '\(handler)'", CellStyle(foreground: .index(6))) }
        if let loc = error.loc { line("template \(loc)", CellStyle(foreground: .index(6))) }
        if !error.stack.isEmpty {
            y += 1
            line("JS stack:", CellStyle(attributes: [.dim]))
            for frame in error.stack.split(separator: "\n").prefix(12) { line("  " + frame, CellStyle(attributes: [.dim])) }
        }
        let footer = "Esc: leave this page    Ctrl-C: quit"
        buffer.write(footer, x: 1, y: buffer.height - 1, style: CellStyle(attributes: [.reverse]), maxWidth: max(1, width - 2))
    }

    package static func title(for kind: ScriptError.Kind) -> String {
        switch kind {
        case .syntax: "JavaScript syntax error"
        case .timeout: "Script stopped: it ran past the script limit"
        case .unhandledRejection: "Unhandled promise rejection"
        case .exception: "JavaScript error"
        }
    }

    /// How many characters of `text` fit in `columns` terminal columns.
    private static func prefixCharacters(of text: Substring, fittingColumns columns: Int) -> Int {
        var used = 0, count = 0
        for c in text {
            let w = TextWidth.of(c)
            if used + w > columns { break }
            used += w
            count += 1
        }
        return max(1, count)
    }
}
