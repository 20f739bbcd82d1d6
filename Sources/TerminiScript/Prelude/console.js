// ---------------------------------------------------------------- console
function formatArg(v) {
  if (typeof v === 'string') return v;
  if (v instanceof Error) return v.stack ? String(v) + '\n' + v.stack : String(v);
  if (typeof v === 'object' && v !== null) {
    try { const s = stringify(v); if (s !== undefined) return s; } catch (_) {}
    return String(v);
  }
  if (typeof v === 'symbol') return v.toString();
  return String(v);
}
// A log line is cut at this many UTF-16 code units, with a note of how much was cut: a 100 MB string logged whole
// took the process from 70 MB to 770 MB on its way to the log file (each copy and conversion held it again).
const MAX_LOG_LINE = 65536;
function logLine(args) {
  let line = '', total = 0;
  for (let i = 0; i < args.length; i++) {
    const part = formatArg(args[i]);
    total += part.length + (i > 0 ? 1 : 0);
    const room = MAX_LOG_LINE - line.length;
    if (room > 0) line += (i > 0 ? ' ' : '') + (part.length < room ? part : part.slice(0, room));
  }
  if (total <= MAX_LOG_LINE) return line;
  let kept = MAX_LOG_LINE;
  const last = line.charCodeAt(kept - 1);
  if (last >= 0xD800 && last <= 0xDBFF) kept--;  // never half of a surrogate pair
  return line.slice(0, kept) + ' … [' + (total - kept) + ' more characters cut: a log line holds ' + MAX_LOG_LINE + ']';
}
function logger(level) {
  return function () { native.log(level, logLine(arguments)); };
}
const consoleObject = Object.freeze({
  debug: logger('debug'), log: logger('log'), info: logger('info'), warn: logger('warn'), error: logger('error'),
});

