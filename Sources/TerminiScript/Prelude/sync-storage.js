// ---------------------------------------------------------------- synchronous storage
// WeChat's getStorageSync and setStorageSync. The host answers them on this thread from its in-memory copy of the
// app's storage (ScriptSyncStorage), so a theme read in onLaunch is known before the first page exists.
const STORAGE_ERRORS = { TypeError: TypeError, RangeError: RangeError, Error: Error };

function storageAnswer(answer) {
  if (answer[0] === true) return answer[1];
  throw new STORAGE_ERRORS[answer[1]](answer[2]);
}

function checkedStorageKey(call, key) {
  if (typeof key !== 'string') {
    throw new TypeError(call + ': the key must be a string, not ' + (key === null ? 'null' : typeof key) +
      ' (' + shortened(formatArg(key)) + ')');
  }
  return key;
}

// '' for a key with no data, as in WeChat, so `getStorageSync('theme') || 'light'` reads as it does there.
function getStorageSync(key) {
  const found = storageAnswer(native.storageRead(checkedStorageKey('getStorageSync', key)));
  return found.length === 0 ? '' : found[0];
}

function setStorageSync(key, value) {
  checkedStorageKey('setStorageSync', key);
  const json = toCheckedJSON("setStorageSync: the value of '" + shortened(key) + "'", value, MAX_NESTING);
  storageAnswer(native.storageWrite(key, json));
}

