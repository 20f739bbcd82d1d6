#!/usr/bin/env python3
"""Cold start: `termini run minigame://hello` from the store to its first frame, with the startup breakdown.

Makes the README's hello app (`termini new`, `keygen`, `pack`, `install` into a fresh store), then starts it
`--runs` times in a fresh 120x40 pty, timing from the fork to the byte that completes "You pressed the button 0
times." on a pyte screen, and reads each run's `--timings` startup line (docs/DATA-FLOW.md) for the breakdown.
Prints the medians as a Markdown table.

With `--textual PYTHON` (a Python with Textual: Tools/peers/setup.sh makes Tools/peers/.venv/bin/python), it then
starts Textual's equivalent (Tools/peers/textual/hello_app.py) the same way, in the same run, and prints the ratio.

Usage: /usr/bin/python3 Tools/peers/cold_start.py --termini .build/release/termini [--runs 15] [--textual PYTHON]
"""
import argparse
import json
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

try:
    import pyte
except ImportError:
    print("cold_start: pyte is missing (apt-get install python3-pyte, or Tools/peers/setup.sh)", file=sys.stderr)
    sys.exit(3)

from harness import spawn, stop_app

FIRST_SCREEN = "You pressed the button 0 times."
STEPS = ["before_main_ms", "arguments_ms", "bundle_load_ms", "terminal_ms", "engine_ms", "page_load_ms",
         "first_layout_ms", "first_write_ms", "script_start_ms", "total_ms"]


def make_store(termini: str, work: str) -> str:
    """The hello app installed, signed, into a fresh store; returns the store."""
    store = os.path.join(work, "store")
    for args in (["new", "hello"], ["keygen", "--out", "key"], ["pack", "hello", "--out", "hello.zip", "--key", "key.key"],
                 ["install", "hello.zip", "--trust", "key.pub", "--store", store]):
        done = subprocess.run([termini] + args, cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"cold_start: `termini {' '.join(args)}` failed: {done.stderr.strip()}")
    return store


def one_start(termini: str, store: str, timings: str) -> float:
    """Milliseconds from the fork to Termini's first screen."""
    return time_first_screen([termini, "run", "minigame://hello", "--store", store, "--timings", timings])


def time_first_screen(argv: list, quit_key: bytes = b"\x03") -> float:
    """Milliseconds from the fork to the first screen of `argv`; the app is quit with `quit_key` afterwards (Ctrl-C
    for Termini, Ctrl-Q for Textual), and killed if it is still there 3 s later (`harness.stop_app`)."""
    screen = pyte.Screen(120, 40)
    stream = pyte.ByteStream(screen)
    start = time.perf_counter()
    pid, fd = spawn(argv, 120, 40)
    shown = None
    deadline = start + 20
    while shown is None and time.perf_counter() < deadline and select.select([fd], [], [], 10)[0]:
        try:
            stream.feed(os.read(fd, 1 << 16))
        except OSError:
            break
        if any(FIRST_SCREEN in line for line in screen.display):
            shown = time.perf_counter()
    stop_app(pid, fd, quit_key)
    if shown is None:
        raise SystemExit(f"cold_start: the first screen never showed {FIRST_SCREEN!r}")
    return (shown - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--termini", required=True, help="the termini binary (a release build)")
    parser.add_argument("--runs", type=int, default=15, help="starts measured (default 15)")
    parser.add_argument("--textual", metavar="PYTHON", help="also start Textual's hello with this Python, and compare")
    args = parser.parse_args()
    termini = os.path.abspath(args.termini)
    if not os.access(termini, os.X_OK):
        parser.error(f"--termini {args.termini!r} is not an executable file")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    with tempfile.TemporaryDirectory(prefix="termini-cold-") as work:
        store = make_store(termini, work)
        one_start(termini, store, os.path.join(work, "warm.jsonl"))  # the page cache holds the binary after this
        walls, steps = [], {step: [] for step in STEPS}
        for run in range(args.runs):
            timings = os.path.join(work, f"t{run}.jsonl")
            walls.append(one_start(termini, store, timings))
            with open(timings) as file:
                line = next((json.loads(l) for l in file if l.startswith('{"startup"')), None)
            if line is None:
                raise SystemExit("cold_start: the timings file has no startup line")
            for step in STEPS:
                if line["startup"].get(step) is not None:
                    steps[step].append(line["startup"][step])
    walls.sort()
    print(f"cold start of minigame://hello, {args.runs} runs: fork -> first screen p50 {statistics.median(walls):.1f} ms, "
          f"min {walls[0]:.1f}, max {walls[-1]:.1f}")
    print()
    print("| step (--timings startup line) | p50 ms |")
    print("|---|---:|")
    for step in STEPS:
        if steps[step]:
            print(f"| `{step}` | {statistics.median(steps[step]):.1f} |")
    if args.textual:
        app = os.path.join(os.path.dirname(os.path.abspath(__file__)), "textual", "hello_app.py")
        # An absolute path: a venv's Python finds its packages from where it was started.
        python = os.path.abspath(shutil.which(args.textual) or args.textual)
        time_first_screen([python, app], quit_key=b"\x11")  # the page cache holds Python and Textual after this
        textual = sorted(time_first_screen([python, app], quit_key=b"\x11") for _ in range(args.runs))
        print()
        print(f"Textual's hello, {args.runs} runs: fork -> first screen p50 {statistics.median(textual):.1f} ms, "
              f"min {textual[0]:.1f}, max {textual[-1]:.1f}; Termini's p50 is "
              f"{statistics.median(walls) / statistics.median(textual):.3f} of it "
              f"(1/{statistics.median(textual) / statistics.median(walls):.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
