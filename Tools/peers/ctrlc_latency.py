#!/usr/bin/env python3
"""Ctrl-C behind queued input: how long `termini run` takes to quit when Ctrl-C follows a flood of input.

Each run starts `termini run Tools/bench/textarea` (a focused TextArea of 10,000 lines) in a fresh pty (120x40,
TERM=xterm-256color, LANG=C.UTF-8, as harness.py starts apps; the binary is exec'd directly, no shell, so the
process waited for is termini itself), waits for its first frame and for 300 ms of silence, then writes:

  idle       Ctrl-C alone (the reference: nothing queued);
  paste      a 1 MB bracketed paste (ESC[200~ ... ESC[201~, 16,384 lines of 63 letters) and at once Ctrl-C (0x03);
  keys       10,000 printable keys (letters, no newline) and at once Ctrl-C.

The input is written as fast as the pty takes it (the app's output is read meanwhile, so neither side blocks);
Ctrl-C is written as soon as the last byte before it has been accepted. From that write the tool measures:

  exit       until the process has exited (waitpid in a thread of its own): the figure that counts;
  pty back   until the pty's master reads end-of-file, i.e. no process holds the terminal any more.

After each run it checks that the app left the terminal as it found it: the pty's termios equal those of a fresh
pty, and the app's last output left the alternate screen and turned bracketed paste off.

    PY=Tools/peers/.venv/bin/python
    $PY Tools/peers/ctrlc_latency.py                    # idle, paste, keys; 5 runs each
    $PY Tools/peers/ctrlc_latency.py --cases paste --runs 10 --json
    $PY Tools/peers/ctrlc_latency.py --page echo        # the script busy with every edit's onChange

Exit codes: 0 every case's worst exit within --limit-ms; 1 a case over it (named on stderr), an exit that never
came within --timeout, or a terminal left changed; 2 bad usage.
"""

from __future__ import annotations

import argparse
import datetime
import errno
import fcntl
import json
import math
import os
import re
import select
import shlex
import signal
import statistics
import sys
import termios
import threading
import time
from pathlib import Path

from harness import default_termini, spawn
from machine_info import machine

ROOT = Path(__file__).resolve().parents[2]
CTRL_C = b"\x03"
PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
ALT_SCREEN_OFF = b"\x1b[?1049l"
BRACKETED_PASTE_OFF = b"\x1b[?2004l"


