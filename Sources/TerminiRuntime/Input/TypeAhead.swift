import TerminiClock
import TerminiUI

/// Input that arrives while the script is still answering an earlier one waits here, in order, and then goes
/// wherever the answer left the keyboard: keys typed before a modal, a sheet or a page the handler opens go to it,
/// not to the page behind it, so a fast double Enter on a button that opens a dialog presses the button once and
/// the dialog's button once. Input held for a page the answer navigated away from is dropped instead, as input during
/// a navigation always was: a double tap on a button that opens a page opens it once. The wait is short: after `limit` the held input is handled anyway, so a slow handler
/// never swallows typing. Quitting and resizes are never held. UI thread only.
final class TypeAhead {
    /// The longest input is held for one answer.
    static let limit: Duration = .milliseconds(250)

    private var held: [InputEvent] = []
    private var since: UInt64?
    private var page: Int?

    /// Whether input is being held for the script's answer.
    var isHolding: Bool { since != nil }

    /// Starts holding: the last input asked the script to act, on `page` (the top page's id).
    func begin(now: UInt64, page: Int?) {
        since = now
        self.page = page
    }

    /// Holds `event` when a hold is on and the event is one that could reach the wrong layer.
    func holds(_ event: InputEvent) -> Bool {
        guard isHolding else { return false }
        switch event {
        case .key(.control("c")), .key(.control("q")), .resize, .suspend, .resume, .terminalClosed: return false
        case .key, .paste, .mouse:
            held.append(event)
            return true
        }
    }

    /// Ends the hold once the script has answered (`scriptAnswered`: nothing running or queued, and its messages
    /// applied), once the answer has put another page on top (`shownPage`, nil while a page is being opened: from
    /// then on the user types at the page they see, even while its `onLoad` and `onReady` still run), or once the
    /// limit has passed; returns the held input, in order, and the page it was typed on.
    func release(scriptAnswered: Bool, shownPage: Int?, now: UInt64) -> (events: [InputEvent], page: Int?)? {
        guard let since else { return nil }
        let navigated = shownPage != nil && shownPage != page
        guard scriptAnswered || navigated || now &- since >= UInt64(MonotonicClock.nanoseconds(Self.limit))
        else { return nil }
        self.since = nil
        defer { held.removeAll() }
        return (held, page)
    }
}
