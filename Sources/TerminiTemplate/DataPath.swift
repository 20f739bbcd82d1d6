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

    /// Most components a path may have: the nesting limit of JSON text (`JSONValue.maximumNesting`), since a path
    /// of N components writes its value N levels deep. A longer path is refused when parsed, before anything is
    /// written.
    public static let maximumComponents = JSONValue.maximumNesting

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
                // Another component follows a '.': stop before reading megabytes of a path that cannot be used.
                if components.count >= Self.maximumComponents { throw fail(Self.tooManyComponents, i) }
                i += 1
            case "[":
                if components.count + (key.isEmpty ? 1 : 2) > Self.maximumComponents { throw fail(Self.tooManyComponents, i) }
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
        if components.count > Self.maximumComponents { throw fail(Self.tooManyComponents, chars.count - 1) }
        self.components = components
    }

    /// A path that crossed from the script already parsed: a JSON array of keys (strings) and indices (whole
    /// numbers), as the prelude's `parsePath` produces it, so it is never parsed twice.
    public init(json: JSONValue) throws(DataPathError) {
        guard case .array(let items) = json, !items.isEmpty else {
            throw DataPathError(path: json.serialized(), column: 1, message: "expected a non-empty array of path components")
        }
        guard items.count <= Self.maximumComponents else {
            throw DataPathError(path: DataPathError.shortened(json.serialized()), column: Self.maximumComponents + 1,
                                message: Self.tooManyComponents)
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

    static let tooManyComponents = "the path has more than \(maximumComponents) components (keys and indices), "
        + "the deepest that page data nests"

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
    public var description: String { "invalid data path '\(Self.shortened(path))' at column \(column): \(message)" }

    /// A path as an error message shows it: a hostile path can be megabytes long.
    static func shortened(_ path: String) -> String {
        path.unicodeScalars.count > 80 ? String(String.UnicodeScalarView(path.unicodeScalars.prefix(60))) + "…" : path
    }
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
    ///
    /// A loop with its own stack, not a recursion: the path's length is the script's to choose (up to
    /// `DataPath.maximumComponents`), and the UI thread's stack must not depend on it.
    private mutating func update(at components: ArraySlice<DataPath.Component>, _ change: (inout JSONValue) -> Void) {
        // The containers above the node, each with the node's slot taken out, and how the node goes back in.
        var parents: [JSONValue] = []
        var slots: [ParentSlot] = []
        parents.reserveCapacity(components.count)
        slots.reserveCapacity(components.count)
        var node = self
        self = .null  // `node` is now the only reference: changing it copies nothing
        var changed = false
        var position = components.startIndex
        while position < components.endIndex {
            let component = components[position]
            position += 1
            switch component {
            case .key(let k):
                var members: JSONObject
                if case .object(let o) = node { members = o; node = .null } else { members = [:] }
                // Taken out as null, not removed: a removal would change the key table the object may share.
                let child = members.updateValue(.null, forKey: k) ?? .null
                parents.append(.object(members))
                slots.append(.member(k))
                node = child
            case .index(let i):
                var items: JSONArray
                if case .array(let a) = node { items = a; node = .null } else { items = [] }
                if i == items.count {
                    // One past the end (`rows[n] = row`, a common append): the new element goes on directly, since a
                    // null placeholder would unpack a packed list.
                    parents.append(.array(items))
                    slots.append(.appended)
                    node = .null
                    continue
                }
                if items.count < i { items.append(contentsOf: repeatElement(.null, count: i + 1 - items.count)) }
                // One member of a packed row (`rows[5].label`): its text is rewritten, not the whole row decoded.
                if items.isPacked, components.endIndex - position == 1, case .key(let k) = components[position],
                   var member = items.member(k, of: i)
                {
                    change(&member)
                    if !items.setMember(k, of: i, to: member) {
                        var row = items[i]
                        row.update(at: components[position...]) { $0 = member }
                        items[i] = row
                    }
                    node = .array(items)
                    changed = true
                    position = components.endIndex
                    continue
                }
                let child = items[i]
                // Moved out, so that changing it does not copy it; a packed row is a decoded copy already, and a null
                // written there would unpack the list.
                if !items.isPacked { items[i] = .null }
                parents.append(.array(items))
                slots.append(.element(i))
                node = child
            }
        }
        if !changed { change(&node) }
        while let slot = slots.popLast() {
            var parent = parents.removeLast()
            switch slot {
            case .member(let k):
                var members: JSONObject = [:]
                // Bound in a scope of its own, so that the binding is gone before the change: no copy.
                if case .object(let o) = parent { members = o; parent = .null }
                members[k] = node
                node = .object(members)
            case .element(let i):
                var items = JSONArray()
                if case .array(let a) = parent { items = a; parent = .null }
                items[i] = node
                node = .array(items)
            case .appended:
                var items = JSONArray()
                if case .array(let a) = parent { items = a; parent = .null }
                items.append(node)
                node = .array(items)
            }
        }
        self = node
    }
}

/// Where `JSONValue.update(at:)` puts a changed node back into its parent.
private enum ParentSlot {
    case member(String)
    case element(Int)
    /// The node is a new last element.
    case appended
}
