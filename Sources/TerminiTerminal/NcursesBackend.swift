#if canImport(Glibc)
import Glibc
#endif
@preconcurrency import CNcurses
import TerminiClock
import TerminiCanvas

/// Presents frames through ncurses (wide-character API) on a real terminal and decodes its keys and mouse.
///
/// Byte accounting: ncurses writes straight to its output descriptor (not through stdio), so the backend gives
/// ncurses a private duplicate of the terminal descriptor and, for the duration of each `doupdate`, points that
/// descriptor at an in-memory file. The captured bytes are counted and then forwarded to the terminal, so
/// `PresentStats.bytes` is exactly what reached the terminal for the frame.
public final class NcursesBackend: TerminalBackend, WakeableInput {
    public private(set) var size: (width: Int, height: Int)
    public let inputWaker: WakeSignal

    private static let active = Locked(false)

    private let terminalFileDescriptor: Int32      // our dup of `output`: where frames are forwarded
    private let cursesOutputFileDescriptor: Int32  // the descriptor ncurses writes to and sets modes on
    private let inputFileDescriptor: Int32         // ncurses' input
    private let captureFileDescriptor: Int32       // in-memory file that receives one doupdate's bytes
    private var outputStream: UnsafeMutablePointer<FILE>?
    private var inputStream: UnsafeMutablePointer<FILE>?
    private var screen: OpaquePointer?
    // The backend is used from one thread; per-cell accesses to these in `present` would otherwise each pay a
    // dynamic exclusivity check (a fifth of the time of presenting a scrolled list).
    @exclusivity(unchecked) private var colorPairs: NcursesColorPairs
    @exclusivity(unchecked) private var runs: [CellRun] = []
    private var captureBuffer: [UInt8] = []
    @exclusivity(unchecked) private var characterBuffer: [wchar_t] = Array(repeating: 0, count: Int(CCHARW_MAX) + 1)
    private var isShutDown = false
    @exclusivity(unchecked) private var lastStyle: CellStyle?
    @exclusivity(unchecked) private var lastAttributes: attr_t = 0
    @exclusivity(unchecked) private var lastPair: Int32 = 0
    public var cursor: (x: Int, y: Int)?
    /// Keys, pastes and mouse reports from the terminal's bytes; ncurses' own key reading is off.
    private var decoder = TerminalInputDecoder()
    private var readBuffer = [UInt8](repeating: 0, count: 64 << 10)
    private var pendingEvents: [InputEvent] = []
    private var pendingHead = 0
    private var lastByteAt = 0
    private var inputEnded = false
    /// The terminal's private modes the backend turned on (mouse, bracketed paste, the kitty protocol).
    private var modes: TerminalModes
    /// The cursor as the terminal shows it now (nil: hidden).
    private var shownCursor: (x: Int, y: Int)?

    /// Whether the environment lets a program use colour: not when `NO_COLOR` is set to anything but empty.
    public static var environmentAllowsColor: Bool {
        guard let value = getenv("NO_COLOR") else { return true }
        return String(cString: value).isEmpty
    }

    /// Whether the ncurses screen takes 24-bit colour values (a direct-colour terminfo entry).
    public var hasDirectColor: Bool { colorPairs.direct }

    /// The direct-colour terminfo name for `term` when `COLORTERM` is `truecolor` or `24bit` (as terminals that
    /// have 24-bit colour set it): `xterm-256color` → `xterm-direct`, `tmux-256color` → `tmux-direct`. Nil
    /// otherwise, or when the name is direct already.
    static func directColorVariant(of term: String, colorterm: String? = getenv("COLORTERM").map { String(cString: $0) }) -> String? {
        guard let colorterm, ["truecolor", "24bit"].contains(colorterm.lowercased()), !term.hasSuffix("-direct") else { return nil }
        var base = Substring(term)
        for suffix in ["-256color", "-88color", "-color"] where base.hasSuffix(suffix) { base = base.dropLast(suffix.count) }
        return base.isEmpty ? nil : base + "-direct"
    }

