#!/usr/bin/env python3
"""Pty harness for the keyed-list benchmark (docs/BENCH-PROTOCOL.md).

Runs any app that implements the protocol in a fresh pseudo-terminal, times each
operation from the key write to the last byte of the resulting frame, and checks
the screen (through the pyte VT emulator) against its own model of the data.

One process per operation and command: the app is started, its first frame is
awaited, then every run (warm-ups included) first sets the precondition with the
protocol's keys (untimed) and then presses the operation's key (timed). Row ids keep
growing across runs inside the process, exactly as in the app, and the harness's
model follows them. A new process starts the model afresh (ids from 1, seed 42).

Exit codes: 0 success, 1 a screen did not match the model (or the app died),
2 bad usage, 3 pyte is missing (run setup.sh).
"""

from __future__ import annotations

import argparse
import datetime
import errno
import fcntl
import json
import math
import os
import pty
import re
import shutil
import select
import shlex
import signal
import statistics
import struct
import sys
import termios
import time

from machine_info import machine

try:
    import pyte
except ImportError:  # the harness runs from the venv that setup.sh makes
    print("harness: pyte is not installed; run Tools/peers/setup.sh and use Tools/peers/.venv/bin/python",
          file=sys.stderr)
    sys.exit(3)

# ---------------------------------------------------------------------------------------------
# The model: an independent copy of the protocol's data generator and operations.

ADJECTIVES = (
    "pretty large big small tall short long handsome plain quaint clean elegant easy angry crazy "
    "helpful mushy odd unsightly adorable important inexpensive cheap expensive fancy"
).split()
COLOURS = "red yellow blue green pink brown purple orange black white".split()
NOUNS = "table chair house bbq desk car pony cookie sandwich burger pizza mouse keyboard".split()
MASK = 0xFFFFFFFF


class Model:
    """What the screen must show: rows (id, label), and the selected row's id."""

    def __init__(self) -> None:
        self.a = 42
        self.next_id = 1
        self.rows: list[tuple[int, str]] = []
        # Selection is by id (as in krausest's apps): ids are never reused, so a selection
        # vanishes when its row does, whether or not the app resets it on create.
        self.selected: int | None = None

    def _random(self, n: int) -> int:
        self.a = (self.a + 0x6D2B79F5) & MASK
        t = self.a
        t = ((t ^ (t >> 15)) * (t | 1)) & MASK
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & MASK)) & MASK
        return int(((t ^ (t >> 14)) & MASK) / 4294967296 * n)

    def _build(self, count: int) -> list[tuple[int, str]]:
        out = []
        for _ in range(count):
            adjective = ADJECTIVES[self._random(len(ADJECTIVES))]
            colour = COLOURS[self._random(len(COLOURS))]
            noun = NOUNS[self._random(len(NOUNS))]
            out.append((self.next_id, f"{adjective} {colour} {noun}"))
            self.next_id += 1
        return out

    def apply(self, key: str) -> None:
        rows = self.rows
        if key == "1" or key == "2":
            self.rows = self._build(1000)
        elif key == "3":
            for i in range(0, len(rows), 10):
                rows[i] = (rows[i][0], rows[i][1] + " !!!")
        elif key == "4":
            if len(rows) > 1:
                self.selected = rows[1][0]
        elif key == "5":
            if len(rows) > 998:
                rows[1], rows[998] = rows[998], rows[1]
        elif key == "6":
            if len(rows) > 1:
                del rows[1]
        elif key == "7":
            self.rows = self._build(10000)
        elif key == "8":
            rows.extend(self._build(1000))
        elif key == "9":
            self.rows = []
        else:
            raise ValueError(f"no operation for key {key!r}")


# key, JSON name, precondition key
OPERATIONS = {
    1: ("1", "01_create_1k", "9"),
    2: ("2", "02_replace_all", "1"),
    3: ("3", "03_update_every_10th", "1"),
    4: ("4", "04_select", "1"),
    5: ("5", "05_swap", "1"),
    6: ("6", "06_remove", "1"),
    7: ("7", "07_create_10k", "9"),
    8: ("8", "08_append_1k", "1"),
    9: ("9", "09_clear", "1"),
}

HEADER_COUNT = re.compile(r"rows:\s*(\d+)")
ANSI_ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def expected_line(row: tuple[int, str]) -> str:
    return f"{row[0]:>6} {row[1]}"


