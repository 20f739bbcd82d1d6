#!/usr/bin/env python3
"""Where one key press's time goes in `termini run`, thread by thread, from the scheduler's own record.

Runs the harness (harness.py) on `termini run Tools/bench/app` under `perf sched record`, then reads every wake-up
with `perf sched timehist -w` and splits each key press into the hand-offs between threads:

  pty in    the harness writes the key -> the kernel's tty worker wakes the termini UI thread
  ui        the UI thread runs (waking from idle, reading and routing the key) -> it wakes the JS thread
  js        the JS thread runs the handler and setData -> it wakes the UI thread (other wakes are counted)
  frame     apply, build, layout, paint, ncurses -> the write wakes the tty worker
  pty out   the tty worker -> the harness is woken with the bytes

Needs perf (linux-perf) and root or kernel.perf_event_paranoid <= 1. Only presses whose total is within a factor
of two of the operation's harness median are kept, which drops the untimed preconditions (create 1k before select):
use it for the small operations. `Tools/peers/.venv/bin/python Tools/peers/latency_timeline.py --ops 3,4 --runs 15`
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WAKE = re.compile(r"\s*([\d.]+)\s+\[\d+\]\s+(.+?)\[(\d+)(?:/\d+)?\]\s+awakened: (.+?)\[(\d+)(?:/\d+)?\]")
SEGMENTS = ["pty in", "ui", "js", "frame", "pty out"]


def wakeups(data: str) -> list[tuple[float, str, str, str, str]]:
    """(time, waker name, waker tid, wakee name, wakee tid) for every wake-up in the record."""
    out = subprocess.run(["perf", "sched", "timehist", "-i", data, "-w"], capture_output=True, text=True,
                         check=True).stdout
    events = []
    for line in out.splitlines():
        m = WAKE.match(line)
        if m:
            events.append((float(m.group(1)), m.group(2), m.group(3), m.group(4), m.group(5)))
    return events


def presses(events, harness_pid: str):
    """Each key press as {segment: µs} plus the JS thread's other wake-ups, in order."""
    result = []
    i = 0
    while i < len(events):
        t, _, waker, wakee_name, _ = events[i]
        i += 1
        if waker != harness_pid or not wakee_name.startswith("kworker"):
            continue
        start, marks, ui, js, extra = t, {}, None, None, 0
        while i < len(events) and events[i][0] - start < 0.05:
            et, wn, ew, en, ee = events[i]
            i += 1
            if ui is None:
                if wn.startswith("kworker") and ee != harness_pid:
                    ui, marks["pty in"] = ee, et
            elif js is None:
                if ew == ui and not en.startswith("kworker"):
                    js, marks["ui"] = ee, et
            elif "js" not in marks:
                if ew == js and ee == ui:
                    marks["js"] = et
                elif ew == js:
                    extra += 1
            elif "frame" not in marks:
                if ew == ui and en.startswith("kworker"):
                    marks["frame"] = et
            elif ee == harness_pid:
                marks["pty out"] = et
                break
        if all(name in marks for name in SEGMENTS):
            times, previous = {}, start
            for name in SEGMENTS:
                times[name] = (marks[name] - previous) * 1e6
                previous = marks[name]
            times["total"] = (marks["pty out"] - start) * 1e6
            times["js wakes"] = extra
            result.append(times)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default="3,4", help="harness operations, e.g. 3,4 (small ones: see above)")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--termini", default=os.path.join(ROOT, ".build/release/termini"))
    args = parser.parse_args()
    if shutil.which("perf") is None:
        print("latency_timeline: perf is not installed (apt-get install linux-perf)", file=sys.stderr)
        return 3
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "sched.data")
        for op in args.ops.split(","):
            harness = [sys.executable, os.path.join(HERE, "harness.py"), "--cmd",
                       f"{args.termini} run {os.path.join(ROOT, 'Tools/bench/app')}", "--ops", op,
                       "--runs", str(args.runs), "--warmup", "3", "--json",
                       # The focused list's scroll indicator (last column) is not in the harness's model.
                       "--ignore-right", "1"]
            # perf runs the harness as its child; the harness's pid is the one that writes keys to the pty.
            run = subprocess.run(["perf", "sched", "record", "-o", data, "--"] + harness, capture_output=True,
                                 text=True)
            if run.returncode != 0:
                print(run.stderr, file=sys.stderr)
                return 1
            summary = [line for line in run.stdout.splitlines() if line.startswith("{")]
            median_ms = float(re.search(r'"p50_ms": ([\d.]+)', summary[-1]).group(1))
            name = re.search(r'"op": "([^"]+)"', summary[-1]).group(1)
            events = wakeups(data)
            harness_pid = next((w for _, wn, w, en, _ in events if wn.startswith("python") and en.startswith("kworker")),
                               None)
            kept = [p for p in presses(events, harness_pid) if median_ms * 500 <= p["total"] <= median_ms * 2000]
            if not kept:
                print(f"{name}: no press could be followed through the scheduler record", file=sys.stderr)
                return 1
            cells = "  ".join(f"{s} {statistics.median(p[s] for p in kept):.0f}" for s in SEGMENTS + ["total"])
            # JavaScriptCore's execution time limit (the --script-limit watchdog) fires a trap on a timer; the next
            # entry then hands off to its signal-sender thread. Those presses are shown apart.
            woke = [p["js"] for p in kept if p["js wakes"] > 0]
            quiet = [p["js"] for p in kept if p["js wakes"] == 0]
            split = (f"; js in the {len(woke)} presses that also woke another thread (JSC's watchdog trap) "
                     f"{statistics.median(woke):.0f}, in the others {statistics.median(quiet):.0f}"
                     if woke and quiet else "")
            print(f"{name}: harness p50 {median_ms:.2f} ms; per press, median µs over {len(kept)}: {cells}{split}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
