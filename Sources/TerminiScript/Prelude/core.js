// The Termini prelude: evaluated once per JavaScriptCore context before any mini-app code. It is split by concern
// into the files of this folder, which are embedded into TerminiScript at build time (Package.swift: `.embedInCode`)
// and joined in the order Prelude.swift lists, so these files are the only copy. An error inside it names the part's
// file and line (`termini:prelude/bridge.js:12`).
//
// Joined, it is one strict-mode block that takes the native bridge object from `globalThis.__terminiNative`, installs
// the app-facing globals (App, Page, getApp, getCurrentPages, timers, queueMicrotask, bridge, console) and leaves the
// host API that ScriptEngine calls in `globalThis.__terminiHostAPI`; ScriptEngine deletes both before any app code
// runs, so neither is ever seen by it. A block, not a function expression called at once, because JavaScriptCore
// parses a function expression's body twice (a syntax check when the script is evaluated, the real parse when it is
// called): 0.1 ms of every context's start. This file opens the block and host-api.js closes it. `termini` checks
// the whole with node in PreludeEmbeddingTests.
'use strict'; {
const native = globalThis.__terminiNative;
const hasOwn = Object.prototype.hasOwnProperty;
const MAX_PAYLOAD = native.maxPayloadBytes;
// How deep page data may nest: a data path's components and its value's levels together (JSONValue.maximumNesting).
const MAX_NESTING = native.maxNesting;
const promiseResolve = Promise.resolve.bind(Promise);
const arraySplice = Array.prototype.splice;
function spliceApply(array, args) { arraySplice.apply(array, args); }
const stringify = JSON.stringify;
const parse = JSON.parse;
// The page whose code is running: set by every entry from the host and by timers; read by bridge.invoke.
let currentPage = null;
// The hook, handler or callback running ('onTap', 'setTimeout callback'): a failed bridge.invoke nobody caught names
// the handler that called it, not the promise job in which it failed.
let currentHandler = null;

// True while App.onError or App.onUnhandledRejection runs: an error they throw is reported as it is, without calling
// them again.
let inErrorHook = false;

// What App.onError and App.onUnhandledRejection receive: the message, where it was thrown (file:line:column when
// the error carries it) and the stack; `reason` is the rejected value itself.
function errorInfo(error, kind, reason) {
  const isError = error instanceof Error;
  const info = {
    kind: kind,
    message: isError ? String(error) : formatArg(error),
    stack: isError && typeof error.stack === 'string' ? error.stack : '',
    file: isError && typeof error.sourceURL === 'string' ? error.sourceURL : null,
    line: isError && typeof error.line === 'number' ? error.line : null,
    column: isError && typeof error.column === 'number' ? error.column : null,
  };
  if (kind === 'unhandledRejection') info.reason = reason === undefined ? error : reason;
  return info;
}

// Every error the script does not catch: App.onUnhandledRejection (rejections) and App.onError (both) hear of it
// first, as in WeChat, then the host reports it (the log, the error screen). `reason`: a rejection's own value,
// when `error` is its description.
function report(error, pageId, handler, loc, kind, reason) {
  kind = kind || 'exception';
  if (!inErrorHook && appInstance !== undefined) {
    inErrorHook = true;
    try {
      const info = errorInfo(error, kind, reason);
      if (kind === 'unhandledRejection') callHook(appInstance, 'onUnhandledRejection', null, [info]);
      callHook(appInstance, 'onError', null, [info]);
    } finally { inErrorHook = false; }
  }
  native.reportError(error, pageId === undefined ? null : pageId, handler || null, loc || null, kind);
}

function guarded(pageId, handler, loc, fn, self, args) {
  const saved = currentPage, savedHandler = currentHandler;
  currentPage = pageId;
  currentHandler = handler;
  try { return fn.apply(self, args); }
  catch (e) { report(e, pageId, handler, loc); }
  finally { currentPage = saved; currentHandler = savedHandler; }
}

