/// A JSON object's members: their values in one flat array, beside a key table (`JSONObjectShape`) that objects with
/// the same keys in the same order share.
///
/// Page data is mostly lists of rows with the same few keys, and a Swift `Dictionary` per row costs several times
/// its values (three members: 344 bytes with the row's slot, where a shared key table and a values array cost 192),
/// so a 100,000-row list held its rows' hash tables more than its data. Objects decoded from one JSON text share
/// their shapes (`JSONParser` reuses the last shape it built at the same depth), and so do copies.
///
/// It reads like `[String: JSONValue]`: subscripts by key, `count`, `keys`, `values`, iteration as
/// `(key:value:)` pairs, dictionary literals. Members keep the order they were added in; equality and hashing
/// ignore it, as a dictionary's do, and serialization sorts keys. Lookups scan the keys of small objects and use a
/// hash index from `JSONObjectShape.indexThreshold` keys on.
public struct JSONObject: Sendable {
    var shape: JSONObjectShape
    var storage: ContiguousArray<JSONValue>

    /// An empty object.
    public init() {
        shape = JSONObjectShape.empty
        storage = []
    }

    /// An empty object with room for `minimumCapacity` members.
    public init(minimumCapacity: Int) {
        shape = JSONObjectShape.empty
        storage = []
        storage.reserveCapacity(minimumCapacity)
    }

    /// The members of `dictionary`, in its order.
    public init(_ dictionary: [String: JSONValue]) {
        shape = JSONObjectShape(keys: Array(dictionary.keys))
        storage = ContiguousArray(dictionary.values)
    }

    /// Members from pairs whose keys are unique (a repeated key keeps its last value).
    public init<S: Sequence>(uniqueKeysWithValues pairs: S) where S.Element == (String, JSONValue) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// Members with a key table that is already built (and may be shared): `values` are in `shape`'s key order.
    init(shape: JSONObjectShape, values: ContiguousArray<JSONValue>) {
        self.shape = shape
        self.storage = values
    }

    /// How many members there are.
    public var count: Int { storage.count }
    /// Whether there are no members.
    public var isEmpty: Bool { storage.isEmpty }
    /// The keys, in the order the members were added.
    public var keys: [String] { shape.keys }
    /// The values, in the order of `keys`.
    public var values: [JSONValue] { Array(storage) }
    /// The members as a dictionary.
    public var dictionary: [String: JSONValue] {
        Dictionary(zip(shape.keys, storage), uniquingKeysWith: { _, last in last })
    }

    /// The value of `key`, nil when there is none; assigning nil removes the member.
    public subscript(key: String) -> JSONValue? {
        get { shape.index(of: key).map { storage[$0] } }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// The value of `key`, or `defaultValue` when there is none.
    public subscript(key: String, default defaultValue: @autoclosure () -> JSONValue) -> JSONValue {
        self[key] ?? defaultValue()
    }

    /// Sets the value of `key` and returns the value it replaced, if any.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let i = shape.index(of: key) {
            let old = storage[i]
            storage[i] = value
            return old
        }
        // A key table no other object uses grows in place; a shared one is copied (copy-on-write).
        if !isKnownUniquelyReferenced(&shape) { shape = shape.copy() }
        shape.append(key)
        storage.append(value)
        return nil
    }

    /// Removes the member `key` and returns its value, if there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let i = shape.index(of: key) else { return nil }
        if !isKnownUniquelyReferenced(&shape) { shape = shape.copy() }
        shape.remove(at: i)
        return storage.remove(at: i)
    }

    /// The object with every value transformed, sharing this one's key table.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        JSONObject(shape: shape, values: ContiguousArray(try storage.map(transform)))
    }

    /// The members for which `isIncluded` holds.
    public func filter(_ isIncluded: ((key: String, value: JSONValue)) throws -> Bool) rethrows -> JSONObject {
        var out = JSONObject()
        for member in self where try isIncluded(member) { out[member.key] = member.value }
        return out
    }

    /// Adds `other`'s members, letting `combine` pick the value of a key both have.
    public mutating func merge(_ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue) rethrows {
        for (key, value) in other { self[key] = try self[key].map { try combine($0, value) } ?? value }
    }

    /// This object with `other`'s members added, `combine` picking the value of a key both have.
    public func merging(_ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var out = self
        try out.merge(other, uniquingKeysWith: combine)
        return out
    }
}

