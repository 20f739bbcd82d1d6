import DequeModule

/// The rows of a packed `JSONArray`: each row's compact JSON text, in fixed-size chunks, and one 64-bit span per
/// row that says where its text is.
///
/// Chunks are filled in order and never move, so appending rows copies only their text (a list does not grow by
/// copying itself), and spare room is at most one chunk. They are allocated by hand, so reading a row is pointer
/// arithmetic, with no reference counting on the way. A removed or replaced row's text stays where it was as
/// garbage until the garbage outweighs the live text, when the live rows are copied into fresh chunks: removals
/// cost their rows, amortized.
///
/// Only `JSONArray` changes an instance, and only while it holds the one reference (copy on write), so sharing one
/// between threads to read is safe.
final class PackedRows: @unchecked Sendable {
    /// Bytes per chunk: large enough that a chunk holds thousands of rows, small enough that the spare room of the
    /// last one does not matter.
    static let chunkSize = 1 << 18
    /// A row's text may use at most this much; a longer one is kept as a value (the list unpacks).
    static let maxRowBytes = 1 << 16

    /// One block of row text.
    private struct Chunk {
        var base: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var used: Int
    }

    @exclusivity(unchecked) private var chunks: [Chunk] = []
    /// Per row: chunk index (bits 40...63), start in the chunk (bits 20...39), length (bits 0...19). A deque, so
    /// that removing or inserting rows near either end moves only the spans on the shorter side (at a million
    /// rows an array moved 8 MB to remove the first).
    @exclusivity(unchecked) private var spans: Deque<UInt64> = []
    private var liveBytes = 0
    private var garbageBytes = 0
    /// The key table of the first row packed, for decoded rows with the same keys to share.
    private var shape: JSONObjectShape?

    init() {}

    deinit { for chunk in chunks { chunk.base.deallocate() } }

    /// Packs `values`; nil when one of them is not a flat row or its text is too long.
    convenience init?(_ values: [JSONValue]) {
        self.init()
        guard replace(0..<0, with: values) else { return nil }
    }

    /// Rows whose text was parsed already, at `texts` in `bytes`; nil when one is too long.
    init?(texts: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>, shape: JSONObjectShape?) {
        self.shape = shape
        spans.reserveCapacity(texts.count)
        for range in texts {
            guard range.count <= Self.maxRowBytes else { return nil }
            spans.append(store(UnsafeBufferPointer(rebasing: bytes[range])))
        }
    }

    var count: Int { spans.count }

    /// The bytes of text held, garbage included.
    var storedBytes: Int { chunks.reduce(0) { $0 + $1.used } }

