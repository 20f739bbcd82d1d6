import Foundation

/// The server's log: one timestamped line per event (a session's start and end, a refused request, a failed login),
/// written to standard error so that it never mixes with a session's screen.
public enum ServeLog {
    private static let lock = NSLock()

    /// Writes one line, `2026-11-28T01:02:03Z <text>`.
    public static func line(_ text: String) {
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withInternetDateTime])
        let data = Data("\(stamp) \(text)\n".utf8)
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(data)
    }
}
