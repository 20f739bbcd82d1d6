import Foundation
import TemplateCompiler
import TerminiClock
import TerminiFrames
import TerminiRuntime
import TerminiTemplate
import TerminiTerminal

/// `termini preview <project>`: runs a project and reloads it as the author saves.
///
/// - A saved `pages/*.swift` is recompiled (TemplateCompiler library, in process) and every open page re-renders
///   with its data, focus and navigation stack kept.
/// - A saved `main.js` or `app.json` restarts the app with the new script (a new script runtime) at its first page,
///   with the new script's initial data on screen at once: what the author changed in `data` is what they see. The
///   new script is first tried headless, so a script that fails to start leaves the running app in place.
/// - `r` restarts the app (typed into a focused text field, it is just a letter).
/// - A compile or start-up script error is drawn as an overlay naming `file:line:col`; the last good screen stays
///   underneath until a save fixes it.
/// - F12 opens the inspector pane beside the app, and `--inspect-socket` answers the same sections as JSON
///   (`Inspector/`).
public final class PreviewSession {
    public let project: String
    let backend: PreviewBackend
    let options: EngineOptions
    let watcher: ProjectWatcher
    private(set) var engine: MiniAppEngine
    private let clock = MonotonicClock.system
    /// When the project was last checked for saves, in the clock's nanoseconds.
    private var lastPoll: UInt64
    /// How often the project is checked for saves.
    public var pollInterval: Duration = .milliseconds(100)
    /// Called after every frame is on screen.
    public var onFrame: ((FrameTiming) -> Void)?
    /// Counts applied reloads (template swaps and restarts), so callers can wait for the next one.
    public private(set) var reloadCount = 0
    /// The overlay's lines while a compile or script error is showing.
    public var overlayLines: [String]? { errorLayer.lines }
    /// The error box, kept across restarts and handed to each new engine.
    private let errorLayer = PreviewErrorLayer()
    /// The app's activity the inspector shows, kept across restarts.
    let inspectorLog: InspectorLog
    /// The `--inspect-socket` listener, if asked for.
    private var inspectorSocket: InspectorSocket?
    /// The log's version the pane last showed.
    private var paneVersion = -1
    var inspectorSource: InspectorSource { InspectorSource(engine: engine, log: inspectorLog) }
    public var isFinished: Bool { engine.isFinished }
    /// The screen as text (the engine's last frame, without the overlay).
    public var screenText: String { engine.screenText }

    /// Loads and compiles the project; a project that does not compile at all has no good screen to keep, so that
    /// is an error here.
    /// `inspectSocket` is a path to answer the inspector's requests at (`termini preview --inspect-socket`).
    public init(project: String, backend: any TerminalBackend, options: EngineOptions, inspectSocket: String? = nil) throws {
        let wrapped = PreviewBackend(base: backend)
        self.project = project
        self.backend = wrapped
        var options = options
        options.hostKeys += PreviewBackend.keys
        let log = InspectorLog()
        inspectorLog = log
        options.activityObservers.append(log)
        self.options = options
        watcher = ProjectWatcher(folder: project)
        lastPoll = clock.now()
        engine = try MiniAppEngine(bundle: try ProjectLoader.load(folder: project), backend: wrapped, options: self.options)
        if let inspectSocket { inspectorSocket = try InspectorSocket(path: inspectSocket) }
        attach(engine)
        wrapped.refreshInspector = { [unowned self] pane in pane.refresh(from: inspectorSource) }
    }

    private func attach(_ engine: MiniAppEngine) {
        engine.onFrame = { [weak self] timing in self?.onFrame?(timing) }
        engine.hostLayers = [errorLayer]
    }

    public func start() { engine.start() }

    /// Stops the app and closes the inspector socket (removing its file).
    public func stop() {
        engine.stop()
        inspectorSocket?.close()
    }

    /// Runs until the user quits.
    public func runInteractive() {
        start()
        while !engine.isFinished { step(maxWaitMilliseconds: nil) }
        stop()
    }

