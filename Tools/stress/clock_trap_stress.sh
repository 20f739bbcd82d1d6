#!/bin/bash
# Runs several copies of the 60 Hz clock sample at once in tmux, beside CPU burners, and counts the ones that died:
# the load under which JavaScriptCore's signal-based watchdog traps aborted the process (docs/RELIABILITY.md,
# "JavaScriptCore's watchdog polls"). Extra environment for termini (JSC_usePollingTraps=false brings the signal
# path back) goes in TERMINI_ENV.
set -euo pipefail
usage() {
  cat <<'USAGE'
usage: Tools/stress/clock_trap_stress.sh [--termini PATH] [--seconds N] [--apps N] [--burners N]

  --termini PATH   the termini binary (default: .build/debug/termini)
  --seconds N      how long the apps run (default: 300)
  --apps N         clock samples at once, each in a 200x60 tmux window (default: 6)
  --burners N      busy loops beside them (default: 2)

Prints each app that exited and the crash reports written, then "apps died: K of N". Exits 1 when one died.
Environment: TERMINI_ENV="NAME=value ..." is passed to each termini.
USAGE
}
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
termini="$ROOT/.build/debug/termini"; seconds=300; apps=6; burners=2
while [ $# -gt 0 ]; do
  case "$1" in
    --termini) termini="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --apps) apps="$2"; shift 2 ;;
    --burners) burners="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "error: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
[ -x "$termini" ] || { echo "error: no termini binary at $termini (build it, or pass --termini)" >&2; exit 2; }
work="$(mktemp -d)"; socket="clock-stress-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 1 "$burners"); do timeout "$seconds" sh -c 'while :; do :; done' & done
for i in $(seq 1 "$apps"); do
  mkdir -p "$work/h$i"
  tmux -L "$socket" new -d -s "c$i" -x 200 -y 60 \
    "env -i ${TERMINI_ENV:-} PATH=/usr/bin:/bin TERM=tmux-256color HOME=$work/h$i XDG_DATA_HOME=$work/h$i $termini run $ROOT/Templates/clock --store $work/h$i/store; echo \$? > $work/exit$i; sleep $seconds"
done
echo "==> $apps clock samples and $burners burners for $seconds s" >&2
sleep "$seconds"
died=0
for i in $(seq 1 "$apps"); do
  if [ -f "$work/exit$i" ]; then
    died=$((died + 1)); echo "app $i exited with status $(cat "$work/exit$i")"
    for report in "$work/h$i"/store/crashes/*; do [ -f "$report" ] && head -12 "$report"; done
  fi
done
echo "apps died: $died of $apps"
[ "$died" -eq 0 ]