/// A key table built once for many objects with the same keys: a template's object prop is evaluated for every row
/// it shows, and objects built from one `JSONObjectKeys` share its table instead of each growing its own.
public struct JSONObjectKeys: Sendable {
    let shape: JSONObjectShape

    /// Keys in member order; they must be unique.
    public init(_ keys: [String]) {
        precondition(Set(keys).count == keys.count, "JSONObjectKeys: repeated key")
        shape = JSONObjectShape(keys: keys)
    }

    /// How many keys there are.
    public var count: Int { shape.keys.count }
}

extension JSONObject {
    /// An object whose members are `keys` with `values` in the same order (one value for each key).
    public init(keys: JSONObjectKeys, values: ContiguousArray<JSONValue>) {
        precondition(values.count == keys.count, "JSONObject(keys:values:): \(values.count) values for \(keys.count) keys")
        self.init(shape: keys.shape, values: values)
    }
}

extension JSONObject: Sequence {
    /// Members in the order they were added.
    public struct Iterator: IteratorProtocol {
        let keys: [String]
        let values: ContiguousArray<JSONValue>
        var i = 0

        public mutating func next() -> (key: String, value: JSONValue)? {
            guard i < values.count else { return nil }
            defer { i += 1 }
            return (keys[i], values[i])
        }
    }

    public func makeIterator() -> Iterator { Iterator(keys: shape.keys, values: storage) }
    public var underestimatedCount: Int { storage.count }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(minimumCapacity: elements.count)
        for (key, value) in elements { self[key] = value }
    }
}

extension JSONObject: Hashable {
    /// Equal when both have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.storage.count == rhs.storage.count else { return false }
        if lhs.shape === rhs.shape { return lhs.storage == rhs.storage }
        for (i, key) in lhs.shape.keys.enumerated() {
            guard let j = rhs.shape.index(of: key), rhs.storage[j] == lhs.storage[i] else { return false }
        }
        return true
    }

    /// Independent of the members' order, as `==` is: each member's hash is combined by a commutative sum.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for (i, key) in shape.keys.enumerated() {
            var member = Hasher()
            member.combine(key)
            member.combine(storage[i])
            sum &+= member.finalize()
        }
        hasher.combine(storage.count)
        hasher.combine(sum)
    }
}

/// The keys of a `JSONObject`, in member order, with an index from key to position for objects with many members.
///
/// Shared by every object with the same keys in the same order; changed in place only while one object holds it
/// (`isKnownUniquelyReferenced`), so it is never changed once shared and can cross threads.
final class JSONObjectShape: @unchecked Sendable {
    /// From this many keys on, lookups use `index` instead of comparing keys one by one.
    static let indexThreshold = 9
    /// The key table of every empty object.
    static let empty = JSONObjectShape(keys: [])

    private(set) var keys: [String]
    private var index: [String: Int]?

    init(keys: [String]) {
        self.keys = keys
        if keys.count >= Self.indexThreshold { rebuildIndex() }
    }

    func copy() -> JSONObjectShape { JSONObjectShape(keys: keys) }

    /// The position of `key`, or nil.
    @inline(__always)
    func index(of key: String) -> Int? {
        if let index { return index[key] }
        for i in keys.indices where keys[i] == key { return i }
        return nil
    }

    func append(_ key: String) {
        keys.append(key)
        if index != nil { index![key] = keys.count - 1 } else if keys.count >= Self.indexThreshold { rebuildIndex() }
    }

    func remove(at i: Int) {
        keys.remove(at: i)
        if index != nil { rebuildIndex() }
    }

    private func rebuildIndex() {
        var built = [String: Int](minimumCapacity: keys.count)
        for (i, key) in keys.enumerated() { built[key] = i }
        index = built
    }
}
