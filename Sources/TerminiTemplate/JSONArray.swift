/// A JSON array's elements: Swift values, or, for a long list of flat rows, each row's JSON text (`PackedRows`).
///
/// Page data is mostly lists of rows such as `{id, label}`. Held as values, a row costs its slot in the list, an
/// array of member values and a heap string for each label longer than 15 bytes: several times its JSON text. A
/// list of at least `packingThreshold` objects whose members are all strings, numbers, booleans or null keeps the
/// rows' JSON text instead, and a row is decoded when it is read. A frame reads only the rows it shows, so a long
/// list costs about its text (docs/PERFORMANCE.md, "Big lists").
///
/// Both forms read, compare, hash and change alike: a list is packed by the JSON parser, or when it grows past the
/// threshold with flat rows; a change that a packed list cannot hold (a nested row) unpacks it once. Reading an
/// element of a packed list decodes it, so code that walks every element of a long list should read only the
/// members it needs (`member(_:of:)`).
public struct JSONArray: Sendable {
    enum Storage: Sendable {
        case values([JSONValue])
        case packed(PackedRows)
    }

    var storage: Storage

    /// Lists shorter than this are never packed: decoding on read would cost more than it saves.
    public static let packingThreshold = 256

    /// An empty list.
    public init() { storage = .values([]) }

    /// A list of `values`, kept as they are.
    public init(_ values: [JSONValue]) { storage = .values(values) }

    init(packed: PackedRows) { storage = .packed(packed) }

    /// The elements as an array of values: decodes every row of a packed list.
    public var values: [JSONValue] {
        switch storage {
        case .values(let v): v
        case .packed(let p): p.allValues()
        }
    }

    /// Where the elements are: the same before and after a change made in place, another after a copy.
    public var storageIdentity: UnsafeRawPointer? {
        switch storage {
        case .values(let v): v.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        case .packed(let p): UnsafeRawPointer(Unmanaged.passUnretained(p).toOpaque())
        }
    }

    /// Calls `body` with each element's index and its member `key` (nil when the element is not an object or has
    /// no such member), decoding no more of a packed row than that.
    public func forEachMember(_ key: String, _ body: (Int, JSONValue?) -> Void) {
        switch storage {
        case .values(let v): for i in v.indices { body(i, v[i][key]) }
        case .packed(let p): p.forEachMember(key, body)
        }
    }

    /// Sets the member `key` of the object at `index` in place, without decoding the rest of a packed row; false
    /// (nothing changed) when the element has no such member or a packed row cannot take the value that way.
    mutating func setMember(_ key: String, of index: Int, to value: JSONValue) -> Bool {
        guard case .packed(var packed) = storage else { return false }
        storage = .values([])
        if !isKnownUniquelyReferenced(&packed) { packed = packed.copy() }
        let done = packed.setMember(key, ofRow: index, to: value)
        storage = .packed(packed)
        return done
    }

    /// The elements in `range` as a list of their own. A long range of a packed list copies the rows' text and
    /// decodes none of them (a splice that removes 10,000 rows keeps them this way until they are freed; through
    /// the generic `init(_:)` each was decoded and written back as text: in the 100k-row Table bench the UI thread
    /// had 52 % of the process's CPU samples with that, 10 % without).
    public func elements(in range: Range<Int>) -> JSONArray {
        switch storage {
        case .values(let v): JSONArray(Array(v[range]))
        case .packed(let p) where range.count >= Self.packingThreshold: JSONArray(packed: p.rows(in: range))
        case .packed(let p): JSONArray(range.map { p.row($0) })
        }
    }

    /// Whether the rows are held as JSON text.
    public var isPacked: Bool { if case .packed = storage { true } else { false } }

    /// The member `key` of the element at `index` when that element is an object, without decoding the rest of a
    /// packed row: what a keyed list reads of every row.
    public func member(_ key: String, of index: Int) -> JSONValue? {
        switch storage {
        case .values(let v): v[index][key]
        case .packed(let p): p.member(key, ofRow: index)
        }
    }
}

extension JSONArray: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public var count: Int {
        switch storage {
        case .values(let v): v.count
        case .packed(let p): p.count
        }
    }
    public var isEmpty: Bool { count == 0 }
    public var indices: Range<Int> { 0..<count }
    public func index(after i: Int) -> Int { i + 1 }
    public func index(before i: Int) -> Int { i - 1 }

    public subscript(position: Int) -> JSONValue {
        get {
            switch storage {
            case .values(let v): v[position]
            case .packed(let p): p.row(position)
            }
        }
        set { replaceSubrange(position..<(position + 1), with: CollectionOfOne(newValue)) }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == JSONValue {
        let newCount = count - subrange.count + newElements.count
        switch storage {
        case .values(var values):
            storage = .values([])  // one owner while it changes, so the splice does not copy it
            // A list that grows past the threshold with flat rows packs itself, once: an append of rows
            // that arrived packed, or the growth of a list by small appends.
            if values.count < Self.packingThreshold, newCount >= Self.packingThreshold,
               values.allSatisfy(PackedRows.isFlatRow), Self.allFlat(newElements),
               let packed = PackedRows(values)
            {
                if packed.replace(subrange, with: newElements) { storage = .packed(packed); return }
            }
            values.replaceSubrange(subrange, with: newElements)
            storage = .values(values)
        case .packed(var packed):
            storage = .values([])
            if !isKnownUniquelyReferenced(&packed) { packed = packed.copy() }
            if Self.allFlat(newElements), packed.replace(subrange, with: newElements) {
                storage = .packed(packed)
                return
            }
            // A row packed text cannot hold: the list is values from now on.
            var values = packed.allValues()
            values.replaceSubrange(subrange, with: newElements)
            storage = .values(values)
        }
    }

    public mutating func reserveCapacity(_ n: Int) {
        guard case .values(var values) = storage else { return }
        storage = .values([])
        values.reserveCapacity(n)
        storage = .values(values)
    }

    private static func allFlat<C: Collection>(_ elements: C) -> Bool where C.Element == JSONValue {
        if let array = elements as? JSONArray, case .packed = array.storage { return true }
        return elements.allSatisfy(PackedRows.isFlatRow)
    }
}

extension JSONArray: Hashable {
    public static func == (a: JSONArray, b: JSONArray) -> Bool {
        guard a.count == b.count else { return false }
        if case .packed(let p) = a.storage, case .packed(let q) = b.storage, p === q { return true }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension JSONArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self.init(elements) }
}
