# The benchmark suite, sourced by Scripts/bench: `bench_suite BIN` runs every benchmark that `wanted` selects with
# the binaries in BIN, and prints "<measure> <value>" lines.

run_bench() { # name, command...
  local name="$1"; shift
  wanted "$name" || return 0
  echo "==> $name" >&2
  if ! "$@"; then echo "error: benchmark '$name' failed" >&2; exit 1; fi
}

# `termini bench --json` lines on standard input as "<prefix><op>_<key> <value>" lines, for each of KEYS a line has.
json_measures() { # PREFIX "KEY KEY ..."
  awk -v prefix="$1" -v wanted="$2" '{
    op = $0; sub(/.*"op": "/, "", op); sub(/".*/, "", op)
    n = split(wanted, keys, " ")
    for (i = 1; i <= n; i++) {
      v = $0; if (sub(".*\"" keys[i] "\": ", "", v) == 0) continue; sub(/[,}].*/, "", v)
      printf "%s%s_%s %s\n", prefix, op, keys[i], v
    }
  }'
}

# The keyed-list operations end to end through JS in a real pty (`termini bench --json`), as "<measure> <value>" lines.
keyed_bench() { # BIN
  local json
  json="$("$1/termini" bench --json ${KEYED_ARGS:---ops 1,2,3,4,5,6,7,8,9,scroll,tap,resize,theme,idle} 2>/dev/null)" || { "$1/termini" bench --runs 1 --warmups 0 >&2; return 1; }
  json_measures keyed_ "p50_ms p99_ms bytes moves cpu_percent" <<<"$json"
}

# A gallery page (Templates/widgets) resized 120x40 -> 80x24 -> 200x60 -> back (`termini bench --ops page-resize`):
# p50 and p99, the engine reading the new size to the repainted screen's last byte.
page_bench() { # BIN
  local json
  json="$("$1/termini" bench --json --ops page-resize --app Templates/widgets --runs "${PAGE_RUNS:-30}" 2>/dev/null)" || { "$1/termini" bench --ops page-resize --app Templates/widgets --runs 1 --warmups 0 >&2; return 1; }
  json_measures "" "p50_ms p99_ms" <<<"$json"
}

# A Table of 100k rows (`termini bench --ops table --json`): append, scroll a line and a page, sort.
table_bench() { # BIN
  local json
  json="$("$1/termini" bench --json --ops table ${TABLE_ARGS:-} 2>/dev/null)" || { "$1/termini" bench --ops table --runs 1 --warmups 0 >&2; return 1; }
  awk '{
    op = $0; sub(/.*"op": "/, "", op); sub(/".*/, "", op); sub(/@.*/, "", op)
    v = $0; if (sub(/.*"p50_ms": /, "", v) == 0) next; sub(/[,}].*/, "", v)
    printf "%s_p50_ms %s\n", op, v
  }' <<<"$json"
}

# Text editing (`termini bench --ops text --json`): a key into an empty TextField and at the end of a 100k one, a key
# in the middle of a 10k-line TextArea, a 1 MB paste into it; p50 and p99, input to the frame's last byte.
text_bench() { # BIN
  local json
  json="$("$1/termini" bench --json --ops text --runs "${TEXT_RUNS:-50}" 2>/dev/null)" || { "$1/termini" bench --ops text --runs 1 --warmups 0 >&2; return 1; }
  json_measures "" "p50_ms p99_ms" <<<"$json"
}

