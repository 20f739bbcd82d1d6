#!/usr/bin/env python3
"""A log stream into a following Log, Termini against Textual, in one pty harness.

For each app: Tools/bench/streams/log_server.py streams `--rate` numbered lines a second over one chunked HTTP
response for `--seconds` seconds; the app (Termini: a copy of Tools/bench/streams/log-app, whose script appends
each chunk's lines with `this.appendLog`; Textual: textual/log_app.py, a `Log` fed from the same response) runs in
a fresh 120x40 pty. Every read from the pty is kept with its time; afterwards the bytes are fed to a pyte screen,
and at the end of each burst of output (no byte for 3 ms) the newest line number on screen is read. A line counts as
shown when a screen shows it or a later line (a frame at 100,000 lines a second shows the last 40 of ~1,700 new
lines); its lag is from the server's write of it (the server records its writes on the same monotonic clock) to the
end of that burst. Memory (Rss and Private_Dirty from /proc/PID/smaps_rollup) is read every half second; its growth
is the median of the last 5 s against that of the first 5 s after the warm-up.

Termini also writes `--timings` (docs/DATA-FLOW.md, "Frames and timing"): the frame's work (build + raster) and the
interval between frames. The first `--warmup` seconds are left out of every figure.

Usage: python3 Tools/peers/stream_bench.py --termini .build/release/termini [--textual-python PY] [--seconds 20]
  --bench-lines: print "<measure> <value>" lines for ./Scripts/bench instead of the Markdown table.
Exit codes: 0 ok, 1 an app or the server failed (or Termini showed lines out of order on over 1 % of its screens,
or on its last), 3 pyte missing.
"""
from __future__ import annotations

import argparse
import bisect
import datetime
import json
import os
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from harness import percentile, spawn, stop_app
from machine_info import machine

try:
    import pyte
except ImportError:
    print("stream_bench: pyte is missing (apt-get install python3-pyte, or Tools/peers/setup.sh)", file=sys.stderr)
    sys.exit(3)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SERVER = os.path.join(ROOT, "Tools", "bench", "streams", "log_server.py")
LOG_APP = os.path.join(ROOT, "Tools", "bench", "streams", "log-app")
TEXTUAL_APP = os.path.join(HERE, "textual", "log_app.py")
COLUMNS, ROWS = 120, 40
LINE = re.compile(r"(\d{9}) streamed log line")
BURST_GAP_NS = 3_000_000


def growth(samples: list[tuple[int, int, int]], field: int) -> float:
    """MB from the median of the first ten samples to the median of the last ten."""
    if len(samples) < 20:
        return float("nan")
    return (statistics.median(m[field] for m in samples[-10:]) - statistics.median(m[field] for m in samples[:10])) / 1024


def memory(pid: int) -> tuple[int, int] | None:
    """(Rss, Private_Dirty) in kB, or None once the process is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as file:
            fields = dict(line.split(":", 1) for line in file if ":" in line and not line[0].isdigit())
    except OSError:
        return None
    return int(fields["Rss"].split()[0]), int(fields["Private_Dirty"].split()[0])


class Server:
    """The log server as a child; `stop()` (also on any exit path of `with`) kills it."""

    def __init__(self, rate: int, seconds: float, work: str, period_ms: float = 1.0) -> None:
        self.sends_path = os.path.join(work, "sends.txt")
        self.process = subprocess.Popen([sys.executable, SERVER, "--rate", str(rate), "--seconds", str(seconds),
                                         "--sends", self.sends_path,
                                         "--period-ms", str(period_ms)], stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline().strip() or 0)
        if not self.port:
            self.stop()
            raise SystemExit("stream_bench: the log server did not start")

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()

    def sends(self) -> list[tuple[int, int]]:
        """(last line number, monotonic ns) of every write; waits for the server to write them."""
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.stop()
        if not os.path.exists(self.sends_path):
            return []
        with open(self.sends_path) as file:
            return [(int(a), int(b)) for a, b in (line.split() for line in file)]


def run_app(argv: list[str], quit_key: bytes, seconds: float) -> tuple[list[tuple[int, bytes]], list[tuple[int, int, int]], int]:
    """Runs argv in a fresh pty for `seconds` (plus a second to drain); returns its reads (monotonic ns, bytes), the
    memory samples (ns, Rss kB, Private_Dirty kB) and the start time."""
    reads: list[tuple[int, bytes]] = []
    samples: list[tuple[int, int, int]] = []
    start = time.monotonic_ns()
    pid, fd = spawn(argv, COLUMNS, ROWS)
    try:
        end = start + int((seconds + 1) * 1e9)
        next_sample = start
        while True:
            now = time.monotonic_ns()
            if now >= end:
                break
            if now >= next_sample:
                sample = memory(pid)
                if sample:
                    samples.append((now, *sample))
                next_sample = now + 500_000_000
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    data = os.read(fd, 1 << 16)
                except OSError:
                    break
                if not data:
                    break
                reads.append((time.monotonic_ns(), data))
    finally:
        stop_app(pid, fd, quit_key)
    return reads, samples, start


def screens(reads: list[tuple[int, bytes]]) -> tuple[list[tuple[int, int]], int, bool]:
    """(end of burst ns, newest line number on screen) for every burst that shows a line, the count of screens whose
    lines were not consecutive (a wrong screen), and whether the last screen was wrong."""
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    shown: list[tuple[int, int]] = []
    wrong = 0
    last_wrong = False
    for i, (at, data) in enumerate(reads):
        stream.feed(data)
        if i + 1 < len(reads) and reads[i + 1][0] - at < BURST_GAP_NS:
            continue
        numbers = [int(m.group(1)) for m in (LINE.search(row) for row in screen.display) if m]
        if not numbers:
            continue
        last_wrong = any(b != a + 1 for a, b in zip(numbers, numbers[1:]))
        wrong += last_wrong
        shown.append((at, max(numbers)))
    return shown, wrong, bool(shown) and last_wrong


def line_lags(sends: list[tuple[int, int]], shown: list[tuple[int, int]], steady: int) -> tuple[list[float], int]:
    """Every line's lag (ms, sorted) from its write to the first screen whose newest line is at or past it, for the
    writes after `steady`, and the count of lines never shown. A write's lines share its time; each counts."""
    lags: list[float] = []
    never = 0
    j = 0
    previous = sends[0][0]
    for seq, at in sends:
        count = seq - previous
        previous = seq
        while j < len(shown) and shown[j][1] < seq:
            j += 1
        if at < steady:
            continue
        if j == len(shown):
            never += count
        else:
            lags.extend([(shown[j][0] - at) / 1e6] * count)
    return sorted(lags), never