# ---------------------------------------------------------------------------------------------
# Errors


class ScreenMismatch(Exception):
    """The settled screen differs from the model: the run is wrong, whatever its speed."""


class AppDied(Exception):
    """The app's pty closed (it exited or crashed)."""


class OpTimeout(Exception):
    """No settled, correct frame before the per-operation timeout."""


def default_termini() -> str:
    """The termini binary a tool runs when not told: this checkout's release build, else `termini` on PATH."""
    built = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                         ".build", "release", "termini")
    if os.path.isfile(built) and os.access(built, os.X_OK):
        return built
    return shutil.which("termini") or built


# ---------------------------------------------------------------------------------------------
# One app in one pty


def spawn(argv: list[str], cols: int, rows: int) -> tuple[int, int]:
    """Starts `argv` on a fresh pty of `cols` x `rows`, sized before the exec so the app's first query sees it, with
    TERM=xterm-256color, LANG=C.UTF-8 and no COLUMNS, LINES, LC_* or COLORTERM to override them; returns (pid, fd)."""
    env = dict(os.environ)
    for var in ("COLUMNS", "LINES", "LC_ALL", "LC_CTYPE", "COLORTERM"):
        env.pop(var, None)
    env.update(TERM="xterm-256color", LANG="C.UTF-8")
    pid, fd = pty.fork()
    if pid == 0:
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.execvpe(argv[0], argv, env)
        finally:
            os._exit(127)
    return pid, fd


