import TerminiBridge
import TerminiFrames
import TerminiTemplate
import TerminiUI

/// `focus` and `blur`: move the keyboard focus of the calling page from code (the script's `this.focus(id)` and
/// `this.blur()`); `validate` checks a form as its submit would (`this.validate(formId)`). Run on the UI thread,
/// which owns the widget tree; need no permission.
enum FocusCommands {
    static func registrations(navigator: Navigator, scheduler: FrameScheduler) -> [CommandRegistration] {
        // The navigator unowned, as in ListCommands: a strong reference would keep the engine alive (EngineReleaseTests).
        [
            CommandRegistration(name: "focus", thread: .ui, shape: .focus) { [unowned navigator] params, context, reply throws(CommandError) in
                let id = try params.requiredString("id")
                let entry = try navigator.callingPage(context)
                do { try entry.view.focus(id: id) } catch {
                    throw CommandError(.notFound, "\(error)")
                }
                scheduler.markDirty(answeringInput: true)
                reply.succeed()
            },
            CommandRegistration(name: "blur", thread: .ui, shape: .blur) { [unowned navigator] _, context, reply throws(CommandError) in
                try navigator.callingPage(context).view.blur()
                scheduler.markDirty(answeringInput: true)
                reply.succeed()
            },
            CommandRegistration(name: "validate", thread: .ui, shape: .validate) { [unowned navigator] params, context, reply throws(CommandError) in
                let id = try params.requiredString("id")
                let entry = try navigator.callingPage(context)
                let result: JSONValue
                do { result = try entry.view.validateForm(id: id) } catch {
                    throw CommandError(.notFound, "\(error)")
                }
                scheduler.markDirty(answeringInput: true)
                reply.succeed(result.objectValue?.dictionary ?? [:])
            },
        ]
    }
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
