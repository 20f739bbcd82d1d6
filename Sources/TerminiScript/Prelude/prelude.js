// The Termini prelude: evaluated once per JavaScriptCore context before any mini-app code, and embedded into
// TerminiScript at build time (Package.swift: `.embedInCode`), so this file is the only copy.
//
// It is one function expression that takes the native bridge object (never exposed to app code), installs the
// app-facing globals (App, Page, getApp, getCurrentPages, timers, queueMicrotask, bridge, console) and returns the
// host API that ScriptEngine calls. Check it with `node --check Sources/TerminiScript/Prelude/prelude.js`.
(function (native) {
'use strict';
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

// ---------------------------------------------------------------- console
function formatArg(v) {
  if (typeof v === 'string') return v;
  if (v instanceof Error) return v.stack ? String(v) + '\n' + v.stack : String(v);
  if (typeof v === 'object' && v !== null) {
    try { const s = stringify(v); if (s !== undefined) return s; } catch (_) {}
    return String(v);
  }
  if (typeof v === 'symbol') return v.toString();
  return String(v);
}
// A log line is cut at this many UTF-16 code units, with a note of how much was cut: a 100 MB string logged whole
// took the process from 70 MB to 770 MB on its way to the log file (each copy and conversion held it again).
const MAX_LOG_LINE = 65536;
function logLine(args) {
  let line = '', total = 0;
  for (let i = 0; i < args.length; i++) {
    const part = formatArg(args[i]);
    total += part.length + (i > 0 ? 1 : 0);
    const room = MAX_LOG_LINE - line.length;
    if (room > 0) line += (i > 0 ? ' ' : '') + (part.length < room ? part : part.slice(0, room));
  }
  if (total <= MAX_LOG_LINE) return line;
  let kept = MAX_LOG_LINE;
  const last = line.charCodeAt(kept - 1);
  if (last >= 0xD800 && last <= 0xDBFF) kept--;  // never half of a surrogate pair
  return line.slice(0, kept) + ' … [' + (total - kept) + ' more characters cut: a log line holds ' + MAX_LOG_LINE + ']';
}
function logger(level) {
  return function () { native.log(level, logLine(arguments)); };
}
const consoleObject = Object.freeze({
  debug: logger('debug'), log: logger('log'), info: logger('info'), warn: logger('warn'), error: logger('error'),
});

// ---------------------------------------------------------------- JSON checks and data paths
// Serializes `value`, refusing what JSON.stringify would silently drop or mangle. `what` starts the message.
// A walk in plain JS finds bad values first, so the common case is one native stringify with no replacer: a replacer
// is a call from C++ into JS for every key, several times the cost of the walk. Values too deep to walk (or cyclic)
// take the replacer path, whose errors cover them. `room` is how many levels the value may nest where it goes
// (MAX_NESTING less its path's components); a deeper value is a RangeError, before the caller changes anything.
function toCheckedJSON(what, value, room) {
  const bad = firstBadValue(value, '', 0);
  let json;
  if (bad === null) json = stringify(value);
  else if (bad !== TOO_DEEP) throw badValueError(what, bad);
  else {
    // Counted before JSON.stringify sees it, which takes time in proportion to the square of the depth.
    const levels = deepestNesting(value);
    if (levels !== null && levels > room) throw nestingError(what, levels, room);
  }
  if (json === undefined) json = toCheckedJSONWithReplacer(what, value);
  // The walk saw every level of a value it passed, so only a deeper value, or one with little room, is counted.
  if (bad !== null || room < WALKED_LEVELS) checkNesting(what, json, room);
  return json;
}

// Refuses JSON text that nests deeper than `room` levels.
function checkNesting(what, json, room) {
  const levels = jsonNesting(json);
  if (levels > room) throw nestingError(what, levels, room);
}

function nestingError(what, levels, room) {
  const pathLevels = MAX_NESTING - room;
  return new RangeError(what + ': ' + levels + ' levels of arrays and objects' +
    (pathLevels > 0 ? ' below a path of ' + pathLevels + ' component' + (pathLevels === 1 ? '' : 's') : '') +
    '; page data nests at most ' + MAX_NESTING + ' levels, path and value together; nothing was applied');
}

// The deepest nesting of arrays and objects in a value (own enumerable members, as JSON.stringify reads them),
// walked with a stack of its own; null when the value holds a cycle, which JSON.stringify then names.
const LEAVE = {};
function deepestNesting(value) {
  const path = [], onPath = new Set(), pending = [value];
  let deepest = 0;
  while (pending.length > 0) {
    const v = pending.pop();
    if (v === LEAVE) { onPath.delete(path.pop()); continue; }
    if (typeof v !== 'object' || v === null) continue;
    if (onPath.has(v)) return null;
    path.push(v);
    onPath.add(v);
    if (path.length > deepest) deepest = path.length;
    pending.push(LEAVE);
    const members = Array.isArray(v) ? v : Object.values(v);
    for (let i = 0; i < members.length; i++) pending.push(members[i]);
  }
  return deepest;
}

// The deepest nesting of arrays and objects in JSON text, counted in a loop (a recursive walk is what a deep value
// would overflow).
function jsonNesting(json) {
  let depth = 0, deepest = 0, inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;  // a backslash: the next unit is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) { if (++depth > deepest) deepest = depth; }
    else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

const TOO_DEEP = {};
// firstBadValue walks this many levels of arrays and objects; a value it passes nests no deeper.
const WALKED_LEVELS = 65;
// The first value JSON cannot carry as {key, type}, TOO_DEEP past 64 levels, or null. Follows JSON.stringify:
// own enumerable keys, toJSON first, array holes read as undefined.
function firstBadValue(v, key, depth) {
  const t = typeof v;
  if (t === 'object') {
    if (v === null) return null;
    if (depth > 64) return TOO_DEEP;
    if (typeof v.toJSON === 'function') return firstBadValue(v.toJSON(String(key)), key, depth + 1);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const bad = firstBadValue(v[i], i, depth + 1);
        if (bad !== null) return bad;
      }
      return null;
    }
    const keys = Object.keys(v);
    for (let i = 0; i < keys.length; i++) {
      const bad = firstBadValue(v[keys[i]], keys[i], depth + 1);
      if (bad !== null) return bad;
    }
    return null;
  }
  if (t === 'undefined' || t === 'function' || t === 'symbol' || t === 'bigint') {
    return { key: String(key), type: t === 'undefined' ? 'undefined' : 'a ' + t };
  }
  return null;
}

// The shadow's copy of a value that has passed toCheckedJSON: what JSON.parse(JSON.stringify(v)) would give, but
// strings are shared rather than copied (they cannot change), which halves what a list of rows costs in string
// buffers. Anything JSON would transform (toJSON, class instances, boxed values, NaN) goes through JSON instead.
const objectPrototype = Object.prototype;
const arrayPrototype = Array.prototype;
function shadowCopy(v, depth) {
  const t = typeof v;
  if (t === 'string' || t === 'boolean') return v;
  if (t === 'number') return isFinite(v) ? v : null;
  if (v === null) return null;
  if (depth > 64 || typeof v.toJSON === 'function') return parse(stringify(v));
  const proto = Object.getPrototypeOf(v);
  if (proto === arrayPrototype) {
    const n = v.length, out = new Array(n);
    for (let i = 0; i < n; i++) {
      const item = v[i];
      out[i] = typeof item === 'string' ? item : shadowCopy(item, depth + 1);
    }
    return out;
  }
  if (proto !== objectPrototype && proto !== null) return parse(stringify(v));
  // Spread, then copy what is not a string: JavaScriptCore sizes a spread object for its keys, where `{}` grown one
  // key at a time has room for six (a three-member row: 48 bytes instead of 64, and the copy is no slower).
  // Spread defines a `__proto__` key as an own property, as JSON.parse does.
  const out = { ...v }, keys = Object.keys(out);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i], item = out[key];
    if (typeof item === 'string') continue;
    const copy = shadowCopy(item, depth + 1);
    if (copy === item) continue;
    if (key === '__proto__') Object.defineProperty(out, key, { value: copy, writable: true, enumerable: true, configurable: true });
    else out[key] = copy;
  }
  return out;
}

