import TerminiTemplate

/// One request line of the inspector socket, `{"get": "<section>"}`, and its answer line: `{"<section>": …}`, every
/// section for `"all"`, or `{"error": "…"}` naming what was wrong with the request.
enum InspectorRequest {
    static let sectionNames = InspectorSection.all.map(\.name) + ["all"]

    static func answer(_ line: String, from source: InspectorSource) -> String {
        let request: JSONValue
        do { request = try JSONValue.parse(line) } catch {
            return InspectorSocket.error("the request is not JSON: \(error.description)")
        }
        let usage = "a request is {\"get\": \"<section>\"} with a section of \(sectionNames.joined(separator: ", "))"
        guard let object = request.objectValue else { return InspectorSocket.error("the request is a \(request.typeName); \(usage)") }
        guard let name = object["get"]?.stringValue else { return InspectorSocket.error("the request has no \"get\" string; \(usage)") }
        if let unknown = object.keys.first(where: { $0 != "get" }) {
            return InspectorSocket.error("unknown request member '\(unknown)'; \(usage)")
        }
        if name == "all" { return InspectorReport.all(source).serialized() }
        guard let section = InspectorSection.named(name) else {
            return InspectorSocket.error("unknown section '\(name)'; \(usage)")
        }
        return JSONValue.object([name: section.json(source)]).serialized()
    }
}
