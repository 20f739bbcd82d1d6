#!/usr/bin/env bash
# Creates Tools/peers/.venv with the pinned peer dependencies (Textual for the peer app,
# pyte for the harness's screen check). Exit code 3 means "peers unavailable here, skip them":
# callers (Scripts/bench --peers) must keep Termini's own benchmark running in that case.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$HERE/.venv"
TEXTUAL_PIN="textual==8.2.8"
PYTE_PIN="pyte==0.8.2"

skip() { echo "peers: skipped: $*" >&2; exit 3; }

PY="${PYTHON:-$(command -v python3 || true)}"
[ -n "$PY" ] || skip "python3 not found on PATH"
[ -x "$PY" ] || command -v "$PY" >/dev/null 2>&1 || skip "python3 at '$PY' is not an executable"
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)' 2>/dev/null \
  || skip "python3 is older than 3.9 (Textual 8 needs 3.9+)"

# Already set up with the exact pins: nothing to do (keeps repeated bench runs fast and offline).
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" - "$TEXTUAL_PIN" "$PYTE_PIN" >/dev/null 2>&1 <<'PY'
import sys
from importlib.metadata import version
for pin in sys.argv[1:]:
    name, want = pin.split("==")
    if version(name) != want:
        sys.exit(1)
PY
then
  exit 0
fi

if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV" >/dev/null 2>&1 || { rm -rf "$VENV"; skip "python3 -m venv failed (install the python3-venv package)"; }
fi
"$VENV/bin/python" -m pip --version >/dev/null 2>&1 || { rm -rf "$VENV"; skip "pip is not available in the venv (install python3-pip / ensurepip)"; }

LOG="$(mktemp)"
if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$TEXTUAL_PIN" "$PYTE_PIN" >"$LOG" 2>&1; then
  reason="$(grep -m1 -E 'ERROR|Could not|No matching' "$LOG" | cut -c1-160)"
  rm -f "$LOG"
  skip "pip could not install $TEXTUAL_PIN $PYTE_PIN (PyPI unreachable?)${reason:+: $reason}"
fi
rm -f "$LOG"
exit 0