function badValueError(what, bad) {
  return new TypeError(what + (bad.key === '' ? ' is ' + bad.type
    : ' contains ' + bad.type + " at key '" + bad.key + "'") + '; values must be JSON-able');
}

function toCheckedJSONWithReplacer(what, value) {
  let bad = null;
  const replacer = function (key, v) {
    const t = typeof v;
    if (t === 'undefined' || t === 'function' || t === 'symbol' || t === 'bigint') {
      bad = { key: key, type: t === 'undefined' ? 'undefined' : 'a ' + t };
      throw bad;
    }
    return v;
  };
  let json;
  try { json = stringify(value, replacer); }
  catch (e) {
    if (bad !== null && e === bad) throw badValueError(what, bad);
    throw new TypeError(what + ' cannot be converted to JSON (' + ((e && e.message) || String(e)) + ')');
  }
  if (json === undefined) throw new TypeError(what + ' cannot be converted to JSON');
  return json;
}

// Mirrors TerminiTemplate.DataPath(parsing:): keys, '.', '[n]'. Components are strings (keys) and numbers (indices).
// Columns count Unicode code points and whitespace is Unicode's White_Space, as in Swift; Tests/Fixtures/data-paths.json
// holds the cases both parsers are tested against.
function parsePath(source) {
  const text = Array.from(source);
  const comps = [];
  const n = text.length;
  let key = '', expectKey = true, i = 0;
  const fail = function (message, at) {
    throw new SyntaxError("setData: invalid data path '" + source + "' at column " + (at + 1) + ': ' + message);
  };
  if (n === 0) fail('the path is empty', 0);
  while (i < n) {
    const c = text[i];
    if (c === '.') {
      if (key === '') fail("expected a key before '.'", i);
      comps.push(key); key = ''; expectKey = true; i++;
    } else if (c === '[') {
      if (key !== '') { comps.push(key); key = ''; }
      else if (expectKey && comps.length === 0) fail("expected a key before '['", i);
      else if (expectKey) fail("expected a key after '.'", i);
      i++;
      let digits = '';
      while (i < n && text[i] >= '0' && text[i] <= '9') { digits += text[i]; i++; }
      if (digits === '') fail("expected an array index after '['", i);
      if (i >= n || text[i] !== ']') fail("expected ']' to close the index", i);
      const index = Number(digits);
      if (index > 100000000) fail('array index is too large', i);
      comps.push(index);
      i++;
      expectKey = false;
      if (i < n && text[i] !== '.' && text[i] !== '[') fail("expected '.' or '[' after ']'", i);
      if (i < n && text[i] === '.') { i++; expectKey = true; if (i === n) fail("expected a key after '.'", i); }
    } else if (c === ']') {
      fail("unexpected ']'", i);
    } else {
      if (key === '' && /\p{White_Space}/u.test(c)) fail('unexpected whitespace', i);
      key += c; expectKey = false; i++;
    }
  }
  if (key !== '') comps.push(key); else if (expectKey) fail('expected a key', n);
  if (comps.length > MAX_NESTING) {
    throw new RangeError("setData: the data path '" + shortened(source) + "' has " + comps.length +
      ' components (keys and indices), over the ' + MAX_NESTING + ' levels page data may nest; nothing was applied');
  }
  return comps;
}
// A path or key as a message shows it: a hostile one can be megabytes long.
function shortened(text) { return text.length > 80 ? text.slice(0, 60) + '\u2026' : text; }
// A path crosses to Swift already parsed: the first time a key is seen, its components (`["rows",3,"label"]`) are
// handed to the host once under a small integer id (native.definePath), and setData entries carry only that id, so
// the host never parses a path and looks it up by index instead of hashing its text.
const pathCache = new Map();
let nextPathId = 0;
const MAX_PATHS = 4096;
function parsePathCached(text) {
  let parsed = pathCache.get(text);
  if (parsed === undefined) {
    const comps = parsePath(text);
    parsed = { comps: comps, id: nextPathId++, text: text };
    native.definePath(parsed.id, stringify(comps));
    pathCache.set(text, parsed);
  }
  return parsed;
}
// Called before a setData parses its keys, never in the middle, so every id in one payload is defined.
function makeRoomForPaths(count) {
  if (pathCache.size + count <= MAX_PATHS) return;
  pathCache.clear();
  nextPathId = 0;
  native.clearPaths();
}

function isObjectNode(v) { return typeof v === 'object' && v !== null && !Array.isArray(v); }

// Mirrors JSONValue.value(at:) for reads of the shadow copy; undefined when missing. As there, `length` of a list
// or a string reads its length (tests/data-paths.json holds the cases both sides are tested against).
function getAt(root, comps) {
  let node = root;
  for (let i = 0; i < comps.length; i++) {
    const c = comps[i];
    if (typeof c === 'number') {
      if (!Array.isArray(node) || c >= node.length) return undefined;
      node = node[c];
    } else if (isObjectNode(node)) {
      if (!hasOwn.call(node, c)) return undefined;
      node = node[c];
    } else if (c === 'length' && (Array.isArray(node) || typeof node === 'string')) {
      node = node.length;
    } else if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(c)) {
      // `list.0` reads as `list[0]`, as a property access does in JavaScript.
      const index = Number(c);
      if (index >= node.length) return undefined;
      node = node[index];
    } else return undefined;
  }
  return node;
}

function writeChild(node, c, v) {
  if (typeof c === 'number') { while (node.length < c) node.push(null); node[c] = v; }
  else if (c === '__proto__') Object.defineProperty(node, c, { value: v, writable: true, enumerable: true, configurable: true });
  else node[c] = v;
}

// Mirrors JSONValue.set(_:at:): missing or mistyped intermediates become objects, or arrays before an index.
function setAt(root, comps, value) {
  let node = root;
  for (let i = 0; i < comps.length - 1; i++) {
    const c = comps[i];
    const wantArray = typeof comps[i + 1] === 'number';
    let child = typeof c === 'number' ? node[c] : (hasOwn.call(node, c) ? node[c] : undefined);
    if (wantArray ? !Array.isArray(child) : !isObjectNode(child)) {
      child = wantArray ? [] : {};
      writeChild(node, c, child);
    }
    node = child;
  }
  writeChild(node, comps[comps.length - 1], value);
}

// An index past the end of a list pads it with nulls, as in WeChat; a far index would pad it with millions (on both
// threads, seconds and gigabytes), so a pad longer than this is refused.
const MAX_PAD = 10000;
function checkPadding(key, comps, root) {
  let node = root;
  for (let i = 0; i < comps.length; i++) {
    const c = comps[i];
    if (typeof c === 'number') {
      const length = Array.isArray(node) ? node.length : 0;
      if (c - length > MAX_PAD) {
        throw new RangeError("setData: '" + key + "' is " + (c - length) + ' past the end of its list (length ' + length +
          '), which would add that many nulls; at most ' + MAX_PAD + ' are added; nothing was applied');
      }
      node = Array.isArray(node) ? node[c] : undefined;
    } else {
      node = isObjectNode(node) && hasOwn.call(node, c) ? node[c] : undefined;
    }
  }
}

