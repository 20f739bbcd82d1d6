import TerminiUI

/// The widget facts of the docs, made from each widget's declaration (`WidgetContract`): the events table of
/// docs/JS-API.md and the widget keys table of docs/INPUT.md.
public enum WidgetContractDocs {
    /// docs/JS-API.md's events table: one row per event, rows that say the same of several widgets joined.
    public static var events: GeneratedDocSection {
        var rows: [(handlers: [String], event: WidgetEventDeclaration)] = []
        let declared = WidgetContract.modifierEvents.map { ("`\($0.handler)`", $0) }
            + WidgetContract.all.flatMap { widget in widget.events.map { ("`\(widget.className)(\($0.handler):)`", $0) } }
        for (handler, event) in declared {
            if let i = rows.firstIndex(where: { $0.event.type == event.type && $0.event.when == event.when && $0.event.detail == event.detail }) {
                rows[i].handlers.append(handler)
            } else {
                rows.append(([handler], event))
            }
        }
        var out = "| widget and argument | `type` | `detail` | bubbles |\n|---|---|---|---|\n"
        for row in rows {
            let names = row.handlers.joined(separator: ", ")
            out += "| \(names) (\(row.event.when)) | `\"\(row.event.type.rawValue)\"` | \(row.event.detail) | \(row.event.bubbles ? "yes" : "no") |\n"
        }
        return GeneratedDocSection(name: "events", document: "JS-API.md", body: out)
    }

    /// docs/INPUT.md's table of each focusable widget: when it is a Tab stop, and the keys it takes.
    public static var widgetKeys: GeneratedDocSection {
        var out = "| widget | Tab stop | keys while focused |\n|---|---|---|\n"
        for widget in WidgetContract.all {
            guard let stop = widget.tabStop else { continue }
            let keys = widget.keys.map { "\($0.keys): \($0.does)" }.joined(separator: "; ")
            out += "| `\(widget.className)` | \(stop) | \(keys.isEmpty ? "—" : keys) |\n"
        }
        return GeneratedDocSection(name: "widget-keys", document: "INPUT.md", body: out)
    }

    /// The event types a handler can see, as the editor types' union (`'tap' | 'toggle' | …`).
    public static var eventTypeUnion: String {
        UIEventType.allCases.map { "'\($0.rawValue)'" }.joined(separator: " | ")
    }
}