def percentile(values: list[float], p: float) -> float:
    """The value at rank round(p % of n - 1) of the sorted values; NaN when there are none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def stop_app(pid: int, fd: int, quit_key: bytes) -> None:
    """Asks an app in a pty to quit with `quit_key`, reading its output meanwhile; after 3 s, SIGTERM then SIGKILL
    to its process group (pty.fork made it a session leader: the group holds the shell and the app)."""
    try:
        os.write(fd, quit_key)
    except OSError:
        pass
    deadline = time.perf_counter() + 3.0
    while time.perf_counter() < deadline:
        exited, _ = os.waitpid(pid, os.WNOHANG)
        if exited:
            break
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                os.read(fd, 1 << 16)
            except OSError:
                pass
    else:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(pid, sig)
            except ProcessLookupError:
                break
            time.sleep(0.3)
            if os.waitpid(pid, os.WNOHANG)[0]:
                break
    try:
        os.close(fd)
    except OSError:
        pass


class PtyApp:
    """An app process on its own pseudo-terminal, with a pyte screen fed every byte it wrote."""

    def __init__(self, name: str, cmd: str, cols: int, rows: int, quiet: float, settle: float,
                 drain: float, ignore_right: int) -> None:
        self.name, self.cmd = name, cmd
        self.cols, self.rows = cols, rows
        self.quiet, self.settle, self.drain_s, self.ignore_right = quiet, settle, drain, ignore_right
        self.model = Model()
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.tail = bytearray()  # last bytes, to show when the app dies
        self.late_reason = ""  # what the screen showed at the first quiet point, when it was wrong
        self.pid, self.fd = spawn(["/bin/sh", "-c", cmd], cols, rows)

    # -- reading --

    def _read(self) -> bytes:
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError as error:
            if error.errno == errno.EIO:
                data = b""
            else:
                raise
        if not data:
            text = ANSI_ESCAPE.sub("", bytes(self.tail).decode("utf-8", "replace"))
            lines = [line.strip() for line in text.replace("\r", "\n").split("\n") if line.strip()]
            raise AppDied(f"{self.name}: the app exited; its last output:\n  " + "\n  ".join(lines[-8:]))
        self.tail += data
        del self.tail[:-2000]
        return data

    def wait_frame(self, start: float, timeout: float, expect_bytes: bool) -> tuple[int, float, bool]:
        """Reads until no byte came for the quiet period and the screen matches the model.

        Returns (bytes read, time of the last byte, whether the first quiet screen was wrong).
        If the screen is wrong at the first quiet point, waits up to `settle` seconds for
        more output (some apps paint in several frames) before failing.
        """
        deadline = start + timeout
        nbytes, t_last, late = 0, None, False
        pending: list[bytes] = []
        mismatch, checked_at = None, 0.0
        while True:
            now = time.perf_counter()
            if now >= deadline:
                raise OpTimeout(f"{self.name}: no settled frame within {timeout:g} s")
            if t_last is None and expect_bytes:
                wait = deadline - now
            elif mismatch is not None:
                wait = checked_at + self.settle - now
            else:
                wait = (t_last if t_last is not None else start) + self.quiet - now
            if wait > 0:
                ready, _, _ = select.select([self.fd], [], [], min(wait, deadline - now))
                if ready:
                    data = self._read()
                    t_last = time.perf_counter()
                    pending.append(data)
                    nbytes += len(data)
                    mismatch = None
                continue
            if mismatch is not None:
                raise ScreenMismatch(mismatch)
            for chunk in pending:  # fed after the quiet point so pyte's CPU use is not timed
                self.stream.feed(chunk)
            pending.clear()
            mismatch = self.check()
            if mismatch is None:
                return nbytes, (t_last if t_last is not None else start), late
            late = True
            self.late_reason = mismatch
            checked_at = time.perf_counter()

    # -- operations --

    def start(self, timeout: float) -> None:
        self.wait_frame(time.perf_counter(), timeout, expect_bytes=True)
        self.drain(timeout)

    def drain(self, timeout: float, silence: float | None = None) -> None:
        """Before a timed key: reads until the app has been silent for `silence` seconds.

        Some apps (Textual among them) repaint once more a few hundred ms after a big
        change; without this, those bytes would be charged to the next timed operation.
        The screen must still match the model afterwards.
        """
        silence = self.drain_s if silence is None else silence
        deadline = time.perf_counter() + timeout
        last = time.perf_counter()
        while True:
            now = time.perf_counter()
            wait = last + silence - now
            if wait <= 0:
                break
            if now >= deadline:
                raise OpTimeout(f"{self.name}: the app kept writing for {timeout:g} s without a pause")
            ready, _, _ = select.select([self.fd], [], [], min(wait, deadline - now))
            if ready:
                self.stream.feed(self._read())
                last = time.perf_counter()
        mismatch = self.check()
        if mismatch is not None:
            raise ScreenMismatch(f"after a later repaint: {mismatch}")

    def press(self, key: str, timeout: float, timed: bool) -> tuple[float, int, bool]:
        """Writes one key, applies it to the model, returns (ms to last byte, bytes, late)."""
        self.model.apply(key)
        start = time.perf_counter()
        os.write(self.fd, key.encode())
        nbytes, t_last, late = self.wait_frame(start, timeout, expect_bytes=timed)
        if not timed:
            # The later repaint comes roughly as long after the frame as the work took.
            self.drain(timeout, max(self.drain_s, t_last - start))
        return (t_last - start) * 1000.0, nbytes, late

    def check(self) -> str | None:
        """None when the screen shows the model, else what differs (row, expected, actual)."""
        display = self.screen.display
        model = self.model
        header = display[0]
        found = HEADER_COUNT.search(header)
        if found is None or int(found.group(1)) != len(model.rows):
            return (f"header row: expected 'rows: {len(model.rows)}', actual {header.rstrip()!r}")
        width = self.cols - self.ignore_right
        for y in range(1, self.rows):
            index = y - 1
            actual = display[y][:width].rstrip()
            if index >= len(model.rows):
                if actual:
                    return f"screen row {y} (list index {index}): expected blank, actual {actual!r}"
                continue
            row = model.rows[index]
            expected = expected_line(row)
            if actual != expected:
                return f"screen row {y} (list index {index}): expected {expected!r}, actual {actual!r}"
            selected = row[0] == model.selected
            line = self.screen.buffer[y]
            if any(line[x].reverse != selected for x in range(len(expected))):
                want = "reverse video (selected)" if selected else "no reverse video"
                return f"screen row {y} (list index {index}, id {row[0]}): expected {want}"
        return None

    def close(self) -> None:
        stop_app(self.pid, self.fd, b"q")


# ---------------------------------------------------------------------------------------------
# Measuring


class OpResult:
    """Timings of one operation for one command."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.times: list[float] = []
        self.bytes: list[int] = []
        self.late = 0
        self.error: str | None = None

    def summary(self) -> dict:
        out: dict = {"op": self.name}
        if self.error:
            out["error"] = self.error
        if self.times:
            ordered = sorted(self.times)
            out.update(
                p50_ms=round(statistics.median(ordered), 2),
                p90_ms=round(ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)], 2),
                worst_ms=round(ordered[-1], 2),
                bytes=int(statistics.median(self.bytes)),
                runs=len(ordered),
            )
            if self.late:
                out["late_frames"] = self.late
        else:
            out["runs"] = 0
        return out


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run_op(commands: list[tuple[str, str]], op: int, args) -> list[OpResult]:
    """Runs one operation for every command, alternating command by command within each run."""
    key, name, pre = OPERATIONS[op]
    results = [OpResult(name) for _ in commands]
    apps: list[PtyApp | None] = []
    for label, cmd in commands:
        app = PtyApp(label, cmd, args.cols, args.rows, args.quiet_ms / 1000, args.settle_ms / 1000,
                     args.drain_ms / 1000, args.ignore_right)
        apps.append(app)
    try:
        for index, app in enumerate(apps):
            try:
                app.start(args.timeout)
            except OpTimeout as error:
                results[index].error = "timeout"
                log(f"{name}: {error} (startup)")
                app.close()
                apps[index] = None
        total = args.warmup + args.runs
        for run in range(total):
            for index, app in enumerate(apps):
                if app is None:
                    continue
                try:
                    app.press(pre, args.timeout, timed=False)
                    ms, nbytes, late = app.press(key, args.timeout, timed=True)
                except OpTimeout as error:
                    results[index].error = "timeout"
                    log(f"{name}: {error}")
                    app.close()
                    apps[index] = None
                    continue
                except ScreenMismatch as error:
                    raise ScreenMismatch(f"{name} ({app.name}, run {run + 1}): {error}") from None
                if run >= args.warmup:
                    results[index].times.append(ms)
                    results[index].bytes.append(nbytes)
                    results[index].late += late
                if args.verbose:
                    log(f"{name} {app.name} run {run + 1}/{total}: {ms:.1f} ms, {nbytes} bytes"
                        + (f" (late frame; at the first quiet point: {app.late_reason})" if late else ""))
    finally:
        for app in apps:
            if app is not None:
                app.close()
    return results




