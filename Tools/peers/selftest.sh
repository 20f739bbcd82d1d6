#!/usr/bin/env bash
# Smoke test of the peer harness (not part of the unit tests; needs Tools/peers/.venv from setup.sh).
# 1. ops 1, 4 and 9 against the DataTable peer must time and pass their screen checks;
# 2. the same app with --fault (op 3 leaves one row stale) must make the harness fail,
#    so a passing check is known to be able to fail;
# 3. floor_table.py --selftest (one run of every workload, Termini against the ncurses floor of its own screens) must
#    pass, and with --fault (a cell left out of the floor's frame) must fail. It needs a termini binary: $TERMINI, else
#    .build/release/termini; without one this part is skipped with a note.
# Exit 0 only if all hold; 3 if the venv is missing (peers skipped).
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PY="$HERE/.venv/bin/python"
[ -x "$PY" ] || { echo "selftest: $HERE/.venv is missing; run Tools/peers/setup.sh first" >&2; exit 3; }
APP="$PY $HERE/textual/bench_app.py --variant datatable"

if ! "$PY" "$HERE/harness.py" --cmd "$APP" --runs 1 --warmup 0 --ops 1,4,9; then
  echo "selftest: FAILED: the harness did not pass ops 1,4,9 on the DataTable peer" >&2
  exit 1
fi

out="$("$PY" "$HERE/harness.py" --cmd "$APP --fault" --runs 1 --warmup 0 --ops 3 --settle-ms 1000 2>&1)"
rc=$?
if [ "$rc" -ne 1 ] || ! grep -q "screen row 11 (list index 10)" <<<"$out"; then
  echo "selftest: FAILED: a stale row went unnoticed (exit $rc): $out" >&2
  exit 1
fi
floor="skipped (no termini binary: set TERMINI or build .build/release/termini)"
TERMINI="${TERMINI:-$HERE/../../.build/release/termini}"
if [ -x "$TERMINI" ]; then
  if ! "$PY" "$HERE/floor_table.py" --termini "$TERMINI" --selftest; then
    echo "selftest: FAILED: floor_table.py --selftest" >&2
    exit 1
  fi
  out="$("$PY" "$HERE/floor_table.py" --termini "$TERMINI" --selftest --workloads select --fault --settle-ms 500 2>&1)"
  rc=$?
  if [ "$rc" -ne 1 ] || ! grep -q "FAILED: select: cell" <<<"$out"; then
    echo "selftest: FAILED: a wrong cell in the floor's frame went unnoticed (exit $rc): $out" >&2
    exit 1
  fi
  floor="every workload's screens checked; a wrong floor cell is caught"
fi
echo "selftest: ok (ops 1,4,9 checked; a stale row is caught; floor table: $floor)"
