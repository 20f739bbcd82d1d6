#!/usr/bin/env python3
"""Key -> the script's answer on screen: types into Tools/bench/typed-count, whose script counts the characters.

Each key has two frames: the field's own (the character) and the script's answer (`typed N characters`). This times
from the key written to the byte that completes the answer on a pyte screen, which is what a person waits for.
Usage: /usr/bin/python3 Tools/peers/answer_latency.py --termini .build/release/termini [--runs 30]
"""
import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import sys
import termios
import time

try:
    import pyte
except ImportError:
    print("answer_latency: pyte is missing (apt-get install python3-pyte, or Tools/peers/setup.sh)", file=sys.stderr)
    sys.exit(3)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--termini", required=True, help="the termini binary")
    parser.add_argument("--runs", type=int, default=30, help="keys typed (default 30)")
    args = parser.parse_args()
    if not os.access(args.termini, os.X_OK):
        parser.error(f"--termini {args.termini!r} is not an executable file")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(args.termini, [args.termini, "run", os.path.join(ROOT, "Tools/bench/typed-count")])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    screen = pyte.Screen(120, 40)
    stream = pyte.ByteStream(screen)

    def read_until_quiet(quiet: float) -> int:
        reads = 0
        while select.select([fd], [], [], quiet)[0]:
            stream.feed(os.read(fd, 1 << 16))
            reads += 1
        return reads

    read_until_quiet(1.5)
    times, frames = [], []
    for i in range(args.runs):
        want = f"typed {i + 1} characters"
        start = time.perf_counter()
        os.write(fd, b"a")
        shown, reads = None, 0
        while select.select([fd], [], [], 0.2)[0]:
            stream.feed(os.read(fd, 1 << 16))
            reads += 1
            if shown is None and any(want in line for line in screen.display):
                shown = time.perf_counter()
        if shown is None:
            print(f"answer_latency: key {i + 1}: the screen never showed {want!r}", file=sys.stderr)
            os.kill(pid, 9)
            return 1
        times.append((shown - start) * 1000)
        frames.append(reads)
    os.write(fd, b"\x11")
    time.sleep(0.2)
    os.kill(pid, 9)
    times.sort()
    print(f"key -> answer shown: p50 {statistics.median(times):.2f} ms, p90 {times[len(times) * 9 // 10]:.2f} ms, "
          f"min {times[0]:.2f} ms over {len(times)} keys; reads per key (median) {statistics.median(frames):g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
