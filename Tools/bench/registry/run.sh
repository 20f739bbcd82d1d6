#!/usr/bin/env bash
# File-level update benchmark, against nginx on 127.0.0.1 (issue 32). A 2 MB bundle (Templates/todo plus 32
# incompressible 64 KiB assets) is published as todo 1.0.0 and as 1.0.1 with one file changed (a line added to
# main.js). Each run installs 1.0.0 into a fresh store and times `termini update -v todo` (the whole process: index
# check, download, rebuild, every install check) to 1.0.1, in two registries served by the same nginx:
#   files/   1.0.0 shares every file but main.js with 1.0.1: a file-level update (main.js, manifest.json, signature)
#   whole/   1.0.0 has other assets, so no file is shared: the update downloads the whole archive
# and prints the bytes nginx sent for each update (its access log's $body_bytes_sent) and the median times:
#   file_update_bytes <n>  archive_update_bytes <n>  file_update_ms <median>  archive_update_ms <median>
# Usage: Tools/bench/registry/run.sh [runs]     TERMINI=<path to a release termini binary> (default: build one)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT"
export PATH="/opt/swift/usr/bin:$PATH"
RUNS="${1:-10}"
NGINX=/usr/sbin/nginx
[ -x "$NGINX" ] || { echo "error: $NGINX is missing: install nginx (Scripts/lib.sh lists it)" >&2; exit 1; }
if [ -z "${TERMINI:-}" ]; then
  # `termini` hands install, pack and keygen to `termini-tools` next to it: both are built.
  swift build -c release --static-swift-stdlib --product termini 2>&1 | grep -E "error" >&2 || true
  swift build -c release --static-swift-stdlib --product termini-tools 2>&1 | grep -E "error" >&2 || true
  TERMINI="$(swift build -c release --static-swift-stdlib --show-bin-path)/termini"
fi
[ -x "$TERMINI" ] || { echo "error: no termini binary at $TERMINI" >&2; exit 1; }

work="$(mktemp -d)"
nginx_pid=""
cleanup() {
  if [ -n "$nginx_pid" ]; then kill -9 "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Packs the app at a version with the 64 KiB assets of the folder given (and `extra` appended to main.js) into
# <name>.zip. Always from the same project path: page templates record their source locations, which must not differ.
pack_app() { # name version assets-folder [extra line for main.js]
  rm -rf "$work/app"
  cp -R Templates/todo "$work/app"
  sed -i "s/\"version\": \"1.0.0\"/\"version\": \"$2\"/" "$work/app/app.json"
  cp -R "$3" "$work/app/assets"
  [ -z "${4:-}" ] || echo "$4" >>"$work/app/main.js"
  (cd "$work" && "$TERMINI" pack app --out "$1.zip" --key bench.key >/dev/null 2>&1)
}
mkdir "$work/assets" "$work/other-assets"
for i in $(seq -w 1 32); do
  head -c 65536 /dev/urandom >"$work/assets/blob$i.bin"
  head -c 65536 /dev/urandom >"$work/other-assets/blob$i.bin"
done
"$TERMINI" keygen --out "$work/bench" >/dev/null
pack_app v100 1.0.0 "$work/assets"
pack_app v101 1.0.1 "$work/assets" "// 1.0.1: the one changed line"
pack_app v100-other 1.0.0 "$work/other-assets"
size=$(stat -c %s "$work/v101.zip")
[ "$size" -ge 2000000 ] || { echo "error: bench bundle is only $size bytes" >&2; exit 1; }
for pair in files:v100 whole:v100-other; do
  registry="$work/served/${pair%%:*}"
  "$TERMINI" publish "$work/${pair#*:}.zip" --registry "$registry" --key "$work/bench.key" >/dev/null
  "$TERMINI" publish "$work/v101.zip" --registry "$registry" --key "$work/bench.key" >/dev/null
done

# nginx as docs/DISTRIBUTION.md's hosting section configures it, logging the body bytes of each response.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir "$work/nginx"
cat >"$work/nginx/nginx.conf" <<CONF
daemon off;
master_process off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 64; }
http {
    types { application/json json; application/zip zip; }
    default_type application/octet-stream;
    log_format bytes '\$request_method \$uri \$status \$body_bytes_sent';
    access_log $work/nginx/access.log bytes;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    server {
        listen 127.0.0.1:$port;
        root $work/served;
        location ~ /\. { deny all; }
        location ~ /index\.json(\.sig)?\$ { add_header Cache-Control "no-cache"; etag on; }
        location ~ /(apps|files)/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    }
}
CONF
"$NGINX" -p "$work/nginx/" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
nginx_pid=$!
for _ in $(seq 1 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.05
done
touch "$work/nginx/access.log"

declare -A times bytes
for run in $(seq 1 "$RUNS"); do
  for kind in files whole; do
    store="$work/store-$kind-$run"
    "$TERMINI" registry add main "http://127.0.0.1:$port/$kind/" --trust "$work/bench.pub" --store "$store" >/dev/null
    "$TERMINI" install todo --version 1.0.0 --store "$store" >/dev/null 2>&1
    lines=$(wc -l <"$work/nginx/access.log")
    start=$(date +%s%N)
    out="$("$TERMINI" update -v todo --store "$store" 2>/dev/null)"
    end=$(date +%s%N)
    grep -q "updated todo 1.0.0 -> 1.0.1" <<<"$out" || { echo "error: the $kind update failed: $out" >&2; exit 1; }
    sleep 0.1 # nginx writes the access log line after the response
    bytes[$kind]=$(tail -n +"$((lines + 1))" "$work/nginx/access.log" | awk '{ sum += $4 } END { print sum + 0 }')
    times[$kind]+="$(( (end - start) / 1000 )) "
    [ "$run" = 1 ] && echo "$kind: $(grep 'downloaded' <<<"$out")" >&2
    rm -rf "$store"
  done
done
median() { tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)] / 1000}'; }
echo "file_update_bytes ${bytes[files]} archive_bytes=$size"
echo "archive_update_bytes ${bytes[whole]}"
echo "file_update_ms $(median "${times[files]}")"
echo "archive_update_ms $(median "${times[whole]}")"
