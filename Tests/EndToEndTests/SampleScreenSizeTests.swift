import Foundation
import Testing

/// Issue 35: every sample in the gallery is usable on a small terminal (40×12) and a large one (200×60). Each
/// sample runs under the interactive `termini run` (the gallery under a bare `termini`) in tmux at both sizes; the
/// test reads the screen as a user would, on the first page and after a few keys, and checks that the page's key
/// content is there in whole words, that no row is cut off at the screen's edge, that nothing pushed the title bar
/// off the top, and, at 200×60, that the layout stretches where the sample means it to.
@Suite struct SampleScreenSizeTests {
    /// A terminal size the samples are checked at.
    struct Size: Sendable, CustomTestStringConvertible {
        let width: Int, height: Int
        var testDescription: String { "\(width)x\(height)" }
        var isSmall: Bool { width < 80 }
    }

    /// Keys a user presses (tmux key names) and the text that must then be on the screen, each in whole words.
    struct Step: Sendable {
        let keys: [String]
        var typed: String? = nil
        let shows: [String]
    }

    /// One sample: its folder under Templates/, its title bar, what its first page shows, and what to try next.
    struct Sample: Sendable, CustomTestStringConvertible {
        let app: String
        let title: String
        let shows: [String]
        var steps: [Step] = []
        var testDescription: String { app }
    }

    static let sizes = [Size(width: 40, height: 12), Size(width: 200, height: 60)]

    static let samples = [
        Sample(app: "gallery", title: "Termini",
               shows: ["Termini sample apps", "Todo", "Feed", "Clock", "Settings", "Widgets", "你好 Wide text",
                       "Enter: open", "Esc here: quit"]),
        Sample(app: "todo", title: "Todo",
               shows: ["Todo (2)", "What needs doing?", "Write the compiler", "Wire up the runtime", "Clear done (1)"],
               steps: [Step(keys: ["Enter"], typed: "Buy milk", shows: ["Todo (3)", "Buy milk", "Clear done (1)"])]),
        Sample(app: "feed", title: "Feed",
               shows: ["Top stories", "offline", "[ Refresh ]", "#1 Virtual lists in practice", "50 stories"],
               // The list's last row asks for the next page: the list scrolls, and its counter shows the new rows.
               steps: [Step(keys: ["Tab", "Tab", "End"], shows: ["100 stories"])]),
        Sample(app: "clock", title: "Clock",
               shows: ["Uptime", "Ticks", "running", "Time zone", "[ Pause ]", "[ Reset ]"],
               steps: [Step(keys: ["Enter"], shows: ["paused", "[ Resume ]", "[ Reset ]"])]),
        Sample(app: "settings", title: "Settings",
               shows: ["Dark mode", "Notifications", "Automatic updates", "Account: guest", "[ Save ]", "[ Reset ]",
                       "Settings │ About"],
               steps: [Step(keys: ["Tab", "Tab", "Tab", "Tab", "Enter"], shows: ["Saved", "[ Save ]", "Settings │ About"])]),
        Sample(app: "wide", title: "你好",
               shows: ["你好，世界 Hello", "Latin text", "菜单 Menu", "拉面 Ramen ¥28", "北京烤鸭 Duck ¥98", "合计 Total ¥150",
                       "Esc 返回"]),
        Sample(app: "widgets", title: "Widgets",
               shows: ["Termini widgets", "theme: light · Ctrl-T switches", "Forms │ Data │ Charts │ Docs", "Name", "Your name"],
               steps: [
                   // The form's last buttons, below the fold on a small screen: Tab scrolls them into view.
                   Step(keys: Array(repeating: "Tab", count: 7), shows: ["[ Submit ]", "[ Delete ]", "[ Disabled ]"]),
                   // Past Delete, Tab wraps to the tab strip; over to Docs, onto its text (a Tab stop while it
                   // overflows) and to the end of it.
                   Step(keys: ["Tab", "Tab", "Right", "Right", "Right", "Tab", "End"],
                        shows: ["Page('index', { data: {} })"]),
               ]),
    ]

    @Test(arguments: samples, sizes)
    func sampleShowsItsContentWhole(_ sample: Sample, _ size: Size) async throws {
        let tmux = TmuxSession()
        let home = BuiltBinaries.temporaryFolder()
        let termini = BuiltBinaries.path("termini")
        // The gallery lists the samples only when the host starts it (they are passed in its query), as a bare
        // `termini` does; every other sample runs from its folder. A clean environment keeps the user's own
        // store, theme and terminal settings out of it.
        let command = sample.app == "gallery" ? termini : "\(termini) run \(BuiltBinaries.sample(sample.app)) --store \(home)/store"
        try tmux.start("env -i \(BuiltBinaries.sanitizerEnvironment) PATH=/usr/bin:/bin TERM=tmux-256color HOME=\(home) XDG_DATA_HOME=\(home) \(command); echo EXITED:$?; sleep 30",
                       width: size.width, height: size.height)
        defer { tmux.kill() }

        var screen = try await tmux.waitForScreen(timeout: 30) { Self.missing(sample.shows, in: $0).isEmpty }
        Self.expectWhole(screen, shows: sample.shows, title: sample.title, size: size, when: "first page")
        Self.expectItUsesTheSpace(sample.app, screen.lines, size: size)
        for (i, step) in sample.steps.enumerated() {
            if let typed = step.typed { try tmux.type(typed) }
            for key in step.keys { try tmux.keys(key) }
            screen = try await tmux.waitForScreen { Self.missing(step.shows, in: $0).isEmpty }
            Self.expectWhole(screen, shows: step.shows, title: sample.title, size: size, when: "step \(i + 1) (\(step.keys))")
        }
        #expect(!screen.contains("EXITED:"), "the app ended: \(screen)")
    }