    /// Takes over the terminal on `input`/`output` (they may be a pty for benchmarks and tests). `term` overrides
    /// `$TERM`. Only one ncurses backend can be live per process.
    /// `colors: false` draws without colour (attributes stay); by default colour is on unless `NO_COLOR` is set
    /// and not empty (https://no-color.org).
    public init(input: Int32 = 0, output: Int32 = 1, term: String? = nil, mouse: Bool = true,
                colors allowColors: Bool = NcursesBackend.environmentAllowsColor) throws(TerminalError) {
        let claimed = Self.active.withLock { active -> Bool in
            if active { return false }
            active = true
            return true
        }
        guard claimed else { throw .alreadyActive }
        var opened: [Int32] = []
        func fail(_ error: TerminalError) -> TerminalError {
            opened.forEach { close($0) }
            Self.active.withLock { $0 = false }
            return error
        }
        guard isatty(output) == 1 else {
            throw fail(.terminalSetupFailed(term: "", reason: "standard output is not a terminal; to run an app without one, use `termini snapshot`"))
        }
        // Keys come from `input`: a file or a closed descriptor would feed the app whatever it holds, or nothing
        // while the loop spins. `termini snapshot` is the way to run without a terminal.
        guard isatty(input) == 1 else { throw fail(.terminalSetupFailed(term: "", reason: "standard input is not a terminal; to run an app without one, use `termini snapshot`")) }
        let terminalFD = dup(output), cursesFD = dup(output), inputFD = dup(input)
        opened = [terminalFD, cursesFD, inputFD].filter { $0 >= 0 }
        guard opened.count == 3 else { throw fail(.system(call: "dup", errno: errno)) }
        let captureFD = Self.makeCaptureFile()
        guard captureFD >= 0 else { throw fail(.system(call: "memfd_create", errno: errno)) }
        opened.append(captureFD)

        Self.selectUTF8Locale()
        let waker = WakeSignal()
        let termName = term ?? getenv("TERM").map { String(cString: $0) } ?? "xterm-256color"
        guard let out = fdopen(cursesFD, "w"), let inp = fdopen(inputFD, "r") else {
            throw fail(.system(call: "fdopen", errno: errno))
        }
        let shellModes = SignalSafeTerminalReset.shellModes(of: terminalFD)
        TerminalSignals.install(wakeFileDescriptor: waker.writeFileDescriptorForSignals)
        // A terminal that says it has 24-bit colour gets its `-direct` terminfo entry when there is one, which is
        // how ncurses sends RGB colours; without one, RGB colours show as their nearest palette colour.
        let directScreen = Self.directColorVariant(of: termName).flatMap { name in name.withCString { newterm($0, out, inp) } }
        // Undoes the set-up so far (the streams own the descriptors now) and says why the terminal was refused.
        func refuse(_ reason: String, screen: OpaquePointer?) -> TerminalError {
            if let screen {
                endwin()
                delscreen(screen)
            }
            TerminalSignals.uninstall()
            fclose(out)
            fclose(inp)
            close(terminalFD)
            close(captureFD)
            Self.active.withLock { $0 = false }
            return .terminalSetupFailed(term: termName, reason: reason)
        }
        guard let screen = directScreen ?? termName.withCString({ newterm($0, out, inp) }) else {
            throw refuse("ncurses does not know this terminal", screen: nil)
        }
        set_term(screen)
        // A terminal that cannot put the cursor at a cell (TERM=dumb, a printing terminal) can only overprint one
        // line: refuse it as clearly as an unknown one.
        guard Self.hasCapability("cup") else {
            throw refuse("this terminal cannot move the cursor (its terminfo entry has no 'cup')", screen: screen)
        }
        TerminalSignals.screenActive.store(true, ordering: .relaxed)

        inputWaker = waker
        terminalFileDescriptor = terminalFD
        cursesOutputFileDescriptor = cursesFD
        inputFileDescriptor = inputFD
        captureFileDescriptor = captureFD
        outputStream = out
        inputStream = inp
        self.screen = screen

        // Raw: no flow control, so Ctrl-S and Ctrl-Q reach the app instead of freezing the screen, and Ctrl-C and
        // Ctrl-Z arrive as keys the app handles in order (quit with its files complete; suspend after onHide).
        raw()
        noecho()
        nonl()
        intrflush(stdscr, false)
        // ncurses decodes no keys: TerminalInputDecoder reads the bytes, which keeps Alt chords, modified keys and
        // pastes that ncurses would split or drop.
        keypad(stdscr, false)
        nodelay(stdscr, true)
        leaveok(stdscr, true)   // the cursor is hidden, so never spend bytes putting it back
        scrollok(stdscr, false)
        curs_set(0)
        // No typeahead check: ncurses would poll the input before and during every update and stop writing a frame
        // half-way when a key is waiting. Each frame is small; finishing it keeps the bytes and timings whole.
        typeahead(-1)
        var colors = false
        if has_colors() && allowColors {
            colors = start_color() == OK
            use_default_colors()
        }
        colorPairs = NcursesColorPairs(enabled: colors, colorCount: COLORS, pairLimit: COLOR_PAIRS,
                                       direct: COLORS >= 0x100_0000)
        modes = TerminalModes(mouse: mouse)
        Self.writeFully(terminalFD, modes.enableBytes)
        SignalSafeTerminalReset.prepare(terminal: terminalFD, shellModes: shellModes, modes: modes)
        size = (Int(COLS), Int(LINES))
    }

