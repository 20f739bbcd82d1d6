/// A path into page data such as `todos[3].done`: the keys of `setData` and the bindings of templates.
public struct DataPath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path: an object member or an array index.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component]) { self.components = components }

    /// The empty path, which names the whole data object.
    public static let root = DataPath([])

    /// Parses `a.b[0].c`. Keys are any characters except `.`, `[` and `]`; indices are non-negative integers.
    public init(parsing text: String) throws(DataPathError) {
        var components: [Component] = []
        let chars = Array(text.unicodeScalars)
        var i = 0
        var key = ""
        var expectKey = true
        func fail(_ message: String, _ at: Int) -> DataPathError {
            DataPathError(path: text, column: at + 1, message: message)
        }
        if chars.isEmpty { throw fail("the path is empty", 0) }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case ".":
                if key.isEmpty { throw fail("expected a key before '.'", i) }
                components.append(.key(key)); key = ""; expectKey = true
                i += 1
            case "[":
                if !key.isEmpty { components.append(.key(key)); key = "" } else if expectKey && components.isEmpty {
                    throw fail("expected a key before '['", i)
                } else if expectKey { throw fail("expected a key after '.'", i) }
                i += 1
                var digits = ""
                while i < chars.count, ("0"..."9").contains(chars[i]) { digits.unicodeScalars.append(chars[i]); i += 1 }
                guard !digits.isEmpty else { throw fail("expected an array index after '['", i) }
                guard i < chars.count, chars[i] == "]" else { throw fail("expected ']' to close the index", i) }
                guard let n = Int(digits), n <= 100_000_000 else { throw fail("array index is too large", i) }
                components.append(.index(n))
                i += 1
                expectKey = false
                if i < chars.count, chars[i] != ".", chars[i] != "[" {
                    throw fail("expected '.' or '[' after ']'", i)
                }
                if i < chars.count, chars[i] == "." {
                    i += 1
                    expectKey = true
                    if i == chars.count { throw fail("expected a key after '.'", i) }
                }
            case "]":
                throw fail("unexpected ']'", i)
            default:
                if c.properties.isWhitespace && key.isEmpty { throw fail("unexpected whitespace", i) }
                key.unicodeScalars.append(c)
                expectKey = false
                i += 1
            }
        }
        if !key.isEmpty { components.append(.key(key)) } else if expectKey { throw fail("expected a key", chars.count) }
        self.components = components
    }

    /// A path that crossed from the script already parsed: a JSON array of keys (strings) and indices (whole
    /// numbers), as the prelude's `parsePath` produces it, so it is never parsed twice.
    public init(json: JSONValue) throws(DataPathError) {
        guard case .array(let items) = json, !items.isEmpty else {
            throw DataPathError(path: json.serialized(), column: 1, message: "expected a non-empty array of path components")
        }
        var components: [Component] = []
        components.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            switch item {
            case .string(let key) where !key.isEmpty:
                components.append(.key(key))
            case .number(let n) where n >= 0 && n <= 100_000_000 && n == n.rounded():
                components.append(.index(Int(n)))
            default:
                throw DataPathError(path: json.serialized(), column: i + 1,
                                    message: "component \(i + 1) is \(item.serialized()), not a key or an array index")
            }
        }
        self.components = components
    }

    public var description: String {
        var out = ""
        for c in components {
            switch c {
            case .key(let k): out += out.isEmpty ? k : "." + k
            case .index(let n): out += "[\(n)]"
            }
        }
        return out
    }

    /// Two paths overlap when either is a prefix of the other: a change at one may change what the other reads.
    public func overlaps(_ other: DataPath) -> Bool {
        let n = min(components.count, other.components.count)
        for i in 0..<n where components[i] != other.components[i] { return false }
        return true
    }

    /// Whether `self` is a prefix of `other` (or equal to it).
    public func isPrefix(of other: DataPath) -> Bool {
        guard components.count <= other.components.count else { return false }
        for i in 0..<components.count where components[i] != other.components[i] { return false }
        return true
    }

    public func appending(_ component: Component) -> DataPath { DataPath(components + [component]) }
    public func appending(_ path: DataPath) -> DataPath { DataPath(components + path.components) }

    /// The first component's key, which names the top-level data field the path starts in.
    public var head: String? { if case .key(let k)? = components.first { return k } else { return nil } }
}

/// A data path that could not be parsed; `column` is 1-based within the path text.
public struct DataPathError: Error, Equatable, CustomStringConvertible, Sendable {
    public var path: String
    public var column: Int
    public var message: String
    public var description: String { "invalid data path '\(path)' at column \(column): \(message)" }
}

