import TerminiClock
import TerminiTemplate
import TerminiCanvas

/// Input waiting for a headless backend; other threads (a test driver, an events file reader) push into it.
public final class HeadlessInputQueue: Sendable {
    private let events = Locked<[InputEvent]>([])
    let waker: WakeSignal

    init(waker: WakeSignal) {
        self.waker = waker
    }

    /// Queues an event and wakes a waiting `nextInput`.
    public func enqueue(_ event: InputEvent) {
        events.withLock { $0.append(event) }
        waker.wake()
    }

    /// Events not yet read.
    public var count: Int { events.withLock { $0.count } }

    func dequeue() -> InputEvent? {
        events.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// An in-memory terminal: frames land in a `CellBuffer` screen, input comes from a queue. For tests, snapshots and
/// `tplgen preview`; it reports the bytes an equivalent terminal write would cost.
public final class HeadlessBackend: TerminalBackend, WakeableInput {
    /// What a terminal would show now.
    public private(set) var screen: CellBuffer
    public let inputWaker: WakeSignal
    /// Thread-safe handle for feeding input from other threads.
    public let inputQueue: HeadlessInputQueue
    /// How many presents wrote something.
    public private(set) var framesWritten = 0
    /// Where a terminal would show its cursor (see `TerminalBackend.cursor`).
    public var cursor: (x: Int, y: Int)?
    /// What the app last copied to the clipboard (`copyToClipboard`), as a terminal would have received it.
    public private(set) var clipboard: String?

    public func copyToClipboard(_ text: String) { clipboard = text }
    private var runs: [CellRun] = []
    private var isShutDown = false

    /// Negative sizes clamp to 0.
    public init(width: Int, height: Int) {
        screen = CellBuffer(width: width, height: height)
        inputWaker = WakeSignal()
        inputQueue = HeadlessInputQueue(waker: inputWaker)
    }

    public var size: (width: Int, height: Int) { (screen.width, screen.height) }

    public func present(_ back: CellBuffer, previous front: CellBuffer) -> PresentStats {
        guard !isShutDown else { return .nothing }
        runs.removeAll(keepingCapacity: true)
        back.appendChangedRuns(comparedTo: front, into: &runs)
        guard !runs.isEmpty else { return .nothing }
        var cost = TerminalWriteCost()
        var cells = 0
        for run in runs where run.y >= 0 && run.y < screen.height {
            let end = min(run.x + run.count, screen.width, back.width)
            var x = max(run.x, 0)
            while x < end {
                let cell = back[x, run.y]
                screen[x, run.y] = cell
                if cell.isLinked, let url = back.link(atX: x, y: run.y) { screen.setLink(url, x: x, y: run.y, count: 1) }
                if !cell.isWideContinuation {
                    cost.addCell(cell, x: x, y: run.y, width: TextWidth.of(cell.character))
                    cells += 1
                }
                x += 1
            }
        }
        cost.finish()
        framesWritten += 1
        return PresentStats(bytes: cost.bytes, cells: cells)
    }

    public func nextInput(timeoutMilliseconds: Int) -> InputEvent? {
        if let event = inputQueue.dequeue() { return event }
        guard timeoutMilliseconds != 0, !isShutDown else { return nil }
        _ = inputWaker.wait(forInputOn: -1, timeoutMilliseconds: timeoutMilliseconds)
        return inputQueue.dequeue()
    }

    /// Queues input, as if typed.
    public func enqueue(_ event: InputEvent) {
        inputQueue.enqueue(event)
    }

    /// Changes the screen size as a terminal resize would: the screen is cleared and `.resize` is queued.
    public func resize(width: Int, height: Int) {
        screen.resize(width: width, height: height)
        enqueue(.resize(width: screen.width, height: screen.height))
    }

    /// The screen as text: one line per row, trailing spaces trimmed.
    public func screenText() -> String {
        screen.renderText()
    }

    public func shutdown() {
        isShutDown = true
    }
}
