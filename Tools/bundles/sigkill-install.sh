#!/usr/bin/env bash
# Crash-safety check with real SIGKILLs: starts `termini install` of a ~4 MB bundle, kills it with SIGKILL after a
# random delay, and checks that `termini list` shows either the old state or the completed install, never anything
# in between, and that the resolved bundle folder is complete. Then a normal install must succeed and leave no debris.
# Finally two processes install the same new version at once: exactly one must win, the other must say so.
# Usage: Tools/bundles/sigkill-install.sh [iterations]   TERMINI=<termini binary> (default .build/debug/termini)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
T="${TERMINI:-.build/debug/termini}"
N="${1:-40}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for v in 1.0.0 2.0.0; do
  cp -R Templates/todo "$work/app-$v"
  sed -i "s/\"version\": *\"[^\"]*\"/\"version\": \"$v\"/" "$work/app-$v/app.json"
  mkdir -p "$work/app-$v/assets"
  for i in $(seq 1 64); do head -c 65536 /dev/urandom >"$work/app-$v/assets/b$i.bin"; done
  "$T" pack "$work/app-$v" --out "$work/$v.zip" >/dev/null 2>&1
done
store="$work/store"
"$T" install "$work/1.0.0.zip" --store "$store" --dev >/dev/null
# Time one full install of 2.0.0 (into a scratch store) so that the kill delays span the whole install.
start=$(date +%s%N); "$T" install "$work/2.0.0.zip" --store "$work/scratch" --dev >/dev/null; end=$(date +%s%N)
span_us=$(( (end - start) / 1000 + 1 ))
before="$("$T" list --store "$store")"
completed=0 interrupted=0
for i in $(seq 1 "$N"); do
  "$T" install "$work/2.0.0.zip" --store "$store" --dev >/dev/null 2>&1 &
  pid=$!
  sleep "$(awk -v us=$(( (RANDOM * 32768 + RANDOM) % span_us )) 'BEGIN { printf "%.6f", us / 1e6 }')"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  now="$("$T" list --store "$store")"
  if [ "$now" = "$before" ]; then
    interrupted=$((interrupted + 1))
  elif grep -q '\* 2.0.0' <<<"$now"; then
    completed=$((completed + 1))
    (cd "$store/apps/todo/2.0.0" && for f in assets/*.bin; do [ "$(stat -c %s "$f")" -eq 65536 ] || exit 1; done) \
      && [ "$(ls "$store/apps/todo/2.0.0/assets" | wc -l)" -eq 64 ] || { echo "FAIL: 2.0.0 current but incomplete"; exit 1; }
    "$T" rollback todo --store "$store" >/dev/null
    before="$("$T" list --store "$store")"  # a rollback marks 1.0.0 as launch-confirmed
  else
    echo "FAIL: store in an intermediate state after SIGKILL:"; echo "$now"; exit 1
  fi
done
"$T" install "$work/2.0.0.zip" --store "$store" --dev >/dev/null
[ -z "$(ls -A "$store/tmp")" ] || { echo "FAIL: debris left in $store/tmp"; exit 1; }
[ "$(ls "$store/apps/todo")" = "$(printf '1.0.0\n2.0.0\ncurrent')" ] || { echo "FAIL: unexpected folders: $(ls "$store/apps/todo")"; exit 1; }
cp -R "$work/app-2.0.0" "$work/app-3.0.0"
sed -i 's/"version": "2.0.0"/"version": "3.0.0"/' "$work/app-3.0.0/app.json"
"$T" pack "$work/app-3.0.0" --out "$work/3.0.0.zip" >/dev/null 2>&1
"$T" install "$work/3.0.0.zip" --store "$store" --dev >"$work/p1.out" 2>&1 & p1=$!
"$T" install "$work/3.0.0.zip" --store "$store" --dev >"$work/p2.out" 2>&1 & p2=$!
wait $p1 || true; wait $p2 || true
wins=$(cat "$work/p1.out" "$work/p2.out" | grep -c '^installed todo 3.0.0' || true)
dups=$(cat "$work/p1.out" "$work/p2.out" | grep -c 'already installed' || true)
[ "$wins" -eq 1 ] && [ "$dups" -eq 1 ] || { echo "FAIL: concurrent installs:"; cat "$work/p1.out" "$work/p2.out"; exit 1; }
[ "$(ls "$store/apps/todo")" = "$(printf '1.0.0\n2.0.0\n3.0.0\ncurrent')" ] || { echo "FAIL: after concurrent installs: $(ls "$store/apps/todo")"; exit 1; }
echo "ok: $N SIGKILLs ($interrupted before the commit, $completed after); the store was never in between; 2 concurrent installs: 1 won, 1 refused"
