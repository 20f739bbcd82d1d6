// ---------------------------------------------------------------- a fixed clock and a seeded random
// `termini snapshot --clock <ms>`, and the flight recorder and its replay: Date.now() and new Date() tell the host's
// clock, so a run repeats exactly.
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


// A seeded Math.random (`ScriptRuntime.Configuration.randomSeed`): every run has a seed, which the flight recorder
// keeps, so a replay draws the same numbers. mulberry32: 32 bits of state, full period, fast enough for games.
if (typeof native.randomSeed === 'number') {
  let state = native.randomSeed >>> 0;
  const random = function random() {
    state = (state + 0x6D2B79F5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  Object.defineProperty(Math, 'random', { value: random, writable: true, enumerable: false, configurable: true });
}
