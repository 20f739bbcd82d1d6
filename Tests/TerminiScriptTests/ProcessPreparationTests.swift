import CJavaScriptCore
import Testing
import TerminiScript

/// JavaScriptCore's full collection, run from its timer on the script thread, asks WTF's memory pressure handler,
/// whose first use needs WTF's main run loop. The C API never creates it, so a big heap used to crash the process
/// at a random moment while an app idled (found by the Table bench). Preparing the process creates it.
@Suite struct ProcessPreparationTests {
    @Test func theMemoryPressureHandlerIsSafeOnceTheProcessIsPrepared() {
        ScriptRuntime.prepareProcess()
        // Without the preparation this call dereferences a null main run loop and the test process dies.
        #expect(termini_wtf_memoryPressureHandler() != nil)
        // Idempotent: a host and the first runtime may both ask.
        ScriptRuntime.prepareProcess()
    }
}
