import TerminiUI

/// The component operation: creating 1,000 rows that are each a component instance, against the same 1,000 rows as
/// plain widgets, in one process and alternating run by run, so the ratio is not skewed by the machine's drift. Both
/// are built in full (a `ForEach`), so every row is an instance. Runs on the bench app's `components` page.
extension KeyedListBench {
    /// What one component instance costs in memory beyond a plain row.
    public struct InstanceMemory: Sendable {
        public var instances: Int
        /// JS heap bytes per instance (its object, data and shadow), after a full collection.
        public var scriptHeapBytes: Double
        /// malloc bytes per instance (its data in the page's data, its elements).
        public var nativeHeapBytes: Double
        public var totalBytes: Double { scriptHeapBytes + nativeHeapBytes }
    }

    /// Times `create_1k` with plain rows and with component rows, alternating; then measures memory of each.
    public func runComponents(progress: (String) -> Void) throws -> (results: [Result], memory: InstanceMemory) {
        progress("create_1k_plain_rows, create_1k_component_rows")
        var plain: [Sample] = [], components: [Sample] = []
        for run in 0..<(options.warmups + options.runs) {
            for (mode, useComponents) in [("p", false), ("c", true)] {
                if !model.rows.isEmpty { _ = try perform("9", label: "components: clear, run \(run + 1)") }
                _ = try? performWithoutFrame(mode)
                let sample = try perform("1", label: "create_1k_\(useComponents ? "component" : "plain")_rows, run \(run + 1)")
                if run >= options.warmups { if useComponents { components.append(sample) } else { plain.append(sample) } }
            }
        }
        // Memory: the same 1,000 rows as plain widgets and as instances; the difference is what instances add.
        func measure(_ mode: String) throws -> (heap: Int, malloc: Int) {
            if !model.rows.isEmpty { _ = try perform("9", label: "components memory: clear") }
            try performWithoutFrame(mode)
            _ = try perform("1", label: "components memory: create")
            return (engine.measureScriptHeap()?.size ?? 0, Self.mallocBytesInUse())
        }
        let withPlain = try measure("p")
        let withComponents = try measure("c")
        let n = Double(options.rows)
        let memory = InstanceMemory(instances: options.rows,
                                    scriptHeapBytes: Double(withComponents.heap - withPlain.heap) / n,
                                    nativeHeapBytes: Double(withComponents.malloc - withPlain.malloc) / n)
        return ([Result(op: "create_1k_plain_rows", samples: plain), Result(op: "create_1k_component_rows", samples: components)],
                memory)
    }

    /// Presses a key whose change shows nothing when the list is empty (switching the row mode): the script runs, the
    /// data changes, and no row is on screen to check.
    private func performWithoutFrame(_ key: String) throws {
        guard let character = key.first else { return }
        engine.handle(.key(.character(character)))
        // The key can be held behind the answer to the previous one (type-ahead) until a step lets it through; on a
        // loaded machine its setData then came after this returned, and the next operation took it for its own.
        let deadline = clock.now() + 10_000_000_000
        while engine.isHoldingInput && clock.now() < deadline { engine.step(maxWaitMilliseconds: 1) }
        engine.waitForScriptIdle(timeout: .seconds(10))
        engine.applyScriptMessages()
        engine.step(maxWaitMilliseconds: 0)
    }
}
