import TerminiBridge
import TerminiFrames
import TerminiTemplate
import TerminiUI

/// `scrollTo`: scrolls the calling page's ListView marked `.id("…")` so that a row is the first one shown, found by
/// its key (`{ id, key }`) or its position (`{ id, index }`); `loadMoreDone`: the page's `this.loadMoreDone()`,
/// which asks the page's lists for `onReachBottom` again. Run on the UI thread, which owns the widget tree; need no
/// permission.
enum ListCommands {
    static let definitions: [EngineCommand] = [
        EngineCommand(name: "scrollTo", thread: .ui, shape: .scrollTo) { services, params, context, reply throws(CommandError) in
            let navigator = services.navigator
            let id = try params.requiredString("id")
            let key = params["key"].flatMap { $0.isNull ? nil : $0 }
            var index: Int?
            if let value = params["index"], !value.isNull {
                guard let n = value.intValue else {
                    throw CommandError(.invalidParameter, "parameter 'index' must be a whole number, got \(value.serialized())")
                }
                index = n
            }
            guard key != nil || index != nil else {
                throw CommandError(.invalidParameter, "scrollTo needs a 'key' or an 'index' besides the 'id'")
            }
            let entry = try navigator.callingPage(context)
            do { try entry.view.scrollTo(id: id, key: key, index: index) } catch {
                throw CommandError(.notFound, "scrollTo: \(error)")
            }
            services.scheduler.markDirty()
            reply.succeed()
        },
        EngineCommand(name: "loadMoreDone", thread: .ui, shape: .loadMoreDone) { services, params, context, reply throws(CommandError) in
            let navigator = services.navigator
            let id = params["id"].flatMap { $0.isNull ? nil : $0.stringValue }
            let entry = try navigator.callingPage(context)
            entry.view.loadMoreDone(id: id)
            services.scheduler.markDirty()
            reply.succeed()
        },
    ]
}

/// `scrollTo` as JavaScript sees it (docs/COMMANDS.md#lists).
extension CommandShape {
    static let scrollTo = CommandShape(
        "Scrolls a ListView marked .id(\"…\") so that a row, found by key or index, is the first shown.",
        parameters: [CommandField("id", "string", "the list's .id"), .optional("key", "unknown", "the row's key field value"),
                     .optional("index", "number", "the row's position")])
}

/// `loadMoreDone` as JavaScript sees it (docs/COMMANDS.md#lists).
extension CommandShape {
    static let loadMoreDone = CommandShape(
        "Asks the page's lists (or the one marked .id(\"…\")) to call onReachBottom again the next time they are at their end.",
        parameters: [.optional("id", "string", "the list's .id; every list when left out")])
}