function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (!hasOwn.call(b, k) || !deepEqual(a[k], b[k])) return false;
  }
  return true;
}

// The splice that turns the shadow's `old` list into `next`, with the JSON of the inserted rows; `unchanged` when
// the lists are equal; undefined when no row is kept at either end (a plain set is as small).
function listSplice(what, old, next, room) {
  const kept = keptEnds(old, next);
  if (kept.prefix === old.length && kept.prefix === next.length) return { unchanged: true, json: '' };
  if (kept.prefix + kept.suffix === 0) return undefined;
  const inserted = next.slice(kept.prefix, next.length - kept.suffix);
  let json;
  try { json = toCheckedJSON(what, inserted, room); }
  catch (e) { toCheckedJSON(what, next, room); throw e; }  // the whole list names the bad row by its own index
  return {
    unchanged: false, index: kept.prefix, removing: old.length - kept.prefix - kept.suffix, json: json, inserted: inserted,
  };
}

// array.splice(index, removing, ...inserted) without spreading a long list into arguments: the shadow copy is the
// runtime's own, so it can change in place.
function spliceInPlace(array, index, removing, inserted) {
  // A few items go through the native splice, which moves the rest of a long list with one memmove; a loop in
  // JavaScript would touch every element after the index.
  if (inserted.length <= 4096) {
    spliceApply(array, [index, removing].concat(inserted));
    return;
  }
  const delta = inserted.length - removing;
  const oldLength = array.length;
  if (delta > 0) {
    array.length = oldLength + delta;
    for (let i = oldLength - 1; i >= index + removing; i--) array[i + delta] = array[i];
  } else if (delta < 0) {
    for (let i = index + removing; i < oldLength; i++) array[i + delta] = array[i];
    array.length = oldLength + delta;
  }
  for (let i = 0; i < inserted.length; i++) array[index + i] = inserted[i];
}

// How many elements `next` shares with `old` at the start and, after those, at the end.
function keptEnds(old, next) {
  const shorter = Math.min(old.length, next.length);
  let prefix = 0;
  while (prefix < shorter && deepEqual(old[prefix], next[prefix])) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && deepEqual(old[old.length - 1 - suffix], next[next.length - 1 - suffix])) suffix++;
  return { prefix: prefix, suffix: suffix };
}

function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A surrogate pair is 4 UTF-8 bytes: 2 per half. JSON.stringify escapes lone surrogates.
    n += c < 0x80 ? 1 : (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF)) ? 2 : 3;
  }
  return n;
}

// ---------------------------------------------------------------- timers
const timers = new Map();
let nextTimerId = 1;
function addTimer(kind, fn, ms, args, repeats) {
  if (typeof fn !== 'function') {
    throw new TypeError(kind + ': the callback must be a function (code strings are not evaluated)');
  }
  let delay = Number(ms);
  if (!(delay > 0)) delay = 0;
  if (repeats && delay < 1) delay = 1;
  const id = nextTimerId++;
  timers.set(id, { fn: fn, args: args, repeats: repeats, delay: delay, page: currentPage, kind: kind });
  native.startTimer(id, delay, repeats);
  return id;
}
function clearTimer(id) {
  if (timers.delete(id)) native.cancelTimer(id);
}
function setTimeout(fn, ms) { return addTimer('setTimeout', fn, ms, Array.prototype.slice.call(arguments, 2), false); }
function setInterval(fn, ms) { return addTimer('setInterval', fn, ms, Array.prototype.slice.call(arguments, 2), true); }
function clearTimeout(id) { clearTimer(id); }
function clearInterval(id) { clearTimer(id); }
function queueMicrotask(fn) {
  if (typeof fn !== 'function') throw new TypeError('queueMicrotask: the callback must be a function');
  const pageId = currentPage;
  promiseResolve().then(function () { guarded(pageId, 'queueMicrotask callback', null, fn, undefined, []); });
}

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

// ---------------------------------------------------------------- synchronous storage
// WeChat's getStorageSync and setStorageSync. The host answers them on this thread from its in-memory copy of the
// app's storage (ScriptSyncStorage), so a theme read in onLaunch is known before the first page exists.
const STORAGE_ERRORS = { TypeError: TypeError, RangeError: RangeError, Error: Error };

function storageAnswer(answer) {
  if (answer[0] === true) return answer[1];
  throw new STORAGE_ERRORS[answer[1]](answer[2]);
}

function checkedStorageKey(call, key) {
  if (typeof key !== 'string') {
    throw new TypeError(call + ': the key must be a string, not ' + (key === null ? 'null' : typeof key) +
      ' (' + shortened(formatArg(key)) + ')');
  }
  return key;
}

// '' for a key with no data, as in WeChat, so `getStorageSync('theme') || 'light'` reads as it does there.
function getStorageSync(key) {
  const found = storageAnswer(native.storageRead(checkedStorageKey('getStorageSync', key)));
  return found.length === 0 ? '' : found[0];
}

function setStorageSync(key, value) {
  checkedStorageKey('setStorageSync', key);
  const json = toCheckedJSON("setStorageSync: the value of '" + shortened(key) + "'", value, MAX_NESTING);
  storageAnswer(native.storageWrite(key, json));
}

// ---------------------------------------------------------------- App and Page
let appInstance;
const definitions = new Map();
const pages = new Map();          // pageId -> record, in creation order (the navigation stack order)
const records = new WeakMap();    // page instance -> record

function App(definition) {
  if (definition === null || typeof definition !== 'object') {
    throw new TypeError('App: expected an object, as in App({ onLaunch(options) {} })');
  }
  if (appInstance !== undefined) throw new Error('App: App() was already called; a mini-app has one App');
  appInstance = definition;
  return definition;
}
function getApp() { return appInstance; }

// The page whose pages/<name>.js is running: there, Page(options) registers that page.
let pageScriptName = null;

// Page() and Component() take (name, definition), or just the definition in the file that names it
// (`scriptName`: pages/<name>.js, components/<Name>.js). Checks both and returns them with the data's JSON.
function checkedDefinition(kind, example, registry, scriptName, name, definition) {
  if (scriptName !== null && definition === undefined && typeof name === 'object') {
    definition = name;
    name = scriptName;
  }
  if (typeof name !== 'string' || name === '') {
    throw new TypeError(kind + ': the first argument must be the ' + kind.toLowerCase() + ' name, as in ' + example);
  }
  const what = kind + "('" + name + "')";
  if (definition === null || typeof definition !== 'object') throw new TypeError(what + ': the second argument must be an object');
  if (registry.has(name)) throw new Error(what + ' is already registered');
  const data = definition.data === undefined ? {} : definition.data;
  if (!isObjectNode(data)) throw new TypeError(what + ': data must be an object');
  return { name: name, definition: definition, dataJSON: toCheckedJSON(what + ': data', data, MAX_NESTING) };
}

function Page(name, definition) {
  const checked = checkedDefinition('Page', "Page('index', { data: {} })", definitions, pageScriptName, name, definition);
  definitions.set(checked.name, { definition: checked.definition, dataJSON: checked.dataJSON });
}
// The page stack as the user sees it: a tab page parked behind another tab stays loaded but is not listed.
function getCurrentPages() {
  const list = [];
  for (const record of pages.values()) if (!record.parked) list.push(record.instance);
  return list;
}

function runWhenPresented(record, seq, fn) {
  if (record.presented >= seq) {
    addTimer('setData', function () { fn.call(record.instance); }, 0, [], false);
  } else {
    record.callbacks.push({ seq: seq, fn: fn });
  }
}

