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

/// `showToast`: a one-line message near the bottom that hides itself; it never takes focus.
struct ToastOverlay {
    var title: String
    var level = ToastLevel.info
    /// Monotonic nanoseconds at which it disappears.
    var expiresAt: UInt64
}

/// `showModal`: a centred dialog that owns the keyboard until the user picks a button (`ModalLayer` shows it).
struct ModalOverlay {
    var title: String
    var content: String
    var confirmText: String
    var cancelText: String
    var showCancel: Bool
    /// `editable: true`: a one-line TextField the user types into, answered as `content`; it starts with `text`.
    var editable = false
    var text = ""
    var placeholder = ""
    /// The field's `kind`, `restrict` and `validate` checks, as a TextField's (docs/COMMANDS.md#overlays).
    var checks = FieldChecks()
    /// `suggestions`: the first that starts with the text shows dimmed after the caret; Tab or → accepts it.
    var suggestions: [String] = []
    /// What has the keyboard first. The field in an editable modal; otherwise Cancel, unless the call asks for
    /// `defaultButton: 'confirm'`, so that an Enter meant for the page cannot confirm a "Delete?" that has just
    /// appeared.
    var focus: Focus = .cancel

    /// Where a modal's keyboard focus can be.
    enum Focus: String, Equatable { case field, cancel, confirm }

    /// The most characters the field takes.
    static let maxTextLength = 500

    /// The call to answer with `{confirm, cancel}`.
    var reply: CommandReply
    /// The page that opened it: its unload dismisses the modal (the answer is dropped with the page's callbacks).
    var ownerPageId: Int?
    /// Tells this modal from the one before it, which may have said the same: each starts afresh.
    var serial = 0
}
