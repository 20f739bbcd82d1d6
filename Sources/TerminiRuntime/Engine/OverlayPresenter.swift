import TerminiBridge
import TerminiClock
import TerminiFrames
import TerminiScript
import TerminiTemplate
import TerminiUI

/// The overlays above the pages: showToast, hideToast, showModal, showActionSheet, showLoading and hideLoading, the
/// keyboard and mouse while a dialog or the loading indicator is up, and toast expiry.
///
/// A second showModal while one is open fails (busy) rather than queueing: a queued dialog would answer a question
/// the user can no longer see in context, and the page can retry after its first modal resolves. UI thread only;
/// `@unchecked Sendable` so that its command handlers can be registered with the `CommandRouter`.
final class OverlayPresenter: @unchecked Sendable {
    /// `showToast`'s default duration in milliseconds, as in WeChat.
    static let defaultToastMilliseconds = 1500.0

    private(set) var state = OverlayState()
    /// The titles of the latest toasts, newest last (at most 8): `termini test`'s `expect toast` counts one that came
    /// and went while the test waited. A snapshot session empties it at each input.
    var toastsShown: [String] = []
    private let scheduler: FrameScheduler
    private let clock: MonotonicClock

    init(scheduler: FrameScheduler, clock: MonotonicClock) {
        self.scheduler = scheduler
        self.clock = clock
    }

    /// Whether a modal is open: it owns the keyboard, and its call is held unanswered.
    var hasModal: Bool { state.modal != nil }

    /// Calls this thread holds unanswered until the user picks: an open modal or action sheet.
    var heldDialogs: Int { (state.modal == nil ? 0 : 1) + (state.actionSheet == nil ? 0 : 1) }

    /// Whether input goes to the overlays instead of the page: a dialog is open, or the loading indicator is up.
    var capturesInput: Bool { state.modal != nil || state.actionSheet != nil || state.loading != nil }

    /// The loading indicator's spinner frame last painted (it turns ten times a second).
    private(set) var loadingFrame = 0

    /// showToast, hideToast, showModal, showActionSheet, showLoading and hideLoading, run on the UI thread. None
    /// needs a permission.
    static let commands: [EngineCommand] = [
        EngineCommand(name: "showToast", thread: .ui, shape: .showToast) { services, params, _, reply throws(CommandError) in
            try services.overlays.showToast(params)
            reply.succeed()
        },
        EngineCommand(name: "hideToast", thread: .ui, shape: .hideToast) { services, _, _, reply in
            services.overlays.hideToast()
            reply.succeed()
        },
        EngineCommand(name: "showModal", thread: .ui, shape: .showModal) { services, params, context, reply throws(CommandError) in
            try services.overlays.showModal(params, pageId: context.pageId, reply: reply)
        },
        EngineCommand(name: "showActionSheet", thread: .ui, shape: .showActionSheet) { services, params, context, reply throws(CommandError) in
            try services.overlays.showActionSheet(params, pageId: context.pageId, reply: reply)
        },
        EngineCommand(name: "showLoading", thread: .ui, shape: .showLoading) { services, params, _, reply throws(CommandError) in
            services.overlays.state.loading = LoadingOverlay(title: try params.optionalString("title") ?? "")
            services.scheduler.markDirty()
            reply.succeed()
        },
        EngineCommand(name: "hideLoading", thread: .ui, shape: .hideLoading) { services, _, _, reply in
            if services.overlays.state.loading != nil {
                services.overlays.state.loading = nil
                services.scheduler.markDirty()
            }
            reply.succeed()
        },
    ]

    /// The most choices an action sheet offers, as in WeChat.
    static let maxActionSheetItems = 6