def paste_payload(size: int) -> bytes:
    line = b"p" * 63 + b"\n"
    body = line * (size // len(line)) + b"p" * (size % len(line))
    return PASTE_START + body + PASTE_END


def keys_payload(count: int) -> bytes:
    letters = b"abcdefghijklmnopqrstuvwxyz"
    return bytes(letters[i % len(letters)] for i in range(count))




def fresh_termios() -> list:
    """The modes a new pty starts with: what the app must leave behind."""
    master, slave = os.openpty()
    try:
        return termios.tcgetattr(slave)
    finally:
        os.close(master)
        os.close(slave)


class Run:
    """One process: start, flood, Ctrl-C, and the times to its exit and to the pty's end-of-file."""

    def __init__(self, argv: list[str], args) -> None:
        self.args = args
        self.pid, self.fd = spawn(argv, args.cols, args.rows)
        self.output = bytearray()  # everything since the Ctrl-C (the exit's restore sequences are in it)
        self.exit_time: float | None = None
        self.status: int | None = None
        self.waiter = threading.Thread(target=self._wait, daemon=True)
        self.waiter.start()

    def _wait(self) -> None:
        _, status = os.waitpid(self.pid, 0)
        self.exit_time = time.perf_counter()
        self.status = status

    def _read(self) -> bytes:
        try:
            return os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return b"?"  # nothing after all; not end-of-file
        except OSError as error:
            if error.errno == errno.EIO:
                return b""
            raise

    def first_frame(self, timeout: float) -> None:
        """Waits for the text on screen, then for 300 ms without a byte."""
        seen = bytearray()
        deadline = time.perf_counter() + timeout
        last = None
        while True:
            now = time.perf_counter()
            if now > deadline:
                raise TimeoutError(f"no first frame within {timeout:g} s")
            if last is not None and now - last >= 0.3:
                return
            wait = 0.3 - (now - last) if last is not None else deadline - now
            ready, _, _ = select.select([self.fd], [], [], max(0.0, wait))
            if not ready:
                continue
            data = self._read()
            if not data:
                raise RuntimeError("the app exited before its first frame: "
                                   + bytes(seen[-300:]).decode("utf-8", "replace"))
            seen += data
            if last is not None or b"quick brown fox" in seen:
                last = time.perf_counter()

    def flood_and_interrupt(self, payload: bytes, timeout: float) -> float:
        """Writes the payload while reading the app's output, then Ctrl-C; returns the time of the Ctrl-C write."""
        flags = fcntl.fcntl(self.fd, fcntl.F_GETFL)
        fcntl.fcntl(self.fd, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        deadline = time.perf_counter() + timeout
        view = memoryview(payload + CTRL_C)
        ctrl_c_at = len(payload)
        written = 0
        sent_at = None
        while sent_at is None:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"the app took {written} of {len(payload)} bytes in {timeout:g} s")
            readable, writable, _ = select.select([self.fd], [self.fd], [], 1.0)
            if readable:
                if not self._read():
                    raise RuntimeError(f"the app exited after {written} of {len(payload)} bytes, before Ctrl-C")
            if writable:
                # The Ctrl-C goes in a write of its own, right after the last byte before it was accepted.
                end = ctrl_c_at if written < ctrl_c_at else ctrl_c_at + 1
                try:
                    n = os.write(self.fd, view[written:min(end, written + 4096)])
                except BlockingIOError:
                    continue
                written += n
                if written == ctrl_c_at + 1:
                    sent_at = time.perf_counter()
        return sent_at

    def until_gone(self, since: float, timeout: float) -> tuple[float | None, float | None]:
        """Reads until the pty's end-of-file; returns (ms to exit, ms to end-of-file), None for what never came."""
        deadline = since + timeout
        eof_time = None
        while eof_time is None and time.perf_counter() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                data = self._read()
                if not data:
                    eof_time = time.perf_counter()
                elif data != b"?":
                    self.output += data
            elif self.exit_time is not None and not ready:
                # Exited, and its pty has nothing to say: select reports EOF as readable, so keep looping.
                pass
        if self.exit_time is None:
            self.waiter.join(max(0.0, deadline - time.perf_counter()))
        exit_ms = None if self.exit_time is None else (self.exit_time - since) * 1000
        eof_ms = None if eof_time is None else (eof_time - since) * 1000
        return exit_ms, eof_ms

    def kill(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.exit_time is not None:
                break
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                break
            self.waiter.join(1.0)

    def close(self) -> None:
        self.kill()
        self.waiter.join(2.0)
        try:
            os.close(self.fd)
        except OSError:
            pass


def terminal_left(run: Run, fresh: list) -> list[str]:
    """What the app did not put back (empty when the terminal is as a fresh pty's)."""
    problems = []
    try:
        now = termios.tcgetattr(run.fd)  # the master reports the slave's modes
        names = ("iflag", "oflag", "cflag", "lflag", "ispeed", "ospeed")
        for index, name in enumerate(names):
            if now[index] != fresh[index]:
                problems.append(f"termios {name} {now[index]:#o}, a fresh pty has {fresh[index]:#o}")
        if now[6] != fresh[6]:
            problems.append("termios control characters differ from a fresh pty's")
    except termios.error as error:
        problems.append(f"could not read the pty's modes: {error}")
    tail = bytes(run.output)
    if ALT_SCREEN_OFF not in tail:
        problems.append("never left the alternate screen (no ESC[?1049l after Ctrl-C)")
    if BRACKETED_PASTE_OFF not in tail:
        problems.append("never turned bracketed paste off (no ESC[?2004l after Ctrl-C)")
    return problems


def describe_status(status: int | None) -> str:
    if status is None:
        return "still running"
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit {os.WEXITSTATUS(status)}"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p * len(ordered)) - 1)]


def parse_args(argv: list[str]):
    parser = argparse.ArgumentParser(
        description="Time Ctrl-C behind queued input (a 1 MB paste, 10,000 keys) in `termini run` through a pty.",
        epilog="Exit codes: 0 within the limit, 1 a case over it (or no exit, or a terminal left changed), "
               "2 bad usage.")
    parser.add_argument("--runs", type=int, default=5, help="runs per case, a fresh process each (default 5)")
    parser.add_argument("--limit-ms", type=float, default=100.0,
                        help="the most a case's worst run may take from Ctrl-C to exit (default 100)")
    parser.add_argument("--cases", default="idle,paste,keys",
                        help="comma-separated: idle (Ctrl-C alone), paste (1 MB bracketed paste), "
                             "keys (10,000 keys); default all three")
    parser.add_argument("--paste-bytes", type=int, default=1 << 20, help="the paste's size (default 1048576)")
    parser.add_argument("--keys", type=int, default=10000, help="printable keys before Ctrl-C (default 10000)")
    parser.add_argument("--termini", default=None,
                        help="the termini binary (default: .build/release/termini, else termini on PATH)")
    parser.add_argument("--app", default=str(ROOT / "Tools" / "bench" / "textarea"),
                        help="what `termini run` runs (default Tools/bench/textarea)")
    parser.add_argument("--page", default=None,
                        help="open this page of the app (`termini run --page`); Tools/bench/textarea's `echo` "
                             "page sends every edit to the script, which sets it back")
    parser.add_argument("--size", default="120x40", help="pty size COLSxROWS (default 120x40)")
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds to wait for the first frame, for the input to be taken, and for the exit "
                             "after Ctrl-C, before the app is killed and the run counted as over (default 30)")
    parser.add_argument("--json", action="store_true", help="one JSON object per case per line")
    parser.add_argument("--verbose", action="store_true", help="every run on stderr")
    args = parser.parse_args(argv)
    match = re.fullmatch(r"(\d+)x(\d+)", args.size)
    if not match or int(match.group(1)) < 20 or int(match.group(2)) < 3:
        parser.error(f"--size {args.size!r}: expected COLSxROWS such as 120x40")
    args.cols, args.rows = int(match.group(1)), int(match.group(2))
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.limit_ms <= 0 or args.timeout <= 0:
        parser.error("--limit-ms and --timeout must be positive")
    if args.paste_bytes < 1 or args.keys < 1:
        parser.error("--paste-bytes and --keys must be at least 1")
    args.case_list = [c.strip() for c in args.cases.split(",") if c.strip()]
    if not args.case_list or any(c not in ("idle", "paste", "keys") for c in args.case_list):
        parser.error(f"--cases {args.cases!r}: expected a comma-separated list of idle, paste, keys")
    termini = args.termini
    if termini is None:
        termini = default_termini()
    if not (os.path.isfile(termini) and os.access(termini, os.X_OK)):
        parser.error(f"no termini binary at {termini!r}: build it (swift build -c release --static-swift-stdlib) or pass --termini")
    if not os.path.exists(args.app):
        parser.error(f"--app {args.app!r}: no such project")
    args.argv = [termini, "run", args.app] + (["--page", args.page] if args.page else [])
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    started = datetime.datetime.now(datetime.timezone.utc)
    load = os.getloadavg()
    fresh = fresh_termios()
    payloads = {"idle": b"", "paste": paste_payload(args.paste_bytes), "keys": keys_payload(args.keys)}
    labels = {"idle": "Ctrl-C alone (reference)",
              "paste": f"Ctrl-C after a {args.paste_bytes:,}-byte bracketed paste",
              "keys": f"Ctrl-C after {args.keys:,} printable keys"}
    results = []
    failures = []
    for case in args.case_list:
        exits: list[float | None] = []
        eofs: list[float | None] = []
        for index in range(args.runs):
            run = Run(args.argv, args)
            problem = None
            flood_ms = 0.0
            try:
                run.first_frame(args.timeout)
                flood_start = time.perf_counter()
                sent = run.flood_and_interrupt(payloads[case], args.timeout)
                flood_ms = (sent - flood_start) * 1000
                exit_ms, eof_ms = run.until_gone(sent, args.timeout)
                if exit_ms is not None:
                    left = terminal_left(run, fresh)
                    if left:
                        problem = "; ".join(left)
            except (TimeoutError, RuntimeError) as error:
                exit_ms, eof_ms = None, None
                problem = str(error)
            finally:
                status = run.status
                run.close()
            exits.append(exit_ms)
            eofs.append(eof_ms)
            if problem:
                failures.append(f"{case} run {index + 1}: {problem}")
            if args.verbose:
                shown = "none" if exit_ms is None else f"{exit_ms:.1f} ms"
                back = "none" if eof_ms is None else f"{eof_ms:.1f} ms"
                print(f"ctrlc: {case} run {index + 1}/{args.runs}: input taken in {flood_ms:.1f} ms, then Ctrl-C: "
                      f"exit {shown}, pty back {back}, "
                      f"{describe_status(status)}" + (f"; {problem}" if problem else ""), file=sys.stderr, flush=True)
        done = [e for e in exits if e is not None]
        back = [e for e in eofs if e is not None]
        result = {"case": case, "what": labels[case], "runs": args.runs,
                  "exit_p50_ms": round(statistics.median(done), 2) if done else None,
                  "exit_worst_ms": round(max(done), 2) if len(done) == len(exits) else None,
                  "pty_back_p50_ms": round(statistics.median(back), 2) if back else None,
                  "pty_back_worst_ms": round(max(back), 2) if len(back) == len(eofs) else None,
                  "no_exit": len(exits) - len(done)}
        result["within_limit"] = result["exit_worst_ms"] is not None and result["exit_worst_ms"] <= args.limit_ms
        results.append(result)
        if args.json:
            print(json.dumps({**result, "limit_ms": args.limit_ms}), flush=True)

    if not args.json:
        print(f"Ctrl-C behind queued input, {started:%Y-%m-%d %H:%M} UTC, {machine()}, load average "
              f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; `{shlex.join(args.argv)}` in a {args.cols}x{args.rows} pty, "
              f"a fresh process per run, {args.runs} runs per case; from the Ctrl-C write to the process's exit "
              f"(waitpid) and to the pty's end-of-file, in ms; limit {args.limit_ms:g} ms on the worst exit.")
        print()
        print("| case | exit p50 ms | exit worst ms | pty back p50 ms | pty back worst ms | within limit |")
        print("|---|---:|---:|---:|---:|---|")

        def cell(value):
            return "no exit" if value is None else f"{value:.1f}"

        for r in results:
            print(f"| {r['what']} | {cell(r['exit_p50_ms'])} | {cell(r['exit_worst_ms'])} | "
                  f"{cell(r['pty_back_p50_ms'])} | {cell(r['pty_back_worst_ms'])} | "
                  f"{'yes' if r['within_limit'] else '**no**'} |")
    status = 0
    for r in results:
        if not r["within_limit"]:
            worst = "no exit within the timeout" if r["exit_worst_ms"] is None else f"{r['exit_worst_ms']:.1f} ms"
            print(f"ctrlc_latency: {r['case']}: {r['what']}: worst exit {worst}, over the limit of "
                  f"{args.limit_ms:g} ms", file=sys.stderr)
            status = 1
    for failure in failures:
        print(f"ctrlc_latency: {failure}", file=sys.stderr)
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
