import Foundation
import Testing
import TerminiBridge
import TerminiScript
import TerminiTemplate
import TerminiUI
@testable import TerminiRuntime

/// The engine's own screens, built from widgets, in each built-in theme: their text, colours and attributes as a
/// user sees them (the golden-screen form of `StyledScreenText`). `ChromeSnapshotGoldens` holds what they must be.
@Suite struct ChromeSnapshotTests {
    static let themes = ["light", "dark", "high-contrast"]

    /// A pushed page's title bar, a modal with Cancel focused over it, the tab strip and the footer.
    static func dialogScene(_ theme: Theme) -> CellBuffer {
        let title = TitleBarLayer()
        title.title = "Inbox"
        title.canGoBack = true
        let modal = ModalLayer()
        modal.modal = ModalOverlay(title: "Delete?", content: "This cannot be undone.", confirmText: "Delete",
                                   cancelText: "Cancel", showCancel: true, reply: CommandReply(name: "showModal", deliver: { _ in }))
        let tabs = TabBarLayer()
        tabs.tabs = [TabBar.Item(page: "inbox", text: "Inbox"), TabBar.Item(page: "sent", text: "Sent")]
        tabs.selected = "inbox"
        let footer = FooterLayer()
        footer.bindings = KeyBindings(page: [KeyBinding(key: try! KeyChord(parsing: "ctrl+r"), handler: "refresh", label: "Refresh")], app: [])
        let regions = ScreenRegions(width: 40, height: 12, title: true, tabStrip: true, footer: true, performancePanel: false)
        title.region = regions.title!
        tabs.region = regions.tabStrip!
        footer.region = regions.footer!
        return compose([title, tabs, footer, modal], theme: theme, width: 40, height: 12)
    }

    /// The loading box and an action sheet with its second choice current.
    static func sheetScene(_ theme: Theme) -> CellBuffer {
        let sheet = ActionSheetLayer()
        sheet.sheet = ActionSheetOverlay(items: ["Copy", "Delete"], focused: 1, reply: CommandReply(name: "showActionSheet", deliver: { _ in }))
        let loading = LoadingLayer()
        loading.loading = LoadingOverlay(title: "Syncing")
        return compose([loading, sheet], theme: theme, width: 30, height: 12)
    }

    /// A success toast under an error toast, the newest lowest.
    static func toastScene(_ theme: Theme) -> CellBuffer {
        let toast = ToastLayer()
        toast.toasts = [ToastOverlay(title: "Offline", level: .error, expiresAt: 0), ToastOverlay(title: "Saved!", level: .success, expiresAt: 0)]
        return compose([toast], theme: theme, width: 24, height: 8)
    }

    /// `showModal({title, editable: true})` as the presenter makes it: the field has the focus.
    static func editableModal(title: String) -> ModalOverlay {
        var overlay = ModalOverlay(title: title, content: "", confirmText: "OK", cancelText: "Cancel", showCancel: true,
                                   reply: CommandReply(name: "showModal", deliver: { _ in }))
        overlay.editable = true
        overlay.focus = .field
        return overlay
    }

    /// An editable modal whose field failed its check on OK.
    static func fieldScene(_ theme: Theme) -> CellBuffer {
        let modal = ModalLayer()
        var overlay = editableModal(title: "Points")
        overlay.placeholder = "1 to 13"
        overlay.checks = FieldChecks(kind: .integer, rules: [.required(message: "Points please")])
        modal.modal = overlay
        modal.theme = theme
        _ = modal.handle(.key(.enter), width: 44, height: 12)
        return compose([modal], theme: theme, width: 44, height: 12)
    }

    /// A failed handler's error screen, which keeps its own colours in every theme.
    static func errorScene(_ theme: Theme) -> CellBuffer {
        let error = ErrorScreenLayer()
        error.error = ScriptError(kind: .exception, message: "TypeError: x is not a function", stack: "reset@main.js:53:64\nguarded@core.js:67:24",
                                  fileName: "main.js", line: 53, column: 64, handler: "reset")
        return compose([error], theme: theme, width: 36, height: 12)
    }

