import TerminiTemplate
import TerminiUI

/// `showModal`'s dialog as widgets: its title and content as Texts, the editable modal's TextField in a Form (so it
/// edits, completes and checks as any TextField does), and Cancel and OK as Buttons, in an overlay Box centred on
/// the screen. The dialog's page has the focus and the keyboard; its buttons' taps and the field's Enter come back
/// as the modal's answer. It takes all input while open, so nothing below it is reachable.
final class ModalLayer: CompositorLayer, ThemedLayer {
    var modal: ModalOverlay?
    var theme = Theme()
    private let screen = EngineScreen(surface: EngineSurface.overlay, showsFocus: true)
    /// Where the dialog was laid out, in screen coordinates.
    private var box = CellRect.none
    private var serial: Int?

    /// What an input did to the dialog: answered it (with the field's text when editable), or nothing yet.
    enum Answer: Equatable { case confirm(String?), cancel }

    /// What the dialog's page shows.
    private struct Shown: Equatable {
        var title, content, confirmText, cancelText, placeholder, text: String
        var showCancel, editable: Bool
        var checks: FieldChecks
        var suggestions: [String]
        var focus: ModalOverlay.Focus
        var screenWidth: Int
        var screenHeight: Int

        init(_ modal: ModalOverlay, screenWidth: Int, screenHeight: Int) {
            title = modal.title
            content = modal.content
            confirmText = modal.confirmText
            cancelText = modal.cancelText
            placeholder = modal.placeholder
            text = modal.text
            showCancel = modal.showCancel
            editable = modal.editable
            checks = modal.checks
            suggestions = modal.suggestions
            focus = modal.focus
            self.screenWidth = screenWidth
            self.screenHeight = screenHeight
        }
    }

    private static let cancel = "cancel", confirm = "confirm", field = "field", form = "form", change = "change"

    func frame(in screen: CellRect) -> CellRect { modal == nil ? .none : screen }

    /// Builds and lays out the dialog for a screen of `width` x `height`: before its first frame too, so that keys
    /// typed ahead of it reach its field.
    private func prepare(width: Int, height: Int) {
        guard let modal else { return }
        if modal.serial != serial {
            serial = modal.serial
            screen.restart()
        }
        screen.setTheme(theme)
        screen.show(Shown(modal, screenWidth: width, screenHeight: height), Self.content)
        let size = screen.layout(width: max(1, min(width - 2, Self.widest)), height: height)
        box = CellRect(x: 0, y: 0, width: width, height: height).centring(size)
    }

    /// The widest a dialog grows, with its border: wider lines wrap.
    static let widest = 64

    private static func content(_ shown: Shown) -> (root: TemplateNode, data: [String: JSONValue]) {
        var rows: [TemplateNode] = []
        var data: [String: JSONValue] = ["confirmText": .string(shown.confirmText), "cancelText": .string(shown.cancelText)]
        let labels = TextWidth.of("[ \(shown.confirmText) ]") + (shown.showCancel ? TextWidth.of("[ \(shown.cancelText) ]") + 2 : 0)
        let lines = shown.content.split(separator: "\n", omittingEmptySubsequences: false).map { TextWidth.of(String($0)) }.max() ?? 0
        let inner = min(max(TextWidth.of(shown.title), lines, labels, shown.editable ? 36 : 20), max(1, min(shown.screenWidth - 2, widest) - 4))
        if !shown.title.isEmpty {
            rows.append(ChromeNode.column(align: "center", [ChromeNode.text("title", style: ["bold"])]))
            data["title"] = .string(shown.title)
        }
        if !shown.content.isEmpty {
            // Content taller than the screen leaves scrolls in a box of the rows left, so the buttons stay in view.
            let titleRows = shown.title.isEmpty ? 0 : TextLayout.lines(shown.title, width: inner, wrap: true).count + 1
            let room = max(1, shown.screenHeight - 2 - titleRows - 2)
            if TextLayout.lines(shown.content, width: inner, wrap: true).count > room {
                rows.append(ChromeNode.node("Box", ["border": "none", "height": "{{contentRows}}"], [
                    ChromeNode.node("ScrollView", [:], [ChromeNode.text("content")]),
                ]))
                data["contentRows"] = .number(Double(room))
            } else {
                rows.append(ChromeNode.text("content"))
            }
            data["content"] = .string(shown.content)
        }
        func button(_ id: String) -> TemplateNode {
            var props: [String: JSONValue] = ["p1": .string("{{\(id)Text}}"), "onTap": .string(id), "id": .string(id)]
            if shown.focus.rawValue == id { props["autoFocus"] = true }
            return ChromeNode.node("Button", props)
        }
        let buttons = ChromeNode.column(align: "center", [ChromeNode.row(spacing: 2, (shown.showCancel ? [button(cancel)] : []) + [button(confirm)])])
        if shown.editable {
            var field: [String: JSONValue] = [
                "id": .string(field), "value": "{{text}}", "placeholder": "{{placeholder}}", "suggestions": "{{suggestions}}",
                "width": "{{inner}}", "maxLength": .number(Double(ModalOverlay.maxTextLength)),
                "kind": .string(shown.checks.kind.scriptName), "validate": .array(JSONArray(shown.checks.rules.map(\.templateJSON))),
                "onSubmit": .string(confirm), "onChange": .string(change),
            ]
            if let restrict = shown.checks.restrict { field["restrict"] = .string(restrict) }
            if shown.focus == .field { field["autoFocus"] = true }
            rows.append(ChromeNode.node("Form", ["id": .string(form)], [ChromeNode.node("TextField", field)]))
            data["text"] = .string(shown.text)
            data["placeholder"] = .string(shown.placeholder)
            data["suggestions"] = .array(JSONArray(shown.suggestions.map { .string($0) }))
        }
        rows.append(buttons)
        // The widths are data, so a resize patches the dialog rather than replacing it and what was typed.
        data["inner"] = .number(Double(inner))
        data["width"] = .number(Double(inner + 4))
        let root = ChromeNode.node("Box", ["border": "rounded", "styleClass": .string(EngineSurface.overlay), "width": "{{width}}"], [
            ChromeNode.node("Padding", ["p1": ["cls": "EdgeInsets", "cmd": "symmetric", "h": 1]], [
                ChromeNode.node("Column", ["spacing": 1, "align": ["cls": "Alignment", "cmd": "stretch"]], rows),
            ]),
        ])
        return (root, data)
    }

