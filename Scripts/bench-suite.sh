# The benchmark suite, sourced by Scripts/bench: `bench_suite BIN` runs every benchmark that `wanted` selects with
# the binaries in BIN, and prints "<measure> <value>" lines.

run_bench() { # name, command...
  local name="$1"; shift
  wanted "$name" || return 0
  echo "==> $name" >&2
  if ! "$@"; then echo "error: benchmark '$name' failed" >&2; exit 1; fi
}

# The keyed-list operations end to end through JS in a real pty (`termini bench --json`), as "<measure> <value>" lines.
keyed_bench() { # BIN
  local json
  json="$("$1/termini" bench --json ${KEYED_ARGS:---ops 1,2,3,4,5,6,7,8,9,scroll,tap,resize,idle} 2>/dev/null)" || { "$1/termini" bench --runs 1 --warmups 0 >&2; return 1; }
  awk '{
    op = $0; sub(/.*"op": "/, "", op); sub(/".*/, "", op)
    n = split("p50_ms p99_ms bytes moves cpu_percent", keys, " ")
    for (i = 1; i <= n; i++) {
      v = $0; if (sub(".*\"" keys[i] "\": ", "", v) == 0) continue; sub(/[,}].*/, "", v)
      printf "keyed_%s_%s %s\n", op, keys[i], v
    }
  }' <<<"$json"
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
  awk '{
    op = $0; sub(/.*"op": "/, "", op); sub(/".*/, "", op)
    n = split("p50_ms p99_ms", keys, " ")
    for (i = 1; i <= n; i++) {
      v = $0; if (sub(".*\"" keys[i] "\": ", "", v) == 0) continue; sub(/[,}].*/, "", v)
      printf "%s_%s %s\n", op, keys[i], v
    }
  }' <<<"$json"
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
  run_bench table table_bench "$bin"
  run_bench text text_bench "$bin"
}
