import Foundation
import TerminiBridge
import TerminiClock
import TerminiScript
import TerminiTerminal
import TerminiUI

/// `termini snapshot`: runs an app headless, feeds it the steps of an events file, and returns the final screen.
public final class SnapshotSession {
    let engine: MiniAppEngine
    let backend: HeadlessBackend
    /// Upper bound on one `settle`, so a page that never goes quiet still produces a screen.
    public var settleTimeout: Duration = .seconds(10)

    /// `commands` are the host's own, as for `MiniAppEngine`.
    public init(bundle: LoadedBundle, width: Int, height: Int, options: EngineOptions,
                commands: [CommandRegistration] = []) throws
    {
        backend = HeadlessBackend(width: width, height: height)
        engine = try MiniAppEngine(bundle: bundle, backend: backend, options: options, commands: commands)
    }

    /// Starts the app, settles, plays every step, settles again and returns the screen text.
    public func run(steps: [EventStep], page: String? = nil, query: [String: String] = [:]) -> String {
        start(page: page, query: query)
        for step in steps {
            if engine.isFinished { break }
            play(step)
        }
        settle()
        let text = engine.screenText
        stop()
        return text
    }

    /// Starts the app at `page` (default: its first) with `query`, and settles: the first screen is on display.
    public func start(page: String? = nil, query: [String: String] = [:]) {
        engine.start(page: page, query: query)
        settle()
    }

    /// Stops the app's script thread; the last screen stays readable.
    public func stop() {
        engine.stop()
    }

    /// Whether the app has closed itself (`exitMiniApp`): the events after that have nothing to go to.
    public var isFinished: Bool { engine.isFinished }

    /// Plays one step as the interactive loop would receive it; only `settle` and `wait` wait for the app.
    public func play(_ step: EventStep) {
        // `expect toast` looks at the toasts since the last input, so that one shown and gone during a long settle counts.
        if step.isInput { engine.overlays.toastsShown.removeAll() }
        switch step {
        case .key(let name):
            deliver(.key(SnapshotKeys.key(named: name)))
        case .type(let text):
            for character in text { deliver(.key(character == " " ? .space : .character(character))) }
        case .paste(let text):
            deliver(.paste(text, clippedFrom: nil))
        case .click(let column, let row):
            deliver(.mouse(MouseEvent(x: column, y: row, kind: .press)))
            deliver(.mouse(MouseEvent(x: column, y: row, kind: .release)))
        case .wheel(let up, let column, let row):
            deliver(.mouse(MouseEvent(x: column, y: row, kind: up ? .scrollUp : .scrollDown)))
        case .resize(let width, let height):
            backend.resize(width: width, height: height)
            deliver(.resize(width: width, height: height))
        case .wait(let milliseconds):
            // A fixed clock (`--clock`) moves by the whole wait as it starts, whatever the real time does.
            if let clock = engine.runtime.configuration.fixedClock {
                clock.advance(milliseconds: milliseconds)
                engine.runtime.clockAdvanced()
            }
            let deadline = MonotonicClock.now() &+ UInt64(milliseconds) &* 1_000_000
            while case let now = MonotonicClock.now(), now < deadline, !engine.isFinished {
                engine.step(maxWaitMilliseconds: Int((deadline - now) / 1_000_000))
            }
        case .settle:
            settle()
        case .suspend:
            deliver(.suspend)
        }
    }

    /// Delivers one input the way the interactive loop would, then lets the UI thread process it.
    private func deliver(_ input: InputEvent) {
        backend.enqueue(input)
        engine.step(maxWaitMilliseconds: 0)
    }

    /// Waits until no script job, due timer, bridge call, script message or frame is pending.
    public func settle() {
        let deadline = MonotonicClock.now() &+ MonotonicClock.nanoseconds(settleTimeout)
        var quietRounds = 0
        while MonotonicClock.now() < deadline, !engine.isFinished {
            engine.waitForScriptIdle(timeout: .seconds(2))
            // A script with a job running or still queued when the wait ends (a JS thread starved of CPU on a loaded
            // machine, or in a loop the time limit is about to stop) is not settled: ending here would print the
            // screen from before the job. Pending timers alone do not hold the snapshot back past its quiet rounds.
            let busy = engine.scriptIsWorking || !engine.inbox.isEmpty || engine.scheduler.isDirty
                || engine.router.inFlightCount > 0 || engine.isHoldingInput
            // One step applies messages and renders a due frame; frame callbacks may make the script busy again.
            engine.step(maxWaitMilliseconds: busy ? (engine.scheduler.millisecondsUntilNextFrame() ?? 1) : 0)
            if busy || !engine.inbox.isEmpty || engine.scheduler.isDirty { quietRounds = 0 } else { quietRounds += 1 }
            if quietRounds >= 2 { return }
        }
    }

    /// Whether the final screen is an error screen (a script error replaced the page or the app).
    public var showsErrorScreen: Bool { engine.appError != nil || engine.stack.last?.error != nil }

    /// The focused widget of the visible page: its top-left cell on the screen (0-based, as `click` takes them) and
    /// its template loc; nil when nothing has focus.
    public var focus: (column: Int, row: Int, loc: String)? {
        guard let top = engine.stack.last, let origin = top.view.focusedOrigin, let loc = top.view.focusedLoc else { return nil }
        let box = top.layer.box ?? .none
        return (origin.x + box.x, origin.y + box.y, loc)
    }

    /// Flutter-style frame summary, for `--timings` reports.
    public var engineTimingSummary: String { engine.timingSummary.jsonObject() }
}

extension EventStep {
    /// Whether the step is input from the user, rather than time passing (`wait`, `settle`).
    var isInput: Bool {
        switch self {
        case .wait, .settle: false
        default: true
        }
    }
}

/// Maps events-file key names to keys (the table is `Key.names`).
enum SnapshotKeys {
    static func key(named name: String) -> Key { Key(name: name) ?? .character(name.first ?? " ") }
}
