/// One change to page data, as `setData` sends it: a value written at a path, or a splice of the array there.
///
/// A splice lets a page that appends to or removes from a long list send only the rows that changed; WeChat's
/// setData has no such form, so the runtime finds it by diffing the new array against the previous one.
public struct DataPatch: Sendable, Equatable {
    /// What happens at `path`.
    public enum Change: Sendable, Equatable {
        case set(JSONValue)
        /// `removing` elements from `index` are replaced with `inserting`.
        case splice(index: Int, removing: Int, inserting: JSONArray)
    }

    public var path: DataPath
    public var change: Change

    public init(path: DataPath, change: Change) {
        self.path = path
        self.change = change
    }

    public init(path: DataPath, value: JSONValue) {
        self.init(path: path, change: .set(value))
    }

    /// A short text form for logs and tests: `path=<json>` or `path.splice(i,n,<json>)`.
    public var summary: String {
        switch change {
        case .set(let value): return "\(path)=\(value.serialized())"
        case .splice(let index, let removing, let inserting):
            return "\(path).splice(\(index),\(removing),\(JSONValue.array(inserting).serialized()))"
        }
    }
}

extension JSONValue {
    /// Applies one setData patch and returns what it replaced (the old value, or the removed elements as an
    /// array), so a caller can choose when that memory is freed.
    @discardableResult
    public mutating func apply(_ patch: DataPatch) -> JSONValue {
        switch patch.change {
        case .set(let value): return exchange(value, at: patch.path)
        case .splice(let index, let removing, let inserting):
            return .array(splice(at: patch.path, index: index, removing: removing, inserting: inserting))
        }
    }
}
