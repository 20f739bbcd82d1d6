import Testing
@testable import TerminiRuntime
import TerminiUI

/// `termini snapshot --format`: ANSI keeps colours and attributes; SVG and HTML draw them in RGB, with the theme's
/// `page` colours for the terminal's default ones, and escape what the screen holds.
@Suite struct ScreenFormatTests {
    static func screen() -> CellBuffer {
        var screen = CellBuffer(width: 8, height: 2)
        screen.write("<a&b>", x: 0, y: 0, style: CellStyle(foreground: .index(1), attributes: .bold))
        screen.write("hi", x: 0, y: 1, style: CellStyle(foreground: .index(123), background: .rgb(1, 2, 3)))
        return screen
    }

    @Test func ansiWritesSGRForColoursAndAttributesAndResetsEachRow() {
        #expect(ScreenFormat.ansi.render(Self.screen(), colors: .xterm)
            == "\u{1B}[0;1;31m<a&b>\u{1B}[0m\n\u{1B}[0;38;5;123;48;2;1;2;3mhi\u{1B}[0m")
        #expect(ScreenFormat.text.render(Self.screen(), colors: .xterm) == "<a&b>\nhi")
    }

    @Test func svgAndHTMLDrawTheScreenInRGBWithTheThemesPageColours() {
        let theme = Theme(name: "dark", styles: [Theme.pageStyle: ThemeStyle(foreground: .index(15), background: .rgb(0x26, 0x26, 0x26))])
        let colors = ScreenColors(theme: theme)
        #expect(colors.background.hex == "#262626" && colors.foreground.hex == "#ffffff")
        let svg = ScreenFormat.svg.render(Self.screen(), colors: colors)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("<rect width=\"100%\" height=\"100%\" fill=\"#262626\"/>"))
        #expect(svg.contains("fill=\"#cd0000\"") && svg.contains("font-weight=\"bold\">&lt;a&amp;b&gt;</text>"))
        #expect(svg.contains("fill=\"#010203\""), "the second row's background")
        let html = ScreenFormat.html.render(Self.screen(), colors: colors)
        #expect(html.contains("background: #262626") && html.contains("<span style=\"color:#cd0000;font-weight:bold\">&lt;a&amp;b&gt;</span>"))
        #expect(html.contains("<span style=\"color:#87ffff;background:#010203\">hi</span>"))
    }
}