    deinit { shutdown() }

    /// Call when the program has finished after its loop ended: if a termination signal (SIGTERM, SIGHUP, SIGINT…)
    /// ended it, the process dies of that signal now, its files written and its terminal given back; otherwise
    /// this returns.
    public static func finishRequestedTermination() { TerminalSignals.finishRequestedTermination() }

    public func present(_ back: CellBuffer, previous front: CellBuffer) -> PresentStats {
        guard !isShutDown else { return .nothing }
        runs.removeAll(keepingCapacity: true)
        back.appendChangedRuns(comparedTo: front, into: &runs)
        let cursorMoves = cursor?.x != shownCursor?.x || cursor?.y != shownCursor?.y
        guard !runs.isEmpty || cursorMoves else { return .nothing }

        var cells = 0
        var cch = cchar_t()
        for run in runs where run.y < size.height {
            let end = min(run.x + run.count, size.width)
            var x = max(run.x, 0)
            while x < end {
                let cell = back[x, run.y]
                if !cell.isWideContinuation {
                    fill(&cch, with: cell)
                    mvwadd_wch(stdscr, Int32(run.y), Int32(x), &cch)
                    cells += 1
                }
                x += 1
            }
        }
        placeCursor()
        wnoutrefresh(stdscr)
        var bytes = flushCounted()
        let colors = colorPairs.enabled ? Int(COLORS) : 0, direct = colorPairs.direct
        let links = HyperlinkOverlay.bytes(for: runs, in: back, width: size.width, height: size.height) {
            HyperlinkOverlay.parameters($0, colors: colors, direct: direct)
        }
        if !links.isEmpty {
            Self.writeFully(terminalFileDescriptor, links)
            bytes += links.count
        }
        return PresentStats(bytes: bytes, cells: cells)
    }

    /// Shows the terminal's cursor at `cursor` (ncurses puts it there at the end of the update) or hides it. While
    /// it is hidden ncurses may leave it anywhere, which saves the bytes of moving it back.
    private func placeCursor() {
        if let cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < size.width, cursor.y < size.height {
            if shownCursor == nil {
                leaveok(stdscr, false)
                curs_set(1)
            }
            wmove(stdscr, Int32(cursor.y), Int32(cursor.x))
            shownCursor = cursor
        } else if shownCursor != nil {
            leaveok(stdscr, true)
            curs_set(0)
            shownCursor = nil
        }
    }

    public func nextInput(timeoutMilliseconds: Int) -> InputEvent? {
        guard !isShutDown else { return nil }
        if TerminalSignals.terminationRequested.load(ordering: .relaxed) != 0 { return .terminalClosed }
        if let jobControl = takeJobControlEvent() { return jobControl }
        if let resize = takePendingResize() { return resize }
        // Read even with events queued: a Ctrl-C behind them must be seen now, not after them.
        if !readAvailableBytes() { inputEnded = true }
        flushStalledInput()
        if let event = takeQueuedEvent() { return event }
        if inputEnded { return .terminalClosed }
        guard timeoutMilliseconds != 0 else { return nil }
        let deadline = timeoutMilliseconds < 0 ? nil : Self.nowMilliseconds() + timeoutMilliseconds
        while true {
            let now = Self.nowMilliseconds()
            let wake = [deadline, stallDeadline()].compactMap { $0 }.min()
            let remaining = wake.map { max(0, $0 - now) } ?? -1
            switch inputWaker.wait(forInputOn: inputFileDescriptor, timeoutMilliseconds: remaining) {
            case .woken:
                if TerminalSignals.terminationRequested.load(ordering: .relaxed) != 0 { return .terminalClosed }
                return takeJobControlEvent() ?? takePendingResize()
            case .timedOut:
                flushStalledInput()
                if let event = takeQueuedEvent() { return event }
                if let deadline, Self.nowMilliseconds() >= deadline { return takeJobControlEvent() ?? takePendingResize() }
            case .inputClosed:
                // Keys typed before the hang-up still count; then the app is told its terminal is gone.
                readAvailableBytes()
                enqueue(decoder.flushPendingEscape())
                inputEnded = true
                return takeQueuedEvent() ?? .terminalClosed
            case .inputReady:
                if !readAvailableBytes() { inputEnded = true }
                flushStalledInput()
                if let event = takeQueuedEvent() { return event }
                if inputEnded { return .terminalClosed }
                if let resize = takePendingResize() { return resize }
                if let deadline, Self.nowMilliseconds() >= deadline { return nil }
            }
        }
    }

