import Foundation
import TestSupport
import Testing

/// What a user sees of issue 35's theme and responsive half through the built `termini`: the title bar, the footer,
/// a focused widget, a toast and a Select's drop-down in the built-in light, dark and high-contrast themes (the
/// snapshot's ANSI form, colours and attributes), a theme's mistake at app.json's line, and, in tmux, a resize that
/// switches a page's layout through `$screen` and calls its `onResize`.
@Suite struct ThemesAndResizeTests {
    static let themedPage = """
        import TerminiDSL

        let index = Page("index", title: "Themed", keys: [Key("r", "refresh", "Refresh")]) {
            Column {
                Button("Go", onTap: "go")
                TextField(value: "", placeholder: "Name")
            }
        }
        """

    static let themedScript = """
        Page('index', {
          data: {},
          onLoad() { bridge.invoke('showToast', { title: 'Careful', level: 'warning', duration: 60000 }) },
          go() {}, refresh() {},
        })
        """

    /// A project whose only theme extends the built-in `builtin` (or that declares none, for nil).
    static func project(extending builtin: String?) throws -> String {
        let dir = try BuiltBinaries.project(id: "themed", pages: ["index": themedPage], script: themedScript)
        let themes = builtin.map { #", "themes": {"mine": {"extends": "\#($0)"}}"# } ?? ""
        try #"{ "id": "themed", "name": "Themed", "version": "1.0.0", "pages": ["index"]\#(themes) }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// The SGR sequence the ANSI snapshot writes before a run in this style.
    static func sgr(_ attributes: [Int] = [], fg: String? = nil, bg: String? = nil) -> String {
        func rgb(_ hex: String) -> String {
            let v = Int(hex.dropFirst(), radix: 16)!
            return "\(v >> 16);\((v >> 8) & 0xff);\(v & 0xff)"
        }
        var parts = ["0"] + attributes.map(String.init)
        if let fg { parts.append("38;2;" + rgb(fg)) }
        if let bg { parts.append("48;2;" + rgb(bg)) }
        return "\u{1B}[" + parts.joined(separator: ";") + "m"
    }

    /// Each theme's colours for the parts the test looks at, as `BuiltinThemes` declares them.
    struct Expected {
        var titleBar: String, focused: String, footer: String, toast: String
    }

    static let expected: [String: Expected] = [
        "light": Expected(titleBar: sgr([1], fg: "#ffffff", bg: "#005f87") + " Themed",
                          focused: sgr(fg: "#ffffff", bg: "#005fd7") + "[ Go ]",
                          footer: sgr(fg: "#303030", bg: "#e4e4e4") + " r Refresh",
                          toast: sgr([1], fg: "#875f00", bg: "#f3f3f3") + "Careful"),
        "dark": Expected(titleBar: sgr([1], fg: "#ffffff", bg: "#3a3a5a") + " Themed",
                         focused: sgr(fg: "#1c1c1c", bg: "#87afff") + "[ Go ]",
                         footer: sgr(fg: "#bcbcbc", bg: "#303030") + " r Refresh",
                         toast: sgr([1], fg: "#ffd75f", bg: "#262626") + "Careful"),
        "high-contrast": Expected(titleBar: sgr([1], fg: "#000000", bg: "#ffffff") + " Themed",
                                  focused: sgr([1], fg: "#000000", bg: "#ffff00") + "[ Go ]",
                                  footer: sgr(fg: "#000000", bg: "#ffffff") + " r Refresh",
                                  toast: sgr([1], fg: "#ffff00", bg: "#000000") + "Careful"),
    ]

    @Test(arguments: ["light", "dark", "high-contrast"])
    func theChromeAndTheFocusedWidgetTakeTheThemesStyles(_ name: String) async throws {
        let dir = try Self.project(extending: name)
        let ansi = try await BuiltBinaries.snapshot(dir, size: "50x12", extra: ["--format", "ansi"])
        #expect(ansi.status == 0, "\(ansi.stderr)")
        let rows = ansi.stdout.components(separatedBy: "\n")
        let want = try #require(Self.expected[name])
        #expect(rows[0].hasPrefix(want.titleBar), "title bar in \(name): \(rows[0].debugDescription)")
        #expect(rows[1].contains(want.focused), "focused button in \(name): \(rows[1].debugDescription)")
        #expect(rows.last { !$0.isEmpty }?.hasPrefix(want.footer) == true, "footer in \(name): \(rows.debugDescription)")
        #expect(rows.contains { $0.contains(want.toast) }, "toast in \(name): \(ansi.stdout.debugDescription)")
        #expect(!ansi.stdout.contains("\u{1B}[0;7m"), "no reverse video is left in \(name): \(ansi.stdout.debugDescription)")
    }

    @Test func withoutAThemeTheChromeStaysInReverseVideo() async throws {
        let dir = try Self.project(extending: nil)
        let ansi = try await BuiltBinaries.snapshot(dir, size: "50x12", extra: ["--format", "ansi"])
        #expect(ansi.status == 0, "\(ansi.stderr)")
        let rows = ansi.stdout.components(separatedBy: "\n")
        #expect(rows[0].hasPrefix(Self.sgr([7]) + " Themed"), "\(rows[0].debugDescription)")
        #expect(rows[1].contains(Self.sgr([7]) + "[ Go ]"), "\(rows[1].debugDescription)")
        #expect(rows.last { !$0.isEmpty }?.hasPrefix(Self.sgr([7]) + " r Refresh") == true, "\(rows.debugDescription)")
        #expect(rows.contains { $0.contains("\u{1B}[0;1;33mCareful") }, "a warning toast is yellow: \(ansi.stdout.debugDescription)")
    }

    @Test func threeToastsStackAndAFourthPushesTheOldestOut() async throws {
        let script = """
            Page('index', {
              data: {},
              onLoad() {
                for (const [title, level] of [['one', 'info'], ['two', 'success'], ['three', 'warning'], ['four', 'error']])
                  bridge.invoke('showToast', { title, level, duration: 60000 })
              },
              go() {}, refresh() {},
            })
            """
        let dir = try BuiltBinaries.project(id: "toasts", pages: ["index": Self.themedPage], script: script)
        let ansi = try await BuiltBinaries.snapshot(dir, size: "40x16", extra: ["--format", "ansi"])
        #expect(ansi.status == 0, "\(ansi.stderr)")
        let rows = ansi.stdout.components(separatedBy: "\n")
        let row = { (text: String) in rows.firstIndex { $0.contains(text) } }
        #expect(row("one") == nil, "the oldest is pushed out: \(ansi.stdout)")
        let two = try #require(row("two")), three = try #require(row("three")), four = try #require(row("four"))
        #expect(two + 3 == three && three + 3 == four, "stacked, newest lowest: \(two) \(three) \(four)")
        #expect(rows[two].contains("\u{1B}[0;1;32mtwo") && rows[four].contains("\u{1B}[0;1;31mfour"), "\(ansi.stdout.debugDescription)")
        let errorPage = """
            import TerminiDSL

            let index = Page("index") { Text("{{err}}") }
            """
        let bad = try BuiltBinaries.project(id: "badtoast", pages: ["index": errorPage], script: """
            Page('index', {
              data: { err: '' },
              onLoad() { bridge.invoke('showToast', { title: 'x', level: 'loud' }).catch(e => this.setData({ err: e.errMsg })) },
            })
            """)
        let failed = try await BuiltBinaries.snapshot(bad, size: "120x4")
        #expect(failed.stdout.contains("parameter 'level' must be one of 'info', 'success', 'warning', 'error', got 'loud'"),
                "\(failed.stdout)\n\(failed.stderr)")
    }

    @Test func aSelectsDropDownHasTheThemesBorderAndBackground() async throws {
        let page = """
            import TerminiDSL

            let index = Page("index") {
                Column {
                    Select(options: ["Apple", "Pear"], selected: "{{fruit}}", placeholder: "Fruit", onSelect: "pick")
                    Text("under the list")
                }
            }
            """
        let dir = try BuiltBinaries.project(id: "drop", pages: ["index": page],
                                            script: "Page('index', { data: { fruit: '' }, pick(e) {} })")
        try #"{ "id": "drop", "name": "Drop", "version": "1.0.0", "pages": ["index"], "themes": {"d": {"extends": "dark"}} }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        let ansi = try await BuiltBinaries.snapshot(dir, size: "30x8", events: "key Enter\n", extra: ["--format", "ansi"])
        #expect(ansi.status == 0, "\(ansi.stderr)")
        let rows = ansi.stdout.components(separatedBy: "\n")
        let box = Self.sgr(fg: "#87afff", bg: "#262626")
        #expect(rows[1].hasPrefix(box + "╭"), "the list's top border: \(rows[1].debugDescription)")
        #expect(rows[2].contains(Self.sgr(fg: "#ffffff", bg: "#3a5f8f") + "  Apple"), "the highlight: \(rows[2].debugDescription)")
        #expect(rows[3].contains(Self.sgr(fg: "#e4e4e4", bg: "#262626") + "  Pear"), "\(rows[3].debugDescription)")
        #expect(rows[4].hasPrefix(box + "╰"), "\(rows[4].debugDescription)")
    }

    @Test func aThemesUnknownStateIsAnErrorAtAppJSONsLine() async throws {
        let dir = try Self.project(extending: nil)
        try """
            {
              "id": "themed", "version": "1.0.0", "pages": ["index"],
              "themes": {
                "mine": {
                  "Button:hover": {"style": "bold"}
                }
              }
            }
            """.write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        let result = try await BuiltBinaries.snapshot(dir, size: "40x8")
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(dir)/app.json:5: $.themes.mine.Button:hover: unknown state 'hover'"), "\(result.stderr)")
    }

    static let resizePage = """
        import TerminiDSL

        let index = Page("index", title: "Resize") {
            Column {
                If("{{$screen.width < 80}}") {
                    Text("narrow layout {{$screen.width}}x{{$screen.height}}")
                } else: {
                    Row { Text("wide layout {{$screen.width}} columns") }
                }
                Text("resized: {{resized}}")
            }
        }
        """

    @Test func checkKnowsScreenIsTheEnginesAndSnapshotSizesIt() async throws {
        let dir = try BuiltBinaries.project(id: "resize", pages: ["index": Self.resizePage], script: """
            Page('index', { data: { resized: 'not yet' }, onResize(size) {} })
            """)
        let check = try await BuiltBinaries.run("termini", ["check", dir])
        #expect(!check.stdout.contains("$screen") && !check.stderr.contains("$screen"), "\(check.stdout)\n\(check.stderr)")
        let narrow = try await BuiltBinaries.snapshot(dir, size: "40x12")
        #expect(narrow.stdout.contains("narrow layout 40x12"), "\(narrow.stdout)")
        let wide = try await BuiltBinaries.snapshot(dir, size: "120x12")
        #expect(wide.stdout.contains("wide layout 120 columns"), "\(wide.stdout)")
    }

    @Test func aResizeSwitchesLayoutsThroughScreenAndCallsOnResize() async throws {
        let dir = try BuiltBinaries.project(id: "resize", pages: ["index": Self.resizePage], script: """
            Page('index', {
              data: { resized: 'not yet' },
              onResize({ width, height }) { this.setData({ resized: width + 'x' + height }) },
            })
            """)
        let tmux = TmuxSession()
        try tmux.start("env -i \(BuiltBinaries.sanitizerEnvironment) PATH=/usr/bin:/bin TERM=tmux-256color HOME=\(NSTemporaryDirectory()) \(BuiltBinaries.path("termini")) run \(dir)",
                       width: 100, height: 30)
        defer { tmux.kill() }
        var text = try await tmux.waitForScreen(timeout: 60) { $0.contains("wide layout 100 columns") }
        #expect(text.contains("wide layout 100 columns") && text.contains("resized: not yet"), "no onResize at start: \(text)")
        _ = try tmux.tmux(["resize-window", "-t", tmux.name, "-x", "60", "-y", "20"])
        text = try await tmux.waitForScreen(timeout: 60) { $0.contains("narrow layout 60x20") && $0.contains("resized: 60x20") }
        #expect(text.contains("narrow layout 60x20") && text.contains("resized: 60x20") && !text.contains("wide layout"), "\(text)")
        _ = try tmux.tmux(["resize-window", "-t", tmux.name, "-x", "120", "-y", "30"])
        text = try await tmux.waitForScreen(timeout: 60) { $0.contains("wide layout 120 columns") && $0.contains("resized: 120x30") }
        #expect(text.contains("wide layout 120 columns") && text.contains("resized: 120x30") && !text.contains("narrow layout"), "\(text)")
    }
}
