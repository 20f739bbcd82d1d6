import Testing
import TerminiScript
import TerminiTemplate

/// Buffers that would take the script past its memory limit are refused before they exist, with a RangeError that
/// names the limit; buffers within it behave as JavaScript's always have. Buffers that add up past the limit, and
/// garbage collected before a refusal, are `ScriptLimitProbeTests`' (the limit also reads the process's resident
/// memory, which the other tests in this process move).
@Suite struct BufferLimitTests {
    /// Requests over a 64 MB limit, each by a different road to a big buffer.
    static let oversized: [String] = [
        "new ArrayBuffer(2 ** 32)",
        "new ArrayBuffer(65 * 2 ** 20)",
        "new ArrayBuffer({ valueOf() { return 2 ** 31 } })",
        "new ArrayBuffer(8, { maxByteLength: 2 ** 32 })",
        "new Uint8Array(2 ** 32)",
        "new Uint8Array('4294967296')",
        "new Float64Array(2 ** 24)",
        "new BigInt64Array(2 ** 24)",
        "new Uint8Array({ length: 2 ** 32 })",
        "Uint8Array.from({ length: 2 ** 32 })",
        "new Float64Array(new Uint8Array(16 * 2 ** 20))",
        "new (class Pixels extends Uint8ClampedArray {})(2 ** 30)",
        "new ArrayBuffer(16).transfer(2 ** 32)",
        "new ArrayBuffer(16).transferToFixedLength(2 ** 30)",
        "new Uint8Array(40 * 2 ** 20).slice()",
        "new Float64Array(5 * 2 ** 20).map(x => x)",
        "new Int32Array(10 * 2 ** 20).toSorted()",
    ]

    @Test(arguments: oversized)
    func aBufferPastTheLimitIsARangeErrorNamingIt(_ expression: String) {
        let h = ScriptHarness(scriptMemoryMB: 64)
        defer { h.shutdown() }
        h.load("""
            try { const b = \(expression); console.log('made', b.byteLength) }
            catch (e) { console.log(e.name, e.message) }
            """)
        let log = h.delegate.logs.first ?? ""
        #expect(log.hasPrefix("RangeError "), "\(expression): \(h.delegate.logs) \(h.delegate.errors)")
        #expect(log.contains("past its memory limit of 64 MB"), "\(expression): \(log)")
        #expect(h.delegate.errors.isEmpty)
    }

    @Test func buffersWithinTheLimitKeepTheirUsualBehaviour() {
        let h = ScriptHarness(scriptMemoryMB: 64)
        defer { h.shutdown() }
        h.load("""
            const a = new Uint8Array(4 << 20).fill(1)
            class Pixels extends Uint8ClampedArray {}
            const p = new Pixels(2 << 20)
            const r = new ArrayBuffer(8, { maxByteLength: 8 << 20 })
            r.resize(4 << 20)
            console.log(a.length, a[4194303], a instanceof Uint8Array, a.constructor === Uint8Array,
              Object.getPrototypeOf(a) === Uint8Array.prototype, p instanceof Pixels, p instanceof Uint8ClampedArray,
              a.buffer instanceof ArrayBuffer, a.buffer.constructor === ArrayBuffer, r.byteLength,
              Uint8Array.BYTES_PER_ELEMENT, Uint8Array.name, Uint8Array.from([1, 2]).join(), Uint8Array.of(3).join(),
              new Uint8Array(a.buffer, 1, 2).length, a.slice(0, 2).constructor === Uint8Array,
              new Uint16Array([1, 2]).buffer.transfer(2).byteLength, new Uint8Array(40 << 20).slice(-3).length)
            """)
        #expect(h.delegate.logs == ["4194304 1 true true true true true true true 4194304 1 Uint8Array 1,2 3 2 true 2 3"],
                "\(h.delegate.errors)")
    }

    @Test func withoutAMemoryLimitBuffersAreNotWrapped() {
        let h = ScriptHarness(scriptMemoryMB: nil)
        defer { h.shutdown() }
        h.load("console.log(Function.prototype.toString.call(ArrayBuffer).includes('[native code]'), new Uint8Array(8).length)")
        #expect(h.delegate.logs == ["true 8"])
    }

    @Test func theHeapCountsABufferOnce() throws {
        let h = ScriptHarness()
        defer { h.shutdown() }
        let before = try #require(h.runtime.measureHeap())
        h.load("globalThis.kept = new ArrayBuffer(64 << 20)")
        let after = try #require(h.runtime.measureHeap())
        let grownMB = (after.sizeWithExtraMemory - before.sizeWithExtraMemory) >> 20
        #expect(grownMB >= 63 && grownMB <= 70, "a 64 MB buffer counted as \(grownMB) MB")
    }
}
