import TerminiBridge
import TerminiFrames
import TerminiTemplate
import TerminiUI

/// `focus` and `blur`: move the keyboard focus of the calling page from code (the script's `this.focus(id)` and
/// `this.blur()`); `validate` checks a form as its submit would (`this.validate(formId)`). Run on the UI thread,
/// which owns the widget tree; need no permission.
enum FocusCommands {
    static let definitions: [EngineCommand] = [
        EngineCommand(name: "focus", thread: .ui, shape: .focus) { services, params, context, reply throws(CommandError) in
            let navigator = services.navigator
            let id = try params.requiredString("id")
            let entry = try navigator.callingPage(context)
            do { try entry.view.focus(id: id) } catch {
                throw CommandError(.notFound, "\(error)")
            }
            services.scheduler.markDirty(answeringInput: true)
            reply.succeed()
        },
        EngineCommand(name: "blur", thread: .ui, shape: .blur) { services, _, context, reply throws(CommandError) in
            let navigator = services.navigator
            try navigator.callingPage(context).view.blur()
            services.scheduler.markDirty(answeringInput: true)
            reply.succeed()
        },
        EngineCommand(name: "validate", thread: .ui, shape: .validate) { services, params, context, reply throws(CommandError) in
            let navigator = services.navigator
            let id = try params.requiredString("id")
            let entry = try navigator.callingPage(context)
            let result: JSONValue
            do { result = try entry.view.validateForm(id: id) } catch {
                throw CommandError(.notFound, "\(error)")
            }
            services.scheduler.markDirty(answeringInput: true)
            reply.succeed(result.objectValue?.dictionary ?? [:])
        },
    ]
}

/// `focus` and `blur` as JavaScript sees them (docs/COMMANDS.md#focus).
extension CommandShape {
    static let focus = CommandShape(
        "Moves the keyboard focus to the widget marked .id(\"…\") on the calling page and scrolls it into view.",
        parameters: [CommandField("id", "string", "the widget's .id")])
    static let blur = CommandShape("Takes the keyboard focus off the calling page's focused widget.", parameters: [])
    static let validate = CommandShape(
        "Checks every field of the Form marked .id(\"…\") on the calling page, as its submit does; each field shows its message.",
        parameters: [CommandField("id", "string", "the Form's .id")],
        result: [CommandField("valid", "boolean"), CommandField("values", "Record<string, unknown>", "by field .id"),
                 CommandField("errors", "Record<string, string>", "the first failing rule's message, by field .id")])
}