// The id under which a component instance's path goes to the host: its data lives at $c.<id> in the page's data,
// so its keys are sent prefixed, while its shadow and this.data use them as written.
function wirePathId(record, parsed) {
  if (record.prefix === undefined) return parsed.id;
  const text = record.prefixText + '\u0000' + parsed.text;
  let wired = pathCache.get(text);
  if (wired === undefined) {
    wired = { comps: record.prefix.concat(parsed.comps), id: nextPathId++, text: text };
    native.definePath(wired.id, stringify(wired.comps));
    pathCache.set(text, wired);
  }
  return wired.id;
}

function ignoredAfterUnload(record, what) {
  if (!record.unloaded) return false;
  if (record.component !== undefined) {
    native.warn(what + " on component '" + record.name + "' (instance " + record.component + ') after detached was ignored');
  } else {
    native.warn(what + " on page '" + record.name + "' (pageId " + record.id + ') after onUnload was ignored');
  }
  return true;
}

function setData(changes, callback) {
  const record = records.get(this);
  if (record === undefined) throw new TypeError('setData must be called on a page or component instance (this)');
  if (ignoredAfterUnload(record, 'setData')) return;
  if (!isObjectNode(changes)) throw new TypeError('setData: expected an object of data paths to values');
  if (callback !== undefined && typeof callback !== 'function') {
    throw new TypeError('setData: the callback must be a function');
  }
  // Validate everything before touching any data: a bad key or value applies nothing. The size is the exact
  // UTF-8 length of the JSON text that would be sent for every key, changed or not.
  const keys = Object.keys(changes);
  makeRoomForPaths(keys.length * 2);
  const entries = new Array(keys.length);
  let units = 1;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const path = parsePathCached(key);
    const comps = path.comps;
    checkPadding(key, comps, record.shadow);
    const value = changes[key];
    const what = "setData: the value of '" + key + "'";
    const entry = {
      comps: comps, value: value, what: what, keyJSON: String(wirePathId(record, path)), json: undefined, splice: undefined,
      room: MAX_NESTING - comps.length,
    };
    // One key holding a list (the common case for list edits) is diffed here, before anything changes: the
    // rows it keeps equal the shadow's JSON already, so only the changed middle is checked and serialized.
    // With several keys, an earlier key can change what a later one is compared with, so they are diffed in
    // order below instead.
    const old = keys.length === 1 ? getAt(record.shadow, comps) : undefined;
    if (Array.isArray(old) && Array.isArray(value)) entry.splice = listSplice(what, old, value, entry.room);
    if (entry.splice === undefined) entry.json = toCheckedJSON(what, value, entry.room);
    entries[i] = entry;
    units += entry.keyJSON.length + (entry.splice === undefined ? entry.json.length : entry.splice.json.length + 24) + 4;
  }
  if (units * 3 > MAX_PAYLOAD) {
    let bytes = 1;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      bytes += utf8Length(entry.keyJSON) + 4 +
        (entry.splice === undefined ? utf8Length(entry.json) : utf8Length(entry.splice.json) + 24);
    }
    if (bytes > MAX_PAYLOAD) {
      throw new RangeError('setData: the payload is ' + bytes + ' bytes, over the ' + MAX_PAYLOAD +
        '-byte limit (1 MiB); nothing was applied');
    }
  }
  // Diff against the shadow copy (what the host has), not this.data, which app code may have mutated in place.
  // An array that keeps some of its elements at either end goes as a splice of the middle, so appending to or
  // removing from a long list sends only the rows that changed.
  let payload = '';
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    let splice = entry.splice;
    if (splice === undefined) {
      const old = getAt(record.shadow, entry.comps);
      if (Array.isArray(old) && Array.isArray(entry.value)) splice = listSplice(entry.what, old, entry.value, entry.room);
      if (splice === undefined) {
        // A string, boolean or finite number is its own JSON copy; anything else is copied through its JSON.
        const value = entry.value, t = typeof value;
        const copy = t === 'string' || t === 'boolean' || (t === 'number' && isFinite(value)) ? value : shadowCopy(value, 0);
        if (old !== undefined && deepEqual(old, copy)) continue;
        setAt(record.shadow, entry.comps, copy);
        payload += (payload === '' ? '[' : ',[') + entry.keyJSON + ',' + entry.json + ']';
        continue;
      }
    }
    if (splice.unchanged) continue;
    spliceInPlace(getAt(record.shadow, entry.comps), splice.index, splice.removing, shadowCopy(splice.inserted, 0));
    payload += (payload === '' ? '[' : ',[') + entry.keyJSON + ',' + splice.json + ',' + splice.index + ',' +
      splice.removing + ']';
  }
  for (let i = 0; i < entries.length; i++) setAt(this.data, entries[i].comps, entries[i].value);
  // A component's changes are its page's: numbered in the page's sequence, presented with the page's frames.
  const pageRecord = record.page || record;
  if (payload !== '') {
    pageRecord.seq += 1;
    native.setData(record.id, '[' + payload + ']', pageRecord.seq);
  }
  if (callback !== undefined) runWhenPresented(pageRecord, pageRecord.seq, record.page ? callback.bind(this) : callback);
}

// this.spliceData(path, index, removeCount, ...items): the list at `path` changes as Array.prototype.splice would
// change it, and only the inserted items are checked, copied and sent, so the cost follows the change, not the
// length of the list (setData must compare a new array with the old one to find the same splice). Everything is
// checked before anything changes. Returns a promise that resolves after the frame that shows the change.
function spliceData(path, index, removeCount) {
  const record = records.get(this);
  if (record === undefined) throw new TypeError('spliceData must be called on a page or component instance (this)');
  const what = 'spliceData(' + stringify(String(path)) + ', ' + String(index) + ', ' + String(removeCount) + ')';
  if (ignoredAfterUnload(record, what)) return promiseResolve();
  if (typeof path !== 'string' || path === '') {
    throw new TypeError(what + ": the first argument must be the path of a list in data, as in spliceData('rows', 0, 0, row)");
  }
  makeRoomForPaths(2);
  const parsed = parsePathCached(path);
  const shadowList = getAt(record.shadow, parsed.comps);
  const list = getAt(this.data, parsed.comps);
  if (!Array.isArray(shadowList) || !Array.isArray(list)) {
    const found = Array.isArray(shadowList) ? list : shadowList;
    throw new TypeError(what + ": data." + path + ' is not a list (found ' +
      (found === undefined ? 'nothing' : found === null ? 'null' : typeof found) + '); nothing was applied');
  }
  const length = shadowList.length;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > length) {
    throw new RangeError(what + ': the index must be a whole number from 0 to ' + length +
      ' (the length of data.' + path + '); nothing was applied');
  }
  if (typeof removeCount !== 'number' || !Number.isInteger(removeCount) || removeCount < 0 ||
      removeCount > length - index) {
    throw new RangeError(what + ': the remove count must be a whole number from 0 to ' + (length - index) +
      ' (the items after the index); nothing was applied');
  }
  const items = new Array(arguments.length - 3);
  for (let i = 0; i < items.length; i++) items[i] = arguments[i + 3];
  const json = toCheckedJSON(what + ': the items', items, MAX_NESTING - parsed.comps.length);
  if (json.length * 3 + 64 > MAX_PAYLOAD) {
    const bytes = utf8Length(json) + 64;
    if (bytes > MAX_PAYLOAD) {
      throw new RangeError(what + ': the payload is ' + bytes + ' bytes, over the ' + MAX_PAYLOAD +
        '-byte limit (1 MiB); nothing was applied');
    }
  }
  spliceInPlace(shadowList, index, removeCount, shadowCopy(items, 0));
  if (list.length === length) spliceInPlace(list, index, removeCount, items);
  else spliceApply(list, [Math.min(index, list.length), removeCount].concat(items));  // this.data was changed in place
  const pageRecord = record.page || record;
  pageRecord.seq += 1;
  native.setData(record.id, '[[' + wirePathId(record, parsed) + ',' + json + ',' + index + ',' + removeCount + ']]',
    pageRecord.seq);
  return new Promise(function (resolve) { runWhenPresented(pageRecord, pageRecord.seq, resolve); });
}

