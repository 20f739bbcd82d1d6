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
define('connectEventSource', connectEventSource);
define('connectSocket', connectSocket);
define('getStorageSync', getStorageSync);
define('setStorageSync', setStorageSync);
define('require', function require(request) { return requireFrom('', request); });
// WebAssembly runs outside the script limits: JavaScriptCore's time limit never stops compiled wasm, and a module
// whose start function is `(loop (br 0))` ran forever. So it is off, as eval is (docs/JS-API.md).
delete globalThis.WebAssembly;

