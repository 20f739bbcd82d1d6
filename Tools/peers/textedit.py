#!/usr/bin/env python3
"""Typing into a 10,000-line TextArea, Termini and Textual side by side in the same pty harness.

Each app runs in its own pty (120x40, TERM=xterm-256color, as harness.py starts them) with one TextArea holding
--lines lines of "line 00042 the quick brown fox" (numbered from 0): Termini's Tools/bench/textarea and Textual's
Tools/peers/textual/textarea_app.py. Once an app's first frame is in, its caret is put at the start of the middle
line (line LINES // 2), untimed: the Textual app opens there; Termini has no way for a page to place the caret (a
value the page sets leaves it at the end), so the driver presses Up LINES - 1 - LINES // 2 times and Home, in one
write, and waits for the app to go quiet. Then it types --warmup + --runs letters, one key at a time, the apps
alternating key by key (termini, textual, termini, ...), each timed from the key's write to the last byte read,
a frame being complete after --quiet-ms (150) of silence, not counted. After every key the screen (pyte, fed
after the quiet point) must show the middle line as the letters typed so far followed by its text; a wrong screen
fails the run (exit 1). Prints a Markdown table headed by the date and machine, or --json.

    PY=Tools/peers/.venv/bin/python
    $PY Tools/peers/textedit.py                       # 30 keys per app after 5 warm-up keys
    $PY Tools/peers/textedit.py --runs 100 --json
    $PY Tools/peers/textedit.py --page echo           # Termini's area echoing every edit through setData
    $PY Tools/peers/textedit.py --textual-args=--no-soft-wrap   # Textual's area without soft wrap

Exit codes: 0 ok, 1 a wrong screen, a dead app or a timeout, 2 bad usage, 3 pyte missing (run setup.sh).
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
import time
from pathlib import Path

import harness  # exits 3 with a message when pyte is missing

ROOT = Path(__file__).resolve().parents[2]
UP, HOME = "\x1bOA", "\x1bOH"  # as xterm sends them in keypad-transmit mode (terminfo kcuu1, khome)
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def line_text(number: int) -> str:
    return f"line {number:05d} the quick brown fox"


class TypingModel:
    """What the middle line must show: the letters typed so far, then its own text."""

    def __init__(self, middle: int) -> None:
        self.middle = middle
        self.typed = ""
        self.placed = False  # false until the caret is on the middle line (before that, any text screen will do)

    def apply(self, key: str) -> None:
        if len(key) == 1 and key.isprintable():
            self.typed += key


class TypingApp(harness.PtyApp):
    """An app with a TextArea; `check` reads the middle line, `send` writes many keys while reading the output."""

    def __init__(self, name: str, cmd: str, args, setup_keys: str) -> None:
        super().__init__(name, cmd, args.cols, args.rows, args.quiet_ms / 1000, args.settle_ms / 1000,
                         args.drain_ms / 1000, 0)
        self.model = TypingModel(args.lines // 2)
        self.setup_keys = setup_keys
        self.times: list[float] = []
        self.bytes: list[int] = []
        self.late = 0

    def check(self) -> str | None:
        display = self.screen.display
        model = self.model
        if not model.placed:
            if any(re.search(r"line \d{5} the quick brown fox", row) for row in display):
                return None
            return "no line of the text on screen"
        base = line_text(model.middle)
        for y, row in enumerate(display):
            if base in row:
                expected = model.typed + base
                actual = row.rstrip()
                if actual != expected:
                    return f"screen row {y}: expected {expected!r}, actual {actual!r}"
                return None
        return f"line {model.middle} ({base!r}) is not on screen"

    def send(self, data: bytes, timeout: float) -> None:
        """Writes `data` however long, reading (and showing pyte) what the app writes meanwhile, so neither side
        blocks on a full pty buffer."""
        flags = fcntl.fcntl(self.fd, fcntl.F_GETFL)
        fcntl.fcntl(self.fd, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        deadline = time.perf_counter() + timeout
        try:
            view = memoryview(data)
            while view:
                if time.perf_counter() > deadline:
                    raise harness.OpTimeout(f"{self.name}: the app took no input for {timeout:g} s")
                readable, writable, _ = select.select([self.fd], [self.fd], [], 1.0)
                if readable:
                    try:
                        self.stream.feed(self._read())
                    except BlockingIOError:
                        pass
                if writable:
                    try:
                        view = view[os.write(self.fd, view[:4096]):]
                    except BlockingIOError:
                        pass
        finally:
            fcntl.fcntl(self.fd, fcntl.F_SETFL, flags)

    def place_caret(self, timeout: float) -> None:
        if self.setup_keys:
            self.send(self.setup_keys.encode(), timeout)
        deadline = time.perf_counter() + timeout
        self.drain(timeout)  # the first check still accepts any text screen
        self.model.placed = True
        # On a loaded machine the app can pause longer than the drain's silence while it works through thousands
        # of keys: keep reading until the caret's line is on screen, or the timeout.
        while (mismatch := self.check()) is not None:
            if time.perf_counter() > deadline:
                raise harness.ScreenMismatch(f"{self.name}: after placing the caret on line {self.model.middle}: "
                                             f"{mismatch}")
            if select.select([self.fd], [], [], 0.5)[0]:
                self.stream.feed(self._read())

    def close(self) -> None:
        """Ctrl-Q quits both apps (q would be typed text)."""
        harness.stop_app(self.pid, self.fd, b"\x11")

    def summary(self) -> dict:
        ordered = sorted(self.times)

        def rank(p: float) -> float:
            return round(ordered[max(0, math.ceil(p * len(ordered)) - 1)], 3)

        out = {"app": self.name, "cmd": self.cmd, "runs": len(ordered),
               "p50_ms": round(statistics.median(ordered), 3), "p90_ms": rank(0.9), "p99_ms": rank(0.99),
               "worst_ms": round(ordered[-1], 3), "bytes_per_key": int(statistics.median(self.bytes))}
        if self.late:
            out["late_frames"] = self.late
        return out


def parse_args(argv: list[str]):
    parser = argparse.ArgumentParser(
        description="Type into a 10,000-line TextArea in Termini and in Textual, in the same pty harness, and "
                    "compare key -> last byte times.",
        epilog="Exit codes: 0 ok, 1 a wrong screen, a dead app or a timeout, 2 bad usage, 3 pyte missing.")
    parser.add_argument("--lines", type=int, default=10000, help="lines in the TextArea (default 10000)")
    parser.add_argument("--runs", type=int, default=30, help="timed keys per app (default 30)")
    parser.add_argument("--warmup", type=int, default=5, help="untimed keys per app before them (default 5)")
    parser.add_argument("--apps", default="termini,textual",
                        help="which apps, in the order they alternate: termini, textual or both (default both)")
    parser.add_argument("--termini", default=None,
                        help="the termini binary (default: .build/release/termini, else termini on PATH)")
    parser.add_argument("--page", choices=("index", "echo"), default="index",
                        help="Termini's page: index (the area reports no edits, like the Textual app) or echo "
                             "(onChange sets every edit back into the page's data, as a form does)")
    parser.add_argument("--termini-args", default="",
                        help="extra arguments for `termini run`, e.g. '--timings /tmp/t.jsonl' (one line per frame)")
    parser.add_argument("--textual-args", default="",
                        help="extra arguments for textarea_app.py, e.g. '--no-soft-wrap' or '--cpython-gc'")
    parser.add_argument("--size", default="120x40", help="pty size COLSxROWS (default 120x40)")
    parser.add_argument("--quiet-ms", type=float, default=150.0,
                        help="a frame is complete after this long without a byte (default 150, not counted)")
    parser.add_argument("--settle-ms", type=float, default=5000.0,
                        help="if the screen is wrong at the quiet point, wait this long for a later frame "
                             "(default 5000; such keys are counted as late frames)")
    parser.add_argument("--drain-ms", type=float, default=500.0,
                        help="silence awaited after start-up and the caret's placement (default 500)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds start-up, the caret's placement or one key may take (default 120)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--verbose", action="store_true", help="log every key to stderr")
    args = parser.parse_args(argv)

    match = re.fullmatch(r"(\d+)x(\d+)", args.size)
    if not match or int(match.group(1)) < 60 or int(match.group(2)) < 5:
        parser.error(f"--size {args.size!r}: expected COLSxROWS of at least 60x5, such as 120x40")
    args.cols, args.rows = int(match.group(1)), int(match.group(2))
    if args.lines < 3 or args.lines > 30000:
        parser.error(f"--lines {args.lines}: expected 3 to 30000 (Termini's page sets the text with setData, "
                     "which takes at most 1 MiB)")
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")
    if args.quiet_ms <= 0 or args.settle_ms < 0 or args.drain_ms < 0 or args.timeout <= 0:
        parser.error("--quiet-ms and --timeout must be positive, --settle-ms and --drain-ms not negative")
    if args.cols - args.runs - args.warmup < len(line_text(0)) + 1:
        parser.error(f"--runs + --warmup = {args.runs + args.warmup}: the middle line would no longer fit in "
                     f"{args.cols} columns (keep it under {args.cols - len(line_text(0)) - 1})")
    args.app_list = [a.strip() for a in args.apps.split(",") if a.strip()]
    if not args.app_list or any(a not in ("termini", "textual") for a in args.app_list) \
            or len(set(args.app_list)) != len(args.app_list):
        parser.error(f"--apps {args.apps!r}: expected termini, textual or termini,textual")
    try:
        args.textual_extra = shlex.split(args.textual_args)
        args.termini_extra = shlex.split(args.termini_args)
    except ValueError as error:
        parser.error(f"--textual-args / --termini-args: {error}")
    termini = args.termini or harness.default_termini()
    if "termini" in args.app_list and not (os.path.isfile(termini) and os.access(termini, os.X_OK)):
        parser.error(f"no termini binary at {termini!r}: build it (swift build -c release --static-swift-stdlib) or pass --termini")
    args.termini_bin = termini
    return args


def commands(args) -> list[tuple[str, str, str]]:
    """(name, command, caret placement keys) for each app, in order."""
    middle = args.lines // 2
    out = []
    for app in args.app_list:
        if app == "termini":
            cmd = [args.termini_bin, "run", str(ROOT / "Tools" / "bench" / "textarea"),
                   "--query", f"lines={args.lines}"]
            if args.page != "index":
                cmd += ["--page", args.page]
            cmd += args.termini_extra
            name = "termini" if args.page == "index" else f"termini-{args.page}"
            # The caret starts at the end of the text (line LINES-1): Up to the middle line, then Home.
            out.append((name, shlex.join(cmd), UP * (args.lines - 1 - middle) + HOME))
        else:
            cmd = [sys.executable, str(ROOT / "Tools" / "peers" / "textual" / "textarea_app.py"),
                   "--lines", str(args.lines)] + args.textual_extra
            out.append(("textual", shlex.join(cmd), ""))
    return out


def run(args) -> list[TypingApp]:
    apps: list[TypingApp] = []
    try:
        for name, cmd, setup in commands(args):
            apps.append(TypingApp(name, cmd, args, setup))
        for app in apps:
            started = time.perf_counter()
            app.start(args.timeout)
            app.place_caret(args.timeout)
            harness.log(f"textedit: {app.name} ready in {time.perf_counter() - started:.1f} s "
                        f"(caret on line {app.model.middle})")
        total = args.warmup + args.runs
        for key_index in range(total):
            key = LETTERS[key_index % len(LETTERS)]
            for app in apps:
                ms, nbytes, late = app.press(key, args.timeout, timed=True)
                if key_index >= args.warmup:
                    app.times.append(ms)
                    app.bytes.append(nbytes)
                    app.late += late
                if args.verbose:
                    harness.log(f"{app.name} key {key_index + 1}/{total} {key!r}: {ms:.2f} ms, {nbytes} bytes"
                                + (f" (late frame; first quiet screen: {app.late_reason})" if late else ""))
        for app in apps:  # the typed letters are on screen, in order, at the start of the middle line
            mismatch = app.check()
            if mismatch is not None:
                raise harness.ScreenMismatch(f"{app.name}: at the end: {mismatch}")
    finally:
        for app in apps:
            app.close()
    return apps


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    started = datetime.datetime.now(datetime.timezone.utc)
    load = os.getloadavg()
    try:
        apps = run(args)
    except (harness.ScreenMismatch, harness.AppDied, harness.OpTimeout) as error:
        print(f"textedit: FAILED: {error}", file=sys.stderr)
        return 1
    summaries = [app.summary() for app in apps]
    ratio = None
    by_name = {s["app"]: s for s in summaries}
    termini = next((s for s in summaries if s["app"].startswith("termini")), None)
    textual = by_name.get("textual")
    if termini and textual:
        ratio = {"p50": textual["p50_ms"] / termini["p50_ms"], "p90": textual["p90_ms"] / termini["p90_ms"]}
    final_check = "every screen checked: the middle line shows the letters typed, in order, before its text"
    if args.json:
        print(json.dumps({"bench": "textarea_typing", "date": f"{started:%Y-%m-%d %H:%M} UTC",
                          "machine": harness.machine(), "loadavg": [round(x, 2) for x in load],
                          "pty": f"{args.cols}x{args.rows}", "lines": args.lines, "caret_line": args.lines // 2,
                          "runs": args.runs, "warmup": args.warmup, "quiet_ms": args.quiet_ms,
                          "apps": summaries, "check": "ok",
                          "ratio_textual_to_termini": ratio and {k: round(v, 2) for k, v in ratio.items()}}))
        return 0
    print(f"TextArea typing, {started:%Y-%m-%d %H:%M} UTC, {harness.machine()}, load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; pty {args.cols}x{args.rows}; a TextArea of {args.lines} lines "
          f"with the caret at the start of line {args.lines // 2}; {args.runs} keys per app after {args.warmup} "
          f"warm-up keys, apps alternating key by key; key written → last byte read (a frame ends after "
          f"{args.quiet_ms:g} ms of silence, not counted); {final_check}.")
    print()
    header = ["app", "p50 ms", "p90 ms", "p99 ms", "worst ms", "bytes per key"]
    if ratio:
        header += ["p50 / termini", "p90 / termini"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    for s in summaries:
        cells = [s["app"], f"{s['p50_ms']:.2f}", f"{s['p90_ms']:.2f}", f"{s['p99_ms']:.2f}", f"{s['worst_ms']:.2f}",
                 str(s["bytes_per_key"])]
        if ratio:
            if s is termini:
                cells += ["1.0×", "1.0×"]
            else:
                cells += [f"{ratio['p50']:.1f}×", f"{ratio['p90']:.1f}×"]
        print("| " + " | ".join(cells) + " |")
    print()
    for s in summaries:
        print(f"- `{s['app']}`: `{s['cmd']}`" + (f" ({s['late_frames']} late frames)" if s.get("late_frames") else ""))
    if ratio:
        verdict = "meets" if ratio["p50"] >= 10 else "misses"
        print(f"- Textual / Termini at p50: {ratio['p50']:.1f}× ({verdict} the target of at least 10×)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
