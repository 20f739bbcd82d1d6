import CJavaScriptCore

/// JavaScriptCore's heap counters at one moment (`JSGetMemoryUsageStatistics`), in bytes and cells.
public struct ScriptHeapStatistics: Hashable, Sendable {
    /// Bytes the collector counts as in use: cells live at the last collection plus those allocated since, and the
    /// extra memory below (JavaScriptCore's `Heap::size()` includes it).
    public var size: Int
    /// Bytes of heap blocks the collector holds, in use or free.
    public var capacity: Int
    /// Bytes held outside the heap by its objects (array storage, string buffers) that the collector accounts for.
    public var extraMemory: Int
    /// Cells in the heap, live or not yet swept.
    public var objectCount: Int

    public init(size: Int, capacity: Int, extraMemory: Int, objectCount: Int) {
        self.size = size
        self.capacity = capacity
        self.extraMemory = extraMemory
        self.objectCount = objectCount
    }

    /// The heap with the memory its objects hold outside it: what the `--script-memory` limit counts. That is
    /// `size` alone, which already includes it: adding `extraMemory` again counted a 100 MB buffer as 200 MB.
    public var sizeWithExtraMemory: Int { size }

    /// Reads `context`'s heap as the collector's own schedule left it; nothing is collected. On the VM's thread.
    init?(reading context: JSContextRef) {
        guard let statistics = JSGetMemoryUsageStatistics(context) else { return nil }
        func number(_ key: String) -> Int {
            let name = JSStringCreateWithUTF8CString(key)
            defer { JSStringRelease(name) }
            let value = JSValueToNumber(context, JSObjectGetProperty(context, statistics, name, nil), nil)
            return value.isFinite ? Int(value) : 0
        }
        self.init(size: number("heapSize"), capacity: number("heapCapacity"), extraMemory: number("extraMemorySize"),
                  objectCount: number("objectCount"))
    }
}
