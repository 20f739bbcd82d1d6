import TerminiTemplate

/// The pane's text form of each section's JSON, newest activity first: the pane is narrow, so each entry is a
/// heading line and its details indented under it, each cut to the pane's width by the painter.
enum InspectorLines {
    static func data(_ json: JSONValue) -> [String] {
        var out = ["page: " + (json["page"]?.stringValue ?? "none")]
        if let width = json["screen"]?["width"]?.intValue, let height = json["screen"]?["height"]?.intValue {
            out[0] += "  $screen \(width)x\(height)"
        }
        out += (json["value"] ?? .null).prettySerialized().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let diffs = json["diffs"]?.arrayValue.map(Array.init) ?? []
        out.append("")
        out.append("setData diffs: \(json["diffCount"]?.intValue ?? diffs.count) (newest first)")
        for diff in diffs.reversed() {
            out.append("\(milliseconds(diff["at"])) \(diff["page"]?.stringValue ?? "page \(diff["pageId"]?.intValue ?? 0)")")
            for patch in diff["patches"]?.arrayValue.map(Array.init) ?? [] {
                let path = patch["path"]?.stringValue ?? ""
                if let splice = patch["splice"] {
                    out.append("  \(path).splice(\(splice["index"]?.intValue ?? 0), \(splice["removing"]?.intValue ?? 0), "
                               + (splice["inserting"] ?? .null).serialized() + ")")
                } else {
                    out.append("  \(path) = " + (patch["value"] ?? .null).serialized())
                }
            }
        }
        return out
    }

    static func bridge(_ json: JSONValue) -> [String] {
        let calls = json["calls"]?.arrayValue.map(Array.init) ?? []
        var out = ["bridge calls: \(json["callCount"]?.intValue ?? calls.count) (newest first)"]
        for call in calls.reversed() {
            let outcome: String
            switch call["ok"]?.boolValue {
            case true?: outcome = "ok in \(milliseconds(call["ms"]))"
            case false?: outcome = "failed in \(milliseconds(call["ms"]))"
            case nil: outcome = "pending"
            }
            out.append("\(milliseconds(call["at"])) \(call["command"]?.stringValue ?? "?") \(outcome)")
            out.append("  params " + (call["params"] ?? .null).serialized())
            if let answer = call["answer"], !answer.isNull { out.append("  answer " + answer.serialized()) }
        }
        return out
    }

    static func storage(_ json: JSONValue) -> [String] {
        if let error = json["error"]?.stringValue { return ["storage: " + error] }
        guard let app = json["app"]?.stringValue else { return ["no store folder: this preview keeps no storage"] }
        var out = ["app \(app): \(json["bytes"]?.intValue ?? 0) of \(json["limitBytes"]?.intValue ?? 0) bytes"]
        let entries = json["entries"]?.objectValue
        for key in (entries?.keys ?? []).sorted() { out.append("\(key) = " + (entries?[key] ?? .null).serialized()) }
        if entries?.isEmpty ?? true { out.append("(empty)") }
        return out
    }

    static func frames(_ json: JSONValue) -> [String] {
        let frames = json["frames"]?.arrayValue.map(Array.init) ?? []
        var out = ["frames: \(json["frameCount"]?.intValue ?? frames.count), budget \(milliseconds(json["budgetMs"], unit: false)) ms (newest first)"]
        out.append("   at      build  raster  total   cells")
        for frame in frames.reversed() {
            let columns = [frame["buildMs"], frame["rasterMs"], frame["totalMs"]].map { milliseconds($0, unit: false) }
            out.append("\(milliseconds(frame["at"]))  \(columns.joined(separator: "  "))  \(frame["cells"]?.intValue ?? 0)"
                       + (frame["janky"]?.boolValue == true ? "  jank" : ""))
        }
        return out
    }

    /// `12.35ms`, from a JSON number of milliseconds.
    static func milliseconds(_ value: JSONValue?, unit: Bool = true) -> String {
        let n = value?.numberValue ?? 0
        let text = n >= 1000 ? String(Int(n.rounded())) : String((n * 100).rounded() / 100)
        return unit ? text + "ms" : text
    }
}
