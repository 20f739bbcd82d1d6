// System-library shim for JavaScriptCore (WebKitGTK's javascriptcoregtk-4.1).
#ifndef TERMINI_CJAVASCRIPTCORE_SHIM_H
#define TERMINI_CJAVASCRIPTCORE_SHIM_H
#include <JavaScriptCore/JavaScript.h>

// The execution time limit lives in JSContextRefPrivate.h, which WebKitGTK does not install,
// but libjavascriptcoregtk exports the symbols. Declared here so scripts that loop forever can be stopped.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void* context);
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                                   JSShouldTerminateCallback callback, void* context);
JS_EXPORT void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);
#endif
