import TerminiTemplate

/// A widget's identity among its siblings (`.key(...)`, a ForEach/ListView `key:` field) or across the page (`.globalKey(...)`).
public enum WidgetKey: Hashable, Sendable, CustomStringConvertible {
    case value(JSONValue)
    case global(String)

    public var description: String {
        switch self {
        case .value(let v): "ValueKey(\(v.serialized()))"
        case .global(let name): "GlobalKey(\(name))"
        }
    }
}