// this.focus(id) and this.blur(): the keyboard focus moved from code, on the UI thread that owns the widgets (the
// `focus` and `blur` commands), so they answer with a Promise; a wrong id rejects with errMsg naming it.
function focusWidget(id) {
  if (records.get(this) === undefined) throw new TypeError('focus must be called on a page or component instance (this)');
  if (typeof id !== 'string' || id === '') {
    return Promise.reject(new TypeError("focus: expected the widget's .id(\"…\"), a non-empty string, got " + stringify(id)));
  }
  return bridge.invoke('focus', { id: id });
}

function validateForm(id) {
  if (records.get(this) === undefined) throw new TypeError('validate must be called on a page or component instance (this)');
  if (typeof id !== 'string' || id === '') {
    return Promise.reject(new TypeError("validate: expected the Form's .id(\"…\"), a non-empty string, got " + stringify(id)));
  }
  return bridge.invoke('validate', { id: id }).then(function (r) {
    return { valid: r.valid, values: r.values, errors: r.errors };
  });
}

function blurWidget() {
  if (records.get(this) === undefined) throw new TypeError('blur must be called on a page or component instance (this)');
  return bridge.invoke('blur', {});
}

// this.loadMoreDone(id): the page finished a load that `onReachBottom` asked for and wants to be asked again the
// next time a list (every list on the page, or the one marked .id(id)) is at its end, even if the load added
// nothing: the way to retry a failed page on the page's own terms. Runs on the UI thread (`loadMoreDone` command).
function loadMoreDone(id) {
  if (records.get(this) === undefined) throw new TypeError('loadMoreDone must be called on a page or component instance (this)');
  if (id !== undefined && (typeof id !== 'string' || id === '')) {
    return Promise.reject(new TypeError("loadMoreDone: expected nothing or the list's .id(\"…\"), got " + stringify(id)));
  }
  return bridge.invoke('loadMoreDone', id === undefined ? {} : { id: id });
}

const pageBase = Object.create(Object.prototype, {
  setData: { value: setData, writable: false, enumerable: false, configurable: false },
  spliceData: { value: spliceData, writable: false, enumerable: false, configurable: false },
  // Writable, unlike setData: a page written before these existed may have its own method of either name.
  focus: { value: focusWidget, writable: true, enumerable: false, configurable: false },
  blur: { value: blurWidget, writable: true, enumerable: false, configurable: false },
  validate: { value: validateForm, writable: true, enumerable: false, configurable: false },
  loadMoreDone: { value: loadMoreDone, writable: true, enumerable: false, configurable: false },
});

function callHook(target, hook, pageId, args) {
  const fn = target[hook];
  if (typeof fn === 'function') guarded(pageId, hook, null, fn, target, args);
}

function liveRecord(pageId, what) {
  const record = pages.get(pageId);
  if (record === undefined) native.warn(what + ' ignored: no live page has id ' + pageId);
  return record;
}

// ---------------------------------------------------------------- a fixed clock
// `termini snapshot --clock <ms>`: Date.now() and new Date() tell the host's fixed clock, so a run repeats exactly.
// Dates built from arguments, Date.parse and Date.UTC are untouched; instances are real Dates.
if (typeof native.fixedClockNow === 'function') {
  const RealDate = Date;
  const fixedNow = native.fixedClockNow;
  const FixedDate = function Date() {
    if (new.target === undefined) return new RealDate(fixedNow()).toString();
    if (arguments.length === 0) return new RealDate(fixedNow());
    return Reflect.construct(RealDate, Array.prototype.slice.call(arguments));
  };
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = function now() { return fixedNow(); };
  FixedDate.parse = RealDate.parse;
  FixedDate.UTC = RealDate.UTC;
  Object.defineProperty(globalThis, 'Date', { value: FixedDate, writable: true, enumerable: false, configurable: true });
}

// ---------------------------------------------------------------- components
// Component(name, definition) as in WeChat: properties come from the use site, data is the instance's own, methods
// handle the body's events, observers hear property changes, lifetimes.attached/detached bracket the instance.
// Each instance's data lives on the host at $c.<id> in its page's data, so its setData dirties only its widgets.
const componentDefinitions = new Map();   // name -> { definition, dataJSON }
const components = new Map();             // instance id -> record
let componentScriptName = null;           // the component whose components/<Name>.js is running

function Component(name, definition) {
  const checked = checkedDefinition('Component', "Component('Counter', { data: {} })", componentDefinitions,
    componentScriptName, name, definition);
  if (checked.definition.methods !== undefined && !isObjectNode(checked.definition.methods)) {
    throw new TypeError("Component('" + checked.name + "'): methods must be an object of functions");
  }
  componentDefinitions.set(checked.name, { definition: checked.definition, dataJSON: checked.dataJSON });
  native.defineComponent(checked.name, checked.dataJSON);
}

// this.triggerEvent('change', detail): calls the handler the use site named for `change` (`onChange:`), on the page
// or component whose template holds the use, with { type, detail }.
function triggerEvent(name, detail) {
  const record = records.get(this);
  if (record === undefined || record.component === undefined) {
    throw new TypeError('triggerEvent must be called on a component instance (this)');
  }
  if (typeof name !== 'string' || name === '') throw new TypeError('triggerEvent: the event name must be a non-empty string');
  if (ignoredAfterUnload(record, "triggerEvent('" + name + "')")) return;
  const handler = record.events[name];
  if (handler === undefined) return;  // the use site does not listen
  const event = { type: name, detail: detail === undefined ? {} : detail, dataset: {}, target: { dataset: {} },
    currentTarget: { dataset: {} }, timeStamp: Date.now() - record.page.createdAt };
  callHandler(record.id, record.owner, handler, event, record.useLoc, false);
}

const componentBase = Object.create(Object.prototype, {
  setData: { value: setData, writable: false, enumerable: false, configurable: false },
  spliceData: { value: spliceData, writable: false, enumerable: false, configurable: false },
  triggerEvent: { value: triggerEvent, writable: false, enumerable: false, configurable: false },
  // Writable, unlike setData: a page written before these existed may have its own method of either name.
  focus: { value: focusWidget, writable: true, enumerable: false, configurable: false },
  blur: { value: blurWidget, writable: true, enumerable: false, configurable: false },
  validate: { value: validateForm, writable: true, enumerable: false, configurable: false },
});

// The App's method `name`, or undefined. Object.prototype's members are not handlers: a binding named
// 'toString' must not call it.
function appMethod(name) {
  if (appInstance === undefined) return undefined;
  const fn = appInstance[name];
  return typeof fn === 'function' && fn !== Object.prototype[name] ? fn : undefined;
}

// The names a key binding on the page can call: the page's own methods and the App's (`orApp` in callHandler). The
// host shows a binding in the footer only when its handler is among them, so it is the same rule as the dispatch.
function bindableNames(instance) {
  const names = [];
  const own = Object.keys(instance);
  for (let i = 0; i < own.length; i++) if (typeof instance[own[i]] === 'function') names.push(own[i]);
  if (appInstance !== undefined) for (const k in appInstance) if (appMethod(k) !== undefined) names.push(k);
  return names;
}

