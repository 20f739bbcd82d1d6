import TerminiBridge
import TerminiUI

/// What floats above the page stack: up to three toasts, one dialog (a modal or an action sheet) and one loading
/// indicator. All are non-opaque (the page under them is painted first), so they follow the maintainState rule of
/// Flutter's overlay entries: the page keeps its state and keeps updating underneath.
struct OverlayState {
    /// The toasts on screen, oldest first; a fourth pushes the oldest out.
    var toasts: [ToastOverlay] = []
    static let maxToasts = 3
    var modal: ModalOverlay?
    var actionSheet: ActionSheetOverlay?
    var loading: LoadingOverlay?
}

/// `showActionSheet`: a list of choices at the bottom; Up/Down move, Enter picks, Esc cancels.
struct ActionSheetOverlay {
    var items: [String]
    var focused = 0
    /// The call to answer with `{tapIndex}`, or to fail with `cancel`.
    var reply: CommandReply
    var ownerPageId: Int?
}

/// `showLoading`: a spinner and a title in the middle of the screen, over a page that takes no input meanwhile.
struct LoadingOverlay {
    var title: String
}

extension ActionSheetOverlay {
    static let cancelLabel = "Cancel"
}

/// `showToast`'s `level`: what the message is about, which picks its theme style (`toastInfo` … `toastError`).
enum ToastLevel: String, CaseIterable {
    case info, success, warning, error

    /// The theme's surface name for this level.
    var surface: String {
        switch self {
        case .info: EngineSurface.toastInfo
        case .success: EngineSurface.toastSuccess
        case .warning: EngineSurface.toastWarning
        case .error: EngineSurface.toastError
        }
    }
}

/// The engine's boxes in the current theme: their inside and border, and how their focus, placeholder and error
/// look, taken from the theme's states for the widget each part stands for (a modal's buttons are `Button`s).
struct OverlayLook {
    let theme: Theme
    let box: CellStyle
    let border: CellStyle
    let focusedButton: CellStyle
    let currentItem: CellStyle
    let bold: CellStyle

    init(theme: Theme) {
        self.theme = theme
        box = theme.surface(EngineSurface.overlay).applied(to: CellStyle(foreground: .default, background: .default))
        border = theme.surface(EngineSurface.border).applied(to: box)
        bold = CellStyle(foreground: box.foreground, background: box.background, attributes: .bold)
        // Bold as well, as a dialog's choices always were, so a choice in the theme's focus style still stands out.
        focusedButton = theme.style(.focused, kind: "Button").applied(to: bold)
        currentItem = theme.style(.selected, kind: "OptionList").applied(to: bold)
    }

    /// `base` in the theme's `state` style for a field of kind `TextField`.
    func field(_ state: ThemeState, _ base: CellStyle) -> CellStyle { theme.style(state, kind: "TextField").applied(to: base) }
}

/// `showToast`: a one-line message near the bottom that hides itself; it never takes focus.
struct ToastOverlay {
    var title: String
    var level = ToastLevel.info
    /// Monotonic nanoseconds at which it disappears.
    var expiresAt: UInt64
}

/// `showModal`: a centred dialog that owns the keyboard until the user picks a button.
struct ModalOverlay {
    var title: String
    var content: String
    var confirmText: String
    var cancelText: String
    var showCancel: Bool
    /// `editable: true`: a one-line field the user types into, answered as `content`. It edits as a TextField does
    /// (the same `TextEditor` and keys).
    var editable = false
    var field = TextEditor()
    /// The field's sideways scroll.
    var fieldView = SingleLineViewport()
    var text: String { field.text }
    var placeholder = ""
    /// The field's `kind`, `restrict` and `validate` checks, as a TextField's (docs/COMMANDS.md#overlays).
    var checks = FieldChecks()
    /// `suggestions`: the first that starts with the text shows dimmed after the caret; Tab or → accepts it.
    var suggestions: [String] = []
    /// The field's failed check, shown under it since the user left the field or pressed OK.
    var message: String?

    /// What the best suggestion adds after the text, while the caret is at its end.
    var completion: String? {
        let text = field.text
        guard !text.isEmpty, field.caret == field.length else { return nil }
        return suggestions.first { $0.count > text.count && $0.hasPrefix(text) }.map { String($0.dropFirst(text.count)) }
    }
    /// What Enter presses (or, in the field, where typing goes). The field starts focused in an editable modal;
    /// otherwise Cancel does unless the call asks for `defaultButton: 'confirm'`, so an Enter meant for the page
    /// cannot confirm a "Delete?" that has just appeared.
    var focus: Focus = .cancel

