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