def fmt(value) -> str:
    return "timeout" if value is None else f"{value:.1f}"


# ---------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: list[str]):
    parser = argparse.ArgumentParser(
        description="Time the keyed-list benchmark operations of an app in a real pty and check its screen.")
    parser.add_argument("--cmd", action="append", required=True,
                        help="command line of the app; with --compare, NAME=COMMAND (repeat for each app)")
    parser.add_argument("--compare", action="store_true",
                        help="run two or more --cmd NAME=COMMAND alternately and print a Markdown table")
    parser.add_argument("--size", default="120x40", help="pty size COLSxROWS (default 120x40)")
    parser.add_argument("--ops", default="1,2,3,4,5,6,7,8,9", help="operations to run, e.g. 1,4,9")
    parser.add_argument("--runs", type=int, default=15, help="measured runs per operation (default 15)")
    parser.add_argument("--warmup", type=int, default=5, help="untimed warm-up runs per operation (default 5)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds an operation (or startup) may take before it is reported as timeout")
    parser.add_argument("--quiet-ms", type=float, default=150.0,
                        help="a frame is complete after this long without a byte (default 150, not counted)")
    parser.add_argument("--settle-ms", type=float, default=10000.0,
                        help="if the screen is wrong when output pauses, wait this long for more output "
                             "before failing (default 10000: a slow app may pause between two frames)")
    parser.add_argument("--drain-ms", type=float, default=300.0,
                        help="after a precondition, wait for a silence this long (or as long as the "
                             "precondition took, if longer) before the timed key (default 300), so late "
                             "repaints are not charged to the operation")
    parser.add_argument("--ignore-right", type=int, default=0,
                        help="columns at the right edge (e.g. a scrollbar) left out of the row check")
    parser.add_argument("--json", action="store_true", help="one JSON object per operation per line")
    parser.add_argument("--verbose", action="store_true", help="log every run to stderr")
    args = parser.parse_args(argv)

    match = re.fullmatch(r"(\d+)x(\d+)", args.size)
    if not match or int(match.group(1)) < 20 or int(match.group(2)) < 3:
        parser.error(f"--size {args.size!r}: expected COLSxROWS such as 120x40")
    args.cols, args.rows = int(match.group(1)), int(match.group(2))
    try:
        args.op_list = [int(part) for part in args.ops.split(",") if part.strip()]
    except ValueError:
        parser.error(f"--ops {args.ops!r}: expected numbers 1-9 separated by commas")
    bad = [op for op in args.op_list if op not in OPERATIONS]
    if bad or not args.op_list:
        parser.error(f"--ops {args.ops!r}: operations are numbered 1-9")
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")

    commands = []
    for entry in args.cmd:
        name, sep, cmd = entry.partition("=")
        if args.compare:
            if not sep or not name.strip() or not cmd.strip() or " " in name.strip():
                parser.error(f"--cmd {entry!r}: --compare needs NAME=COMMAND")
            commands.append((name.strip(), cmd))
        else:
            commands.append((entry.strip(), entry))
    if args.compare and len(commands) < 2:
        parser.error("--compare needs at least two --cmd NAME=COMMAND entries")
    if not args.compare and len(commands) != 1:
        parser.error("give one --cmd, or use --compare with several NAME=COMMAND")
    if any(not cmd.strip() for _, cmd in commands):
        parser.error("--cmd: empty command")
    args.commands = commands
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    started = datetime.datetime.now(datetime.timezone.utc)
    all_results: list[list[OpResult]] = []
    for op in args.op_list:
        try:
            results = run_op(args.commands, op, args)
        except (ScreenMismatch, AppDied) as error:
            print(f"harness: FAILED: {error}", file=sys.stderr)
            return 1
        all_results.append(results)
        if args.json and not args.compare:
            print(json.dumps(results[0].summary()), flush=True)
        elif not args.compare:
            if len(all_results) == 1:
                print(f"{'op':<22} {'p50 ms':>9} {'p90 ms':>9} {'worst ms':>9} {'bytes':>9} {'runs':>5}")
            s = results[0].summary()
            if "p50_ms" in s and "error" not in s:
                print(f"{s['op']:<22} {s['p50_ms']:>9.1f} {s['p90_ms']:>9.1f} {s['worst_ms']:>9.1f} "
                      f"{s['bytes']:>9} {s['runs']:>5}", flush=True)
            else:
                print(f"{s['op']:<22} {'timeout':>9}", flush=True)
        else:
            log(f"harness: {results[0].name} done")
    if args.compare:
        print_comparison(args, all_results, started)
    return 0


