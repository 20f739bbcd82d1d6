// ---------------------------------------------------------------- a fixed clock
// `termini snapshot --clock <ms>`: Date.now() and new Date() tell the host's fixed clock, so a run repeats exactly.
// Dates built from arguments, Date.parse and Date.UTC are untouched; instances are real Dates.
if (typeof native.fixedClockNow === 'function') {
  const RealDate = Date;
  const fixedNow = native.fixedClockNow;
  const FixedDate = function Date() {
    if (new.target === undefined) return new RealDate(fixedNow()).toString();
    if (arguments.length === 0) return new RealDate(fixedNow());
    return Reflect.construct(RealDate, Array.prototype.slice.call(arguments));
  };
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = function now() { return fixedNow(); };
  FixedDate.parse = RealDate.parse;
  FixedDate.UTC = RealDate.UTC;
  Object.defineProperty(globalThis, 'Date', { value: FixedDate, writable: true, enumerable: false, configurable: true });
}

