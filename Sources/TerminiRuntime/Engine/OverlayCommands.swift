import TerminiBridge
import TerminiScript
import TerminiTemplate
import TerminiUI

/// showToast, hideToast and showModal, and the modal's keyboard and mouse handling.
///
/// A second showModal while one is open fails (busy) rather than queueing: a queued dialog would answer a question
/// the user can no longer see in context, and the page can retry after its first modal resolves.
extension MiniAppEngine {
    /// `showToast`'s default duration in milliseconds, as in WeChat.
    static let defaultToastMilliseconds = 1500.0

    func showToast(_ call: BridgeCall) throws(CommandError) -> CommandOutcome? {
        let title = try call.params.requiredString("title")
        let duration = try call.params.optionalNumber("duration") ?? Self.defaultToastMilliseconds
        guard duration >= 0, duration <= 600_000 else {
            throw CommandError(.invalidParameter, "parameter 'duration' must be between 0 and 600000 milliseconds, got \(duration)")
        }
        // A new toast replaces the one on screen.
        overlays.toast = ToastOverlay(title: title, expiresAt: clock.now() &+ UInt64(duration * 1_000_000))
        scheduler.markDirty()
        return .success(call.name, [:])
    }

    func hideToast(_ call: BridgeCall) -> CommandOutcome? {
        if overlays.toast != nil {
            overlays.toast = nil
            scheduler.markDirty()
        }
        return .success(call.name, [:])
    }

    func showModal(_ call: BridgeCall) throws(CommandError) -> CommandOutcome? {
        let params = call.params
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
        guard !title.isEmpty || !content.isEmpty else {
            throw CommandError(.invalidParameter, "showModal needs a 'title' or a 'content'")
        }
        guard !confirmText.isEmpty, !cancelText.isEmpty else {
            throw CommandError(.invalidParameter, "button labels ('confirmText', 'cancelText') must not be empty")
        }
        if overlays.modal != nil {
            throw CommandError(.busy, "busy: another modal is open; wait for its answer before showing the next")
        }
        overlays.modal = ModalOverlay(title: title, content: content, confirmText: confirmText, cancelText: cancelText,
                                      showCancel: showCancel, reply: call, ownerPageId: call.pageId)
        scheduler.markDirty()
        return nil
    }

    /// Closes the modal and answers its call.
    func closeModal(confirm: Bool) {
        guard let modal = overlays.modal else { return }
        overlays.modal = nil
        answer(modal.reply, .success(modal.reply.name, ["confirm": .bool(confirm), "cancel": .bool(!confirm)]))
        scheduler.markDirty()
    }

    /// Input while a modal is open: it has the keyboard; clicks outside its buttons do nothing.
    func handleModalInput(_ input: InputEvent) {
        guard var modal = overlays.modal else { return }
        switch input {
        case .key(.escape):
            closeModal(confirm: !modal.showCancel)
        case .key(.enter), .key(.space):
            closeModal(confirm: modal.confirmFocused || !modal.showCancel)
        case .key(.tab), .key(.backTab), .key(.left), .key(.right), .key(.up), .key(.down):
            if modal.showCancel {
                modal.confirmFocused.toggle()
                overlays.modal = modal
                scheduler.markDirty()
            }
        case .mouse(let mouse) where mouse.kind == .press:
            let layout = ModalLayout(modal, screenWidth: back.width, screenHeight: back.height)
            guard mouse.y == layout.buttonsRow else { return }
            if layout.confirmColumns.contains(mouse.x) {
                closeModal(confirm: true)
            } else if let cancel = layout.cancelColumns, cancel.contains(mouse.x) {
                closeModal(confirm: false)
            }
        default:
            break
        }
    }

    /// Drops an expired toast; returns the milliseconds until the current one expires, for the loop's wait.
    func expireToast() -> Int? {
        guard let toast = overlays.toast else { return nil }
        let now = clock.now()
        if now >= toast.expiresAt {
            overlays.toast = nil
            scheduler.markDirty()
            return nil
        }
        return Int((toast.expiresAt - now + 999_999) / 1_000_000)
    }
}
