import TerminiBridge
import TerminiFrames
import TerminiTemplate
import TerminiUI

/// `setTheme` and `getTheme`: which of the app's themes (`app.json` `"themes"`) paints `.styleClass` names. A
/// switch repaints every loaded page, and only the cells whose style changes reach the terminal. Runs on the UI
/// thread; needs no permission, since it only changes the app's own screen.
enum ThemeCommands {
    static let definitions: [EngineCommand] = [
        EngineCommand(name: "setTheme", thread: .ui, shape: .setTheme) { services, params, _, reply throws(CommandError) in
            let navigator = services.navigator
            let name = try params.requiredString("name")
            let themes = navigator.bundle.manifest.themes
            guard let theme = themes.theme(named: name) else {
                let known = themes.names.isEmpty ? "the app declares no themes in app.json"
                    : "the app's themes are \(themes.names.map { "'\($0)'" }.joined(separator: ", "))"
                throw CommandError(.invalidParameter, "setTheme: no theme '\(name)'; \(known)")
            }
            navigator.theme = theme
            services.scheduler.markDirty()
            reply.succeed()
        },
        EngineCommand(name: "getTheme", thread: .ui, shape: .getTheme) { services, _, _, reply in
            let navigator = services.navigator
            let names = navigator.bundle.manifest.themes.names
            reply.succeed(["name": .string(navigator.theme.name), "themes": .array(names.map { .string($0) })])
        },
    ]
}

/// The theme commands as JavaScript sees them (docs/COMMANDS.md#themes).
extension CommandShape {
    static let setTheme = CommandShape(
        "Switches the app to one of the themes its app.json declares; every page repaints in it.",
        parameters: [CommandField("name", "string", "a key of app.json's themes")])
    static let getTheme = CommandShape(
        "The theme now shown and the names of all the app's themes, in app.json's order.",
        result: [CommandField("name", "string", "empty when the app declares none"), CommandField("themes", "string[]")])
}
