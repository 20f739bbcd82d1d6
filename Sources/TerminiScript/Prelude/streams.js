// ---------------------------------------------------------------- streams: event sources and sockets
// Thin objects over bridge.invoke tasks (bridge.js): the command runs as long as the connection, and sends its
// events to the task's listeners (docs/JS-API.md#event-sources, docs/JS-API.md#sockets).

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

// Bytes as base64 and back, for binary socket messages: the bridge carries JSON.
const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function base64Encode(bytes) {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += base64Alphabet[n >> 18] + base64Alphabet[(n >> 12) & 63] + base64Alphabet[(n >> 6) & 63] + base64Alphabet[n & 63];
  }
  if (i < bytes.length) {
    const n = (bytes[i] << 16) | (i + 1 < bytes.length ? bytes[i + 1] << 8 : 0);
    out += base64Alphabet[n >> 18] + base64Alphabet[(n >> 12) & 63] +
      (i + 1 < bytes.length ? base64Alphabet[(n >> 6) & 63] : '=') + '=';
  }
  return out;
}
function base64Decode(text) {
  const clean = text.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor(clean.length * 3 / 4));
  let bits = 0, value = 0, j = 0;
  for (let i = 0; i < clean.length; i++) {
    value = ((value << 6) | base64Alphabet.indexOf(clean[i])) & 0xffffff;
    bits += 6;
    if (bits >= 8) { bits -= 8; bytes[j++] = (value >> bits) & 255; }
  }
  return bytes.buffer;
}

// connectSocket({url, protocols, header}) → a SocketTask, as WeChat's: send({data}) (a string, or an ArrayBuffer or
// typed array for a binary message), close({code, reason}), onOpen, onMessage({data}) (a string, or an ArrayBuffer),
// onError and onClose({code, reason}). send and close return the promises of their bridge calls. The socket closes
// when the page that opened it unloads; one opened by the App stays open until closed.
let nextSocketTaskId = 1;
function connectSocket(options) {
  const o = isObjectNode(options) ? options : {};
  const socketTaskId = nextSocketTaskId++;
  const params = { url: o.url, socketTaskId: socketTaskId };
  if (o.protocols !== undefined) params.protocols = o.protocols;
  if (o.header !== undefined) params.header = o.header;
  const task = bridge.invoke('connectSocket', params);
  const pageId = currentPage;
  const errorListeners = [], closeListeners = [];
  let closedWith = null;
  const closed = function (event) {
    if (closedWith !== null) return;
    closedWith = event;
    callListeners(closeListeners, event, pageId, 'SocketTask onClose');
  };
  task.on('error', function (event) { callListeners(errorListeners, event, pageId, 'SocketTask onError'); });
  task.then(function (answer) { closed({ code: answer.code, reason: answer.reason }); }, function (reason) {
    if (errorListeners.length === 0 && closeListeners.length === 0) throw reason;  // reported as unhandled
    callListeners(errorListeners, reason, pageId, 'SocketTask onError');
    closed({ code: 1006, reason: typeof reason.errMsg === 'string' ? reason.errMsg : formatArg(reason) });
  });
  const listen = function (list, what) {
    return function (fn) {
      if (typeof fn !== 'function') throw new TypeError(what + ' needs a function, got ' + typeof fn);
      list.push(fn);
    };
  };
  return Object.freeze({
    socketTaskId: socketTaskId,
    send: function (args) {
      const data = isObjectNode(args) ? args.data : undefined;
      if (typeof data === 'string') return bridge.invoke('sendSocketMessage', { socketTaskId: socketTaskId, data: data });
      if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
        const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        return bridge.invoke('sendSocketMessage', { socketTaskId: socketTaskId, data: base64Encode(bytes), binary: true });
      }
      return Promise.reject(new TypeError('SocketTask.send: data must be a string, an ArrayBuffer or a typed array'));
    },
    close: function (args) {
      const a = isObjectNode(args) ? args : {};
      const params = { socketTaskId: socketTaskId };
      if (a.code !== undefined) params.code = a.code;
      if (a.reason !== undefined) params.reason = a.reason;
      return bridge.invoke('closeSocket', params);
    },
    onOpen: function (fn) { task.on('open', fn); },
    onMessage: function (fn) {
      if (typeof fn !== 'function') throw new TypeError('onMessage needs a function, got ' + typeof fn);
      task.on('message', function (m) { return fn({ data: m.binary === true ? base64Decode(m.data) : m.data }); });
    },
    onError: listen(errorListeners, 'onError'),
    onClose: listen(closeListeners, 'onClose'),
  });
}
