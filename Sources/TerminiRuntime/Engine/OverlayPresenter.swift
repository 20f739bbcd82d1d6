import TerminiBridge
import TerminiClock
import TerminiFrames
import TerminiScript
import TerminiTemplate
import TerminiUI

/// The toast and the modal above the pages: showToast, hideToast and showModal, the modal's keyboard and mouse
/// handling, toast expiry, and painting them over a frame.
///
/// A second showModal while one is open fails (busy) rather than queueing: a queued dialog would answer a question
/// the user can no longer see in context, and the page can retry after its first modal resolves. UI thread only;
/// `@unchecked Sendable` so that its command handlers can be registered with the `CommandRouter`.
final class OverlayPresenter: @unchecked Sendable {
    /// `showToast`'s default duration in milliseconds, as in WeChat.
    static let defaultToastMilliseconds = 1500.0

    private(set) var state = OverlayState()
    private let scheduler: FrameScheduler
    private let clock: MonotonicClock

    init(scheduler: FrameScheduler, clock: MonotonicClock) {
        self.scheduler = scheduler
        self.clock = clock
    }

    /// Whether a modal is open: it owns the keyboard, and its call is held unanswered.
    var hasModal: Bool { state.modal != nil }

    /// showToast, hideToast and showModal, run on the UI thread. None needs a permission.
    func commandRegistrations() -> [CommandRegistration] {
        [
            CommandRegistration(name: "showToast", thread: .ui) { [unowned self] params, _, reply throws(CommandError) in
                try showToast(params)
                reply.succeed()
            },
            CommandRegistration(name: "hideToast", thread: .ui) { [unowned self] _, _, reply in
                hideToast()
                reply.succeed()
            },
            CommandRegistration(name: "showModal", thread: .ui) { [unowned self] params, context, reply throws(CommandError) in
                try showModal(params, pageId: context.pageId, reply: reply)
            },
        ]
    }

    private func showToast(_ params: JSONValue) throws(CommandError) {
        let title = try params.requiredString("title")
        let duration = try params.optionalNumber("duration") ?? Self.defaultToastMilliseconds
        guard duration >= 0, duration <= 600_000 else {
            throw CommandError(.invalidParameter, "parameter 'duration' must be between 0 and 600000 milliseconds, got \(duration)")
        }
        // A new toast replaces the one on screen.
        state.toast = ToastOverlay(title: title, expiresAt: clock.now() &+ UInt64(duration * 1_000_000))
        scheduler.markDirty()
    }

    private func hideToast() {
        if state.toast != nil {
            state.toast = nil
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
        guard !title.isEmpty || !content.isEmpty else {
            throw CommandError(.invalidParameter, "showModal needs a 'title' or a 'content'")
        }
        guard !confirmText.isEmpty, !cancelText.isEmpty else {
            throw CommandError(.invalidParameter, "button labels ('confirmText', 'cancelText') must not be empty")
        }
        if state.modal != nil {
            throw CommandError(.busy, "busy: another modal is open; wait for its answer before showing the next")
        }
        state.modal = ModalOverlay(title: title, content: content, confirmText: confirmText, cancelText: cancelText,
                                   showCancel: showCancel, reply: reply, ownerPageId: pageId)
        scheduler.markDirty()
    }

    /// Closes the modal and answers its call.
    private func closeModal(confirm: Bool) {
        guard let modal = state.modal else { return }
        state.modal = nil
        modal.reply.succeed(["confirm": .bool(confirm), "cancel": .bool(!confirm)])
        scheduler.markDirty()
    }

    /// A page left the stack: its modal closes unanswered (its callbacks are dropped with the page).
    func dismissModal(ownedBy pageId: Int) {
        if let modal = state.modal, modal.ownerPageId == pageId { state.modal = nil }
    }

    /// Input while a modal is open: it has the keyboard; clicks outside its buttons do nothing.
    func handleModalInput(_ input: InputEvent, screenWidth: Int, screenHeight: Int) {
        guard var modal = state.modal else { return }
        switch input {
        case .key(.escape):
            closeModal(confirm: !modal.showCancel)
        case .key(.enter), .key(.space):
            closeModal(confirm: modal.confirmFocused || !modal.showCancel)
        case .key(.tab), .key(.backTab), .key(.left), .key(.right), .key(.up), .key(.down):
            if modal.showCancel {
                modal.confirmFocused.toggle()
                state.modal = modal
                scheduler.markDirty()
            }
        case .mouse(let mouse) where mouse.kind == .press:
            let layout = ModalLayout(modal, screenWidth: screenWidth, screenHeight: screenHeight)
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
        guard let toast = state.toast else { return nil }
        let now = clock.now()
        if now >= toast.expiresAt {
            state.toast = nil
            scheduler.markDirty()
            return nil
        }
        return Int((toast.expiresAt - now + 999_999) / 1_000_000)
    }
}
