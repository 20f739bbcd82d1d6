#if canImport(Glibc)
import Glibc
#endif
import Testing
import TerminiUI
@testable import TerminiTerminal

/// The real ncurses backend, driven through a pty. Serialized: ncurses has one screen per process.
@Suite(.serialized) struct NcursesBackendTests {
    @Test func aTerminalThatSaysItHasTrueColourGetsItsDirectEntry() {
        #expect(NcursesBackend.directColorVariant(of: "xterm-256color", colorterm: "truecolor") == "xterm-direct")
        #expect(NcursesBackend.directColorVariant(of: "tmux-256color", colorterm: "24bit") == "tmux-direct")
        #expect(NcursesBackend.directColorVariant(of: "xterm", colorterm: "TrueColor") == "xterm-direct")
        #expect(NcursesBackend.directColorVariant(of: "xterm-direct", colorterm: "truecolor") == nil)
        #expect(NcursesBackend.directColorVariant(of: "xterm-256color", colorterm: nil) == nil)
        #expect(NcursesBackend.directColorVariant(of: "xterm-256color", colorterm: "yes") == nil)
    }

    @Test func linkedCellsAreWrittenAgainInsideOSC8AndKeepTheirColumns() throws {
        let pty = try #require(PseudoTerminal(width: 40, height: 4))
        let backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color", colors: true)
        defer { backend.shutdown() }
        _ = pty.readAvailable(waitMilliseconds: 50)
        let front = CellBuffer(width: 40, height: 4)
        var back = front
        back.write("see https://ex.org/a 世界 end", x: 1, y: 2, style: CellStyle(foreground: .index(4), attributes: .underline))
        back.setLink("https://ex.org/a", x: 5, y: 2, count: 16)
        let stats = backend.present(back, previous: front)
        let bytes = pty.read(atLeast: stats.bytes)
        #expect(bytes.count == stats.bytes, "the overlay's bytes are counted")
        let text = String(decoding: bytes, as: UTF8.self)
        let overlay = "\u{1B}7\u{1B}[3;6H\u{1B}]8;;https://ex.org/a\u{1B}\\\u{1B}[0;4;34mhttps://ex.org/a\u{1B}]8;;\u{1B}\\\u{1B}8"
        #expect(text.hasSuffix(overlay), "\(text.debugDescription)")
        #expect(text.contains("see https://ex.org/a"), "ncurses drew the row first, in its columns")
        // An unchanged frame writes nothing, links included; text written over a link ends it.
        #expect(backend.present(back, previous: back) == PresentStats(bytes: 0, cells: 0))
        var plain = back
        plain.write("https://ex.org/a", x: 5, y: 2, style: CellStyle(foreground: .index(4), attributes: .underline))
        let unlinked = backend.present(plain, previous: back)
        let after = String(decoding: pty.read(atLeast: unlinked.bytes), as: UTF8.self)
        #expect(unlinked.cells == 16 && !after.contains("\u{1B}]8;;"), "\(after.debugDescription)")
    }

    @Test func unchangedFrameWritesZeroBytesAndOneCellChangeWritesAFew() throws {
        let pty = try #require(PseudoTerminal(width: 40, height: 10))
        // Colour on, whatever the environment says (SwiftPM runs tests with NO_COLOR set).
        let backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color", colors: true)
        defer { backend.shutdown() }
        #expect(backend.size == (40, 10))
        _ = pty.readAvailable(waitMilliseconds: 50)   // start-up sequences (alternate screen, keypad mode)

        var front = CellBuffer(width: 40, height: 10)
        var back = front
        back.write("Hello 世界", x: 2, y: 1, style: CellStyle(foreground: .index(2), attributes: .bold))
        back.write("plain", x: 0, y: 9, style: .plain)
        let first = backend.present(back, previous: front)
        #expect(first.cells == 13)   // "Hello " + 2 wide characters (the styled space counts) + "plain"
        let firstBytes = pty.read(atLeast: first.bytes)
        #expect(first.bytes > 0)
        #expect(firstBytes.count == first.bytes)   // the count is what really reached the terminal
        #expect(firstBytes.contains("Hello"))
        #expect(firstBytes.contains("世界"))
        #expect(firstBytes.contains("\u{1B}[32m"))   // green foreground through a colour pair
        #expect(firstBytes.contains("\u{1B}[0;1m"))  // bold (sgr)
        swap(&front, &back)
        back = front

        let unchanged = backend.present(back, previous: front)
        #expect(unchanged == PresentStats(bytes: 0, cells: 0))

        back[3, 1] = Cell(character: "a", style: CellStyle(foreground: .index(2), attributes: .bold))
        let oneCell = backend.present(back, previous: front)
        #expect(oneCell.cells == 1)
        #expect(oneCell.bytes > 0 && oneCell.bytes <= 32, "one cell cost \(oneCell.bytes) bytes")
        let oneCellBytes = pty.read(atLeast: oneCell.bytes) + pty.readAvailable(waitMilliseconds: 100)
        #expect(oneCellBytes.count == oneCell.bytes)   // nothing arrived for the unchanged frame either
        #expect(oneCellBytes.contains("a"))
    }

