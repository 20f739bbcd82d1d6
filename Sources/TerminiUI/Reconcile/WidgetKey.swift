import TerminiTemplate

/// A widget's identity among its siblings (`.key(...)`, a ForEach/ListView `key:` field) or across the page (`.globalKey(...)`).
public enum WidgetKey: Hashable, Sendable, CustomStringConvertible {
    case value(JSONValue)
    case global(String)

    /// Keys are hashed on every list diff, so the common scalar keys skip JSONValue's generic hashing.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .value(.number(let n)): hasher.combine(n == 0 ? 0 : n.bitPattern)  // -0 and 0 are equal keys
        case .value(.string(let s)): hasher.combine(s)
        case .value(let v): hasher.combine(v)
        case .global(let name): hasher.combine(1 as UInt8); hasher.combine(name)
        }
    }

    /// The JSON value of a value key (a list row's `key` field), as events report it.
    var jsonValue: JSONValue? {
        if case .value(let v) = self { return v }
        return nil
    }

    public var description: String {
        switch self {
        case .value(let v): "ValueKey(\(v.serialized()))"
        case .global(let name): "GlobalKey(\(name))"
        }
    }
}
