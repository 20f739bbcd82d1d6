/// Why a key binding's key does not parse.
public struct KeyChordError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A key bound to a page (or app) method: `Key("ctrl+r", "refresh", "Refresh")` in a page declaration, or an entry of
/// `app.json`'s `"keys"`.
public struct KeyBinding: Equatable, Sendable {
    public var key: KeyChord
    /// The method called with `{ type: 'key', detail: { key } }`.
    public var handler: String
    /// The footer's text; nil keeps the binding out of the footer (the `?` help lists it).
    public var label: String?

    public init(key: KeyChord, handler: String, label: String?) {
        self.key = key
        self.handler = handler
        self.label = label
    }

    /// `{"key": "ctrl+r", "handler": "refresh", "label": "Refresh"}`.
    public var json: JSONValue {
        var o: JSONObject = ["key": .string(key.description), "handler": .string(handler)]
        if let label { o["label"] = .string(label) }
        return .object(o)
    }

    /// Decodes a list of bindings; errors name the JSON path (`keys[1].key`) and what is wrong.
    public static func decodeList(_ json: JSONValue, path: String) throws(TemplateDecodingError) -> [KeyBinding] {
        guard case .array(let items) = json else {
            throw TemplateDecodingError(jsonPath: path, message: "expected an array of {key, handler, label}, found \(json.typeName)")
        }
        var out: [KeyBinding] = []
        var seen: Set<KeyChord> = []
        for (i, item) in items.enumerated() {
            let at = "\(path)[\(i)]"
            guard case .object(let o) = item, case .string(let keyText)? = o["key"], case .string(let handler)? = o["handler"],
                  !handler.isEmpty
            else {
                throw TemplateDecodingError(jsonPath: at, message: "expected {\"key\": \"…\", \"handler\": \"…\", \"label\": \"…\"}")
            }
            let chord: KeyChord
            do { chord = try KeyChord(parsing: keyText) } catch {
                throw TemplateDecodingError(jsonPath: at + ".key", message: error.description)
            }
            guard seen.insert(chord).inserted else {
                throw TemplateDecodingError(jsonPath: at + ".key", message: "'\(chord)' is bound twice")
            }
            var label: String?
            switch o["label"] {
            case nil, .null?: label = nil
            case .string(let s)?: label = s
            case let other?: throw TemplateDecodingError(jsonPath: at + ".label", message: "expected a string, found \(other.typeName)")
            }
            out.append(KeyBinding(key: chord, handler: handler, label: label))
        }
        return out
    }
}

extension Character {
    /// Not a control character: something a terminal shows.
    var isPrintable: Bool { !unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
}
