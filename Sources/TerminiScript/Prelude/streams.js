// ---------------------------------------------------------------- streams: event sources and sockets
// Thin objects over bridge.invoke tasks (bridge.js): the command runs as long as the connection, and sends its
// events to the task's listeners (docs/JS-API.md#event-sources).

// Calls every listener in `list` with `value`, each guarded so one that throws does not stop the others.
function callListeners(list, value, pageId, handler) {
  for (let i = 0; i < list.length; i++) guarded(pageId, handler, null, list[i], undefined, [value]);
}

// connectEventSource({url, headers}) → {onOpen, onMessage, onError, close}: Server-Sent Events, reconnecting with
// Last-Event-ID as the spec says. onError gets each dropped connection (the source reconnects) and the final
// failure (it does not); close() ends it without an error.
function connectEventSource(options) {
  const o = isObjectNode(options) ? options : {};
  const params = { url: o.url, header: o.headers !== undefined ? o.headers : o.header };
  if (o.timeout !== undefined) params.timeout = o.timeout;
  const task = bridge.invoke('connectEventSource', params);
  const pageId = currentPage;
  const errorListeners = [];
  let closed = false;
  task.on('error', function (event) { callListeners(errorListeners, event, pageId, 'connectEventSource onError'); });
  task.then(undefined, function (reason) {
    if (closed) return;
    if (errorListeners.length === 0) throw reason;  // nobody listens: reported as an unhandled rejection
    callListeners(errorListeners, reason, pageId, 'connectEventSource onError');
  });
  return Object.freeze({
    onOpen: function (fn) { task.on('open', fn); },
    onMessage: function (fn) { task.on('message', fn); },
    onError: function (fn) {
      if (typeof fn !== 'function') throw new TypeError('onError needs a function, got ' + typeof fn);
      errorListeners.push(fn);
    },
    close: function () { closed = true; task.abort(); },
  });
}
