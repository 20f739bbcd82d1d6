// ---------------------------------------------------------------- bridge
const invokes = new Map();
let nextCallbackId = 1;
const bridge = Object.freeze({
  invoke: function invoke(name, params) {
    if (typeof name !== 'string' || name === '') {
      return Promise.reject(new TypeError('bridge.invoke: the command name must be a non-empty string'));
    }
    let json;
    try { json = params === undefined ? '{}' : toCheckedJSON("bridge.invoke('" + name + "'): params", params, MAX_NESTING); }
    catch (e) { return Promise.reject(e); }
    const id = nextCallbackId++;
    const pageId = currentPage;
    // Where the call came from, for the report should it fail with nobody to catch it; a stack costs a few
    // microseconds, which a native command's round trip dwarfs.
    const origin = { command: name, handler: currentHandler, pageId: pageId, stack: callerStack() };
    const task = new Promise(function (resolve, reject) {
      invokes.set(id, { resolve: resolve, reject: reject, pageId: pageId, origin: origin, listeners: null });
      native.invoke(id, name, json, pageId);
    });
    task.abort = function abort() { abortInvoke(id); };
    task.on = function on(type, fn) { listenTo(id, type, fn); return task; };
    for (const method in taskEventMethods) {
      const type = taskEventMethods[method];
      task[method] = function (fn) { listenTo(id, type, fn); return task; };
    }
    return task;
  },
});

// Every bridge.invoke returns a task: the promise of the answer, which also has `abort()` and `on(type, fn)` for
// the events a running command sends before it answers (docs/DATA-FLOW.md#command-events). These are WeChat's names
// for `on` with one type each.
const taskEventMethods = {
  onHeadersReceived: 'headersReceived', onChunkReceived: 'chunkReceived', onProgressUpdate: 'progressUpdate',
};

function listenTo(id, type, fn) {
  if (typeof fn !== 'function') throw new TypeError('a task listener must be a function, got ' + typeof fn);
  const pending = invokes.get(id);
  if (pending === undefined) return;  // settled: no more events will come
  if (pending.listeners === null) pending.listeners = new Map();
  const list = pending.listeners.get(type);
  if (list === undefined) pending.listeners.set(type, [fn]); else list.push(fn);
}

// Settles the call now with '<name>:fail abort' (errCode 8, cancelled) and has the host stop its work: a request's
// connection closes, a socket closes. A call already settled is left as it is.
function abortInvoke(id) {
  const pending = invokes.get(id);
  if (pending === undefined) return;
  invokes.delete(id);
  native.abortInvoke(id);
  const reason = { errMsg: pending.origin.command + ':fail abort', errCode: 8 };
  invokeOrigins.set(reason, pending.origin);
  pending.reject(reason);
}

// The rejection values of failed bridge.invoke calls, with where each call was made (see `rejection` below).
const invokeOrigins = new WeakMap();

// An Error-like report of a failed bridge.invoke that nothing caught: its errMsg and errCode, the command, and the
// file:line of the call, where the rejection itself happens later in a promise job with no useful stack.
function invokeFailure(reason, origin) {
  const errMsg = typeof reason.errMsg === 'string' ? reason.errMsg : formatArg(reason);
  const code = reason.errCode !== undefined ? ' (errCode ' + formatArg(reason.errCode) + ')' : '';
  const failure = Object.create(Error.prototype);
  failure.name = 'BridgeError';
  failure.message = errMsg + code + " from bridge.invoke('" + origin.command + "'), which nothing caught";
  failure.stack = origin.stack;
  const at = origin.stack.split('\n')[0];
  const where = /^(?:.*@)?(.*):(\d+):(\d+)$/.exec(at);
  if (where !== null) {
    failure.sourceURL = where[1];
    failure.line = Number(where[2]);
    failure.column = Number(where[3]);
  }
  return failure;
}

