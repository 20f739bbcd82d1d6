import Foundation
import TerminiScript

/// Where and when `termini run` writes a trace by itself: when the script fails, into the store's trace folder for
/// the app (`<store>/traces/<app id>/`), never anywhere else (docs/CLI.md, "Traces"). An explicit `--trace FILE` is
/// the user's own choice and is written on exit wherever it says.
public final class AutomaticTrace: EngineActivityObserver, @unchecked Sendable {
    /// The store's folder for an app's traces.
    public static func folder(store: String, appId: String) -> String { store + "/traces/" + appId }

    /// The file this run writes to when its script fails.
    public let path: String
    private let recorder: FlightRecorder
    private let console: @Sendable (String) -> Void
    private let lock = NSLock()
    private var written = false

    /// `appId` must be a manifest id (the loader checked it), so the path stays inside the store's folder.
    public init(recorder: FlightRecorder, store: String, appId: String, console: @escaping @Sendable (String) -> Void,
                now: Date = Date())
    {
        self.recorder = recorder
        self.console = console
        path = Self.folder(store: store, appId: appId) + "/\(Self.stamp(now))-\(getpid()).trace"
    }

    /// `now` in UTC as ISO 8601 without colons (`2026-11-28T113000Z`), which file names on every system accept.
    /// Formatted by libc: an `ISO8601DateFormatter` loads ICU's calendar, about a millisecond of every launch.
    static func stamp(_ now: Date) -> String {
        var seconds = time_t(now.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let count = strftime(&text, text.count, "%Y-%m-%dT%H%M%SZ", &parts)
        return String(decoding: text[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a trace was written (its path goes to standard error on exit).
    public var wasWritten: Bool { lock.withLock { written } }

    /// Each script error rewrites the trace, so it ends with the latest one.
    public func scriptFailed(_ error: ScriptError) {
        // The error's own record is appended by the recorder, which is told first.
        do {
            try recorder.write(to: path)
            lock.withLock { written = true }
            console("[trace] the script failed; trace written to \(path) (replay it: termini replay \(path))")
        } catch {
            console("[trace] \(error)")
        }
    }
}
