import TerminiBridge
import TerminiTemplate
import TerminiTerminal

/// `setClipboardData`: puts text on the user's clipboard through the terminal (OSC 52), which xterm, kitty, iTerm2,
/// WezTerm and tmux (`set-clipboard on`) pass to the system clipboard, also over SSH. Reading the clipboard is the
/// terminal's paste: the text arrives as a paste event, so there is no `getClipboardData`. Needs the `clipboard`
/// permission, since it changes something outside the app. Runs on the UI thread, which owns the terminal.
enum ClipboardCommands {
    /// The most one copy carries: terminals refuse or cut longer OSC 52 strings (xterm's default limit is about
    /// this), and a copy that silently lost its end would be worse than a clear error.
    static let maximumBytes = 100_000

    static let definitions: [EngineCommand] = [
        EngineCommand(name: "setClipboardData", permission: "clipboard", thread: .ui, shape: .setClipboardData) {
            services, params, _, reply throws(CommandError) in
            let data = try params.requiredString("data")
            guard data.utf8.count <= maximumBytes else {
                throw CommandError(.invalidParameter,
                                   "setClipboardData: 'data' is \(data.utf8.count) bytes; terminals take at most \(maximumBytes)")
            }
            services.backend.copyToClipboard(data)
            reply.succeed()
        },
    ]
}

/// The clipboard command as JavaScript sees it (docs/COMMANDS.md#clipboard).
extension CommandShape {
    static let setClipboardData = CommandShape(
        "Copies text to the user's clipboard through the terminal (OSC 52); needs the clipboard permission.",
        parameters: [CommandField("data", "string", "at most 100,000 bytes of UTF-8")])
}