    /// Where a modal's keyboard focus is.
    enum Focus: Equatable { case field, cancel, confirm }

    /// The most characters the field takes.
    static let maxTextLength = 500

    var confirmFocused: Bool { focus == .confirm }

    /// The focus stops Tab visits, in order.
    var stops: [Focus] { (editable ? [.field] : []) + (showCancel ? [.cancel] : []) + [.confirm] }
    /// The call to answer with `{confirm, cancel}`.
    var reply: CommandReply
    /// The page that opened it: its unload dismisses the modal (the answer is dropped with the page's callbacks).
    var ownerPageId: Int?
}

/// Where a modal's parts land on a screen of a given size; painting and mouse hit testing share it.
struct ModalLayout {
    var x: Int, y: Int, width: Int, height: Int
    var titleLine: String?
    var contentLines: [String]
    /// The editable modal's field row.
    var fieldRow: Int?
    /// The row under the field with its failed check's message.
    var messageRow: Int?
    var buttonsRow: Int
    /// Column ranges of the buttons on `buttonsRow`.
    var cancelColumns: Range<Int>?
    var confirmColumns: Range<Int>

    init(_ modal: ModalOverlay, screenWidth: Int, screenHeight: Int) {
        let confirmLabel = "[ \(modal.confirmText) ]"
        let cancelLabel = "[ \(modal.cancelText) ]"
        let buttonsWidth = TextWidth.of(confirmLabel) + (modal.showCancel ? TextWidth.of(cancelLabel) + 2 : 0)
        let contentNatural = modal.content.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextWidth.of(String($0)) }.max() ?? 0
        let natural = max(TextWidth.of(modal.title), contentNatural, buttonsWidth, modal.editable ? 36 : 20)
        width = max(0, min(natural + 4, screenWidth - 2, 64))
        let inner = max(1, width - 4)
        titleLine = modal.title.isEmpty ? nil : modal.title
        // Border, title and a blank, the content, the field and a blank, a blank and the buttons, border.
        let chrome = 2 + (titleLine == nil ? 0 : 2) + 2 + (modal.editable ? 2 : 0) + (modal.message == nil ? 0 : 1)
        let maxContent = max(0, screenHeight - chrome)
        var lines = TextWrap.lines(modal.content, width: inner)
        if lines.count > maxContent { lines = Array(lines.prefix(maxContent)) }
        contentLines = lines
        height = min(screenHeight, chrome + lines.count)
        x = max(0, (screenWidth - width) / 2)
        y = max(0, (screenHeight - height) / 2)
        buttonsRow = y + height - 2
        messageRow = modal.editable && modal.message != nil ? buttonsRow - 2 : nil
        fieldRow = modal.editable ? buttonsRow - 2 - (messageRow == nil ? 0 : 1) : nil
        let start = x + max(2, (width - buttonsWidth) / 2)
        if modal.showCancel {
            let cancelEnd = start + TextWidth.of(cancelLabel)
            cancelColumns = start..<cancelEnd
            confirmColumns = (cancelEnd + 2)..<(cancelEnd + 2 + TextWidth.of(confirmLabel))
        } else {
            cancelColumns = nil
            confirmColumns = start..<(start + TextWidth.of(confirmLabel))
        }
    }
}