    static func compose(_ layers: [any CompositorLayer], theme: Theme, width: Int, height: Int) -> CellBuffer {
        for case let layer as any ThemedLayer in layers { layer.theme = theme }
        let compositor = Compositor(width: width, height: height)
        compositor.compose(layers)
        return compositor.back
    }

    static let scenes: [(name: String, scene: @Sendable (Theme) -> CellBuffer)] = [("dialog", dialogScene), ("sheet", sheetScene), ("toast", toastScene), ("field", fieldScene),
                                                                          ("error", errorScene)]

    @Test(arguments: themes) func theEngineScreensInABuiltInTheme(_ name: String) throws {
        let theme = try #require(BuiltinThemes.theme(named: name))
        for (scene, render) in Self.scenes {
            let shown = StyledScreenText.encode(render(theme))
            // TERMINI_CHROME_GOLDENS=<dir> writes what is shown there, to review and take as the new goldens.
            if let dir = ProcessInfo.processInfo.environment["TERMINI_CHROME_GOLDENS"] {
                try shown.write(toFile: "\(dir)/\(name) \(scene).screen", atomically: true, encoding: .utf8)
            }
            #expect(shown == ChromeSnapshotGoldens.screens["\(name) \(scene)"], "\(name) \(scene):\n\(shown)")
        }
    }

    /// The modal's field keeps what was typed when a resize gives the dialog another width, and OK answers it.
    @Test func aResizeKeepsWhatWasTypedInTheModalsField() {
        let modal = ModalLayer()
        var overlay = Self.editableModal(title: "Name")
        overlay.text = "old"
        modal.modal = overlay
        #expect(modal.handle(.paste(" new", clippedFrom: nil), width: 80, height: 12) == nil)
        let narrow = Self.compose([modal], theme: Theme(), width: 30, height: 12)
        #expect(narrow.renderText().contains("old new"))
        #expect(modal.handle(.key(.enter), width: 30, height: 12) == .confirm("old new"))
    }

    /// Content taller than the screen scrolls inside the dialog: its buttons and its border stay on screen.
    @Test func aLongModalKeepsItsButtonsOnAShortScreen() {
        let modal = ModalLayer()
        let content = (1...30).map { "Line \($0) of the terms." }.joined(separator: "\n")
        modal.modal = ModalOverlay(title: "Terms", content: content, confirmText: "Agree", cancelText: "Cancel", showCancel: true,
                                   reply: CommandReply(name: "showModal", deliver: { _ in }))
        let rows = Self.compose([modal], theme: Theme(), width: 40, height: 10).renderText().split(separator: "\n")
        #expect(rows.contains { $0.contains("[ Cancel ]  [ Agree ]") }, "\(rows)")
        #expect(rows.contains { $0.contains("Line 1 of") } && rows.contains { $0.contains("╰") }, "\(rows)")
    }

    /// A frame whose chrome shows what the last showed builds no tree and patches no data; a changed title
    /// patches the data of the same tree.
    @Test func aFrameWithNoChromeChangeRebuildsNothing() {
        let screen = EngineScreen(surface: EngineSurface.titleBar)
        var built = 0
        let content = { (title: String) -> (root: TemplateNode, data: [String: JSONValue]) in
            built += 1
            return (ChromeNode.text("title", wrap: false), ["title": .string(title)])
        }
        var buffer = CellBuffer(width: 20, height: 1)
        for title in ["Inbox", "Inbox", "Inbox", "Sent"] {
            screen.show(title, content)
            screen.layout(width: 20, height: 1)
            screen.paint(into: &buffer, at: CellRect(x: 0, y: 0, width: 20, height: 1))
        }
        #expect(built == 2)
        #expect(buffer.renderText().hasPrefix("Sent"))
        #expect(!screen.view.needsBuild)
    }
}