def print_comparison(args, all_results: list[list[OpResult]], started: datetime.datetime) -> None:
    names = [name for name, _ in args.commands]
    if args.json:
        for results in all_results:
            for (name, _), result in zip(args.commands, results):
                print(json.dumps({"app": name, **result.summary()}))
        return
    first = names[0]
    print(f"Keyed-list benchmark, {started:%Y-%m-%d %H:%M} UTC, {machine()}; pty {args.cols}x{args.rows}; "
          f"{args.runs} measured runs after {args.warmup} warm-up runs per operation, apps alternating run by run; "
          "times are end to end (key written → last byte read), medians in ms.")
    print()
    header = ["op"] + [f"{n} ms" for n in names] + [f"{n} / {first}" for n in names[1:]] + [f"{n} bytes" for n in names]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    for results in all_results:
        medians = [statistics.median(r.times) if r.times and not r.error else None for r in results]
        nbytes = [int(statistics.median(r.bytes)) if r.bytes and not r.error else None for r in results]
        cells = [results[0].name] + [fmt(m) for m in medians]
        for m in medians[1:]:
            cells.append("—" if m is None or medians[0] is None or medians[0] == 0 else f"{m / medians[0]:.1f}×")
        cells += ["timeout" if b is None else str(b) for b in nbytes]
        print("| " + " | ".join(cells) + " |")
    print()
    for command_name, command in args.commands:
        print(f"- `{command_name}`: `{command}`")
    for results in all_results:
        for (command_name, _), result in zip(args.commands, results):
            if result.late:
                print(f"- {result.name}, {command_name}: {result.late} of {len(result.times)} runs showed a wrong "
                      "screen at the first 150 ms pause and were timed to their later, correct frame")
            if result.error:
                print(f"- {result.name}, {command_name}: {result.error} (limit {args.timeout:g} s)")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