// Runs `handler` of the page (`owner` null) or of the component instance `owner`, or warns that it is missing.
// With `orApp`, a page without the method hands the event to the App's method of that name (`this` is the App).
function callHandler(pageId, owner, handler, event, loc, optional, orApp) {
  const where = loc ? ' (template ' + loc + ')' : '';
  let target, label, name;
  if (owner !== null && owner !== undefined) {
    const record = components.get(owner);
    if (record === undefined) {
      native.warn("event handler '" + handler + "' ignored: component instance " + owner + ' is detached' + where);
      return;
    }
    target = record.instance;
    name = "component '" + record.name + "'";
    label = record.name + '.' + handler + (record.useLoc ? ' (used at ' + record.useLoc + ')' : '');
  } else {
    const record = pages.get(pageId);
    if (record === undefined) {
      native.warn("event handler '" + handler + "' ignored: no live page has id " + pageId + where);
      return;
    }
    target = record.instance;
    name = "page '" + record.name + "'";
    label = handler;
  }
  let fn = (owner !== null && owner !== undefined) || hasOwn.call(target, handler) ? target[handler] : undefined;
  if (typeof fn !== 'function' && orApp && appMethod(handler) !== undefined) {
    fn = appMethod(handler);
    target = appInstance;
    label = 'App.' + handler;
  }
  if (typeof fn !== 'function') {
    if (!optional) native.warn(name + " has no method '" + handler + "'" + where);
    return;
  }
  guarded(pageId, label, loc, fn, target, [event]);
}

function attachComponent(pageId, id, name, properties, owner, events, useLoc) {
  const page = pages.get(pageId);
  if (page === undefined) return;
  const entry = componentDefinitions.get(name);
  const definition = entry === undefined ? {} : entry.definition;
  const instance = Object.create(componentBase);
  const methods = definition.methods || {};
  for (const key of Object.keys(methods)) instance[key] = methods[key];
  instance.data = entry === undefined ? {} : parse(entry.dataJSON);
  instance.properties = properties;
  for (const key of Object.keys(properties)) instance.data[key] = properties[key];
  instance.is = name;
  Object.defineProperty(instance, 'id', { value: id, enumerable: false });
  const prefix = ['$c', String(id)];
  const record = {
    id: pageId, component: id, name: name, instance: instance, definition: definition, page: page,
    shadow: shadowCopy(instance.data, 0), prefix: prefix, prefixText: '$c.' + id, owner: owner, events: events,
    useLoc: useLoc, unloaded: false,
  };
  components.set(id, record);
  records.set(instance, record);
  const attached = (definition.lifetimes && definition.lifetimes.attached) || definition.attached;
  if (typeof attached === 'function') guarded(pageId, name + '.attached', useLoc, attached, instance, []);
}

function componentProperties(id, changes) {
  const record = components.get(id);
  if (record === undefined) return;
  const observers = record.definition.observers || {};
  for (const key of Object.keys(changes)) {
    const value = changes[key];
    record.instance.properties[key] = value;
    record.instance.data[key] = value;
    setAt(record.shadow, [key], shadowCopy(value, 0));
  }
  for (const key of Object.keys(changes)) {
    const observer = observers[key];
    if (typeof observer === 'function') {
      guarded(record.id, record.name + '.observers.' + key, record.useLoc, observer, record.instance, [changes[key]]);
    }
  }
}

function detachComponent(record) {
  if (record.unloaded) return;
  const def = record.definition;
  const detached = (def.lifetimes && def.lifetimes.detached) || def.detached;
  if (typeof detached === 'function') guarded(record.id, record.name + '.detached', record.useLoc, detached, record.instance, []);
  record.unloaded = true;
  components.delete(record.component);
}

// ---------------------------------------------------------------- modules
// CommonJS inside the bundle, as Node does it: one instance per module, cached before it runs, so a cycle sees
// the other module's exports as far as they got. The host resolves paths (never outside the bundle) and compiles
// each module's source into a function under its own file name, so errors and stacks name the right file and line.
const moduleCache = new Map();

// "file:line:col" of the code that called require, read from a fresh stack (frame 0 is require itself).
function callerLocation() {
  const frames = String(new Error().stack || '').split('\n');
  for (let i = 2; i < frames.length; i++) {
    const at = frames[i].lastIndexOf('@');
    const where = at >= 0 ? frames[i].slice(at + 1) : frames[i];
    if (where !== '' && where.indexOf('prelude.js') < 0) return where;
  }
  return 'unknown location';
}

// The stack of the app code that called into the prelude: a fresh stack's frames without the prelude's own.
function callerStack() {
  const frames = String(new Error().stack || '').split('\n');
  return frames.filter(function (frame) { return frame !== '' && frame.indexOf('prelude.js') < 0; }).join('\n');
}

function requireFrom(from, request) {
  if (typeof request !== 'string' || request === '') {
    throw new TypeError("require: expected a path inside the bundle, as in require('./lib/format.js')");
  }
  let path;
  try { path = native.resolveModule(from, request); }
  catch (e) { throw new Error(e.message + ', in ' + callerLocation()); }
  const cached = moduleCache.get(path);
  if (cached !== undefined) return cached.exports;
  const module = { id: path, exports: {}, loaded: false };
  moduleCache.set(path, module);
  const body = native.compileModule(path);
  try {
    body.call(module.exports, module.exports, function require(r) { return requireFrom(path, r); }, module, path,
      path.lastIndexOf('/') < 0 ? '' : path.slice(0, path.lastIndexOf('/')));
  } catch (e) {
    moduleCache.delete(path);
    throw e;
  }
  module.loaded = true;
  return module.exports;
}

// ---------------------------------------------------------------- big buffers
// A typed array's fill, set or copyWithin runs in native code, where the script's limits cannot stop it part-way:
// `new Uint8Array(2 ** 32).fill(1)` took the process to 4 GB against a 256 MB limit, stopped only by the time limit.
// So a buffer that would take the script past its memory limit (`--script-memory`) is refused before it exists,
// with a RangeError naming the limit: the buffer constructors, typed arrays (of a length, an array-like or another
// typed array) and their copies, and an ArrayBuffer's transfer and resize. Requests under 1 MiB are not checked:
// they cannot overshoot by much, and the limit's poll stops a script that makes many. Without a memory limit
// nothing is wrapped.
const MEMORY_LIMIT = native.memoryLimitBytes;
const UNCHECKED_BYTES = 1 << 20;

function megabytes(bytes) { return Math.ceil(bytes / 1048576); }

// Throws a RangeError when `bytes` more would take the script past its memory limit; `what` names the call.
function admitBuffer(what, bytes) {
  if (!(bytes >= UNCHECKED_BYTES)) return;  // NaN too: the constructor's own checks throw for it
  const held = bytes > MEMORY_LIMIT ? -1 : native.admitAllocation(bytes);
  if (held === null) return;
  throw new RangeError(what + ': ' + megabytes(bytes) + ' MB would take the script past its memory limit of ' +
    megabytes(MEMORY_LIMIT) + ' MB' + (held >= 0 ? ' (it holds ' + megabytes(held) + ' MB)' : ''));
}

// The count a constructor reads from a length argument (ToIndex), for the check only: NaN where it would throw.
function toIndex(value) {
  const n = Math.trunc(Number(value));
  return n >= 0 ? n : NaN;
}

// A brand check that a prototype cannot fake: only a real buffer has the internal slot the getter reads.
function isBufferOf(getter, value) {
  if (getter === undefined) return false;
  try { getter.call(value); return true; } catch (_) { return false; }
}

