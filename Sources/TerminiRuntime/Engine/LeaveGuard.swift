import TerminiClock
import TerminiScript

/// Why a page is being left, as its `onBeforeLeave({reason})` hears it (docs/JS-API.md#leaving-a-page).
enum LeaveReason: String {
    /// Esc.
    case escape
    /// Backspace on a page above the root.
    case backspace
    /// A click on the title bar's `‹`.
    case backButton
    /// Another tab chosen on the strip, with `[` or `]`, or by the script's `switchTab`.
    case switchTab
    /// Ctrl-C, Ctrl-Q, or Esc on the root page: the app closes.
    case exit
    /// The script's own navigation: `navigateBack`, `redirectTo` or `reLaunch`.
    case navigateBack, redirectTo, reLaunch
}

/// Asks the top page's `onBeforeLeave` before a way out of it is taken, and takes it once the page agrees.
///
/// One question is open at a time: a second Esc while the page is being asked does nothing, and an exit key closes
/// the app without waiting, so a guard can never trap the user. A hook that has not answered after the script time
/// limit is overruled (the page leaves and the console says why); the clock stops while a dialog is up, since a
/// guard that asks the user with `showModal` is waiting for them, not hanging. UI thread only.
final class LeaveGuard {
    private struct Question {
        var token: Int
        var page: String
        var reason: LeaveReason
        /// A script's navigation call waits for the answer.
        var holdsCall: Bool
        var leave: () -> Void
        var stay: () -> Void
        /// Nanoseconds of active waiting left before the page is overruled.
        var remaining: UInt64
        var lastCheck: UInt64
    }

    private var question: Question?
    private var nextToken = 1
    private let runtime: ScriptRuntime
    private let clock: MonotonicClock
    private let timeLimit: UInt64
    private let console: (String) -> Void

    init(runtime: ScriptRuntime, clock: MonotonicClock, timeLimit: Duration, console: @escaping (String) -> Void) {
        self.runtime = runtime
        self.clock = clock
        self.timeLimit = MonotonicClock.nanoseconds(timeLimit)
        self.console = console
    }

    /// Whether a page is being asked.
    var isAsking: Bool { question != nil }

    /// Whether a script's navigation call waits for the answer (the engine's settle rule counts it as held).
    var holdsCall: Bool { question?.holdsCall == true }

    /// Runs `leave` once `page` agrees to go for `reason`, or `stay` if it does not; at once when the page has no
    /// `onBeforeLeave` (its methods are known from when it was made, so most pages cost no round trip).
    /// `insistent`: an exit key, which overrules a question already open. `holdsCall`: a script's navigation call
    /// waits for the answer.
    func request(_ reason: LeaveReason, from page: PageEntry, insistent: Bool = false, holdsCall: Bool = false,
                 leave: @escaping () -> Void,
                 stay: @escaping () -> Void = {})
    {
        if let open = question {
            // Ctrl-C always gets the user out: pressed while the page is being asked (about anything), it closes
            // the app without asking again.
            if insistent {
                question = nil
                console("[warn] page '\(open.page)' was being asked about \(open.reason.rawValue) when an exit key was pressed; the app closes")
                leave()
            }
            return
        }
        guard page.bindable.contains(Self.hook), page.error == nil else { leave(); return }
        let token = nextToken
        nextToken += 1
        let now = clock.now()
        question = Question(token: token, page: page.name, reason: reason, holdsCall: holdsCall, leave: leave, stay: stay, remaining: timeLimit,
                            lastCheck: now)
        runtime.askBeforeLeave(pageId: page.pageId, reason: reason.rawValue, token: token)
    }

    /// The page's answer (`ScriptInbox`); an answer to an overruled question is ignored.
    func answered(token: Int, leave: Bool) {
        guard let open = question, open.token == token else { return }
        question = nil
        if leave { open.leave() } else { open.stay() }
    }

    /// Overrules a question whose time ran out, then returns the milliseconds left for the loop's wait (nil when no
    /// question is open). `paused`: a dialog is up, so the time does not run.
    func expire(paused: Bool) -> Int? {
        guard var open = question else { return nil }
        let now = clock.now()
        let elapsed = now &- open.lastCheck
        open.lastCheck = now
        if !paused { open.remaining = open.remaining > elapsed ? open.remaining - elapsed : 0 }
        question = open
        if open.remaining == 0 {
            overrule(because: "it did not answer within the \(Double(timeLimit) / 1e9) s script limit")
            return nil
        }
        return paused ? nil : Int((open.remaining + 999_999) / 1_000_000)
    }

    private func overrule(because why: String) {
        guard let open = question else { return }
        question = nil
        console("[error] page '\(open.page)' onBeforeLeave(\(open.reason.rawValue)) was overruled, so the page leaves: \(why)")
        open.leave()
    }

    /// The page hook consulted.
    static let hook = "onBeforeLeave"
}
