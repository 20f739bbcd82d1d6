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