// Replaces the global constructor `name` by a proxy whose construct trap admits `bytesOf(args, target)` first.
// Statics, `instanceof`, subclassing and species all go through the proxy, and `prototype.constructor` is the proxy,
// so no path leads back to the unchecked constructor.
function guardConstructor(name, bytesOf) {
  const original = globalThis[name];
  if (typeof original !== 'function') return;
  const guardedConstructor = new Proxy(original, {
    construct: function (target, args, newTarget) {
      admitBuffer('new ' + name, bytesOf(args, target));
      return Reflect.construct(target, args, newTarget);
    },
  });
  Object.defineProperty(original.prototype, 'constructor',
    { value: guardedConstructor, writable: true, enumerable: false, configurable: true });
  Object.defineProperty(globalThis, name,
    { value: guardedConstructor, writable: true, enumerable: false, configurable: true });
}

// Methods that give a buffer a new length, checked for what they add (a transfer is checked for its whole new
// length: the old buffer is freed only after the new one exists).
function guardResizing(owner, methods, byteLength) {
  const prototype = globalThis[owner].prototype;
  methods.forEach(function (method) {
    const original = prototype[method];
    if (typeof original !== 'function') return;
    const grows = method === 'resize' || method === 'grow';
    const checked = {
      [method](length) {
        if (length !== undefined && isBufferOf(byteLength, this)) {
          admitBuffer(owner + '.prototype.' + method, toIndex(length) - (grows ? byteLength.call(this) : 0));
        }
        return original.apply(this, arguments);
      },
    }[method];
    Object.defineProperty(prototype, method, { value: checked, writable: true, enumerable: false, configurable: true });
  });
}

if (typeof MEMORY_LIMIT === 'number') {
  const arrayBufferByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
  const sharedBufferByteLength = typeof SharedArrayBuffer === 'function'
    ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength').get : undefined;
  // A length or maxByteLength given as an object is converted once, here, and the number passed on, so its valueOf
  // runs once.
  const bufferBytes = function (args) {
    if (typeof args[0] === 'object' && args[0] !== null) args[0] = Number(args[0]);
    const options = args[1];
    if (typeof options !== 'object' || options === null || options.maxByteLength === undefined) return toIndex(args[0]);
    args[1] = { maxByteLength: Number(options.maxByteLength) };
    return Math.max(toIndex(args[0]), toIndex(args[1].maxByteLength));
  };
  const typedArrayBytes = function (args, target) {
    const first = args[0], size = target.BYTES_PER_ELEMENT;
    if (typeof first !== 'object' || first === null) return toIndex(first) * size;
    if (isBufferOf(arrayBufferByteLength, first) || isBufferOf(sharedBufferByteLength, first)) return 0;  // a view
    const length = first.length;
    // An iterable without a length fills at JavaScript speed, where the memory limit's poll sees it grow.
    return typeof length === 'number' ? toIndex(length) * size : 0;
  };
  guardConstructor('ArrayBuffer', bufferBytes);
  guardConstructor('SharedArrayBuffer', bufferBytes);
  ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
    'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'].forEach(function (name) {
    guardConstructor(name, typedArrayBytes);
  });
  guardResizing('ArrayBuffer', ['transfer', 'transferToFixedLength', 'resize'], arrayBufferByteLength);
  if (sharedBufferByteLength !== undefined) guardResizing('SharedArrayBuffer', ['grow'], sharedBufferByteLength);
  guardTypedArrayCopies();
}

// A typed array's copies are made in native code without asking the species constructor (JavaScriptCore takes its
// own path), so the methods that copy are checked for the copy's size: a slice for its elements, the others for
// the whole array.
function guardTypedArrayCopies() {
  const prototype = Object.getPrototypeOf(Uint8Array.prototype);
  const lengthOf = Object.getOwnPropertyDescriptor(prototype, 'length').get;
  const byteLengthOf = Object.getOwnPropertyDescriptor(prototype, 'byteLength').get;
  const sliceBytes = function (array, args) {
    const length = lengthOf.call(array), bytes = byteLengthOf.call(array);
    const at = function (value, otherwise) {
      if (value === undefined) return otherwise;
      const n = Math.trunc(Number(value)) || 0;
      return n < 0 ? Math.max(length + n, 0) : Math.min(n, length);
    };
    return length === 0 ? 0 : Math.max(at(args[1], length) - at(args[0], 0), 0) * (bytes / length);
  };
  ['slice', 'map', 'filter', 'toSorted', 'toReversed', 'with'].forEach(function (method) {
    const original = prototype[method];
    if (typeof original !== 'function') return;
    const checked = {
      [method]() {
        let bytes;
        try { bytes = method === 'slice' ? sliceBytes(this, arguments) : byteLengthOf.call(this); }
        catch (_) { return original.apply(this, arguments); }  // not a typed array: its own TypeError
        admitBuffer('TypedArray.prototype.' + method, bytes);
        return original.apply(this, arguments);
      },
    }[method];
    Object.defineProperty(prototype, method, { value: checked, writable: true, enumerable: false, configurable: true });
  });
}

// ---------------------------------------------------------------- globals
function define(name, value) {
  Object.defineProperty(globalThis, name, { value: value, writable: false, enumerable: false, configurable: false });
}
Object.defineProperty(globalThis, 'console', { value: consoleObject, writable: true, enumerable: false, configurable: true });
define('App', App);
define('Page', Page);
define('Component', Component);
define('getApp', getApp);
define('getCurrentPages', getCurrentPages);
define('setTimeout', setTimeout);
define('setInterval', setInterval);
define('clearTimeout', clearTimeout);
define('clearInterval', clearInterval);
define('queueMicrotask', queueMicrotask);
define('bridge', bridge);
define('getStorageSync', getStorageSync);
define('setStorageSync', setStorageSync);
define('require', function require(request) { return requireFrom('', request); });
// WebAssembly runs outside the script limits: JavaScriptCore's time limit never stops compiled wasm, and a module
// whose start function is `(loop (br 0))` ran forever. So it is off, as eval is (docs/JS-API.md).
delete globalThis.WebAssembly;

// ---------------------------------------------------------------- host API (called by ScriptEngine only)
// Every entry from the host runs the microtasks it queued before it returns, inside the same call, so the script's
// time and memory limits cover promise jobs as they cover the handler (`termini_drainMicrotasks` in the
// CJavaScriptCore shim says why they did not). A terminated entry skips the `finally`: termination is uncatchable.
function entry(fn) {
  return function () {
    try { return fn.apply(undefined, arguments); }
    finally { native.drainMicrotasks(); }
  };
}

