import TerminiBridge
import TerminiFrames
import TerminiTemplate
import TerminiUI

/// `setTheme` and `getTheme`: which of the app's themes (`app.json` `"themes"`) or the built-in ones (`light`,
/// `dark`, `high-contrast`) paints the pages, their states and the engine's own screens. A
/// switch repaints every loaded page, and only the cells whose style changes reach the terminal. Runs on the UI
/// thread; needs no permission, since it only changes the app's own screen.
enum ThemeCommands {
    static let definitions: [EngineCommand] = [
        EngineCommand(name: "setTheme", thread: .ui, shape: .setTheme) { services, params, _, reply throws(CommandError) in
            let navigator = services.navigator
            let name = try params.requiredString("name")
            let themes = navigator.bundle.manifest.themes
            guard let theme = themes.theme(named: name) else {
                let builtin = BuiltinThemes.names.filter { !themes.names.contains($0) }.map { "'\($0)'" }.joined(separator: ", ")
                let known = themes.names.isEmpty ? "the app declares no themes in app.json; the built-in themes are \(builtin)"
                    : "the app's themes are \(themes.names.map { "'\($0)'" }.joined(separator: ", ")), and the built-in \(builtin)"
                throw CommandError(.invalidParameter, "setTheme: no theme '\(name)'; \(known)")
            }
            navigator.theme = theme
            services.scheduler.markDirty()
            reply.succeed()
        },
        EngineCommand(name: "getTheme", thread: .ui, shape: .getTheme) { services, _, _, reply in
            let navigator = services.navigator
            let names = navigator.bundle.manifest.themes.selectableNames
            reply.succeed(["name": .string(navigator.theme.name), "themes": .array(names.map { .string($0) })])
        },
    ]
}

/// The theme commands as JavaScript sees them (docs/COMMANDS.md#themes).
extension CommandShape {
    static let setTheme = CommandShape(
        "Switches the app to one of the themes its app.json declares, or a built-in one; every page repaints in it.",
        parameters: [CommandField("name", "string", "a key of app.json's themes, or light, dark or high-contrast")])
    static let getTheme = CommandShape(
        "The theme now shown and the names of every theme setTheme takes: the app's in app.json's order, then the built-in ones.",
        result: [CommandField("name", "string", "empty when the app declares none"), CommandField("themes", "string[]")])
}