# The flight recorder's cost (on in every `termini run`): the keyed-list operations without it and with it, in
# alternating rounds of this run, so both see the same machine. Per operation the p50 end to end off and on; the
# cost is the sum of the p50s on against off (RECORDER_ARGS narrows it, e.g. "--ops 1,4 --runs 5"; RECORDER_ROUNDS
# sets the rounds, default 2).
recorder_bench() { # BIN
  # A build from before the recorder (the base of --against) has nothing to compare.
  "$1/termini" bench --help 2>/dev/null | grep -q -- --recorder || return 0
  local args="${RECORDER_ARGS:---ops 1,2,3,4,5,6,8,9}" off="" on="" round json
  for round in $(seq "${RECORDER_ROUNDS:-2}"); do
    json="$("$1/termini" bench --json $args 2>/dev/null)" || { "$1/termini" bench --runs 1 --warmups 0 >&2; return 1; }
    off+="$json"$'\n'
    json="$("$1/termini" bench --json --recorder $args 2>/dev/null)" || { "$1/termini" bench --recorder --runs 1 --warmups 0 >&2; return 1; }
    on+="$json"$'\n'
  done
  # Each side's p50 is the mean of its rounds' p50s.
  awk -v off="$off" -v on="$on" 'BEGIN {
    n = split(off, a, "\n"); for (i = 1; i <= n; i++) take(a[i], "off")
    n = split(on, b, "\n"); for (i = 1; i <= n; i++) take(b[i], "on")
    for (op in count_off) {
      o = sum_off[op] / count_off[op]; w = sum_on[op] / count_on[op]
      printf "recorder_off_%s_p50_ms %.4f\nrecorder_on_%s_p50_ms %.4f\n", op, o, op, w
      total_off += o; total_on += w
    }
    printf "recorder_keyed_cost_percent %.1f\n", (total_on / total_off - 1) * 100
  }
  function take(line, side,   op, v) {
    if (line !~ /"p50_ms"/) return
    op = line; sub(/.*"op": "/, "", op); sub(/".*/, "", op)
    v = line; sub(/.*"p50_ms": /, "", v); sub(/[,}].*/, "", v)
    if (side == "off") { sum_off[op] += v; count_off[op]++ } else { sum_on[op] += v; count_on[op]++ }
  }'
}

# Streams (issue 34): 100,000 log lines a second over a chunked response into a following Log, then Textual's Log
# fed the same way when Tools/peers/.venv has Textual (Tools/peers/setup.sh); and a WebSocket echo round trip. Each
# harness kills its server and app on every way out; `timeout` (TERM, which they unwind on) bounds a hung one.
stream_bench() { # BIN
  local py=/usr/bin/python3 textual=()
  [ -x "$py" ] || py=python3
  if [ -x Tools/peers/.venv/bin/python ] && Tools/peers/.venv/bin/python -c 'import textual, pyte' 2>/dev/null; then
    py=Tools/peers/.venv/bin/python textual=(--textual-python Tools/peers/.venv/bin/python)
  else
    echo "stream: Textual's side skipped (no Tools/peers/.venv; run Tools/peers/setup.sh)" >&2
  fi
  timeout -k 5 150 "$py" Tools/peers/stream_bench.py --termini "$1/termini" --seconds "${STREAM_SECONDS:-20}" \
    --bench-lines "${textual[@]}"
}

socket_bench() { # BIN
  local py=/usr/bin/python3
  [ -x "$py" ] || py=python3
  timeout -k 5 90 "$py" Tools/peers/ws_echo_bench.py --termini "$1/termini" --runs "${SOCKET_RUNS:-200}" --bench-lines
}

bench_suite() { # BIN
  local bin="$1"
  run_bench tplgen env TPLGEN="$bin/tplgen" Tools/bench/tplgen/run.sh
  run_bench render "$bin/render-bench"
  run_bench script "$bin/script-bench"
  run_bench services "$bin/services-bench"
  run_bench host "$bin/host-bench"
  run_bench bundles env TERMINI="$bin/termini" Tools/bench/bundles/run.sh
  # A one-file change to a 2 MB bundle over nginx on 127.0.0.1: a file-level update against the whole archive.
  run_bench registry env TERMINI="$bin/termini" Tools/bench/registry/run.sh
  run_bench keyed keyed_bench "$bin"
  run_bench recorder recorder_bench "$bin"
  run_bench page page_bench "$bin"
  run_bench table table_bench "$bin"
  run_bench text text_bench "$bin"
  run_bench stream stream_bench "$bin"
  run_bench socket socket_bench "$bin"
}
