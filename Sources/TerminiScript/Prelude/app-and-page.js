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
  const items = new Array(arguments.length - 3);
  for (let i = 0; i < items.length; i++) items[i] = arguments[i + 3];
  const target = listAt(this, record, path, what, "spliceData('rows', 0, 0, row)");
  return spliceChecked(this, record, target, index, removeCount, items, what);
}

// The list at `path` in both the page's data and its shadow copy, with its parsed path; a TypeError naming `what`
// when there is none.
function listAt(instance, record, path, what, example) {
  if (typeof path !== 'string' || path === '') {
    throw new TypeError(what + ': the first argument must be the path of a list in data, as in ' + example);
  }
  makeRoomForPaths(2);
  const parsed = parsePathCached(path);
  const shadowList = getAt(record.shadow, parsed.comps);
  const list = getAt(instance.data, parsed.comps);
  if (!Array.isArray(shadowList) || !Array.isArray(list)) {
    const found = Array.isArray(shadowList) ? list : shadowList;
    throw new TypeError(what + ": data." + path + ' is not a list (found ' +
      (found === undefined ? 'nothing' : found === null ? 'null' : typeof found) + '); nothing was applied');
  }
  return { path: path, parsed: parsed, list: list, shadowList: shadowList };
}

// One splice of `target` (from listAt), checked whole before anything changes, sent as one setData entry.
function spliceChecked(instance, record, target, index, removeCount, items, what) {
  const path = target.path, parsed = target.parsed, list = target.list, shadowList = target.shadowList;
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

// How many lines appendLog keeps by default: the Log widget's own default `maxLines`.
const DEFAULT_LOG_LINES = 10000;

// this.appendLog(path, lines, maxLines = 10000): `lines` (an array, or one line) are added at the end of the list at
// `path`, and lines from its front are dropped so that it keeps at most `maxLines`: the Log's scrollback, so a log
// fed forever holds a bounded memory. Costs the lines appended (and the dropped ones' count), never the log's length
// in checks, copies or bytes sent. Returns a promise that resolves after the frame that shows them.
function appendLog(path, lines, maxLines) {
  const record = records.get(this);
  if (record === undefined) throw new TypeError('appendLog must be called on a page or component instance (this)');
  const what = 'appendLog(' + stringify(String(path)) + ')';
  if (ignoredAfterUnload(record, what)) return promiseResolve();
  const keep = maxLines === undefined ? DEFAULT_LOG_LINES : maxLines;
  if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 1) {
    throw new RangeError(what + ': maxLines must be a whole number of at least 1, got ' + stringify(maxLines) +
      '; nothing was applied');
  }
  let added = Array.isArray(lines) ? lines : [lines];
  const target = listAt(this, record, path, what, "appendLog('lines', ['one', 'two'])");
  if (added.length > keep) added = added.slice(added.length - keep);
  const drop = Math.max(0, target.shadowList.length + added.length - keep);
  // The append goes first: it is the splice whose items are checked, so a refused line leaves the log as it was.
  const shown = spliceChecked(this, record, target, target.shadowList.length, 0, added, what);
  return drop > 0 ? spliceChecked(this, record, target, 0, drop, [], what) : shown;
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
  // Writable, unlike setData: a page written before it existed may have its own method of this name.
  appendLog: { value: appendLog, writable: true, enumerable: false, configurable: false },
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

