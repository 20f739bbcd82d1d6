import Foundation

/// A value the UI thread publishes for other threads: the page stack for stall reports, the terminal size for
/// `getSystemInfo`.
package final class Published<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value
    package init(_ value: Value) { storage = value }
    package var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return storage }
        set { lock.lock(); storage = newValue; lock.unlock() }
    }
}
