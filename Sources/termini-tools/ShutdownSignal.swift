import Dispatch
import Foundation
import Synchronization

/// SIGTERM and SIGINT, caught on a dispatch queue instead of ending the process: the server first ends its sessions.
final class ShutdownSignal {
    private static let finished = DispatchSemaphore(value: 0)
    private let sources: [any DispatchSourceSignal]

    init() {
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        }
    }

    /// Runs `shutDown` on the first signal only, then lets `waitForShutdown` return.
    func onSignal(_ shutDown: @escaping @Sendable (String) -> Void) {
        let started = FirstSignal()
        for (source, name) in zip(sources, ["SIGTERM", "SIGINT"]) {
            source.setEventHandler {
                guard !started.seen.exchange(true, ordering: .relaxed) else { return }
                shutDown(name)
                Self.finished.signal()
            }
            source.resume()
        }
    }

    /// Blocks until a signal's shutdown has finished.
    func waitForShutdown() { Self.finished.wait() }
}

/// Whether a shutdown signal has arrived: a second SIGTERM while the first one's shutdown runs changes nothing.
private final class FirstSignal: Sendable {
    let seen = Atomic(false)
}