/// Paints the modal, the action sheet, the loading box and the toasts in the theme's overlay look; the layers in
/// `ScreenLayers` compose them above the page.
enum OverlayPainter {
    static func paintModal(_ modal: ModalOverlay, look: OverlayLook, into buffer: inout CellBuffer) {
        let layout = ModalLayout(modal, screenWidth: buffer.width, screenHeight: buffer.height)
        guard layout.width >= 4, layout.height >= 3 else { return }
        drawBox(x: layout.x, y: layout.y, width: layout.width, height: layout.height, look: look, into: &buffer)
        var row = layout.y + 1
        let inner = layout.width - 4
        if let title = layout.titleLine {
            let w = min(TextWidth.of(title), inner)
            buffer.write(title, x: layout.x + (layout.width - w) / 2, y: row, style: look.bold, maxWidth: inner)
            row += 2
        }
        for line in layout.contentLines {
            buffer.write(line, x: layout.x + 2, y: row, style: look.box, maxWidth: inner)
            row += 1
        }
        let focused = look.focusedButton
        if let fieldRow = layout.fieldRow {
            // The field: underlined across the box, the text's end visible, the placeholder in its theme style.
            var underline = look.box
            underline.attributes = modal.focus == .field ? [.underline, .bold] : [.underline]
            buffer.write(String(repeating: " ", count: inner), x: layout.x + 2, y: fieldRow, style: underline, maxWidth: inner)
            var view = modal.fieldView
            let shown = view.show(modal.field, width: inner, secure: false)
            if modal.text.isEmpty {
                buffer.write(modal.placeholder, x: layout.x + 2, y: fieldRow,
                             style: look.field(.placeholder, underline), maxWidth: inner)
            } else {
                buffer.write(shown.text, x: layout.x + 2, y: fieldRow, style: underline, maxWidth: inner)
            }
            if let selection = shown.selection {
                for column in selection {
                    buffer[layout.x + 2 + column, fieldRow].style = look.field(.selected, buffer[layout.x + 2 + column, fieldRow].style)
                }
            }
            if modal.focus == .field, let rest = modal.completion, shown.caretColumn + TextWidth.of(rest) < inner {
                buffer.write(rest, x: layout.x + 2 + shown.caretColumn, y: fieldRow,
                             style: look.field(.placeholder, underline), maxWidth: inner - shown.caretColumn)
            }
            // The caret is the terminal's block cursor drawn in place, not a focus look: reverse video in any theme.
            if modal.focus == .field { buffer[layout.x + 2 + shown.caretColumn, fieldRow].style.attributes.insert(.reverse) }
            if let messageRow = layout.messageRow, let message = modal.message {
                buffer.write(message, x: layout.x + 2, y: messageRow, style: look.field(.error, look.box), maxWidth: inner)
            }
        }
        if let cancel = layout.cancelColumns {
            buffer.write("[ \(modal.cancelText) ]", x: cancel.lowerBound, y: layout.buttonsRow,
                         style: modal.confirmFocused ? look.box : focused, maxWidth: layout.x + layout.width - 1 - cancel.lowerBound)
        }
        let confirm = layout.confirmColumns
        buffer.write("[ \(modal.confirmText) ]", x: confirm.lowerBound, y: layout.buttonsRow,
                     style: modal.confirmFocused ? focused : look.box,
                     maxWidth: max(0, layout.x + layout.width - 1 - confirm.lowerBound))
    }

    /// A rounded box in the theme's overlay look whose inside is cleared, so the page does not show through the
    /// dialog's text.
    static func drawBox(x: Int, y: Int, width: Int, height: Int, look: OverlayLook, into buffer: inout CellBuffer) {
        guard width >= 2, height >= 2 else { return }
        let borderStyle = look.border
        buffer.fill(x: x, y: y, width: width, height: height, with: Cell(character: " ", style: look.box))
        for column in (x + 1)..<(x + width - 1) {
            buffer[column, y] = Cell(character: "─", style: borderStyle)
            buffer[column, y + height - 1] = Cell(character: "─", style: borderStyle)
        }
        for row in (y + 1)..<(y + height - 1) {
            buffer[x, row] = Cell(character: "│", style: borderStyle)
            buffer[x + width - 1, row] = Cell(character: "│", style: borderStyle)
        }
        buffer[x, y] = Cell(character: "╭", style: borderStyle)
        buffer[x + width - 1, y] = Cell(character: "╮", style: borderStyle)
        buffer[x, y + height - 1] = Cell(character: "╰", style: borderStyle)
        buffer[x + width - 1, y + height - 1] = Cell(character: "╯", style: borderStyle)
    }
}

/// Greedy word wrap in terminal columns (wide characters count two); words longer than a line are split.
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", used = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let w = TextWidth.of(String(word))
                let gap = line.isEmpty ? 0 : 1
                if used + gap + w <= width {
                    if gap == 1 { line += " " }
                    line += word
                    used += gap + w
                    continue
                }
                if !line.isEmpty { out.append(line); line = ""; used = 0 }
                for c in word {
                    let cw = TextWidth.of(c)
                    if used + cw > width { out.append(line); line = ""; used = 0 }
                    line.append(c)
                    used += cw
                }
            }
            out.append(line)
        }
        return out
    }
}
