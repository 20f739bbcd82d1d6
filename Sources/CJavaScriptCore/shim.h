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
#endif
