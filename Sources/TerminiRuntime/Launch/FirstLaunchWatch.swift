import TerminiFrames
import TerminiScript

/// Hooks the host uses around an app's first frame. Kept apart from the engine's own files: it only reads the
/// engine's state after each frame.
extension MiniAppEngine {
    /// How the app's first launch went so far, judged from what the last frame showed.
    package enum FirstLaunchState: Equatable {
        /// No page on screen yet (the script is still starting).
        case pending
        /// A page was painted without an error.
        case shown
        /// An error screen was painted before any page was shown.
        case failed(String)
    }

    package var firstLaunchState: FirstLaunchState {
        if let error = appError ?? stack.last?.error {
            return .failed("\(ErrorScreen.title(for: error.kind)): \(error.message)"
                + (error.location.map { " at \($0)" } ?? ""))
        }
        return stack.isEmpty ? .pending : .shown
    }

    /// Settles `probation` on the first frame that shows a page (confirm) or an error (roll back). Chains any
    /// `onFrame` already set. Call it just before `start`: it records the attempt on disk, so a process that dies
    /// before the first frame is rolled back at the next start.
    public func watchFirstLaunch(_ probation: LaunchProbation) {
        probation.begin()
        let previous = onFrame
        var decided = false
        onFrame = { [unowned self] timing in
            previous?(timing)
            guard !decided else { return }
            switch self.firstLaunchState {
            case .pending: return
            case .shown: probation.succeed()
            case .failed(let reason): probation.fail(reason: reason)
            }
            decided = true
        }
    }
}

extension SnapshotSession {
    /// See `MiniAppEngine.watchFirstLaunch(_:)`.
    public func watchFirstLaunch(_ probation: LaunchProbation) { engine.watchFirstLaunch(probation) }
}
