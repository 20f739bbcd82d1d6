#if canImport(Glibc)
import Glibc
#endif
import CMalloc
import TerminiScript
import TerminiUI

/// The big-list operations: the same list edits at growing lengths, so a table of cost against length shows whether
/// a change costs the change or the list. The list grows by untimed appends of 10,000 rows (`spliceData`); at each
/// length the bench times an append of 10,000 rows, a one-row update and a one-row remove at the top of the screen
/// (each edit undone, untimed, so the length stays), and scrolling by a line and a page, each checked on the screen
/// like every keyed-list operation.
extension KeyedListBench {
    /// The lengths measured when none are given.
    public static let bigListSizes = [10_000, 100_000, 1_000_000]

    /// What the list costs in memory at one length.
    public struct ListMemory: Sendable {
        public var rows: Int
        /// Resident memory of the whole process.
        public var residentMegabytes: Double
        /// Resident memory added per row since the list was empty, in bytes.
        public var bytesPerRow: Double
        /// The JS heap's live bytes per row (after a full collection), since the list was empty.
        public var scriptHeapBytesPerRow: Double
        /// Bytes per row that the JS heap's objects hold outside it, mostly string buffers (JavaScriptCore's own
        /// allocator, so neither the heap's size nor malloc's count includes them).
        public var scriptOutsideHeapBytesPerRow: Double
        /// malloc's bytes in use per row since the list was empty: the Swift side's data, keys and slots (and
        /// whatever JavaScriptCore allocates with malloc).
        public var nativeHeapBytesPerRow: Double
        /// What one row costs in all: the JS heap and malloc's bytes in use.
        public var totalBytesPerRow: Double { scriptHeapBytesPerRow + nativeHeapBytesPerRow }
    }

    /// Bytes malloc has handed out and not had back, over all arenas.
    static func mallocBytesInUse() -> Int { Int(mallinfo2().uordblks) }

    /// Runs the big-list operations at each of `sizes` (ascending); results are named `<op>@<rows>`.
    public func runBigList(sizes: [Int], progress: (String) -> Void) throws -> (results: [Result], memory: [ListMemory]) {
        if !model.rows.isEmpty { _ = try perform("9", label: "big list: clear") }
        let baselineHeap = engine.measureScriptHeap() ?? ScriptHeapStatistics(size: 0, capacity: 0, extraMemory: 0, objectCount: 0)
        let baselineMalloc = Self.mallocBytesInUse()
        let baseline = Self.residentMegabytes()
        var results: [Result] = []
        var memory: [ListMemory] = []
        for size in sizes.sorted() {
            progress("big list: growing to \(size) rows")
            while model.rows.count + KeyedListModel.bigAppend <= size {
                _ = try perform("a", label: "big list: growing to \(size), at \(model.rows.count)")
            }
            guard model.rows.count == size else {
                throw BenchError("big list sizes must be multiples of \(KeyedListModel.bigAppend), got \(size)")
            }
            let heap = engine.measureScriptHeap() ?? baselineHeap
            let resident = Self.residentMegabytes()
            memory.append(ListMemory(rows: size, residentMegabytes: resident,
                                     bytesPerRow: (resident - baseline) * 1_048_576 / Double(size),
                                     scriptHeapBytesPerRow: Double(heap.size - baselineHeap.size) / Double(size),
                                     scriptOutsideHeapBytesPerRow: Double(heap.extraMemory - baselineHeap.extraMemory) / Double(size),
                                     nativeHeapBytesPerRow: Double(Self.mallocBytesInUse() - baselineMalloc) / Double(size)))
            progress("big list: \(size) rows")
            var append: [Sample] = [], update: [Sample] = [], remove: [Sample] = [], cursor: [Sample] = [], line: [Sample] = []
            var page: [Sample] = []
            let pageRows = options.height - 1
            for run in 0..<(options.warmups + options.runs) {
                let measured = run >= options.warmups
                let a = try perform("a", label: "append_10k@\(size), run \(run + 1)")
                _ = try perform("z", label: "undo append_10k@\(size), run \(run + 1)")
                let u = try perform("u", label: "update_1_row@\(size), run \(run + 1)")
                let r = try perform("r", label: "remove_1_row@\(size), run \(run + 1)")
                _ = try perform("i", label: "undo remove_1_row@\(size), run \(run + 1)")
                let (c, l, p) = try navigate(pageRows: pageRows, label: "@\(size), run \(run + 1)")
                if measured {
                    append.append(a); update.append(u); remove.append(r); cursor.append(c); line.append(l); page.append(p)
                }
            }
            results += [Result(op: "append_10k@\(size)", samples: append), Result(op: "update_1_row@\(size)", samples: update),
                        Result(op: "remove_1_row@\(size)", samples: remove), Result(op: "cursor_1_row@\(size)", samples: cursor),
                        Result(op: "scroll_1_line@\(size)", samples: line),
                        Result(op: "scroll_1_page@\(size)", samples: page)]
        }
        return (results, memory)
    }
}
