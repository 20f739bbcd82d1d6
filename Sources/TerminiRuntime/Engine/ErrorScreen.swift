import TerminiScript
import TerminiTemplate
import TerminiUI

/// The page that replaces a page whose script failed: the message, where it happened, the JS stack, and how to
/// leave. Like React Native's red box, it names the file and line so the author can go straight there. It keeps its
/// own colours in every theme: a broken app's theme is no reason to hide what broke it.
package enum ErrorScreen {
    package static func title(for kind: ScriptError.Kind) -> String {
        switch kind {
        case .syntax: "JavaScript syntax error"
        case .timeout: "Script stopped: it ran past the script limit"
        case .unhandledRejection: "Unhandled promise rejection"
        case .exception: "JavaScript error"
        }
    }

    /// What the screen shows of an error.
    struct Shown: Equatable {
        var title: String
        var message: String
        /// Where it happened: the script's line, the handler, the template's loc.
        var places: [String]
        var stack: [String]

        init(_ error: ScriptError) {
            title = ErrorScreen.title(for: error.kind)
            message = error.message
            places = [error.location.map { "at \($0)" }, error.handler.map { "in handler '\($0)'" }, error.loc.map { "template \($0)" }]
                .compactMap { $0 }
            stack = error.stack.split(separator: "\n").prefix(12).map(String.init)
        }
    }

    static let footer = "Esc: leave this page    Ctrl-C: quit"

    /// The widgets: a red banner across the top, the message and where it happened, and the keys on the last row.
    static func content(_ shown: Shown) -> (root: TemplateNode, data: [String: JSONValue]) {
        func colour(_ index: Int) -> JSONValue { ["cls": "Color", "cmd": "index", "p1": .number(Double(index))] }
        var details = [ChromeNode.text("message", style: ["bold"])]
        var data: [String: JSONValue] = ["title": .string(" \(shown.title) "), "message": .string(shown.message), "footer": .string(footer)]
        if !shown.places.isEmpty {
            details.append(ChromeNode.text("places", extra: ["color": colour(6)]))
            data["places"] = .string(shown.places.joined(separator: "\n"))
        }
        if !shown.stack.isEmpty {
            // The frames indented under their heading; a long one wraps under itself.
            details.append(ChromeNode.column([
                ChromeNode.text("stackHeading", style: ["dim"]),
                ChromeNode.node("Padding", ["p1": ["cls": "EdgeInsets", "cmd": "only", "left": 2]], [ChromeNode.text("stack", style: ["dim"])]),
            ]))
            data["stackHeading"] = "JS stack:"
            data["stack"] = .string(shown.stack.joined(separator: "\n"))
        }
        let banner = ChromeNode.node("Row", ["background": colour(1)], [
            ChromeNode.text("title", style: ["bold"], wrap: false, extra: ["color": colour(7)]), ChromeNode.node("Spacer"),
        ])
        let body = ChromeNode.node("Expanded", [:], [ChromeNode.node("Padding", ["p1": ["cls": "EdgeInsets", "cmd": "only", "left": 1, "top": 1, "right": 1]], [
            ChromeNode.node("Column", ["spacing": 1], details),
        ])])
        let keys = ChromeNode.node("Padding", ["p1": ["cls": "EdgeInsets", "cmd": "symmetric", "h": 1]], [
            ChromeNode.text("footer", style: ["reverse"], wrap: false),
        ])
        return (ChromeNode.node("Column", [:], [banner, body, keys]), data)
    }
}

/// The error screen as a layer: it covers the screen while the top page's script has failed.
final class ErrorScreenLayer: CompositorLayer {
    var error: ScriptError?
    private let screen = EngineScreen(surface: nil)

    func frame(in screen: CellRect) -> CellRect { error == nil ? .none : screen }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        guard let error else { return }
        screen.show(ErrorScreen.Shown(error), ErrorScreen.content)
        screen.layout(width: frame.width, height: frame.height)
        screen.paint(into: &buffer, at: frame)
    }

    /// Leaving an error screen is Esc's job; clicks on it do nothing.
    var inputPolicy: LayerInputPolicy { .exclusive }
}
