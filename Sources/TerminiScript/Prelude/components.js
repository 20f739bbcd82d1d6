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
  appendLog: { value: appendLog, writable: true, enumerable: false, configurable: false },
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

