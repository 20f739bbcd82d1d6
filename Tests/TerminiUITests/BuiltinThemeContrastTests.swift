import Foundation
import Testing
import TerminiTemplate
@testable import TerminiUI

/// WCAG 2.x contrast of the built-in themes: every text style pair of `high-contrast` reaches AA (4.5:1).
@Suite struct BuiltinThemeContrastTests {
    /// WCAG's relative luminance of an sRGB colour.
    static func luminance(_ c: (r: Int, g: Int, b: Int)) -> Double {
        func channel(_ v: Int) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    }

    static func contrast(_ a: (r: Int, g: Int, b: Int), _ b: (r: Int, g: Int, b: Int)) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The colours text in `style` shows in, over `under` (what it is drawn on), as a terminal draws it.
    static func pair(_ style: ThemeStyle, under: ThemeStyle) -> (fg: (r: Int, g: Int, b: Int), bg: (r: Int, g: Int, b: Int))? {
        guard let fg = (style.foreground ?? under.foreground)?.rgbComponents,
              let bg = (style.background ?? under.background)?.rgbComponents else { return nil }
        return style.attributes.contains(.reverse) ? (bg, fg) : (fg, bg)
    }

    /// Every style text can be drawn in under `theme`, named, with what it is drawn over.
    static func textStyles(_ theme: Theme) -> [(name: String, style: ThemeStyle, under: ThemeStyle)] {
        let page = theme.styles[Theme.pageStyle] ?? ThemeStyle()
        let overlay = theme.surface(EngineSurface.overlay).merged(over: page)
        var all: [(String, ThemeStyle, ThemeStyle)] = [("page", page, page)]
        for kind in WidgetCatalogInfo.classNames {
            for state in ThemeState.allCases { all.append(("\(kind):\(state)", theme.style(state, kind: kind), page)) }
            // A Select's open list shows its current option over the overlay's colours.
            all.append(("\(kind):selected over overlay", theme.style(.selected, kind: kind), overlay))
        }
        for (name, style) in theme.styles { all.append((name, style, page)) }
        for name in EngineSurface.all where name != EngineSurface.border {
            let onOverlay = name.hasPrefix("toast") || name == EngineSurface.overlay
            all.append((name, theme.surface(name), onOverlay ? overlay : page))
        }
        all.append(("border", theme.surface(EngineSurface.border), overlay))
        let bar = theme.surface(EngineSurface.tabBar).merged(over: page)
        all.append(("tabBar:selected", theme.surface(EngineSurface.tabBar, state: .selected), bar))
        return all
    }

    @Test func highContrastReachesAAForEveryTextStyle() throws {
        let theme = try #require(BuiltinThemes.theme(named: "high-contrast"))
        let styles = Self.textStyles(theme)
        #expect(styles.count > 200)
        for (name, style, under) in styles {
            #expect(!style.attributes.contains(.dim), "\(name): dim has no contrast a theme can promise")
            guard let (fg, bg) = Self.pair(style, under: under) else {
                Issue.record("\(name): leaves a colour to the terminal, so its contrast is unknown")
                continue
            }
            let ratio = Self.contrast(fg, bg)
            #expect(ratio >= 4.5, "\(name): \(fg) on \(bg) is \(ratio):1")
        }
    }

    @Test func theContrastFormulaMatchesWCAGsFigures() {
        #expect(abs(Self.contrast((0, 0, 0), (255, 255, 255)) - 21) < 0.001)
        #expect(abs(Self.contrast((0x76, 0x76, 0x76), (255, 255, 255)) - 4.54) < 0.01, "#767676 on white: the AA edge")
        // The engine's look leaves colours to the terminal, so it cannot be checked (and is not claimed to pass).
        #expect(Self.pair(Theme().style(.focused, kind: "Button"), under: ThemeStyle()) == nil)
    }

    @Test func everyBuiltInThemeStylesEveryStateAndSurfaceWithColours() throws {
        for name in BuiltinThemes.names {
            let theme = try #require(BuiltinThemes.theme(named: name))
            for state in ThemeState.allCases {
                let own = theme.stateLayers.first?[ThemeStateKey(.everyWidget, state)]
                #expect(own?.foreground != nil || own?.background != nil, "\(name) \(state)")
            }
            for surface in EngineSurface.all { #expect(theme.styles[surface] != nil, "\(name) \(surface)") }
        }
    }
}

extension ThemeStyle {
    /// This style's colours where it sets them, else `base`'s; both attribute sets.
    func merged(over base: ThemeStyle) -> ThemeStyle {
        ThemeStyle(foreground: foreground ?? base.foreground, background: background ?? base.background,
                   attributes: attributes.union(base.attributes))
    }
}
