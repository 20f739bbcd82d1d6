/// Where names resolve: page data plus local bindings introduced by ForEach/ListView (item and index names).
public struct ExpressionScope: Sendable {
    /// A name bound by a list widget, such as `todo` (at `todos[3]`) or `index` (no path).
    struct Local: Sendable {
        var name: String
        var value: JSONValue
        var path: DataPath?
    }

    public var data: JSONValue
    /// Where `data` sits in the page's data: empty for the page itself, `$c.<id>` inside a component's body, so
    /// reads are recorded at their absolute paths.
    public var dataPath: [DataPath.Component] = []
    /// Innermost binding last. Nesting is shallow (one or two lists), so a linear scan beats hashing a dictionary.
    var locals: [Local] = []

    public init(data: JSONValue) { self.data = data }

    /// A scope whose names resolve in `data`, found at `path` in the page's data.
    public init(data: JSONValue, at path: DataPath) {
        self.data = data
        dataPath = path.components
    }

    /// Returns a scope where `name` resolves to `value`, which lives at absolute data path `path`
    /// (nil for values with no path, like an index number). Inner bindings shadow outer ones and page data.
    public func binding(_ name: String, to value: JSONValue, at path: DataPath?) -> ExpressionScope {
        var scope = self
        scope.locals.append(Local(name: name, value: value, path: path))
        return scope
    }

    /// Binds in place, for callers that build one scope per row and want to reuse its storage.
    public mutating func bind(_ name: String, to value: JSONValue, at path: DataPath?) {
        locals.append(Local(name: name, value: value, path: path))
    }

    /// The innermost local binding of `name`, if any.
    func local(named name: String) -> Local? {
        var i = locals.count - 1
        while i >= 0 {
            if locals[i].name == name { return locals[i] }
            i -= 1
        }
        return nil
    }

    /// Local bindings first, innermost first; then `data[name]`. Nil when the name is bound nowhere.
    public func lookup(_ name: String) -> JSONValue? {
        var i = locals.count - 1
        while i >= 0 {
            if locals[i].name == name { return locals[i].value }
            i -= 1
        }
        return data[name]
    }

    /// A local alias's absolute path (nil when it has none, like an index), or `DataPath([.key(name)])` for page data.
    public func absolutePath(of name: String) -> DataPath? {
        if let local = local(named: name) { return local.path }
        return DataPath(dataPath + [.key(name)])
    }
}
