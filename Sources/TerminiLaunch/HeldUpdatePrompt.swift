import Foundation
import TerminiRuntime
import TerminiTerminal

/// At the launch of an installed app whose update is held because it adds permissions or request domains: an
/// interactive run asks on the terminal, showing exactly what is added; anything else says so and runs the current
/// version (docs/DISTRIBUTION.md, "Permission changes").
public enum HeldUpdatePrompt {
    public static func ask(target: String, store: AppStore, interactive: Bool) {
        guard case .installed(let id, _, _)? = try? LaunchTarget.parse(target), let held = store.heldUpdate(id) else { return }
        let question = "Update \(held.version) wants: \(held.adds.summary)."
        guard interactive, isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else {
            printNotice("\(id): \(question) It is held until approved ('termini update --approve \(id)'); \(held.current) runs.")
            return
        }
        // The permission names and domains come from the bundle: they reach the terminal only through TerminalSafeText.
        FileHandle.standardError.write(Data(TerminalSafeText.sanitized("termini: \(id): \(question) Accept it? [y/N] ").utf8))
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            printNotice("kept \(id) \(held.current); the update stays held and is asked for at the next launch")
            return
        }
        do {
            try store.approveHeld(id)
            printNotice("accepted: \(id) \(held.version) runs now (\(held.current) kept for rollback)")
        } catch {
            printNotice("\(error); \(held.current) runs")
        }
    }
}