    /// Re-reads the terminal size; if it changed, resizes ncurses, clears the screen (the only time it is cleared)
    /// and returns `.resize`. After a resize the host presents against a blank front buffer of the new size.
    public func checkForResize() -> InputEvent? {
        guard !isShutDown else { return nil }
        var window = winsize()
        guard ioctl(terminalFileDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        let width = Int(window.ws_col), height = Int(window.ws_row)
        guard width != size.width || height != size.height else { return nil }
        // resize_term, not resizeterm: the latter also queues a KEY_RESIZE, which would report the resize twice.
        resize_term(Int32(height), Int32(width))
        return adoptNewSize()
    }

    public func suspend() {
        guard !isShutDown else { return }
        TerminalSignals.suspendPending.store(false, ordering: .relaxed)
        TerminalSignals.screenActive.store(false, ordering: .relaxed)
        Self.writeFully(terminalFileDescriptor, modes.disableBytes)
        endwin()   // the shell gets its own modes and screen back
        TerminalSignals.stopProcess()
        TerminalSignals.continuePending.store(false, ordering: .relaxed)
        reclaimTerminal()
    }

    /// Ctrl-Z arrived (the host suspends), or the process was continued after a stop it did not ask for (the
    /// terminal is taken back here and the host repaints).
    private func takeJobControlEvent() -> InputEvent? {
        if TerminalSignals.suspendPending.load(ordering: .relaxed) { return .suspend }
        guard TerminalSignals.continuePending.exchange(false, ordering: .relaxed) else { return nil }
        reclaimTerminal()
        return .resume
    }

    /// Takes the terminal back after a stop: ncurses' modes, keypad and mouse come back with the next update after
    /// `endwin`, the screen is cleared (the shell drew on it), and a size change while stopped is picked up.
    private func reclaimTerminal() {
        if !isendwin() { endwin() }
        TerminalSignals.screenActive.store(true, ordering: .relaxed)
        wclear(stdscr)
        wnoutrefresh(stdscr)
        // Not through `flushCounted`: this update also sets the terminal's modes again (cbreak, no echo) through
        // ncurses' descriptor, which must be the terminal itself then, not the capture file.
        doupdate()
        modes.kittyKeyboard = false   // asked again: the terminal may have changed while the app was stopped
        SignalSafeTerminalReset.kittyKeyboardPushed.store(false, ordering: .relaxed)
        Self.writeFully(terminalFileDescriptor, modes.enableBytes)
        lastStyle = nil
        // The cursor shows again only where the next frame puts it.
        leaveok(stdscr, true)
        curs_set(0)
        shownCursor = nil
        TerminalSignals.resizePending.store(true, ordering: .relaxed)
    }

    /// Writes OSC 52 straight to the terminal, between frames: it changes nothing on screen.
    public func copyToClipboard(_ text: String) {
        guard !isShutDown else { return }
        Self.writeFully(terminalFileDescriptor, ClipboardSequence.bytes(for: text))
    }

    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        TerminalSignals.screenActive.store(false, ordering: .relaxed)
        SignalSafeTerminalReset.disarm()
        Self.writeFully(terminalFileDescriptor, modes.disableBytes)
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
        TerminalSignals.uninstall()
        if let outputStream { fclose(outputStream) }
        if let inputStream { fclose(inputStream) }
        outputStream = nil
        inputStream = nil
        close(terminalFileDescriptor)
        close(captureFileDescriptor)
        Self.active.withLock { $0 = false }
    }

    // MARK: - Output