    private func showActionSheet(_ params: JSONValue, pageId: Int?, reply: CommandReply) throws(CommandError) {
        guard case .array(let list)? = params["itemList"] else {
            throw CommandError(.invalidParameter, "parameter 'itemList' must be an array of strings, as in { itemList: ['Copy', 'Delete'] }")
        }
        var items: [String] = []
        for (i, item) in list.enumerated() {
            guard case .string(let text) = item, !text.isEmpty else {
                throw CommandError(.invalidParameter, "parameter 'itemList[\(i)]' must be a non-empty string, got \(item.typeName)")
            }
            items.append(text)
        }
        guard (1...Self.maxActionSheetItems).contains(items.count) else {
            throw CommandError(.invalidParameter, "parameter 'itemList' must hold 1 to \(Self.maxActionSheetItems) items, got \(items.count)")
        }
        guard state.modal == nil, state.actionSheet == nil else {
            throw CommandError(.busy, "busy: another dialog is open; wait for its answer before showing the next")
        }
        state.actionSheet = ActionSheetOverlay(items: items, reply: reply, ownerPageId: pageId)
        scheduler.markDirty()
    }

    private func closeActionSheet(tapIndex: Int?) {
        guard let sheet = state.actionSheet else { return }
        state.actionSheet = nil
        if let tapIndex {
            sheet.reply.succeed(["tapIndex": .number(Double(tapIndex))])
        } else {
            sheet.reply.fail(CommandError(.cancelled, "cancel"))
        }
        scheduler.markDirty()
    }

    /// Input while a dialog or the loading indicator is up: the dialog has the keyboard and the mouse; under the
    /// loading indicator the page takes nothing until `hideLoading`.
    /// The dialogs' layers hit test them: `modal` routes the modal's input to its widgets, and `sheetLayer` says what a
    /// press picks in the action sheet.
    func handleOverlayInput(_ input: InputEvent, screenWidth: Int, screenHeight: Int, modal: ModalLayer, sheetLayer: ActionSheetLayer) {
        if state.modal != nil {
            handleModalInput(input, layer: modal, screenWidth: screenWidth, screenHeight: screenHeight)
        } else if var sheet = state.actionSheet {
            switch input {
            case .key(.escape):
                closeActionSheet(tapIndex: nil)
            case .key(.enter), .key(.space):
                closeActionSheet(tapIndex: sheet.focused)
            case .key(.up), .key(.backTab), .key(.down), .key(.tab):
                let step = input == .key(.up) || input == .key(.backTab) ? -1 : 1
                sheet.focused = (sheet.focused + step + sheet.items.count) % sheet.items.count
                state.actionSheet = sheet
                scheduler.markDirty()
            case .mouse(let mouse) where mouse.kind == .press:
                switch sheetLayer.pick(at: mouse) {
                case .item(let index)?: closeActionSheet(tapIndex: index)
                case .cancel?: closeActionSheet(tapIndex: nil)
                case nil: break
                }
            default:
                break
            }
        }
    }

    /// Advances the loading spinner; returns whether it needs a frame.
    func tickLoading(now: UInt64) -> Bool {
        guard state.loading != nil else { return false }
        let frame = Int(now / 100_000_000)
        guard frame != loadingFrame else { return false }
        loadingFrame = frame
        return true
    }

    private func showToast(_ params: JSONValue) throws(CommandError) {
        let title = try params.requiredString("title")
        let duration = try params.optionalNumber("duration") ?? Self.defaultToastMilliseconds
        guard duration >= 0, duration <= 600_000 else {
            throw CommandError(.invalidParameter, "parameter 'duration' must be between 0 and 600000 milliseconds, got \(duration)")
        }
        // WeChat's `icon: 'success'` or `'error'` gives its level where `level` says none.
        var levelName = try params.optionalString("level")
        if levelName == nil, let icon = try params.optionalString("icon"), icon == "success" || icon == "error" { levelName = icon }
        guard let level = ToastLevel(rawValue: levelName ?? ToastLevel.info.rawValue) else {
            let names = ToastLevel.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw CommandError(.invalidParameter, "parameter 'level' must be one of \(names), got '\(levelName ?? "")'")
        }
        // Toasts stack, newest lowest; a fourth pushes the oldest out.
        state.toasts.append(ToastOverlay(title: title, level: level, expiresAt: clock.now() &+ UInt64(duration * 1_000_000)))
        if state.toasts.count > OverlayState.maxToasts { state.toasts.removeFirst(state.toasts.count - OverlayState.maxToasts) }
        toastsShown.append(title)
        if toastsShown.count > 8 { toastsShown.removeFirst() }
        scheduler.markDirty()
    }

