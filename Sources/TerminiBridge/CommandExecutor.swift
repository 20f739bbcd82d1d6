import Dispatch

/// Where commands' `run` tasks execute: threads of their own, never Swift's cooperative pool.
///
/// The cooperative pool has one thread per core. A host that blocks one of them (a synchronous test that waits for
/// the app to settle, a server handler that waits on a lock) would otherwise hold back every storage write and
/// request of every app in the process; on a two-core machine two such waits starved the commands until the waits
/// gave up. A concurrent dispatch queue grows its threads when they block on SQLite or the disk, as a command may.
public final class CommandExecutor: TaskExecutor, @unchecked Sendable {
    /// The one executor every router uses: commands are short, and their threads are shared.
    public static let shared = CommandExecutor()

    private let queue = DispatchQueue(label: "termini.commands", attributes: .concurrent)

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
