import TerminiScript
import TerminiTemplate

/// Ctrl-Z and `fg`: the app hears it is going to the background before the terminal is handed back, and is
/// repainted whole when it comes back, as a WeChat mini-program hears `onHide`/`onShow` when WeChat is backgrounded.
extension MiniAppEngine {
    /// How long the hide hooks may run (and what they start: a `setStorage` that saves a draft) before the process
    /// stops anyway.
    static let suspendGrace: Duration = .milliseconds(500)

    /// The visible page's `onHide`, then the App's; then the backend stops the process. When it is continued, the
    /// App's `onShow`, then the page's, and a frame that writes every cell.
    func suspend() {
        let top = navigator.blocksPageInput ? nil : navigator.top
        if let top { runtime.callLifecycle(pageId: top.pageId, .hide) }
        runtime.callAppLifecycle(.hide)
        waitForScriptIdle(timeout: Self.suspendGrace)
        applyScriptMessages()
        // Stopped is not stalled: the watchdog must not report the time spent in the background.
        watchdog.idle("ui")
        backend.suspend()
        watchdog.beat("ui")
        runtime.callAppLifecycle(.show, argument: .object(["path": .string(top?.name ?? bundle.launchPage),
                                                           "reason": .string("resume")]))
        if let top, navigator.top === top { runtime.callLifecycle(pageId: top.pageId, .show) }
        invalidateScreen()
    }
}
