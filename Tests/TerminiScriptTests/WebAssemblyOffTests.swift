import Testing
import TerminiScript

/// WebAssembly is off, as eval is: JavaScriptCore's time limit never stops compiled wasm, so a module that loops
/// would hold the JS thread forever.
@Suite struct WebAssemblyOffTests {
    @Test func webAssemblyIsNotDefinedAndALoopingModuleCannotBeBuilt() {
        let h = ScriptHarness(scriptLimit: .milliseconds(300))
        defer { h.shutdown() }
        h.load("""
            console.log(typeof WebAssembly, 'WebAssembly' in globalThis)
            // (module (func (loop (br 0))) (start 0)): its start function never returns.
            const bytes = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 3, 2, 1, 0, 8, 1, 0,
              0x0a, 9, 1, 7, 0, 3, 0x40, 0x0c, 0, 0x0b, 0x0b])
            new WebAssembly.Instance(new WebAssembly.Module(bytes))
            """)
        #expect(h.delegate.logs == ["undefined false"])
        #expect(h.delegate.errors.map(\.kind) == [.exception])
        #expect(h.delegate.errors.first?.message == "ReferenceError: Can't find variable: WebAssembly")
    }
}