    /// Hides every toast on screen.
    private func hideToast() {
        if !state.toasts.isEmpty {
            state.toasts.removeAll()
            scheduler.markDirty()
        }
    }

    private func showModal(_ params: JSONValue, pageId: Int?, reply: CommandReply) throws(CommandError) {
        let title = try params.optionalString("title") ?? ""
        let content = try params.optionalString("content") ?? ""
        let confirmText = try params.optionalString("confirmText") ?? "OK"
        let cancelText = try params.optionalString("cancelText") ?? "Cancel"
        var showCancel = true
        if let value = params["showCancel"], !value.isNull {
            guard case .bool(let b) = value else {
                throw CommandError(.invalidParameter, "parameter 'showCancel' must be a boolean, got \(value.typeName)")
            }
            showCancel = b
        }
        guard !title.isEmpty || !content.isEmpty || params["editable"] == .bool(true) else {
            throw CommandError(.invalidParameter, "showModal needs a 'title' or a 'content'")
        }
        guard !confirmText.isEmpty, !cancelText.isEmpty else {
            throw CommandError(.invalidParameter, "button labels ('confirmText', 'cancelText') must not be empty")
        }
        let defaultButton = try params.optionalString("defaultButton") ?? "cancel"
        guard defaultButton == "cancel" || defaultButton == "confirm" else {
            throw CommandError(.invalidParameter, "parameter 'defaultButton' must be 'cancel' or 'confirm', got '\(defaultButton)'")
        }
        if state.modal != nil || state.actionSheet != nil {
            throw CommandError(.busy, "busy: another modal is open; wait for its answer before showing the next")
        }
        var modal = ModalOverlay(title: title, content: content, confirmText: confirmText, cancelText: cancelText,
                                 showCancel: showCancel, reply: reply, ownerPageId: pageId)
        if let value = params["editable"], !value.isNull {
            guard case .bool(let b) = value else {
                throw CommandError(.invalidParameter, "parameter 'editable' must be a boolean, got \(value.typeName)")
            }
            modal.editable = b
        }
        modal.placeholder = try params.optionalString("placeholderText") ?? ""
        do { modal.checks = try FieldChecks(script: params) } catch { throw CommandError(.invalidParameter, error.description) }
        if let value = params["suggestions"], !value.isNull {
            let strings = value.arrayValue?.compactMap(\.stringValue)
            guard let strings, strings.count == value.arrayValue?.count else {
                throw CommandError(.invalidParameter, "parameter 'suggestions' must be a list of strings, got \(value.serialized().prefix(60))")
            }
            modal.suggestions = strings
        }
        modal.text = String((try params.optionalString("content") ?? "").prefix(ModalOverlay.maxTextLength))
        if modal.editable {
            // The content is the field's starting text, as in WeChat, not a line above it.
            modal.content = ""
            modal.focus = .field
        } else {
            modal.focus = !showCancel || defaultButton == "confirm" ? .confirm : .cancel
        }
        modalSerial += 1
        modal.serial = modalSerial
        state.modal = modal
        scheduler.markDirty()
    }

    private var modalSerial = 0

    /// Closes the modal and answers its call; `text` is the editable modal's field's (its checks passed).
    private func closeModal(confirm: Bool, text: String? = nil) {
        guard let modal = state.modal else { return }
        state.modal = nil
        var answer: [String: JSONValue] = ["confirm": .bool(confirm), "cancel": .bool(!confirm)]
        if modal.editable { answer["content"] = .string(confirm ? text ?? "" : "") }
        modal.reply.succeed(answer)
        scheduler.markDirty()
    }

