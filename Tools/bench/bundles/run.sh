#!/usr/bin/env bash
# Bundle install benchmark: packs a sample app with ~1 MB of incompressible assets, then times
# `termini install` (a fresh store each run, whole process included) and prints the median:
#   install_1mb_bundle_ms <median>      (target: <= 200)
# Usage: Tools/bench/bundles/run.sh [runs]     TERMINI=<path to a release termini binary> (default: build one)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT"
export PATH="/opt/swift/usr/bin:$PATH"
RUNS="${1:-15}"
if [ -z "${TERMINI:-}" ]; then
  # `termini` hands install, pack and keygen to `termini-tools` next to it: both are built.
  swift build -c release --static-swift-stdlib --product termini 2>&1 | grep -E "error" >&2 || true
  swift build -c release --static-swift-stdlib --product termini-tools 2>&1 | grep -E "error" >&2 || true
  TERMINI="$(swift build -c release --static-swift-stdlib --show-bin-path)/termini"
fi
[ -x "$TERMINI" ] || { echo "error: no termini binary at $TERMINI" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R Templates/todo "$work/app"
mkdir -p "$work/app/assets"
# 16 files of 64 KiB random bytes: 1 MiB that deflate cannot shrink, so the archive itself is ~1 MB.
for i in $(seq -w 1 16); do head -c 65536 /dev/urandom >"$work/app/assets/blob$i.bin"; done
"$TERMINI" keygen --out "$work/bench" >/dev/null
"$TERMINI" pack "$work/app" --out "$work/app.zip" --key "$work/bench.key" >/dev/null 2>&1
size=$(stat -c %s "$work/app.zip")
[ "$size" -ge 1000000 ] || { echo "error: bench bundle is only $size bytes" >&2; exit 1; }

times=()
for run in $(seq 1 "$RUNS"); do
  store="$work/store$run"
  start=$(date +%s%N)
  "$TERMINI" install "$work/app.zip" --store "$store" --trust "$work/bench.pub" >/dev/null
  end=$(date +%s%N)
  times+=($(( (end - start) / 1000 )))
  rm -rf "$store"
done
median_us=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
awk -v us="$median_us" -v bytes="$size" 'BEGIN { printf "install_1mb_bundle_ms %.1f bundle_bytes=%d\n", us / 1000, bytes }'