const hostAPI = {
  // main.js and other top-level scripts, evaluated from inside an entry for the same reason.
  evaluateScript: function (source, fileName) {
    currentPage = null;
    native.evaluateScript(source, fileName);
  },
  launchApp: function (options) {
    currentPage = null;
    if (appInstance === undefined) return;
    callHook(appInstance, 'onLaunch', null, [options]);
    callHook(appInstance, 'onShow', null, [options]);
  },
  appLifecycle: function (hook, arg) {
    currentPage = null;
    if (appInstance !== undefined) callHook(appInstance, hook, null, arg === undefined ? [] : [arg]);
  },
  createPage: function (pageId, name, query) {
    currentPage = null;
    const entry = definitions.get(name);
    if (entry === undefined) {
      throw new Error("no page named '" + name + "' is registered (registered: " +
        (Array.from(definitions.keys()).join(', ') || 'none') + ')');
    }
    if (pages.has(pageId)) throw new Error('pageId ' + pageId + ' is already in use');
    const instance = Object.create(pageBase);
    const definition = entry.definition;
    const names = Object.keys(definition);
    for (let i = 0; i < names.length; i++) if (names[i] !== 'data') instance[names[i]] = definition[names[i]];
    instance.data = parse(entry.dataJSON);
    instance.route = name;
    instance.options = query;
    Object.defineProperty(instance, 'pageId', { value: pageId, enumerable: false });
    const record = {
      id: pageId, name: name, instance: instance, shadow: shadowCopy(instance.data, 0),
      seq: 0, presented: 0, callbacks: [], unloaded: false, parked: false, createdAt: Date.now(),
    };
    pages.set(pageId, record);
    records.set(instance, record);
    native.pageCreated(pageId, name, entry.dataJSON, stringify(bindableNames(instance)));
    callHook(instance, 'onLoad', pageId, [query]);
    callHook(instance, 'onShow', pageId, []);
  },
  lifecycle: function (pageId, hook, arg) {
    currentPage = null;
    const record = liveRecord(pageId, hook);
    if (record === undefined) return;
    callHook(record.instance, hook, pageId, arg === undefined ? [] : [arg]);
    if (hook === 'onUnload') {
      for (const instance of Array.from(components.values())) if (instance.id === pageId) detachComponent(instance);
      record.unloaded = true;
      record.callbacks = [];
      pages.delete(pageId);
      for (const [id, pending] of invokes) {
        if (pending.pageId === pageId) { invokes.delete(id); native.dropInvoke(id); }
      }
    }
  },
  // The user (or the page's own navigation) is leaving the page: `onBeforeLeave({reason})` may return false, or a
  // promise of false, to stay. Anything else leaves, and so does a hook that throws or rejects (logged): a broken
  // guard must never trap the user (docs/JS-API.md#leaving-a-page).
  beforeLeave: function (pageId, reason, token) {
    currentPage = null;
    const record = pages.get(pageId);
    const fn = record === undefined ? undefined : record.instance.onBeforeLeave;
    if (typeof fn !== 'function') { native.answerLeave(token, 1); return; }
    const failed = function (e) {
      native.log('error', "page '" + record.name + "' onBeforeLeave failed, so the page leaves: " + formatArg(e));
      native.answerLeave(token, 1);
    };
    const saved = currentPage, savedHandler = currentHandler;
    currentPage = pageId;
    currentHandler = 'onBeforeLeave';
    let answer;
    try { answer = fn.call(record.instance, { reason: reason }); }
    catch (e) { failed(e); return; }
    finally { currentPage = saved; currentHandler = savedHandler; }
    if (answer !== null && typeof answer === 'object' && typeof answer.then === 'function') {
      Promise.resolve(answer).then(function (v) { native.answerLeave(token, v === false ? 0 : 1); }, failed);
    } else {
      native.answerLeave(token, answer === false ? 0 : 1);
    }
  },
  parkPage: function (pageId, parked) {
    const record = pages.get(pageId);
    if (record !== undefined) record.parked = parked;
  },
  // Optional hooks (onKey) are offered to every page; only a handler the template names must exist.
  dispatchEvent: function (pageId, handler, event, loc, optional, component, orApp) {
    currentPage = null;
    const record = pages.get(pageId);
    if (!isObjectNode(event)) event = {};
    if (event.dataset === undefined) event.dataset = {};
    if (event.detail === undefined) event.detail = {};
    if (event.timeStamp === undefined && record !== undefined) event.timeStamp = Date.now() - record.createdAt;
    callHandler(pageId, component, handler, event, loc, optional, orApp === true);
  },
  // The UI thread's component instances of one page, attached, changed and detached since its last report.
  componentEvents: function (pageId, events) {
    currentPage = null;
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      if (e[0] === 'attach') attachComponent(pageId, e[1], e[2], e[3], e[4], e[5], e[6]);
      else if (e[0] === 'properties') componentProperties(e[1], e[2]);
      else if (e[0] === 'detach') { const record = components.get(e[1]); if (record !== undefined) detachComponent(record); }
    }
  },
  // Runs components/<Name>.js as a module in which Component(definition) registers `name`.
  loadComponentScript: function (path, name) {
    componentScriptName = name;
    try { requireFrom('', './' + path); } finally { componentScriptName = null; }
  },
  framePresented: function (pageId, upTo) {
    currentPage = null;
    const record = pages.get(pageId);
    if (record === undefined) return;
    if (upTo > record.presented) record.presented = upTo;
    if (record.callbacks.length === 0) return;
    const due = [], waiting = [];
    for (const entry of record.callbacks) (entry.seq <= record.presented ? due : waiting).push(entry);
    record.callbacks = waiting;
    for (const entry of due) guarded(pageId, 'setData callback', null, entry.fn, record.instance, []);
  },
  settleInvoke: function (id, ok, value) {
    currentPage = null;
    const pending = invokes.get(id);
    if (pending === undefined) return;
    invokes.delete(id);
    if (!ok && typeof value === 'object' && value !== null) invokeOrigins.set(value, pending.origin);
    (ok ? pending.resolve : pending.reject)(value);
  },
  fireTimer: function (id) {
    currentPage = null;
    const timer = timers.get(id);
    if (timer === undefined) return;
    if (timer.repeats) native.startTimer(id, timer.delay, true); else timers.delete(id);
    guarded(timer.page, timer.kind + ' callback', null, timer.fn, undefined, timer.args);
  },
  // Runs pages/<name>.js as a module in which Page(options) registers `page`.
  loadPageScript: function (path, page) {
    pageScriptName = page;
    try { requireFrom('', './' + path); } finally { pageScriptName = null; }
  },
  // For `termini check`: what main.js registered, without running any hook. Member names include inherited ones
  // (a page object may share methods through its prototype).
  describe: function () {
    const methodsOf = function (o) {
      const names = [];
      for (const k in o) if (typeof o[k] === 'function') names.push(k);
      return names;
    };
    let text = '{"app":' + (appInstance === undefined ? 'null' : stringify(methodsOf(appInstance))) + ',"pages":{';
    let first = true;
    for (const [name, d] of definitions) {
      text += (first ? '' : ',') + stringify(name) + ':{"methods":' + stringify(methodsOf(d.definition)) +
        ',"data":' + d.dataJSON + '}';
      first = false;
    }
    text += '},"components":{';
    first = true;
    for (const [name, entry] of componentDefinitions) {
      text += (first ? '' : ',') + stringify(name) + ':' + stringify(methodsOf(entry.definition.methods || {}));
      first = false;
    }
    return text + '}}';
  },
  // JSC calls this at the end of a microtask checkpoint for each rejection nobody handled, inside the entry that
  // ran the checkpoint (see `entry`); a null handler reads as that entry's (ScriptEngine's reportError).
  rejection: function (promise, reason) {
    const origin = typeof reason === 'object' && reason !== null ? invokeOrigins.get(reason) : undefined;
    if (origin !== undefined) {
      report(invokeFailure(reason, origin), origin.pageId, origin.handler, null, 'unhandledRejection', reason);
    } else if (reason instanceof Error) {
      report(reason, null, null, null, 'unhandledRejection');
    } else {
      // An object shows as its JSON, not '[object Object]'.
      report(formatArg(reason), null, null, null, 'unhandledRejection', reason);
    }
  },
};
const keys = Object.keys(hostAPI);
for (let i = 0; i < keys.length; i++) {
  // `rejection` runs inside a checkpoint already.
  if (keys[i] !== 'rejection') hostAPI[keys[i]] = entry(hostAPI[keys[i]]);
}
return hostAPI;
})
