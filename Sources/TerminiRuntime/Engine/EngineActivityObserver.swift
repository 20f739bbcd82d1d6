import TerminiBridge
import TerminiCanvas
import TerminiFrames
import TerminiScript
import TerminiTemplate

/// How a run began: what a replay needs to start the same way (`EngineActivityObserver.engineStarted`).
public struct EngineStartActivity: Sendable {
    /// The app's manifest id and version.
    public var appId: String
    public var appVersion: String
    /// The page the run opened and its query.
    public var page: String
    public var query: [String: String]
    /// The terminal's size when the run began.
    public var width: Int
    public var height: Int
    /// The seed of the run's `Math.random` (`EngineOptions.randomSeed`).
    public var randomSeed: UInt32
    /// When the run began, on the monotonic clock (nanoseconds); the other activities' times count from the same clock.
    public var startedAt: UInt64
}

/// One `setData` (or `spliceData`) as the UI thread applied it to a page.
public struct SetDataActivity: Sendable {
    public var pageId: Int
    /// The page's name; nil when the page was already gone (the patch is then dropped, and still reported).
    public var pageName: String?
    /// The patches in order; a `spliceData` (or an array that kept its ends) arrives as `.splice`.
    public var patches: [DataPatch]
    /// The script's setData number, which the page's callbacks wait for.
    public var sequence: Int
    /// Monotonic nanoseconds.
    public var appliedAt: UInt64
}

/// A bridge call as the router received it (`bridge.invoke` in the script).
public struct BridgeCallActivity: Sendable {
    /// The script's callback id: the answer carries the same one.
    public var callId: Int
    public var command: String
    public var params: JSONValue
    /// The calling page, when known.
    public var pageId: Int?
    /// The thread the command runs on: `.script` calls are routed on the JS thread, `.ui` calls on the UI thread.
    public var thread: CommandThread
    /// Monotonic nanoseconds.
    public var startedAt: UInt64
}

/// The answer to a bridge call, as it went back to the script.
public struct BridgeAnswerActivity: Sendable {
    public var callId: Int
    public var command: String
    /// The envelope the script's promise resolves (or rejects) with.
    public var outcome: CommandOutcome
    /// Monotonic nanoseconds.
    public var answeredAt: UInt64
}

/// A frame that reached the terminal.
public struct FrameActivity {
    /// 1 for the run's first frame.
    public var number: Int
    public var timing: FrameTiming
    /// The composed screen that was presented. Valid during the call only: the compositor reuses it for the next
    /// frame, so an observer that keeps it pays for a copy of every cell.
    public var screen: CellBuffer
}

/// Receives the engine's activity as it happens: each input, page, `setData`/`spliceData` patch, bridge call and
/// answer, clock read and frame. The flight recorder (`termini run`'s trace) and `termini preview`'s inspector read
/// the engine through this one seam, so neither needs hooks of its own.
///
/// Threads: input, pages, patches, script errors and frames are reported on the UI thread; bridge calls and answers
/// on whichever thread routed them (the JS thread for `.script` commands, the UI thread for `.ui` ones, a command
/// task's thread for a late answer); clock reads on the JS thread. An observer must be quick and must not call back
/// into the engine. Every method has an empty default, so an observer implements only what it reads.
public protocol EngineActivityObserver: AnyObject, Sendable {
    /// The run began: size, page, seed. Called before the script's first line runs.
    func engineStarted(_ start: EngineStartActivity)
    /// An input reached the app (after the type-ahead hold, in the order the app handles it). `at`: monotonic ns.
    func inputHandled(_ input: InputEvent, at: UInt64)
    /// A page's script created it with this initial data.
    func pageCreated(pageId: Int, name: String, data: JSONValue)
    /// A `setData` or `spliceData` was applied to a page's data.
    func setDataApplied(_ activity: SetDataActivity)
    /// The UI thread applied `count` script messages (pages, patches, UI-thread calls, logs) in one batch; a replay
    /// applies the same batches to reproduce the frames between them.
    func scriptMessagesApplied(count: Int)
    /// A bridge call reached the router.
    func bridgeCallStarted(_ call: BridgeCallActivity)
    /// A bridge call was answered.
    func bridgeCallAnswered(_ answer: BridgeAnswerActivity)
    /// The script read the clock (`Date.now()`, `new Date()`): the milliseconds since 1970 it was told.
    func scriptClockRead(milliseconds: Double)
    /// The script threw (a page's handler, main.js, an App hook).
    func scriptFailed(_ error: ScriptError)
    /// A frame reached the terminal.
    func framePresented(_ frame: FrameActivity)
}

extension EngineActivityObserver {
    public func engineStarted(_ start: EngineStartActivity) {}
    public func inputHandled(_ input: InputEvent, at: UInt64) {}
    public func pageCreated(pageId: Int, name: String, data: JSONValue) {}
    public func setDataApplied(_ activity: SetDataActivity) {}
    public func scriptMessagesApplied(count: Int) {}
    public func bridgeCallStarted(_ call: BridgeCallActivity) {}
    public func bridgeCallAnswered(_ answer: BridgeAnswerActivity) {}
    public func scriptClockRead(milliseconds: Double) {}
    public func scriptFailed(_ error: ScriptError) {}
    public func framePresented(_ frame: FrameActivity) {}
}

/// The observers of one engine (`EngineOptions.activityObservers`), told in order; with none, each report is an
/// empty loop.
struct EngineActivity: Sendable {
    let observers: [any EngineActivityObserver]

    var isObserved: Bool { !observers.isEmpty }

    func each(_ tell: (any EngineActivityObserver) -> Void) {
        for observer in observers { tell(observer) }
    }
}