    /// Checks what every screen of every sample must hold: the title bar still on the top row (output wider or
    /// longer than the terminal would have scrolled it away), each expected text in whole words, and no row that
    /// runs into the right edge with a letter, which is how text the screen cut off looks; text that is shortened on
    /// purpose ends in `…`, and borders and brackets end rows that fill the width.
    static func expectWhole(_ screen: String, shows: [String], title: String, size: Size, when: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = screen.lines
        #expect(lines.count >= size.height && lines[size.height...].allSatisfy(\.isEmpty),
                "\(size.testDescription) \(when): the screen has \(lines.count) rows: \(screen)", sourceLocation: sourceLocation)
        #expect(lines.first?.hasPrefix(" \(title)") == true, "\(size.testDescription) \(when): the title bar left the top row: \(screen)",
                sourceLocation: sourceLocation)
        let missing = missing(shows, in: screen)
        #expect(missing.isEmpty, "\(size.testDescription) \(when): not shown whole: \(missing)\n\(screen)", sourceLocation: sourceLocation)
        for (row, line) in lines.prefix(size.height).enumerated() {
            #expect(displayWidth(line) <= size.width, "\(size.testDescription) \(when): row \(row) is wider than the screen: \(line)",
                    sourceLocation: sourceLocation)
            guard displayWidth(line) == size.width, let last = line.last else { continue }
            #expect(!(last.isLetter || last.isNumber),
                    "\(size.testDescription) \(when): row \(row) is cut at the screen's edge without an ellipsis: \(line)\n\(screen)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Sample by sample, what a 200×60 screen should look like where the sample is meant to stretch; at 40×12, the
    /// parts that were once cut off, now on the first screen.
    static func expectItUsesTheSpace(_ app: String, _ lines: [String], size: Size) {
        let screen = lines.joined(separator: "\n")
        let full = size.width
        func rowEnding(_ suffix: String) -> Bool { lines.contains { $0.hasSuffix(suffix) && displayWidth($0) == full } }
        switch app {
        case "gallery":
            // Each summary follows its name; on a small screen it ends in `…`, on a large one it is whole.
            if size.isSmall {
                #expect(lines.contains { $0.contains("[ Todo ]") && $0.hasSuffix("…") }, "\(screen)")
            } else {
                #expect(missing(["add, toggle and reorder tasks (kept in storage)", "every widget, and a light and a dark theme"],
                                in: screen).isEmpty, "\(screen)")
            }
        case "todo":
            // Each item keeps its three buttons whole (on a large screen at the right edge), and the divider spans
            // the screen.
            let items = lines.filter { $0.hasSuffix("[ ↑ ] [ ↓ ] [ ✕ ]") && (size.isSmall || displayWidth($0) == full) }
            #expect(items.count == 2, "\(screen)")
            #expect(lines.contains(String(repeating: "─", count: full)), "\(screen)")
        case "feed":
            #expect(rowEnding("[ Refresh ]"), "the Refresh button at the right edge: \(screen)")
            #expect(lines.contains(String(repeating: "─", count: full)), "\(screen)")
            if !size.isSmall {
                // The list fills the screen's height: many story cards, not the first few.
                #expect(screen.contains("#12 "), "\(screen)")
            }
        case "clock":
            // The double-bordered box spans the screen, and Ticks is pushed to its right edge.
            #expect(lines.contains { $0.hasPrefix("╚") && $0.hasSuffix("╝") && displayWidth($0) == full }, "\(screen)")
            #expect(lines.contains { $0.hasPrefix("║Uptime") && $0.range(of: #"Ticks +\d+║$"#, options: .regularExpression) != nil
                        && displayWidth($0) == full }, "\(screen)")
        case "settings":
            // The tab bar is the screen's last row.
            #expect(lines[size.height - 1].hasPrefix("  Settings  │  About"), "\(screen)")
        case "wide":
            // A fixed layout: the menu's box is 32 columns wide at any size, and its prices line up on the right.
            let menu = lines.filter { $0.hasPrefix("│") && $0.contains("¥") }
            #expect(menu.count == 4 && menu.allSatisfy { displayWidth($0) == 32 }, "\(menu)")
            if !size.isSmall { #expect(lines.contains("│中文标题与 Latin text 混排：每个汉字占两列。│"), "one line when it fits: \(screen)") }
        case "widgets":
            #expect(lines.contains(String(repeating: "─", count: full)), "the tab strip's rule spans the screen: \(screen)")
            if !size.isSmall {
                // The whole form fits: nothing needs a scroll.
                #expect(missing(["[ Submit ]", "nobody · Medium · no country · notifications on"], in: screen).isEmpty, "\(screen)")
            }
        default:
            Issue.record("no layout check for \(app)")
        }
    }

    /// Which of `texts` the screen does not show whole: each text's words must appear as whole words, in order
    /// (a wrapped text's next words may follow other widgets on its row, as a todo's title does its buttons).
    static func missing(_ texts: [String], in screen: String) -> [String] {
        // Vertical rules (a box's sides, a tab strip's separators, a scroll bar) separate words as spaces do.
        func words(_ text: String) -> [String] { text.split { $0.isWhitespace || "│║┃".contains($0) }.map(String.init) }
        let shown = words(screen)
        return texts.filter { text in
            var rest = shown[...]
            for word in words(text) {
                guard let found = rest.firstIndex(of: word) else { return true }
                rest = rest[(found + 1)...]
            }
            return false
        }
    }

    /// The columns a screen row takes: East Asian wide characters and emoji take two.
    static func displayWidth(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
                 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF,
                 0x20000...0x3FFFD:
                return width + 2
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F:
                return width
            default:
                return width + 1
            }
        }
    }
}