    /// A copy that can change without changing this one.
    func copy() -> PackedRows {
        let other = PackedRows()
        other.chunks = chunks.map { chunk in
            let base = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk.capacity)
            base.update(from: chunk.base, count: chunk.used)
            return Chunk(base: base, capacity: chunk.capacity, used: chunk.used)
        }
        other.spans = spans
        other.liveBytes = liveBytes
        other.garbageBytes = garbageBytes
        other.shape = shape
        return other
    }

    /// The rows in `range` as rows of their own, their text copied without decoding it.
    func rows(in range: Range<Int>) -> PackedRows {
        let other = PackedRows()
        other.shape = shape
        other.spans.reserveCapacity(range.count)
        for i in range { other.spans.append(withRowText(i) { other.store($0) }) }
        return other
    }

    /// An object whose members are all strings, finite numbers, booleans or null: what a packed list holds.
    static func isFlatRow(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.storage.allSatisfy(isScalarText)
    }

    /// A value whose JSON text reads back as itself and holds no other value (NaN and the infinities would read
    /// back as null).
    static func isScalarText(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool, .string: true
        case .number(let n): n.isFinite
        case .array, .object: false
        }
    }

    // MARK: Reading

    private static func unpack(_ span: UInt64) -> (chunk: Int, start: Int, length: Int) {
        (Int(span >> 40), Int((span >> 20) & 0xF_FFFF), Int(span & 0xF_FFFF))
    }

    private func withRowText<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let (chunk, start, length) = Self.unpack(spans[i])
        return body(UnsafeBufferPointer(start: chunks[chunk].base + start, count: length))
    }

    /// The row at `i`, decoded.
    func row(_ i: Int) -> JSONValue {
        withRowText(i) { text in
            var parser = JSONParser(bytes: text)
            if let shape { parser.shapes = [shape] }
            // The text was parsed (or written) when it was packed.
            return (try? parser.parseDocument()) ?? .null
        }
    }

    /// The member `key` of row `i`, reading only as far as that member.
    func member(_ key: String, ofRow i: Int) -> JSONValue? {
        withRowText(i) { text in
            var parser = JSONParser(bytes: text)
            return try? parser.member(key)
        }
    }

    /// The member `key` of every row, in order.
    func forEachMember(_ key: String, _ body: (Int, JSONValue?) -> Void) {
        let wanted = Array(key.utf8)
        for i in 0..<count {
            body(i, withRowText(i) { text in
                var parser = JSONParser(bytes: text)
                return try? parser.member(utf8: wanted)
            })
        }
    }

    /// Sets the member `key` of row `i` to `value` by rewriting only that member's text; false (and nothing
    /// changed) when `value` is not a string, finite number, boolean or null, or the row has no such member.
    func setMember(_ key: String, ofRow i: Int, to value: JSONValue) -> Bool {
        guard Self.isScalarText(value) else { return false }
        var text: [UInt8] = []
        let found: Bool = withRowText(i) { row in
            var parser = JSONParser(bytes: row)
            guard let range = (try? parser.memberRange(utf8: Array(key.utf8))) ?? nil else { return false }
            text.reserveCapacity(row.count + 16)
            text.append(contentsOf: UnsafeBufferPointer(rebasing: row[..<range.lowerBound]))
            text.append(contentsOf: value.serialized().utf8)
            text.append(contentsOf: UnsafeBufferPointer(rebasing: row[range.upperBound...]))
            return true
        }
        guard found, text.count <= Self.maxRowBytes else { return false }
        let old = Self.unpack(spans[i]).length
        liveBytes -= old
        garbageBytes += old
        spans[i] = text.withUnsafeBufferPointer { store($0) }
        if garbageBytes > Self.chunkSize && garbageBytes > liveBytes { compact() }
        return true
    }

    /// Every row, decoded.
    func allValues() -> [JSONValue] {
        var out: [JSONValue] = []
        out.reserveCapacity(count)
        for i in 0..<count { out.append(row(i)) }
        return out
    }

    // MARK: Changing

    /// Replaces the rows in `range` with `rows`, or changes nothing and returns false when one of them is not a
    /// flat row or is too long.
    func replace<C: Collection>(_ range: Range<Int>, with rows: C) -> Bool where C.Element == JSONValue {
        var texts: [UInt8] = []
        var lengths: [Int] = []
        var newSpans: [UInt64] = []
        newSpans.reserveCapacity(rows.count)
        if let array = rows as? JSONArray, case .packed(var source) = array.storage {
            // Rows packed already (an append as setData sends it): their text is copied straight across.
            if source === self { source = copy() }
            for i in 0..<source.count { newSpans.append(source.withRowText(i) { store($0) }) }
            if shape == nil { shape = source.shape }
        } else {
            lengths.reserveCapacity(rows.count)
            for row in rows {
                guard Self.isFlatRow(row), case .object(let members) = row else { return false }
                let before = texts.count
                Self.writeRow(members, to: &texts)
                guard texts.count - before <= Self.maxRowBytes else { return false }
                lengths.append(texts.count - before)
                if shape == nil { shape = members.shape }
            }
        }
        var offset = 0
        texts.withUnsafeBufferPointer { all in
            for length in lengths {
                newSpans.append(store(UnsafeBufferPointer(rebasing: all[offset..<(offset + length)])))
                offset += length
            }
        }
        for span in spans[range] {
            let length = Self.unpack(span).length
            liveBytes -= length
            garbageBytes += length
        }
        spans.replaceSubrange(range, with: newSpans)
        if garbageBytes > Self.chunkSize && garbageBytes > liveBytes { compact() }
        return true
    }

    /// Copies one row's text into the last chunk (a new one when it does not fit) and returns its span.
    private func store(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var c = chunks.count - 1
        if c < 0 || chunks[c].used + text.count > chunks[c].capacity {
            if c == 0, chunks[0].capacity < Self.chunkSize, chunks[0].used + text.count <= Self.chunkSize {
                // The first chunk grows as rows come (a list of a few hundred rows keeps a few KB).
                let capacity = min(Self.chunkSize, max(chunks[0].capacity * 2, chunks[0].used + text.count))
                let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                base.update(from: chunks[0].base, count: chunks[0].used)
                chunks[0].base.deallocate()
                chunks[0].base = base
                chunks[0].capacity = capacity
            } else {
                // Later chunks are made whole: a list that filled one is long.
                let capacity = c < 0 ? max(4_096, text.count) : Self.chunkSize
                chunks.append(Chunk(base: .allocate(capacity: capacity), capacity: capacity, used: 0))
                c += 1
            }
        }
        let start = chunks[c].used
        if let source = text.baseAddress { (chunks[c].base + start).update(from: source, count: text.count) }
        chunks[c].used += text.count
        liveBytes += text.count
        return UInt64(c) << 40 | UInt64(start) << 20 | UInt64(text.count)
    }

    /// Copies the live rows into fresh chunks, dropping the text of removed rows.
    private func compact() {
        let old = chunks
        chunks = []
        liveBytes = 0
        garbageBytes = 0
        for i in 0..<spans.count {
            let (chunk, start, length) = Self.unpack(spans[i])
            spans[i] = store(UnsafeBufferPointer(start: old[chunk].base + start, count: length))
        }
        for chunk in old { chunk.base.deallocate() }
    }

    /// A flat object as compact JSON, members in their order.
    private static func writeRow(_ members: JSONObject, to out: inout [UInt8]) {
        var text = "{"
        var first = true
        for (key, value) in zip(members.shape.keys, members.storage) {
            if !first { text += "," }
            first = false
            JSONValue.writeEscaped(key, to: &text)
            text += ":"
            text += value.serialized()
        }
        text += "}"
        out.append(contentsOf: text.utf8)
    }
}