    /// A page left the stack: its modal or action sheet closes unanswered (its callbacks are dropped with the page).
    func dismissDialogs(ownedBy pageId: Int) {
        if let modal = state.modal, modal.ownerPageId == pageId { state.modal = nil }
        if let sheet = state.actionSheet, sheet.ownerPageId == pageId { state.actionSheet = nil }
    }

    /// Input while a modal is open: its layer has the keyboard and the mouse, and says when the input answered it.
    private func handleModalInput(_ input: InputEvent, layer: ModalLayer, screenWidth: Int, screenHeight: Int) {
        layer.modal = state.modal
        let answer = layer.handle(input, width: screenWidth, height: screenHeight)
        if let copied = layer.copiedText { copiedText = copied }
        switch answer {
        case .confirm(let text)?: closeModal(confirm: true, text: text)
        case .cancel?: closeModal(confirm: false)
        case nil: if layer.needsFrame { scheduler.markDirty() }
        }
    }

    /// Text the modal's field copied (Alt-w) during the last input, for the host to put on the terminal's clipboard.
    private(set) var copiedText: String?

    /// The copied text, once.
    func takeCopiedText() -> String? {
        defer { copiedText = nil }
        return copiedText
    }

    /// Drops expired toasts; returns the milliseconds until the next one expires, for the loop's wait.
    func expireToast() -> Int? {
        guard !state.toasts.isEmpty else { return nil }
        let now = clock.now()
        let before = state.toasts.count
        state.toasts.removeAll { now >= $0.expiresAt }
        if state.toasts.count != before { scheduler.markDirty() }
        guard let next = state.toasts.map(\.expiresAt).min() else { return nil }
        return Int((next - now + 999_999) / 1_000_000)
    }
}

/// The overlay commands as JavaScript sees them (docs/COMMANDS.md#overlays).
extension CommandShape {
    static let showToast = CommandShape(
        "Shows a one-line message near the bottom of the screen, in its level's theme style; up to three stack.",
        parameters: [CommandField("title", "string"), .optional("duration", "number", "ms, default 1500"),
                     .optional("level", "'info' | 'success' | 'warning' | 'error'", "default info, or WeChat's icon: 'success' or 'error'"),
                     .optional("icon", "string", "WeChat's; 'success' and 'error' give the level")])
    static let hideToast = CommandShape("Hides the toasts.")
    static let showModal = CommandShape(
        "Asks a question in a centred box; resolves when the user answers.",
        parameters: [.optional("title", "string"), .optional("content", "string"),
                     .optional("confirmText", "string", "default OK"), .optional("cancelText", "string", "default Cancel"),
                     .optional("showCancel", "boolean", "default true"),
                     .optional("defaultButton", "'cancel' | 'confirm'", "the button focused first, default cancel"),
                     .optional("editable", "boolean", "a one-line field that content fills at first"),
                     .optional("placeholderText", "string"),
                     .optional("kind", "'text' | 'integer' | 'number' | 'email'", "what the field holds, as TextField's kind"),
                     .optional("restrict", "string", "a pattern the whole text must match after every key and paste"),
                     .optional("validate", "Array<{ rule: 'required' | 'pattern' | 'length' | 'integer' | 'number'; pattern?: string; min?: number; max?: number; message?: string }>",
                               "checked when the field is left and on OK, which stays open on a failure"),
                     .optional("suggestions", "string[]", "completions offered dimmed after the caret")],
        result: [CommandField("confirm", "boolean"), CommandField("cancel", "boolean"),
                 .optional("content", "string", "the field's text, when editable")])
    static let showActionSheet = CommandShape(
        "Lets the user pick one of up to six items; rejects with errCode 8 on cancel.",
        parameters: [CommandField("itemList", "string[]", "1 to 6 non-empty strings")],
        result: [CommandField("tapIndex", "number", "0-based")])
    static let showLoading = CommandShape(
        "Shows a spinner that blocks the page's input until hideLoading.",
        parameters: [.optional("title", "string", "default Loading")])
    static let hideLoading = CommandShape("Hides the loading spinner.")
}
