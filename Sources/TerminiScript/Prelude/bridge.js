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
    return new Promise(function (resolve, reject) {
      invokes.set(id, { resolve: resolve, reject: reject, pageId: pageId, origin: origin });
      native.invoke(id, name, json, pageId);
    });
  },
});

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

