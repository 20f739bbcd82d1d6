import TerminiClock
import TerminiTemplate
import TerminiUI

/// Turns what a user does in `termini record` into events-file lines (docs/EVENTS.md), so `termini snapshot
/// --events` replays it: keys, runs of typed characters as one `type` line, clicks, wheel turns, resizes and Ctrl-Z,
/// with `settle` wherever the user paused, so each burst's effect is on screen before the next one, as it was for
/// the user.
public final class EventRecorder {
    /// A pause longer than this between two inputs ends a burst.
    public static let burstGap: Duration = .milliseconds(250)

    private let write: (String) -> Void
    private var typed = ""
    private var lastInput: UInt64?
    private var pressed = false

    /// `write` receives each finished line (without its newline) as soon as it is known, so a crash loses at most
    /// the characters being typed.
    public init(startingSize: (width: Int, height: Int), write: @escaping (String) -> Void) {
        self.write = write
        write("# recorded by termini record; replay with: termini snapshot <target> --events <this file>")
        write("resize \(startingSize.width)x\(startingSize.height)")
    }

    /// Records one input as the UI thread received it.
    public func record(_ input: InputEvent, at now: UInt64 = MonotonicClock.now()) {
        if let last = lastInput, now &- last > UInt64(MonotonicClock.nanoseconds(Self.burstGap)), countsAsInput(input) {
            flushTyped()
            write("settle")
        }
        if countsAsInput(input) { lastInput = now }
        switch input {
        case .key(.character(let c)):
            typed.append(c)
        case .key(.space):
            typed.append(" ")
        case .key(.control(let c)) where c == "c" || c == "q":
            break  // quits; a replay ends by itself
        case .key(let key):
            flushTyped()
            write("key \(key.name)")
        case .paste(let text, _):
            flushTyped()
            write("paste \(JSONValue.string(text).serialized())")
        case .mouse(let mouse):
            switch mouse.kind {
            case .press:
                flushTyped()
                write("click \(mouse.x) \(mouse.y)")
            case .release:
                break  // `click` is a press and its release
            case .scrollUp, .scrollDown:
                flushTyped()
                write("wheel \(mouse.kind == .scrollUp ? "up" : "down") \(mouse.x) \(mouse.y)")
            }
        case .resize(let width, let height):
            flushTyped()
            write("resize \(width)x\(height)")
        case .suspend:
            flushTyped()
            write("suspend")
        case .resume, .terminalClosed:
            break
        }
    }

    /// Writes the characters typed so far as a line; the next ones start a new line.
    public func finish() { flushTyped() }

    private func countsAsInput(_ input: InputEvent) -> Bool {
        switch input {
        case .resume, .terminalClosed: false
        case .mouse(let m): m.kind != .release
        default: true
        }
    }

    /// A `type` line for the characters typed so far. A run that would not survive the line format (leading `#`
    /// after trimming is fine: the line starts with `type`) is written as it is; only a trailing-space-only run is
    /// written as `key Space` lines, since editors strip trailing spaces.
    private func flushTyped() {
        guard !typed.isEmpty else { return }
        defer { typed = "" }
        var text = typed
        var trailingSpaces = 0
        while text.hasSuffix(" ") { text.removeLast(); trailingSpaces += 1 }
        if !text.isEmpty {
            if text.count == 1 { write("key \(text)") } else { write("type \(text)") }
        }
        for _ in 0..<trailingSpaces { write("key Space") }
    }
}
