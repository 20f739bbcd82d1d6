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