def measure(label: str, argv, quit_key: bytes, rate: int, seconds: float, warmup: float, work: str,
            timings: str | None, period_ms: float = 1.0) -> dict:
    with Server(rate, seconds, work, period_ms) as server:
        full = argv(server.port)
        reads, samples, start = run_app(full, quit_key, seconds)
        sends = server.sends()
    if not sends:
        raise SystemExit(f"stream_bench: {label}: the server sent nothing (did the app connect?)")
    shown, wrong, last_wrong = screens(reads)
    steady = sends[0][1] + int(warmup * 1e9)
    stop = sends[-1][1]
    weighted, never = line_lags(sends, shown, steady)
    total = len(weighted) + never
    in_window = [(at, n) for at, n in shown if steady <= at <= stop]
    rate_shown = ((in_window[-1][1] - in_window[0][1]) / ((in_window[-1][0] - in_window[0][0]) / 1e9)
                  if len(in_window) > 1 else 0.0)
    bursts = [at for at, _ in in_window]
    gaps = [(b - a) / 1e6 for a, b in zip(bursts, bursts[1:])]
    mem = [(at, rss, dirty) for at, rss, dirty in samples if at >= steady]
    result = {
        "app": label,
        "lines_sent": sends[-1][0] + 1,
        "lag_p50_ms": percentile(weighted, 50), "lag_p99_ms": percentile(weighted, 99),
        "lag_max_ms": weighted[-1] if weighted else float("nan"),
        "within_2_frames_percent": 100 * sum(1 for lag in weighted if lag <= 2000 / 60) / total if total else 0.0,
        "never_shown": never,
        "lines_shown_per_s": rate_shown,
        "screens_per_s": len(bursts) / ((stop - steady) / 1e9) if stop > steady else 0.0,
        "screen_gap_p99_ms": percentile(gaps, 99),
        "screens": len(shown),
        "wrong_screens": wrong,
        "last_screen_wrong": int(last_wrong),
        # The JS heap breathes by ~10 MB between collections, so growth is the median of the last ten samples
        # (5 s) against the median of the first ten after the warm-up, not one sample against another.
        "rss_mb": statistics.median(m[1] for m in mem[-10:]) / 1024 if mem else float("nan"),
        "rss_growth_mb": growth(mem, 1),
        "private_dirty_mb": statistics.median(m[2] for m in mem[-10:]) / 1024 if mem else float("nan"),
        "private_dirty_growth_mb": growth(mem, 2),
        "memory_seconds": (mem[-1][0] - mem[0][0]) / 1e9 if mem else 0.0,
    }
    if timings:
        frames = []
        with open(timings) as file:
            for line in file:
                if line.startswith('{"frame"'):
                    frames.append(json.loads(line))
        ends = sorted(f["raster_end_ns"] for f in frames)
        # The engine stamps frames with CLOCK_MONOTONIC (TerminiClock), the clock of time.monotonic_ns here.
        frames = [f for f in frames if steady <= f["vsync_start_ns"] <= stop]
        # The same lag to the end of the frame's write instead of the harness's read of it: what the harness adds
        # while it waits for a core itself is left out (each screen is dated by the last frame written before it).
        written = []
        for at, newest in shown:
            k = bisect.bisect_right(ends, at) - 1
            if k >= 0:
                written.append((ends[k], newest))
        to_write, _ = line_lags(sends, written, steady)
        work_ms = [f["build_ms"] + f["raster_ms"] for f in frames]
        starts = [f["vsync_start_ns"] for f in frames]
        intervals = [(b - a) / 1e6 for a, b in zip(starts, starts[1:])]
        result.update({
            "frames": len(frames),
            "frame_p50_ms": percentile(work_ms, 50), "frame_p99_ms": percentile(work_ms, 99),
            "frame_max_ms": max(work_ms) if work_ms else float("nan"),
            "lag_to_write_p50_ms": percentile(to_write, 50), "lag_to_write_p99_ms": percentile(to_write, 99),
            "lag_to_write_max_ms": to_write[-1] if to_write else float("nan"),
            "frame_interval_p50_ms": percentile(intervals, 50), "frame_interval_p99_ms": percentile(intervals, 99),
            "janky_frames": sum(1 for f in frames if f.get("janky")),
        })
    return result


