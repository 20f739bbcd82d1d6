#!/usr/bin/env bash
# Benchmarks `tplgen compile` in a release build: 100 generated page files of ~50 widget nodes each, then recompiling
# one changed file (what hot reload does). Prints exactly two lines, medians of 5 runs in milliseconds:
#   tplgen_compile_100_files_ms <median>
#   tplgen_recompile_one_file_ms <median>
# Targets: <= 1000 and <= 100. Build output goes to stderr. TPLGEN=<binary> skips the build (Scripts/bench sets it);
# TPLGEN_BENCH_SCRATCH=<dir> builds in another build folder.
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PATH="/opt/swift/usr/bin:$PATH"

if [[ -n "${TPLGEN:-}" && -x "${TPLGEN:-}" ]]; then
    bin="$TPLGEN"   # Scripts/bench has already built release binaries
else
    scratch=()
    if [[ -n "${TPLGEN_BENCH_SCRATCH:-}" ]]; then scratch=(--scratch-path "$TPLGEN_BENCH_SCRATCH"); fi
    swift build -c release --static-swift-stdlib --product tplgen "${scratch[@]}" >&2
    bin="$(swift build -c release --static-swift-stdlib --show-bin-path "${scratch[@]}")/tplgen"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/pages"

# One page: a Column with a header, a ForEach of 10 rows of 4 widgets, and a footer: 52 widget nodes.
write_page() {
    local n="$1" marker="$2" file="$work/pages/page$1.swift"
    {
        echo "import TerminiDSL"
        echo ""
        echo "let header$n = Text(\"Page $n ({{items.length}}) $marker\", style: .bold)"
        echo ""
        echo "let page$n = Page(\"page$n\", title: \"Page $n\") {"
        echo "    Column(spacing: 1) {"
        echo "        header$n"
        echo "        TextField(value: \"{{draft}}\", placeholder: \"Add\", onChange: \"onDraft\", onSubmit: \"add\")"
        for r in $(seq 1 10); do
            echo "        Row(spacing: 1, align: .center) {"
            echo "            Checkbox(checked: \"{{rows[$r].done}}\", onToggle: \"toggle\").data([\"row\": $r])"
            echo "            Text(\"{{rows[$r].title}}\", style: \"{{rows[$r].done ? 'dim' : 'plain'}}\", color: .cyan)"
            echo "            Button(\"x\", onTap: \"remove\").key(\"r$r\")"
            echo "        }"
        done
        echo "        ForEach(\"{{items}}\", key: \"id\", item: \"it\") { Text(\"{{it.name}}\") }"
        echo "        If(\"{{items.length == 0}}\") { Text(\"Empty\", style: .dim) } else: { Divider() }"
        echo "        Padding(.symmetric(h: 2, v: 0)) { Button(\"Clear\", onTap: \"clear\") }"
        echo "        ProgressBar(value: \"{{progress}}\")"
        echo "    }"
        echo "}"
    } > "$file"
}
for n in $(seq 1 100); do write_page "$n" ""; done

now_ns() { date +%s%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

"$bin" compile "$work/pages" --out "$work/out" > /dev/null   # warm the file cache; also fails fast on errors

full=()
for _ in 1 2 3 4 5; do
    start=$(now_ns)
    "$bin" compile "$work/pages" --out "$work/out" > /dev/null
    full+=($(( ($(now_ns) - start) / 1000000 )))
done

one=()
for i in 1 2 3 4 5; do
    write_page 42 "edit $i"
    start=$(now_ns)
    "$bin" compile "$work/pages/page42.swift" --out "$work/out" > /dev/null
    one+=($(( ($(now_ns) - start) / 1000000 )))
done

echo "tplgen_compile_100_files_ms $(printf '%s\n' "${full[@]}" | median)"
echo "tplgen_recompile_one_file_ms $(printf '%s\n' "${one[@]}" | median)"
