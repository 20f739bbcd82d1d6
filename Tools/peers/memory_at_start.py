#!/usr/bin/env python3
"""Memory after start: private dirty and resident memory of `termini run`, for the hello app and the gallery's samples.

The hello app is made and installed as `cold_start.py` does (`termini new`, `keygen`, `pack`, `install` into a fresh
store) and started with `termini run minigame://hello` in a fresh 120x40 pty; 1.5 s after its first screen,
`Private_Dirty` and `Rss` are read from /proc/PID/smaps_rollup. With `--samples`, each sample of Templates/ runs from
its project folder (`termini run Templates/<app> --no-trace`, which compiles its pages in process) and is read 3 s
after its start. Every binary given with `--termini` is measured `--runs` times, alternating binary by binary, so a
comparison shares the machine's minutes. Prints Markdown tables of the medians (MB).

Measure binaries whose files were written back to disk: the page-cache pages of an executable written in the last
half minute count as its private dirty memory. This tool runs `sync` first.

Usage: /usr/bin/python3 Tools/peers/memory_at_start.py --termini .build/release/termini [--termini OTHER] [--runs 3] [--samples]
"""
import argparse
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time

try:
    import pyte
except ImportError:
    print("memory_at_start: pyte is missing (apt-get install python3-pyte, or Tools/peers/setup.sh)", file=sys.stderr)
    sys.exit(3)

from cold_start import FIRST_SCREEN, make_store
from harness import spawn, stop_app

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SAMPLES = ["clock", "feed", "todo", "settings", "widgets", "wide", "gallery"]


def smaps_rollup(pid: int) -> tuple[float, float]:
    """(private dirty, resident) of `pid` in MB."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as file:
        for line in file:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":"):
                fields[parts[0][:-1]] = int(parts[1]) / 1024
    return fields["Private_Dirty"], fields["Rss"]


def measure(argv: list, wait_for: str | None, settle: float) -> tuple[float, float]:
    """Starts `argv` in a 120x40 pty, waits for `wait_for` on screen (if given), then `settle` seconds, reading its
    output all along, and returns its memory."""
    screen = pyte.Screen(120, 40)
    stream = pyte.ByteStream(screen)
    pid, fd = spawn(argv, 120, 40)
    deadline = time.monotonic() + 20
    shown = wait_for is None
    while not shown and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.5)[0]:
            try:
                stream.feed(os.read(fd, 1 << 16))
            except OSError:
                break
            shown = any(wait_for in line for line in screen.display)
    if not shown:
        stop_app(pid, fd, b"\x03")
        raise SystemExit(f"memory_at_start: {' '.join(argv)} never showed {wait_for!r}")
    until = time.monotonic() + settle
    while time.monotonic() < until:
        if select.select([fd], [], [], max(0.0, until - time.monotonic()))[0]:
            try:
                os.read(fd, 1 << 16)
            except OSError:
                break
    try:
        return smaps_rollup(pid)
    finally:
        stop_app(pid, fd, b"\x03")


def table(title: str, rows: list, binaries: list) -> None:
    print(f"| {title} | " + " | ".join(f"{os.path.relpath(b, ROOT)} private dirty MB | resident MB" for b in binaries) + " |")
    print("|---|" + "---:|---:|" * len(binaries))
    for name, values in rows:
        cells = []
        for dirty, rss in values:
            cells += [f"{statistics.median(dirty):.1f} ({min(dirty):.1f}–{max(dirty):.1f})", f"{statistics.median(rss):.1f}"]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--termini", action="append", required=True, help="a termini binary (repeatable, to compare)")
    parser.add_argument("--runs", type=int, default=3, help="starts per binary and app (default 3)")
    parser.add_argument("--samples", action="store_true", help="also the gallery's samples, from Templates/")
    args = parser.parse_args()
    binaries = [os.path.abspath(b) for b in args.termini]
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            parser.error(f"--termini {binary!r} is not an executable file")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    subprocess.run(["sync"], check=False)
    with tempfile.TemporaryDirectory(prefix="termini-memory-") as work:
        stores = {}
        for i, binary in enumerate(binaries):  # each binary its own store, made by its own `pack` and `install`
            folder = os.path.join(work, str(i))
            os.makedirs(folder)
            stores[binary] = make_store(binary, folder)
        hello = [([], []) for _ in binaries]
        for _ in range(args.runs):
            for i, binary in enumerate(binaries):
                dirty, rss = measure([binary, "run", "minigame://hello", "--store", stores[binary]], FIRST_SCREEN, 1.5)
                hello[i][0].append(dirty)
                hello[i][1].append(rss)
        print(f"memory after start, {args.runs} starts per binary (median, min–max)\n")
        table("app", [("hello (`minigame://hello`)", hello)], binaries)
        if args.samples:
            rows = []
            for app in SAMPLES:
                values = [([], []) for _ in binaries]
                for _ in range(args.runs):
                    for i, binary in enumerate(binaries):
                        dirty, rss = measure([binary, "run", os.path.join(ROOT, "Templates", app), "--no-trace",
                                              "--store", stores[binary]], None, 3.0)
                        values[i][0].append(dirty)
                        values[i][1].append(rss)
                rows.append((app, values))
            table("sample", rows, binaries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