    /// One engine step, capped so that the project is polled on time, then the reload work that is due.
    public func step(maxWaitMilliseconds: Int?) {
        let interval = MonotonicClock.nanoseconds(pollInterval)
        let sincePoll = clock.now() &- lastPoll
        let untilPoll = sincePoll >= interval ? 0 : Int((interval - sincePoll) / 1_000_000)
        engine.step(maxWaitMilliseconds: min(maxWaitMilliseconds ?? untilPoll, untilPoll))
        serveInspector()
        if backend.restartRequested {
            backend.restartRequested = false
            restart()
        }
        if clock.now() &- lastPoll >= interval {
            lastPoll = clock.now()
            let changes = watcher.poll()
            if changes.script { restart() } else if changes.pages { reloadPages() }
        }
    }

    /// Answers the socket's waiting requests, and shows the pane again when a key moved in it or a diff or bridge
    /// call came in since it was painted.
    private func serveInspector() {
        inspectorSocket?.poll { line in InspectorRequest.answer(line, from: inspectorSource) }
        guard backend.inspector != nil else { return }
        let version = inspectorLog.version
        if backend.paneNeedsPaint || version != paneVersion {
            paneVersion = version
            backend.presentPane()
        }
    }

    /// Recompiles every page file and swaps the templates into the running app.
    func reloadPages() {
        let pages: [String: TemplateFile]
        do { pages = try ProjectLoader.compile(project: project).pages } catch let error as ProjectCompileError {
            return show(error.diagnostics.map(\.description))
        } catch { return show(["\(error)"]) }
        errorLayer.lines = nil
        engine.requestFrame()
        engine.reloadTemplates(pages)
        reloadCount += 1
    }

    /// Reloads the whole project and starts it again from its first page and its initial data, unless it fails to
    /// compile or to start.
    func restart() {
        let bundle: LoadedBundle
        do { bundle = try ProjectLoader.load(folder: project) } catch {
            return show("\(error)".split(separator: "\n").map(String.init))
        }
        if let failure = Self.probeStart(bundle, size: backend.size, options: options) { return show(failure) }
        let next: MiniAppEngine
        do { next = try MiniAppEngine(bundle: bundle, backend: backend, options: options) } catch {
            return show(["\(error)"])
        }
        engine.stop()
        engine = next
        attach(next)
        errorLayer.lines = nil
        next.invalidateScreen()
        next.start()
        reloadCount += 1
    }

    /// Starts `bundle` headless and reports a script error before its first page, if any, as overlay lines: the
    /// location first (it is what the author needs), then the message.
    static func probeStart(_ bundle: LoadedBundle, size: (width: Int, height: Int), options: EngineOptions) -> [String]? {
        var quiet = options
        quiet.console = { _ in }
        // The probe's own calls and frames are not the app's: the inspector hears only the engine on screen.
        quiet.activityObservers = []
        // A scratch store: the probe's storage calls work (an app may not catch their failure) but never touch the
        // app's real data.
        quiet.storeDirectory = NSTemporaryDirectory() + "termini-preview-probe-\(getpid())"
        quiet.timingsPath = nil
        guard let probe = try? MiniAppEngine(bundle: bundle, backend: HeadlessBackend(width: size.width, height: size.height),
                                             options: quiet) else { return nil }
        probe.start()
        defer { probe.stop() }
        probe.waitForScriptIdle(timeout: .seconds(1))
        for _ in 0..<3 { probe.step(maxWaitMilliseconds: 0) }
        guard case .failed = probe.firstLaunchState, let error = probe.appError ?? probe.stack.last?.error else { return nil }
        return [error.location ?? bundle.scriptName, "\(ErrorScreen.title(for: error.kind)): \(error.message)"]
    }

    private func show(_ lines: [String]) {
        errorLayer.lines = lines.isEmpty ? ["unknown error"] : lines
        engine.requestFrame()
    }
}