    /// Without colour (NO_COLOR) attributes still reach the terminal; on an 8-colour terminal a 256-palette red is
    /// drawn as the nearest colour it has.
    @Test func colourOffKeepsAttributesAndFewColoursTakeTheNearest() throws {
        func firstFrame(term: String, colors: Bool) throws -> [UInt8] {
            let pty = try #require(PseudoTerminal(width: 20, height: 3))
            let backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: term, colors: colors)
            defer { backend.shutdown() }
            _ = pty.readAvailable(waitMilliseconds: 50)
            var back = CellBuffer(width: 20, height: 3)
            back.write("Alert", x: 0, y: 0, style: CellStyle(foreground: .index(196), attributes: .bold))
            let stats = backend.present(back, previous: CellBuffer(width: 20, height: 3))
            return pty.read(atLeast: stats.bytes)
        }
        let plain = try firstFrame(term: "xterm-256color", colors: false)
        #expect(plain.contains("Alert") && plain.contains("\u{1B}[0;1m"))
        #expect(!plain.contains("\u{1B}[38;5;") && !plain.contains("\u{1B}[31m"), "no colour with colors: false")
        let eight = try firstFrame(term: "xterm", colors: true)
        #expect(eight.contains("\u{1B}[31m"), "196 is red on an 8-colour terminal")
    }

    @Test func decodesKeysAndMouseFromTheTerminal() throws {
        let pty = try #require(PseudoTerminal(width: 40, height: 10))
        let backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color")
        defer { backend.shutdown() }
        let cases: [(String, InputEvent)] = [
            ("\u{1B}OA", .key(.up)), ("\u{1B}[Z", .key(.backTab)), ("\t", .key(.tab)), ("\r", .key(.enter)),
            ("\u{7F}", .key(.backspace)), ("\u{1B}[6~", .key(.pageDown)), ("\u{1B}[3~", .key(.delete)),
            ("x", .key(.character("x"))), ("世", .key(.character("世"))), (" ", .key(.space)),
            ("\u{01}", .key(.control("a"))),
            ("\u{1B}[<0;5;3M", .mouse(MouseEvent(x: 4, y: 2, kind: .press))),
            ("\u{1B}[<0;5;3m", .mouse(MouseEvent(x: 4, y: 2, kind: .release))),
            ("\u{1B}[<64;1;1M", .mouse(MouseEvent(x: 0, y: 0, kind: .scrollUp))),
            ("\u{1B}", .key(.escape)),
        ]
        for (typed, expected) in cases {
            pty.type(typed)
            #expect(backend.nextInput(timeoutMilliseconds: 5_000) == expected, "typed \(typed.debugDescription)")
        }
        #expect(backend.nextInput(timeoutMilliseconds: 0) == nil)
    }

    @Test func resizeIsReportedAndAWakeEndsTheWait() throws {
        let pty = try #require(PseudoTerminal(width: 40, height: 10))
        let backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color")
        defer { backend.shutdown() }
        #expect(backend.checkForResize() == nil)
        pty.setSize(width: 100, height: 30)
        #expect(backend.checkForResize() == .resize(width: 100, height: 30))
        #expect(backend.size == (100, 30))

        backend.inputWaker.wake()
        #expect(backend.nextInput(timeoutMilliseconds: -1) == nil)
    }

    @Test func onlyOneBackendAtATimeAndShutdownRestoresTheTerminal() throws {
        let pty = try #require(PseudoTerminal(width: 20, height: 5))
        let backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color")
        #expect(throws: TerminalError.alreadyActive) {
            try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color")
        }
        _ = pty.readAvailable(waitMilliseconds: 50)
        backend.shutdown()
        let restore = pty.read(atLeast: 8)
        #expect(restore.contains("\u{1B}[?1049l"))   // left the alternate screen
        var modes = termios()
        tcgetattr(pty.slave, &modes)
        #expect(modes.c_lflag & tcflag_t(ECHO) != 0)   // echo is back on
        // And a new backend can start afterwards.
        let again = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color")
        again.shutdown()
    }

    @Test func unknownTerminalIsAClearError() throws {
        let pty = try #require(PseudoTerminal(width: 20, height: 5))
        #expect(throws: TerminalError.terminalSetupFailed(term: "no-such-terminal-xyz",
                                                          reason: "ncurses does not know this terminal")) {
            try NcursesBackend(input: pty.slave, output: pty.slave, term: "no-such-terminal-xyz")
        }
        #expect(throws: TerminalError.self) {
            try NcursesBackend(input: 0, output: -1)
        }
    }

    /// A terminal that cannot address the cursor could only overprint one line: refused as clearly as an unknown
    /// one, and the next backend starts normally.
    @Test func aTerminalWithoutCursorAddressingIsRefused() throws {
        let pty = try #require(PseudoTerminal(width: 20, height: 5))
        for term in ["dumb", "glasstty"] {
            #expect(throws: TerminalError.terminalSetupFailed(term: term, reason: "this terminal cannot move the cursor (its terminfo entry has no 'cup')")) {
                try NcursesBackend(input: pty.slave, output: pty.slave, term: term)
            }
        }
        try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color").shutdown()
    }

    /// Raw mode while the app runs: no flow control (Ctrl-S reaches the app), no signals from Ctrl-C or Ctrl-Z
    /// (they arrive as keys); the shell's modes come back on shutdown. Bracketed paste and mouse reporting are on,
    /// and a terminal that answers the kitty query gets its flags pushed and popped again.
    @Test func rawModeBracketedPasteAndTheKittyProtocol() throws {
        let pty = try #require(PseudoTerminal(width: 40, height: 10))
        var shell = termios()
        tcgetattr(pty.slave, &shell)
        let backend = try NcursesBackend(input: pty.slave, output: pty.slave, term: "xterm-256color")
        var running = termios()
        tcgetattr(pty.slave, &running)
        #expect(running.c_iflag & tcflag_t(IXON) == 0, "flow control is off")
        #expect(running.c_lflag & tcflag_t(ISIG) == 0, "Ctrl-C and Ctrl-Z are keys")
        let started = String(decoding: pty.readAvailable(waitMilliseconds: 100), as: UTF8.self)
        #expect(started.contains("\u{1B}[?2004h") && started.contains("\u{1B}[?1006h") && started.contains("\u{1B}[?u"))
        pty.type("\u{13}\u{03}")
        #expect(backend.nextInput(timeoutMilliseconds: 500) == .key(.control("c")), "Ctrl-C goes first")
        #expect(backend.nextInput(timeoutMilliseconds: 500) == .key(.control("s")))
        pty.type("\u{1B}[?1u")
        _ = backend.nextInput(timeoutMilliseconds: 100)
        #expect(String(decoding: pty.readAvailable(waitMilliseconds: 100), as: UTF8.self).contains("\u{1B}[>1u"))
        backend.shutdown()
        let ended = String(decoding: pty.readAvailable(waitMilliseconds: 100), as: UTF8.self)
        #expect(ended.contains("\u{1B}[<u") && ended.contains("\u{1B}[?2004l") && ended.contains("\u{1B}[?1000l"), "\(ended.debugDescription)")
        var after = termios()
        tcgetattr(pty.slave, &after)
        #expect(after.c_iflag == shell.c_iflag && after.c_lflag == shell.c_lflag && after.c_oflag == shell.c_oflag)
    }
}
