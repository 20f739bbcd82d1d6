// System-library shim for JavaScriptCore (WebKitGTK's javascriptcoregtk-4.1).
#ifndef TERMINI_CJAVASCRIPTCORE_SHIM_H
#define TERMINI_CJAVASCRIPTCORE_SHIM_H
#include <JavaScriptCore/JavaScript.h>
// JavaScriptCore's own timers (garbage collection, FinalizationRegistry cleanup) run on the GLib main context of
// the thread that uses the VM; the script thread services it (ScriptEventLoop).
#include <glib.h>

// The declarations below live in JSContextRefPrivate.h, which WebKitGTK does not install,
// but libjavascriptcoregtk exports the symbols (checked with `nm -D` against 2.50).

// The execution time limit, so scripts that loop forever can be stopped.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void* context);
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                                   JSShouldTerminateCallback callback, void* context);
JS_EXPORT void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

// Makes eval, Function and the async/generator function constructors throw an EvalError with `message`.
JS_EXPORT void JSGlobalContextSetEvalEnabled(JSGlobalContextRef ctx, bool enabled, JSStringRef message);

// `function(promise, reason)` is called after a microtask checkpoint for each rejection nobody handled.
JS_EXPORT void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx, JSObjectRef function,
                                                            JSValueRef* exception);

// "#0 f() at file.js:3" lines; used for the stack of a script stopped by the time limit, which has no Error object.
JS_EXPORT JSStringRef JSContextCreateBacktrace(JSContextRef ctx, unsigned maxStackSize);

// A synchronous full collection (JSGarbageCollect only schedules one on timers our script thread never runs).
JS_EXPORT void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);

// An object of heap counters (`heapSize`, `heapCapacity`, `objectCount`, …); from JSBasePrivate.h.
JS_EXPORT JSObjectRef JSGetMemoryUsageStatistics(JSContextRef ctx);

// WTF::initializeMainThread(), exported by libjavascriptcoregtk as a C++ symbol: it records the main thread and
// creates WTF's main run loop. JavaScriptCore's full-collection timer asks the memory pressure handler, whose first
// use builds a timer on that main run loop; without one the process crashes the first time a big heap is collected
// from its timer. The C API does not call it (WebKit's own processes do).
void termini_wtf_initializeMainThread(void) __asm__("_ZN3WTF20initializeMainThreadEv");
// WTF::MemoryPressureHandler::singleton(): what the collector's timer calls and what crashed without the above. Only
// a test calls it, to prove that preparing the process makes it safe.
void *termini_wtf_memoryPressureHandler(void) __asm__("_ZN3WTF21MemoryPressureHandler9singletonEv");

// Running the microtask queue from inside a script entry, so that JavaScriptCore's time limit and our memory poll
// cover promise jobs: on its own, JSC drains them as the outermost API call releases its lock, after the entry has
// ended, and enters the VM afresh for each job, which restarts the time limit's clock every job; a job that queues
// another ran forever. `JSContextGroupRef` is JSC's `VM*` (APICast.h), `JSC::VM::drainMicrotasks()` and
// `JSC::JSLockHolder` are exported C++ (checked with `nm -D` against 2.50). The API lock is taken around the drain, as
// every C API function takes it on entry: from a native function's body without it, the drain aborted the process
// (in `Heap::stopIfNecessarySlow`).
void termini_jsc_vm_drainMicrotasks(void *vm) __asm__("_ZN3JSC2VM15drainMicrotasksEv");
void termini_jsc_lockHolder_init(void *holder, void *vm) __asm__("_ZN3JSC12JSLockHolderC1EPNS_2VME");
void termini_jsc_lockHolder_destroy(void *holder) __asm__("_ZN3JSC12JSLockHolderD1Ev");

// Runs every queued microtask (and the jobs they queue) now, on the calling thread, which must be inside a call
// from JavaScript into a native function of `group`'s context. A termination stops the drain and stays pending.
static inline void termini_drainMicrotasks(JSContextGroupRef group) {
    // JSLockHolder is one pointer (a RefPtr<VM>); the buffer leaves room to spare.
    _Alignas(16) unsigned char holder[64];
    termini_jsc_lockHolder_init(holder, (void *)group);
    termini_jsc_vm_drainMicrotasks((void *)group);
    termini_jsc_lockHolder_destroy(holder);
}
#endif
