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