def termini_argv(termini: str, app: str, timings: str):
    """The command line for a server on `port`: the app's script is pointed at it first."""
    def argv(port: int) -> list[str]:
        script = os.path.join(app, "main.js")
        with open(os.path.join(LOG_APP, "main.js")) as file:
            text = file.read()
        with open(script, "w") as file:
            file.write(text.replace("http://127.0.0.1:8080/log", f"http://127.0.0.1:{port}/log"))
        return [termini, "run", app, "--timings", timings]
    return argv


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--termini", required=True, help="the termini binary (a release build)")
    parser.add_argument("--textual-python", help="a python with Textual (Tools/peers/.venv/bin/python); none: Termini only")
    parser.add_argument("--rate", type=int, default=100_000, help="lines a second (default 100000)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each stream (default 20)")
    parser.add_argument("--period-ms", type=float, default=1.0, help="the server's time between writes (default 1)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds left out at the start (default 3)")
    parser.add_argument("--bench-lines", action="store_true", help="'<measure> <value>' lines for ./Scripts/bench")
    parser.add_argument("--json", action="store_true", help="one JSON object per app")
    args = parser.parse_args()
    termini = os.path.abspath(args.termini)
    if not os.access(termini, os.X_OK):
        parser.error(f"--termini {args.termini!r} is not an executable file")
    # SIGTERM (a timeout around the bench) unwinds like an exception, so the `with` blocks kill the server and app.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    results = []
    with tempfile.TemporaryDirectory(prefix="termini-stream-") as work:
        # A first start compiles the copied app's pages; the timed run then starts as `termini run` usually does.
        timings = os.path.join(work, "timings.jsonl")
        app = os.path.join(work, "log-app")
        shutil.copytree(LOG_APP, app)
        subprocess.run([termini, "check", app], capture_output=True, timeout=120)
        results.append(measure("termini", termini_argv(termini, app, timings), b"\x03", args.rate, args.seconds,
                               args.warmup, work, timings, args.period_ms))
        if args.textual_python:
            python = os.path.abspath(args.textual_python)
            textual = lambda port: [python, TEXTUAL_APP, "--url", f"http://127.0.0.1:{port}/log"]
            results.append(measure("textual", textual, b"\x11", args.rate, args.seconds, args.warmup, work, None,
                                   args.period_ms))
    if args.json:
        for result in results:
            print(json.dumps(result))
    elif args.bench_lines:
        for result in results:
            prefix = "stream_log" if result["app"] == "termini" else "textual_stream_log"
            for key, value in result.items():
                if key != "app":
                    print(f"{prefix}_{key} {value:.1f}" if isinstance(value, float) else f"{prefix}_{key} {value}")
    else:
        print(f"{datetime.date.today()}, {machine()}, load {os.getloadavg()[0]:.2f}; {args.rate} lines/s for "
              f"{args.seconds:g} s, first {args.warmup:g} s left out")
        print()
        keys = [k for k in results[0] if k != "app"]
        print("| measure | " + " | ".join(r["app"] for r in results) + " |")
        print("|---|" + "---:|" * len(results))
        for key in keys:
            cells = []
            for r in results:
                v = r.get(key, "")
                cells.append(f"{v:.1f}" if isinstance(v, float) else str(v))
            print(f"| {key} | " + " | ".join(cells) + " |")
    # Only Termini's screens can fail the run. A screen read in the middle of a frame's write (on a loaded machine a
    # write can pause for more than the 3 ms that ends a burst) shows two frames' lines: counted, not failed, unless
    # more than 1 % of the screens, or the last one, are wrong.
    termini = results[0]
    if termini["wrong_screens"] > 0.01 * termini["screens"] or termini["last_screen_wrong"]:
        print(f"stream_bench: Termini showed lines out of order on {termini['wrong_screens']} of "
              f"{termini['screens']} screens (the last one {'too' if termini['last_screen_wrong'] else 'right'})",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
