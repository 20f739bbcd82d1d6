import Foundation
import Testing
import TerminiTemplate
import TerminiUI
@testable import TerminiRuntime

/// `setTheme` and `getTheme` against an app with a light and a dark theme: the screen repaints in the new theme,
/// and bad names fail with what the app has.
@Suite struct ThemeCommandTests {
    static let themes = try! ThemeSet(json: try! JSONValue.parse(##"""
        {"light": {"page": {}}, "dark": {"page": {"color": "brightWhite", "background": "#262626"}}}
        """##), order: ["light", "dark"])

    func background(_ h: EngineHarness, x: Int, y: Int) -> TerminalColor {
        h.engine.frames.compositor.front[x, y].style.background
    }

    @Test func setThemeRepaintsEveryCellAndGetThemeSaysWhichIsShown() throws {
        let h = try EngineHarness(pages: ["a"], action: """
        function ACTION() {
          report(bridge.invoke('setTheme', { name: 'dark' }).then(() => bridge.invoke('getTheme'))
            .then(r => { log('theme ' + r.name + ' of ' + r.themes.join(',')); return r }))
        }
        """, themes: Self.themes)
        h.start()
        try h.play("settle\n")
        #expect(background(h, x: 30, y: 8) == .default, "the first theme, light, has a plain page")
        try h.play("key Enter\nsettle\n")
        #expect(h.log.contains("theme dark of light,dark,high-contrast"), "\(h.log)")
        #expect(background(h, x: 30, y: 8) == .rgb(0x26, 0x26, 0x26) && background(h, x: 0, y: 1) == .rgb(0x26, 0x26, 0x26))
        #expect(h.engine.frames.compositor.front[0, 1].style.foreground == .index(15))
    }

    @Test func anUnknownThemeOrAnAppWithoutThemesFailsNamingWhatThereIs() throws {
        let action = "function ACTION() { report(bridge.invoke('setTheme', { name: 'blue' })); report(bridge.invoke('setTheme', {})) }"
        let h = try EngineHarness(pages: ["a"], action: action, themes: Self.themes)
        h.start()
        try h.play("key Enter\nsettle\n")
        #expect(h.log.contains("fail 3 setTheme:fail setTheme: no theme 'blue'; the app's themes are 'light', 'dark', and the built-in 'high-contrast'"), "\(h.log)")
        #expect(h.log.contains { $0.hasPrefix("fail 3 setTheme:fail") && $0.contains("'name'") }, "\(h.log)")
        let none = try EngineHarness(pages: ["a"], action: action)
        none.start()
        try none.play("key Enter\nsettle\n")
        #expect(none.log.contains("fail 3 setTheme:fail setTheme: no theme 'blue'; the app declares no themes in app.json; the built-in themes are 'light', 'dark', 'high-contrast'"), "\(none.log)")
    }

    /// A project's app.json is read from its text (`termini run <project>`, preview, check): the app starts in the
    /// theme written first, as its packed bundle does, not in the alphabetically first.
    @Test func appJSONTextKeepsTheThemesInTheOrderWritten() throws {
        let text = """
            {"id": "s", "version": "1.0.0", "pages": ["index"],
             "themes": {"light": {"page": {}}, "dark": {"page": {"background": "#262626"}}, "amber": {"page": {}}}}
            """
        let manifest = try BundleManifest(text: text, file: "app.json")
        #expect(manifest.themes.names == ["light", "dark", "amber"])
        let packed = try BundleManifest(text: manifest.json.prettySerialized(), file: "manifest.json")
        #expect(packed.themes.names == ["light", "dark", "amber"], "manifest.json keeps the order in themeOrder")
    }
}

/// The `--perf` panel (on by default in `termini preview`) takes the screen's last row for itself: the page, the
/// title bar and the footer keep all of theirs.
@Suite struct PerformanceHUDRowTests {
    @Test func thePanelHasARowOfItsOwnUnderThePage() throws {
        let h = try EngineHarness(pages: ["a"], action: "function ACTION() {}", size: (60, 6), performanceHUD: true)
        h.start()
        try h.play("settle\n")
        let screen = h.screen
        #expect(screen[0].hasPrefix(" Title a"), "\(screen)")
        #expect(screen[1].hasPrefix("a: hello") && !screen[1].contains("FPS"), "the page's first row is whole: \(screen)")
        #expect(screen[5].hasPrefix(" FPS "), "\(screen)")
        #expect(!screen[0...4].contains { $0.contains("FPS") })
    }
}

/// A theme's mistakes in app.json name the file and the line of the key at fault.
@Suite struct ThemeFileErrorTests {
    func error(_ themes: String) -> String {
        let text = """
            {
              "id": "s", "version": "1.0.0", "pages": ["index"],
              "themes": {
                "mine": {
                  "extends": "dark",
            \(themes)
                }
              }
            }
            """
        do {
            _ = try BundleManifest(text: text, file: "/p/app.json")
            return "accepted"
        } catch { return "\(error.file): \(error.message)" }
    }

    @Test func anUnknownStateWidgetClassOrBaseThemeIsAnErrorAtFileAndLine() {
        #expect(error(#"      "danger": {"color": "red"},\#n      "Button:hover": {"style": "bold"}"#)
            == "/p/app.json:7: $.themes.mine.Button:hover: unknown state 'hover'; the states are focused, selected, disabled, error, placeholder")
        #expect(error(#"      "Buton:focused": {"style": "bold"}"#).hasPrefix("/p/app.json:6: $.themes.mine.Buton:focused: unknown widget class 'Buton'"))
        #expect(error(#"      ".primary:pressed": {}"#).hasPrefix("/p/app.json:6: $.themes.mine..primary:pressed: unknown state 'pressed'"))
        #expect(error(#"      "focused": {"color": "redd"}"#).hasPrefix("/p/app.json:6: $.themes.mine.focused.color: 'redd' is not a colour"))
        #expect(error(#"      "Button:focused": {"style": "bold"}, ".primary:disabled": {"color": "gray"}"#) == "accepted")
    }

    @Test func extendingAThemeThatIsNotThereNamesTheExtendsLine() throws {
        let text = """
            {"id": "s", "version": "1.0.0", "pages": ["index"],
             "themes": {
               "mine": {"extends": "sepia"}
             }}
            """
        #expect(throws: BundleLoadError.self) { try BundleManifest(text: text, file: "app.json") }
        do { _ = try BundleManifest(text: text, file: "app.json") } catch {
            #expect(error.file == "app.json:3")
            #expect(error.message.hasPrefix("$.themes.mine.extends: no theme 'sepia' to extend; themes are 'light', 'dark', 'high-contrast', 'mine'"))
        }
    }
}
