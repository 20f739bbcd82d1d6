#!/usr/bin/env python3
"""The harness's own floor: key written -> last byte read, for an app that does no work.

A raw-mode echo in a pty answers each key at once with the bytes of a one-row change (what Termini writes for
select). Timed exactly as harness.py times the apps, so it bounds from below what any app can reach through the
harness: `Tools/peers/.venv/bin/python Tools/peers/pty_floor.py [--runs N]`.
"""
import argparse
import os
import pty
import select
import statistics
import sys
import time

ECHO_APP = r"""
import os, sys, tty
tty.setraw(0)
os.write(1, b"ready")
while True:
    key = os.read(0, 1)
    if not key or key == b"q":
        break
    os.write(1, b"\x1b[3;1H\x1b[7m     2 large red table\x1b[m\x1b[3;30H")
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--quiet-ms", type=float, default=150.0)
    args = parser.parse_args()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.executable, [sys.executable, "-c", ECHO_APP])
    os.read(fd, 100)  # "ready"
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        os.write(fd, b"4")
        last = None
        while True:
            wait = (last if last is not None else start + 1.0) + args.quiet_ms / 1000 - time.perf_counter()
            if last is None:
                wait = 5.0
            if wait <= 0:
                break
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                break
            os.read(fd, 1 << 16)
            last = time.perf_counter()
        times.append((last - start) * 1000)
    os.write(fd, b"q")
    os.waitpid(pid, 0)
    times.sort()
    print(f"pty floor (raw echo of one row): p50 {statistics.median(times):.3f} ms, "
          f"p10 {times[len(times) // 10]:.3f} ms, p90 {times[len(times) * 9 // 10]:.3f} ms over {len(times)} keys")
    return 0


if __name__ == "__main__":
    sys.exit(main())
