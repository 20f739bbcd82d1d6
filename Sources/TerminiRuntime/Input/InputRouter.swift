import TerminiClock
import TerminiFrames
import TerminiScript
import TerminiTerminal
import TerminiUI

/// Where a key, click or resize goes: the whole app (Ctrl-C, resize), the open modal or key help, the top page's
/// widgets, and, for a key no widget used, the key bindings, Esc/Backspace going back and the page's `onKey`
/// (`PageKeyHook.swift`). Clicks go to the layer the compositor finds under the pointer (the title bar's back
/// arrow, or the page in its own coordinates).
///
/// Page input waits for no one: while a navigation is in flight or an error is on screen it is dropped, so a double
/// tap cannot reach the old page a second time. UI thread only.
final class InputRouter {
    let runtime: ScriptRuntime
    let navigator: Navigator
    private let overlays: OverlayPresenter
    private let frames: FramePresenter
    let scheduler: FrameScheduler
    /// Where a widget's copy (a selection) goes: the terminal's clipboard.
    var copyToClipboard: (String) -> Void = { _ in }
    /// The `?` overlay that lists the key bindings.
    var keyHelp: KeyHelpPresenter { frames.keyHelp }
    /// The terminal size as `getSystemInfo` reports it from the JS thread.
    private let publishedSize: Locked<(width: Int, height: Int)>

    init(runtime: ScriptRuntime, navigator: Navigator, overlays: OverlayPresenter, frames: FramePresenter,
         scheduler: FrameScheduler, publishedSize: Locked<(width: Int, height: Int)>)
    {
        self.runtime = runtime
        self.navigator = navigator
        self.overlays = overlays
        self.frames = frames
        self.scheduler = scheduler
        self.publishedSize = publishedSize
    }

    func handle(_ input: InputEvent) {
        switch input {
        case .resize(let width, let height):
            publishedSize.value = (width, height)
            frames.resize(width: width, height: height)
            navigator.screenResized(width: width, height: height)
            scheduler.markDirty()
        case .suspend, .resume, .terminalClosed:
            break  // the engine's: the app's lifecycle and a full repaint (Engine/Suspension.swift)
        case .key(.control("c")), .key(.control("q")):
            navigator.userLeaves(.exit)
        case _ where overlays.capturesInput:
            let screen = frames.screenSize
            overlays.handleOverlayInput(input, screenWidth: screen.width, screenHeight: screen.height, modal: frames.modal,
                                        sheetLayer: frames.actionSheet)
            if let copied = overlays.takeCopiedText() { copyToClipboard(copied) }   // the editable modal's Alt-w
        case .key(let key) where keyHelp.isOpen:
            keyHelp.handle(key)
            scheduler.markDirty()
        case .paste(let text, let clippedFrom) where keyHelp.isOpen:
            _ = (text, clippedFrom)   // the help box takes no text
        case .paste(let text, let clippedFrom):
            guard !navigator.blocksPageInput, let top = navigator.top else { return }
            let handling = top.view.handlePaste(text, clippedFrom: clippedFrom)
            deliver(handling.events, to: top)
            if !handling.used { offerUnusedPaste(text, clippedFrom: clippedFrom, to: top) }
            if top.view.needsBuild { scheduler.markDirty() }
        case .key(let key):
            guard !navigator.blocksPageInput, let top = navigator.top else {
                // An error screen or a page being opened takes no input, but Esc still leaves.
                if key == .escape { navigator.userLeaves(.escape) }
                return
            }
            let handling = top.view.handleKey(key)
            deliver(handling.events, to: top)
            if !handling.used { offerUnusedKey(key, to: top) }
            if top.view.needsBuild { scheduler.markDirty() }
        case .mouse(var mouse):
            guard !keyHelp.isOpen, !navigator.blocksPageInput, let top = navigator.top else { return }
            // The compositor knows which layer is where in the frame on screen.
            guard let hit = frames.compositor.layer(atX: mouse.x, y: mouse.y) else { return }
            mouse.x = hit.x
            mouse.y = hit.y
            if hit.layer === frames.titleBar {
                if mouse.kind == .press, navigator.stack.count > 1, frames.titleBar.pressesBack(mouse) {
                    navigator.userLeaves(.backButton)
                }
                return
            }
            if hit.layer === frames.tabStrip {
                if mouse.kind == .press, let tab = frames.tabStrip.tab(pressedBy: mouse) { navigator.userSwitchesTab(to: tab) }
                return
            }
            guard hit.layer === top.layer else { return }
            deliver(top.view.handle(.mouse(mouse)), to: top)
            if top.view.needsBuild { scheduler.markDirty() }
        }
    }

    /// Whether the last input asked the script to act (a tap, a submit, a key for a binding or `onKey`): the
    /// engine then holds the inputs after it until the script has answered, so that a dialog the answer opens gets
    /// the keys typed before it appeared (`MiniAppEngine.TypeAhead`). Read and cleared by the engine.
    var startedScriptReaction = false

    /// Event types whose handlers commonly open a dialog or navigate; edits and scrolls are not held for.
    static let reactionEventTypes: Set<UIEventType> = [.tap, .submit, .key, .pullDownRefresh, .select, .activate]

    /// Sends the page's events to its script: the input's own, then any that catching up on layout produced (a
    /// list that scrolled into its end).
    func deliver(_ events: [UIEvent], to top: PageEntry) {
        if let copied = top.view.takeCopiedText() { copyToClipboard(copied) }
        for event in events + top.view.takeEvents() {
            if Self.reactionEventTypes.contains(event.type) { startedScriptReaction = true }
            // The runtime adds `timeStamp` (ms since the page opened), as for every event it dispatches.
            runtime.dispatchEvent(pageId: top.pageId, handler: event.handler, event: event.eventObject, loc: event.loc,
                                  ifDefined: event.ifDefined, component: event.component)
        }
    }
}