    func paint(into buffer: inout CellBuffer, frame: CellRect) {
        prepare(width: frame.width, height: frame.height)
        screen.paint(into: &buffer, at: box)
    }

    var caret: (x: Int, y: Int)? { modal == nil ? nil : screen.view.caret }

    /// Whether the last input changed what the dialog shows (an edit, the focus), so a frame is due.
    var needsFrame: Bool { screen.view.needsBuild }

    /// Text the field copied (Alt-w) during the last input, for the terminal's clipboard.
    private(set) var copiedText: String?

    /// Routes an input to the dialog on a screen of `width` x `height`: keys to its focused widget, a click to
    /// what is under it; Esc cancels (or confirms a dialog without Cancel), and ←/→ move between the buttons.
    func handle(_ input: InputEvent, width: Int, height: Int) -> Answer? {
        guard let modal else { return nil }
        prepare(width: width, height: height)
        screen.catchUp(at: box)
        copiedText = nil
        let view = screen.view
        var events: [UIEvent]
        switch input {
        case .key(.escape):
            return modal.showCancel ? .cancel : confirmed()
        case .key(let key) where [.left, .right, .up, .down].contains(key) && modal.showCancel
            && (view.focusedId == Self.cancel || view.focusedId == Self.confirm):
            try? view.focus(id: view.focusedId == Self.cancel ? Self.confirm : Self.cancel)
            return nil
        case .key(let key):
            events = view.handleKey(key).events
        case .paste(let text, let clippedFrom):
            events = view.handlePaste(text, clippedFrom: clippedFrom).events
        case .mouse(var mouse):
            guard box.contains(x: mouse.x, y: mouse.y) else { return nil }
            mouse.x -= box.x
            mouse.y -= box.y
            events = view.handle(.mouse(mouse))
        default:
            return nil
        }
        copiedText = view.takeCopiedText()
        for event in events {
            if event.handler == Self.change, let text = event.detail["value"] { screen.set("text", text) }
            if event.handler == Self.cancel { return .cancel }
            if event.handler == Self.confirm { return confirmed() }
        }
        return nil
    }

    /// OK: the field's text when it passes its checks; else its message shows and it takes the focus again.
    private func confirmed() -> Answer? {
        guard modal?.editable == true else { return .confirm(nil) }
        guard let check = try? screen.view.validateForm(id: Self.form) else { return nil }
        if check["valid"] == .bool(true) { return .confirm(check["values"]?[Self.field]?.stringValue ?? "") }
        try? screen.view.focus(id: Self.field)
        return nil
    }

    var inputPolicy: LayerInputPolicy { .exclusive }
}

extension TextFieldKind {
    /// The case's name, as a script and a template write it.
    var scriptName: String {
        switch self {
        case .text: "text"
        case .integer: "integer"
        case .number: "number"
        case .email: "email"
        }
    }
}

extension ValidationRule {
    /// The rule as a template writes it (`{"cls": "ValidationRule", "cmd": "length", "min": 2}`).
    var templateJSON: JSONValue {
        var o: JSONObject = ["cls": "ValidationRule"]
        func put(_ key: String, _ value: JSONValue?) { if let value { o[key] = value } }
        func number<N: BinaryInteger>(_ n: N?) -> JSONValue? { n.map { .number(Double($0)) } }
        switch self {
        case .required(let message):
            o["cmd"] = "required"
            put("message", message.map { .string($0) })
        case .pattern(let pattern, let message):
            o["cmd"] = "pattern"
            o["p1"] = .string(pattern)
            put("message", message.map { .string($0) })
        case .length(let min, let max, let message):
            o["cmd"] = "length"
            put("min", number(min)); put("max", number(max)); put("message", message.map { .string($0) })
        case .integer(let min, let max, let message):
            o["cmd"] = "integer"
            put("min", number(min)); put("max", number(max)); put("message", message.map { .string($0) })
        case .number(let min, let max, let message):
            o["cmd"] = "number"
            put("min", min.map { .number($0) }); put("max", max.map { .number($0) }); put("message", message.map { .string($0) })
        }
        return .object(o)
    }
}
