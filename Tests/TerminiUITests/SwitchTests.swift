import Testing
import TerminiTemplate
@testable import TerminiUI

/// `Switch`: drawn on and off, toggled by Space, Enter and a click with the new value, clipped at narrow widths,
/// and a bad prop is an error box naming the node.
@Suite struct SwitchTests {
    let root = node("Column", [:], [
        node("Switch", ["isOn": "{{dark}}", "label": "Dark mode", "onToggle": "setDark"], loc: "settings.swift:4:9"),
    ])

    @Test func drawsOnAndOffWithItsLabel() {
        #expect(render(root, data: ["dark": true], width: 20, height: 1) == "[━━●] Dark mode")
        #expect(render(root, data: ["dark": false], width: 20, height: 1) == "[●━━] Dark mode")
        // Missing data reads as off, as a WeChat switch bound to undefined.
        #expect(render(root, data: [:], width: 20, height: 1) == "[●━━] Dark mode")
    }

    @Test func spaceEnterAndClickToggleWithTheNewValue() {
        let page = PageView(root: root, data: ["dark": false])
        _ = page.renderText(width: 20, height: 2)
        #expect(page.handle(.key(.space)).isEmpty)  // nothing focused yet
        _ = page.handle(.key(.tab))
        _ = page.renderText(width: 20, height: 2)
        let events = page.handle(.key(.space)) + page.handle(.key(.enter))
        #expect(events.map(\.handler) == ["setDark", "setDark"])
        #expect(events.allSatisfy { $0.type == .toggle && $0.detail == ["value": true] && $0.loc == "settings.swift:4:9" })
        page.apply([(path("dark"), true)])
        _ = page.renderText(width: 20, height: 2)
        let click = page.handle(.mouse(MouseEvent(x: 2, y: 0, kind: .press)))
        #expect(click.map(\.detail) == [["value": false]])
    }

    @Test func focusShowsAndNarrowTerminalsClipWithoutCrashing() {
        let page = PageView(root: root, data: ["dark": true])
        _ = page.handle(.key(.tab))
        #expect(page.focusedLoc == "settings.swift:4:9")
        #expect(page.focusEditsText == false)
        #expect(page.renderText(width: 7, height: 1) == "[━━●] …", "a label that does not fit ends in …")
        #expect(page.renderText(width: 3, height: 1) == "[━━")
        #expect(page.renderText(width: 0, height: 0) == "")
    }

    @Test func aBadPropIsAnErrorBoxWithTheLoc() {
        let bad = node("Switch", ["isOn": true, "label": ["not": "text"]], loc: "p.swift:7:3")
        let page = PageView(root: bad, data: [:])
        let text = page.renderText(width: 60, height: 4)
        #expect(text.contains("p.swift:7:3"))
        #expect(page.diagnostics.map(\.description) == ["p.swift:7:3: Switch.label: expected String, found object {\"not\":\"text\"}"])
    }
}