    private func fill(_ cch: inout cchar_t, with cell: Cell) {
        let style = cell.style
        // Neighbouring cells almost always share a style: skip the attribute and pair lookups for them.
        if style != lastStyle {
            lastStyle = style
            lastAttributes = Self.cursesAttributes(style.attributes)
            lastPair = colorPairs.pair(foreground: style.foreground, background: style.background)
        }
        let attributes = lastAttributes
        var pair = lastPair
        // A control character would print as ^X and shift the row; show a replacement instead.
        func printable(_ value: UInt32) -> wchar_t { wchar_t(bitPattern: value < 0x20 || value == 0x7F ? 0xFFFD : value) }
        characterBuffer.withUnsafeMutableBufferPointer { chars in
            var count = 0
            if let value = cell.scalarValue {
                chars[0] = printable(value)
                count = 1
            } else {
                for scalar in cell.character.unicodeScalars where count < Int(CCHARW_MAX) - 1 {
                    chars[count] = printable(scalar.value)
                    count += 1
                }
            }
            if count == 0 { chars[0] = 0x20; count = 1 }
            chars[count] = 0
            if setcchar(&cch, chars.baseAddress, attributes, Int16(clamping: pair), &pair) != OK {
                // Sequences ncurses cannot hold in one cell (e.g. emoji joined by ZWJ): keep the first scalar.
                chars[1] = 0
                setcchar(&cch, chars.baseAddress, attributes, Int16(clamping: pair), &pair)
            }
        }
    }

    /// The A_* macros are not visible to Swift; these are their values in ncurses 6 (NCURSES_ATTR_SHIFT 8).
    private static func cursesAttributes(_ a: CellAttributes) -> attr_t {
        var attributes: attr_t = 0
        if a.contains(.bold) { attributes |= 1 << 21 }       // A_BOLD
        if a.contains(.dim) { attributes |= 1 << 20 }        // A_DIM
        if a.contains(.italic) { attributes |= 1 << 31 }     // A_ITALIC
        if a.contains(.underline) { attributes |= 1 << 17 }  // A_UNDERLINE
        if a.contains(.reverse) { attributes |= 1 << 18 }    // A_REVERSE
        return attributes
    }

    /// Runs `doupdate` with ncurses' descriptor pointed at the capture file, then forwards the captured bytes.
    private func flushCounted() -> Int {
        guard dup2(captureFileDescriptor, cursesOutputFileDescriptor) >= 0 else {
            doupdate()    // cannot capture: still draw, uncounted
            return 0
        }
        doupdate()
        _ = dup2(terminalFileDescriptor, cursesOutputFileDescriptor)
        let written = Int(lseek(captureFileDescriptor, 0, SEEK_CUR))
        _ = lseek(captureFileDescriptor, 0, SEEK_SET)
        guard written > 0 else { return 0 }
        if captureBuffer.count < written { captureBuffer = Array(repeating: 0, count: written) }
        let read = captureBuffer.withUnsafeMutableBytes { pread(captureFileDescriptor, $0.baseAddress, written, 0) }
        guard read > 0 else { return 0 }
        captureBuffer.withUnsafeBytes { Self.writeFully(terminalFileDescriptor, $0.baseAddress!, read) }
        return read
    }

