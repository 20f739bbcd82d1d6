#!/usr/bin/env python3
"""A WebSocket echo round trip in `termini run`, from the key that sends to the frame that shows the answer.

Starts the tests' WebSocket server (Tests/TerminiBridgeTests/Support/websocket_server.py, Python's standard library)
and a copy of Tools/bench/streams/echo-app pointed at its /echo, in a fresh 120x40 pty. Once the page shows
`socket open`, presses one key at a time: the page's `onKey` sends the count of keys so far with `SocketTask.send`
(nothing else on screen changes), and `onMessage` shows the echo (`echo N`). Each round trip is timed from the write of the
key to the read that completes `echo N` on a pyte screen, so it holds the key's way in (about a millisecond,
PERFORMANCE.md's host_event_to_screen) as well as send -> echo -> onMessage -> setData -> frame.

Usage: python3 Tools/peers/ws_echo_bench.py --termini .build/release/termini [--runs 200] [--bench-lines]
Exit codes: 0 ok, 1 the app or server failed or an answer never showed, 3 pyte missing.
"""
from __future__ import annotations

import argparse
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

try:
    import pyte
except ImportError:
    print("ws_echo_bench: pyte is missing (apt-get install python3-pyte, or Tools/peers/setup.sh)", file=sys.stderr)
    sys.exit(3)

from harness import percentile, spawn, stop_app

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SERVER = os.path.join(ROOT, "Tests", "TerminiBridgeTests", "Support", "websocket_server.py")
ECHO_APP = os.path.join(ROOT, "Tools", "bench", "streams", "echo-app")
COLUMNS, ROWS = 120, 40


class Pty:
    """The app in a pty with a pyte screen; `close()` kills it if Ctrl-C did not end it."""

    def __init__(self, argv: list[str]) -> None:
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.pid, self.fd = spawn(argv, COLUMNS, ROWS)

    def wait_for(self, text: str, timeout: float) -> float | None:
        """The time of the read after which the screen shows `text`, or None after `timeout` seconds."""
        deadline = time.perf_counter() + timeout
        while True:
            if any(text in row for row in self.screen.display):
                return time.perf_counter()
            left = deadline - time.perf_counter()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                return None
            if not data:
                return None
            at = time.perf_counter()
            self.stream.feed(data)
            if any(text in row for row in self.screen.display):
                return at

    def close(self) -> None:
        stop_app(self.pid, self.fd, b"\x03")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--termini", required=True, help="the termini binary (a release build)")
    parser.add_argument("--runs", type=int, default=200, help="round trips measured (default 200)")
    parser.add_argument("--warmup", type=int, default=10, help="round trips before them (default 10)")
    parser.add_argument("--bench-lines", action="store_true", help="'<measure> <value>' lines for ./Scripts/bench")
    args = parser.parse_args()
    termini = os.path.abspath(args.termini)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    server = subprocess.Popen([sys.executable, SERVER], stdout=subprocess.PIPE, text=True)
    app = None
    try:
        port = int(server.stdout.readline().strip() or 0)
        if not port:
            raise SystemExit("ws_echo_bench: the WebSocket server did not start")
        with tempfile.TemporaryDirectory(prefix="termini-ws-") as work:
            copy = os.path.join(work, "echo-app")
            shutil.copytree(ECHO_APP, copy)
            script = os.path.join(copy, "main.js")
            with open(script) as file:
                text = file.read()
            with open(script, "w") as file:
                file.write(text.replace("ws://127.0.0.1:8080/echo", f"ws://127.0.0.1:{port}/echo"))
            subprocess.run([termini, "check", copy], capture_output=True, timeout=120)
            app = Pty([termini, "run", copy])
            if app.wait_for("socket open", 30) is None:
                print("ws_echo_bench: the page never showed 'socket open':\n" + "\n".join(app.screen.display).rstrip(),
                      file=sys.stderr)
                return 1
            times = []
            for n in range(1, args.warmup + args.runs + 1):
                # Typing is paced: each key waits for the previous answer and a short quiet.
                time.sleep(0.01)
                start = time.perf_counter()
                os.write(app.fd, b"x")
                shown = app.wait_for(f"echo {n} ", 10)
                if shown is None:
                    print(f"ws_echo_bench: the answer 'echo {n}' never showed", file=sys.stderr)
                    return 1
                if n > args.warmup:
                    times.append((shown - start) * 1000)
    finally:
        if app is not None:
            app.close()
        if server.poll() is None:
            server.kill()
        server.wait()
    p50, p99 = statistics.median(times), percentile(times, 99)
    if args.bench_lines:
        print(f"ws_echo_roundtrip_p50_ms {p50:.2f}")
        print(f"ws_echo_roundtrip_p99_ms {p99:.2f}")
    else:
        print(f"WebSocket echo, key -> send -> echo -> answer on screen, {args.runs} round trips: "
              f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {max(times):.2f} ms, load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
