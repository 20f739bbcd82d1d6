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
  // Events of running calls, [[id, {type, ...}], ...] in the order the commands sent them (bridge.js's listenTo).
  invokeEvents: function (batch) {
    currentPage = null;
    for (let i = 0; i < batch.length; i++) {
      const pending = invokes.get(batch[i][0]);
      if (pending === undefined || pending.listeners === null) continue;
      const event = batch[i][1];
      const list = pending.listeners.get(event.type);
      if (list === undefined) continue;
      const handler = pending.origin.command + ' ' + event.type + ' listener';
      for (let j = 0; j < list.length; j++) guarded(pending.pageId, handler, null, list[j], undefined, [event]);
    }
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
globalThis.__terminiHostAPI = hostAPI;
}