    private static func writeFully(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeFully(fd, $0.baseAddress!, $0.count) }
    }

    private static func writeFully(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) {
        var offset = 0
        while offset < count {
            let n = write(fd, bytes + offset, count - offset)
            if n > 0 {
                offset += n
            } else if n < 0 && (errno == EINTR) {
                continue
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var out = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&out, 1, 100)
            } else {
                return   // the terminal went away; nothing useful to do with the rest of the frame
            }
        }
    }

    // MARK: - Input

    /// Reads what the kernel holds for the terminal without blocking, decodes it, and queues the events. A Ctrl-C
    /// goes to the front of the queue, so quitting never waits behind keys typed or pasted before it. Returns false
    /// when the input reached its end (the terminal hung up, or stdin was not a terminal after all).
    @discardableResult
    private func readAvailableBytes() -> Bool {
        var open = true
        let fd = inputFileDescriptor
        readBuffer.withUnsafeMutableBytes { raw in
            // Bounded, so one call never loops for long: what is left is read on the next. The descriptor stays
            // blocking (it is the shell's too), so each read follows a poll that says bytes are there.
            for _ in 0..<16 {
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let polled = poll(&ready, 1, 0)
                if polled < 0 && errno == EINTR { continue }
                guard polled > 0 else { return }
                guard ready.revents & Int16(POLLIN) != 0 else {
                    if ready.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { open = false }
                    return
                }
                let count = read(fd, raw.baseAddress, raw.count)
                if count > 0 {
                    enqueue(decoder.feed(UnsafeRawBufferPointer(rebasing: raw[..<count])))
                    lastByteAt = Self.nowMilliseconds()
                } else if count == 0 {
                    open = false
                    return
                } else if errno != EINTR {
                    open = false
                    return
                }
            }
        }
        return open
    }

    private func enqueue(_ outputs: [TerminalInputDecoder.Output]) {
        for output in outputs {
            switch output {
            case .kittyKeyboardSupported:
                // Report keys unambiguously (Esc, Alt chords and Ctrl with any key arrive as one sequence each).
                guard !modes.kittyKeyboard else { continue }
                modes.kittyKeyboard = true
                SignalSafeTerminalReset.kittyKeyboardPushed.store(true, ordering: .relaxed)
                Self.writeFully(terminalFileDescriptor, TerminalModes.pushKittyKeyboard)
            case .input(.key(.control("c"))):
                pendingEvents.insert(.key(.control("c")), at: pendingHead)
            case .input(.key(.control("z"))):
                // Raw mode: the terminal no longer turns Ctrl-Z into SIGTSTP, so the backend does what it did.
                pendingEvents.append(.suspend)
            case .input(let event):
                pendingEvents.append(event)
            }
        }
    }

    private func takeQueuedEvent() -> InputEvent? {
        guard pendingHead < pendingEvents.count else { return nil }
        let event = pendingEvents[pendingHead]
        pendingHead += 1
        if pendingHead == pendingEvents.count {
            pendingEvents.removeAll(keepingCapacity: true)
            pendingHead = 0
        }
        if case .resize = event { return checkForResize() }
        return event
    }

    /// Esc and the start of a sequence wait this long for the rest; after it a lone Esc is the Esc key. Alt chords
    /// arrive in one write, so this only has to cover a slow link.
    static let escapeDelayMilliseconds = 25
    /// A paste whose end marker never comes ends after this long with nothing more.
    static let pasteStallMilliseconds = 1_000

    /// Ends what the decoder holds once its wait has passed.
    private func flushStalledInput() {
        guard decoder.hasPendingBytes || decoder.isInPaste else { return }
        let waited = Self.nowMilliseconds() - lastByteAt
        let limit = decoder.isInPaste ? Self.pasteStallMilliseconds : Self.escapeDelayMilliseconds
        if waited >= limit { enqueue(decoder.flushPendingEscape()) }
    }

    /// How long the input wait may block before held bytes must be flushed.
    private func stallDeadline() -> Int? {
        guard decoder.hasPendingBytes || decoder.isInPaste else { return nil }
        let limit = decoder.isInPaste ? Self.pasteStallMilliseconds : Self.escapeDelayMilliseconds
        return lastByteAt + limit
    }

    private func takePendingResize() -> InputEvent? {
        guard TerminalSignals.resizePending.exchange(false, ordering: .relaxed) else { return nil }
        return checkForResize()
    }

    private func adoptNewSize() -> InputEvent {
        size = (Int(COLS), Int(LINES))
        // The old contents are meaningless at the new size: clear, and let the host repaint against a blank front.
        wclear(stdscr)
        wnoutrefresh(stdscr)
        _ = flushCounted()
        return .resize(width: size.width, height: size.height)
    }

    // MARK: - Setup helpers

    /// ncurses needs a UTF-8 locale for wide characters; fall back to C.UTF-8 when the environment has none.
    private static func selectUTF8Locale() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        setlocale(LC_CTYPE, "C.UTF-8")
    }

    /// Whether the terminfo entry in use has the string capability `name`.
    private static func hasCapability(_ name: String) -> Bool {
        guard let value = name.withCString({ tigetstr($0) }) else { return false }
        return Int(bitPattern: value) != -1 && value.pointee != 0
    }

    private static func makeCaptureFile() -> Int32 {
        // Prefer tmpfs (memory); the file is unlinked at once so nothing is left behind, even on a crash.
        var template = Array("/dev/shm/termini-frame-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 {
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            return fd
        }
        guard let file = tmpfile() else { return -1 }
        let copy = dup(fileno(file))
        fclose(file)
        return copy
    }

    private static func nowMilliseconds() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return spec.tv_sec * 1_000 + spec.tv_nsec / 1_000_000
    }
}
