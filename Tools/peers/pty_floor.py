#!/usr/bin/env python3
"""The harness's own floor: key written -> last byte read, for an app that does no work.

A raw-mode echo in a pty answers each key at once with the bytes of a one-row change (what Termini writes for
select), or with `--page` a whole 120x40 screen of text (what a one-page scroll redraws). Timed exactly as
harness.py times the apps, so it bounds from below what any app can reach through the harness:
`Tools/peers/.venv/bin/python Tools/peers/pty_floor.py [--runs N] [--page]`.
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
    os.write(1, ANSWER)
"""

ONE_ROW = r'b"\x1b[3;1H\x1b[7m     2 large red table\x1b[m\x1b[3;30H"'
# Every row of a 120x40 screen, as a page scroll rewrites them: the cursor moved to each row, then its 120 columns.
WHOLE_PAGE = r'b"".join(b"\x1b[%d;1H" % (y + 1) + b"%6d helpful pink mouse " % y + b"." * 93 for y in range(40))'


def measure(runs: int, page: bool = False, quiet_ms: float = 150.0) -> list[float]:
    """Milliseconds from each key written to the echo's last byte read, sorted."""
    pid, fd = pty.fork()
    if pid == 0:
        app = "ANSWER = " + (WHOLE_PAGE if page else ONE_ROW) + "\n" + ECHO_APP
        os.execv(sys.executable, [sys.executable, "-c", app])
    os.read(fd, 100)  # "ready"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        os.write(fd, b"4")
        last = None
        while True:
            wait = (last if last is not None else start + 1.0) + quiet_ms / 1000 - time.perf_counter()
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
    os.close(fd)
    return sorted(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--quiet-ms", type=float, default=150.0)
    parser.add_argument("--page", action="store_true", help="answer each key with a whole 120x40 screen of text")
    args = parser.parse_args()
    times = measure(args.runs, args.page, args.quiet_ms)
    what = "a whole 120x40 page" if args.page else "one row"
    print(f"pty floor (raw echo of {what}): p50 {statistics.median(times):.3f} ms, "
          f"p10 {times[len(times) // 10]:.3f} ms, p90 {times[len(times) * 9 // 10]:.3f} ms over {len(times)} keys")
    return 0


if __name__ == "__main__":
    sys.exit(main())
