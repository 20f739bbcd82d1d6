import TerminiTemplate
import TerminiUI

/// An input as a trace writes it: `{"key":"Enter"}`, `{"paste":"…"}`, `{"mouse":"press","x":3,"y":4}`,
/// `{"resize":[80,24]}`. Keys use the events files' names (`Key.name`, read back by `Key(name:)`).
enum TraceInputCoding {
    static func json(_ input: InputEvent) -> JSONValue {
        switch input {
        case .key(let key): return .object(["key": .string(key.name)])
        case .paste(let text, _): return .object(["paste": .string(text)])
        case .mouse(let mouse):
            return .object(["mouse": .string(mouseNames[mouse.kind] ?? "press"), "x": .number(Double(mouse.x)),
                            "y": .number(Double(mouse.y))])
        case .resize(let width, let height): return .object(["resize": .array([.number(Double(width)), .number(Double(height))])])
        case .suspend: return .object(["signal": .string("suspend")])
        case .resume: return .object(["signal": .string("resume")])
        case .terminalClosed: return .object(["signal": .string("closed")])
        }
    }

    /// The input `json` describes; nil when it describes none.
    static func input(_ json: JSONValue) -> InputEvent? {
        if let name = json["key"]?.stringValue { return Key(name: name).map { .key($0) } }
        if let text = json["paste"]?.stringValue { return .paste(text, clippedFrom: nil) }
        if let kindName = json["mouse"]?.stringValue, let x = json["x"]?.intValue, let y = json["y"]?.intValue,
            let kind = mouseNames.first(where: { $0.value == kindName })?.key
        {
            return .mouse(MouseEvent(x: x, y: y, kind: kind))
        }
        if let size = json["resize"]?.arrayValue?.values, size.count == 2, let w = size[0].intValue, let h = size[1].intValue {
            return .resize(width: w, height: h)
        }
        switch json["signal"]?.stringValue {
        case "suspend": return .suspend
        case "resume": return .resume
        case "closed": return .terminalClosed
        default: return nil
        }
    }

    private static let mouseNames: [MouseEvent.Kind: String] = [.press: "press", .release: "release",
                                                               .scrollUp: "up", .scrollDown: "down"]
}