extension JSONValue {
    /// Reads the value at `path`; a missing step yields nil rather than trapping. `length` of arrays and strings is readable.
    public func value(at path: DataPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch (component, current) {
            case (.key(let k), .object(let o)):
                guard let next = o[k] else { return nil }
                current = next
            case (.index(let i), .array(let a)):
                guard i < a.count else { return nil }
                current = a[i]
            case (.key("length"), .array(let a)): current = .number(Double(a.count))
            // UTF-16 units, as JavaScript's `length`: the script and the template see the same number.
            case (.key("length"), .string(let s)): current = .number(Double(s.utf16.count))
            case (.key(let k), .array(let a)):
                // `list.0` reads as `list[0]`, as in JavaScript: only canonical indices ("0", "12", not "01" or "+1").
                guard let i = Self.canonicalIndex(k), i < a.count else { return nil }
                current = a[i]
            default: return nil
            }
        }
        return current
    }

    private static func canonicalIndex(_ key: String) -> Int? {
        guard let first = key.utf8.first, key.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              first != 0x30 || key.utf8.count == 1
        else { return nil }
        return Int(key)
    }

    /// Writes `newValue` at `path` with WeChat setData semantics: missing or non-container intermediates become
    /// objects (or arrays, when the next step is an index), and arrays grow with nulls to reach an index.
    public mutating func set(_ newValue: JSONValue, at path: DataPath) {
        update(at: path.components[...]) { $0 = newValue }
    }

    /// Replaces `removing` elements of the array at `path`, from `index`, with `inserting`, and returns the
    /// removed elements. The range is clamped to the array; anything but an array there becomes `inserting`, as
    /// a set of the whole array would.
    @discardableResult
    public mutating func splice(at path: DataPath, index: Int, removing: Int, inserting: JSONArray) -> JSONArray {
        var removed: JSONArray = []
        update(at: path.components[...]) { node in
            guard case .array(var items) = node else { node = .array(inserting); return }
            node = .null  // the array is now uniquely referenced: the splice does not copy it
            let start = min(max(0, index), items.count)
            let end = min(items.count, start + max(0, removing))
            removed = items.elements(in: start..<end)
            items.replaceSubrange(start..<end, with: inserting)
            node = .array(items)
        }
        return removed
    }

    /// Writes `newValue` at `path` as `set` does and returns what was there (null when nothing was).
    public mutating func exchange(_ newValue: JSONValue, at path: DataPath) -> JSONValue {
        var old: JSONValue = .null
        update(at: path.components[...]) { node in
            old = node
            node = newValue
        }
        return old
    }

    /// Removes the member `key` of the object at `path` in place (nothing happens when either is missing); returns
    /// the removed value, so the caller chooses when it is freed.
    @discardableResult
    public mutating func removeMember(_ key: String, at path: DataPath) -> JSONValue {
        var removed: JSONValue = .null
        update(at: path.components[...]) { node in
            guard case .object(var members) = node else { return }
            node = .null
            removed = members.removeValue(forKey: key) ?? .null
            node = .object(members)
        }
        return removed
    }

    /// Changes the node at `components` in place, creating intermediates as `set` describes. Each level is moved
    /// out of its parent before it is changed, so no container along the path is copied.
    private mutating func update(at components: ArraySlice<DataPath.Component>, _ change: (inout JSONValue) -> Void) {
        guard let first = components.first else { change(&self); return }
        let rest = components.dropFirst()
        switch first {
        case .key(let k):
            var members: JSONObject
            if case .object(let o) = self { members = o; self = .null } else { members = [:] }
            // Taken out as null, not removed: a removal would change the key table the object may share.
            var child = members.updateValue(.null, forKey: k) ?? .null
            child.update(at: rest, change)
            members[k] = child
            self = .object(members)
        case .index(let i):
            var items: JSONArray
            if case .array(let a) = self { items = a; self = .null } else { items = [] }
            if i == items.count {
                // One past the end (`rows[n] = row`, a common append): the new element goes on directly, since a
                // null placeholder would unpack a packed list.
                var child: JSONValue = .null
                child.update(at: rest, change)
                items.append(child)
                self = .array(items)
                return
            }
            if items.count < i { items.append(contentsOf: repeatElement(.null, count: i + 1 - items.count)) }
            // One member of a packed row (`rows[5].label`): its text is rewritten, not the whole row decoded.
            if items.isPacked, rest.count == 1, case .key(let k)? = rest.first, var member = items.member(k, of: i) {
                change(&member)
                if !items.setMember(k, of: i, to: member) {
                    var row = items[i]
                    row.update(at: rest) { $0 = member }
                    items[i] = row
                }
                self = .array(items)
                return
            }
            var child = items[i]
            // Moved out, so that changing it does not copy it; a packed row is a decoded copy already, and a null
            // written there would unpack the list.
            if !items.isPacked { items[i] = .null }
            child.update(at: rest, change)
            items[i] = child
            self = .array(items)
        }
    }
}
