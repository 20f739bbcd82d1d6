#!/usr/bin/env python3
"""Latency against the floor, per workload: Termini, the ncurses floor of the same cells, the raw echo and Textual.

For each workload (a key that a page answers), four programs run side by side in their own ptys (120x40,
TERM=xterm-256color, started as harness.py starts apps), alternating run by run so the machine's noise hits all:

  termini   `termini run` of the workload's app (Tools/bench/app for the keyed-list ones, Tools/bench/controls
            for switch, tap and type);
  floor     Tools/peers/ncurses_replay.c replaying Termini's own screens: the screen before the key and the screen
            after it, captured with pyte from Termini's last warm-up run, handed to ncurses cell by cell (only the
            cells that differ, in their attributes and colours, and the cursor) with Termini's ncurses modes. It is
            what a raw program costs that answers the key by updating with ncurses exactly the cells Termini's frame
            changed: the echo floor plus the ncurses floor for the same cells;
  echo      pty_floor.py's raw echo, which answers every key at once with one fixed row (the pty alone);
  textual   the Textual 8.2.8 peer (textual/bench_app.py --variant widgets, or textual/controls_app.py).

Every run presses the workload's precondition key first when it has one (untimed, then a silence of --drain-ms),
or waits for that silence, then its key, timed from the key's write to the last byte read; a frame ends after
--quiet-ms of silence (not counted). Every screen is checked with pyte: the keyed list against harness.py's model
(the scroll indicator's last column left out for Termini), the switch's state, the tap count, the typed text, and
the floor's screen against Termini's captured screen, cell by cell; a wrong screen exits 1 (the other workloads
still run and print). A floor or echo that does not answer a key within --timeout-floor is started again and the run
goes on without that key (the table says so); so does any app whose key times out (this VM is sometimes paused and
its clocks jump) when it is quiet afterwards with a right screen.

Columns of each workload's table, one row per app: p50 ms and p99 ms (key written -> last byte read over --runs
keys; p99 is the value at rank round(0.99 × (runs - 1)), so with 50 runs or fewer it is the worst), bytes (the
median of the bytes read per key), × floor p50 and × floor p99 (the app's p50, and p99, divided by the floor's),
Textual ÷ app p50 (Textual's p50 divided by the app's: how many times as long Textual takes). Below each table, whether
Termini is within --target (1.5) times the floor at p50; at the end a summary table, one row per workload.

    /usr/bin/python3 Tools/peers/floor_table.py --termini .build/release/termini --runs 20 --warmup 5
    /usr/bin/python3 Tools/peers/floor_table.py --workloads select,switch --json
    /usr/bin/python3 Tools/peers/floor_table.py --selftest       # 1 run each, no Textual: the screens must pass

Exit codes: 0 ok, 1 a wrong screen, a dead app or a timeout, 2 bad usage, 3 pyte missing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import harness  # noqa: E402  (exits 3 with a reason when pyte is missing)
import pty_floor  # noqa: E402
from pyte.graphics import FG_BG_256  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
REPLAY_SOURCE = os.path.join(HERE, "ncurses_replay.c")


@dataclass
class Workload:
    name: str
    what: str              # one line for the table's heading
    app: str               # Termini's project folder, relative to the repository
    page: str | None       # Termini's --page
    key: str               # the timed key
    pre: str | None        # the untimed precondition key, if any
    textual: list[str]     # the Textual peer's arguments after its script
    kind: str              # keyed, switch, tap, type


WORKLOADS = {w.name: w for w in (
    Workload("select", "select a row: `4` after a create 1k (`1`, untimed)", "Tools/bench/app", None, "4", "1",
             ["textual/bench_app.py", "--variant", "widgets"], "keyed"),
    Workload("update", "update every 10th row: `3` after a create 1k (`1`, untimed)", "Tools/bench/app", None, "3",
             "1", ["textual/bench_app.py", "--variant", "widgets"], "keyed"),
    Workload("swap", "swap rows 1 and 998: `5` after a create 1k (`1`, untimed)", "Tools/bench/app", None, "5", "1",
             ["textual/bench_app.py", "--variant", "widgets"], "keyed"),
    Workload("remove", "remove row 1: `6` after a create 1k (`1`, untimed)", "Tools/bench/app", None, "6", "1",
             ["textual/bench_app.py", "--variant", "widgets"], "keyed"),
    Workload("switch", "toggle a focused Switch: Space, through the script's setData", "Tools/bench/controls",
             "switch", " ", None, ["textual/controls_app.py", "--page", "switch"], "switch"),
    Workload("tap", "tap a focused Button: Enter; the script changes one Text (`tapped N times`)",
             "Tools/bench/controls", "tap", "\r", None, ["textual/controls_app.py", "--page", "tap"], "tap"),
    Workload("type", "type one character into a focused TextField (the script keeps the value)",
             "Tools/bench/controls", "field", "a", None, ["textual/controls_app.py", "--page", "field"], "type"),
)}


# ---------------------------------------------------------------------------------------------
# Screens: snapshots, colours, and the frames the replay draws


def palette_index(colour: str) -> int:
    """pyte's colour (a name, a hex value or 'default') as a palette index; -1 for the terminal's default."""
    if colour == "default":
        return -1
    names = ["black", "red", "green", "brown", "blue", "magenta", "cyan", "white"]
    if colour in names:
        return names.index(colour)
    colour = colour.lower()
    if colour in FG_BG_256[16:]:  # 38;5;N (N >= 16) comes back as N's hex value
        return 16 + FG_BG_256[16:].index(colour)
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return -1
    # A 24-bit colour: the nearest of the 240 palette colours (how ncurses shows it without a -direct entry).
    return 16 + min(range(240), key=lambda i: sum((int(FG_BG_256[16 + i][j:j + 2], 16) - c) ** 2
                                                  for j, c in zip((0, 2, 4), (r, g, b))))


def cell_key(char) -> tuple:
    """What the replay reproduces of a cell: its character, bold, italic, underline, reverse and colours."""
    return (char.data, char.bold, char.italics, char.underscore, char.reverse,
            palette_index(char.fg), palette_index(char.bg))


class Snapshot:
    """A pyte screen's cells and cursor at one moment."""

    def __init__(self, screen) -> None:
        self.cols, self.rows = screen.columns, screen.lines
        self.cells = [[cell_key(screen.buffer[y][x]) for x in range(self.cols)] for y in range(self.rows)]
        self.cursor = (screen.cursor.y, screen.cursor.x, not screen.cursor.hidden)

    def changed(self, other: "Snapshot") -> list[tuple[int, int]]:
        return [(y, x) for y in range(self.rows) for x in range(self.cols) if self.cells[y][x] != other.cells[y][x]]

    def text(self) -> list[str]:
        return ["".join(cell[0] for cell in row) for row in self.cells]


def frame_records(target: Snapshot, cells: list[tuple[int, int]]) -> list[str]:
    """`run` records drawing `cells` (row-major) as `target` has them: one run per row stretch of one style."""
    records: list[str] = []
    run: list | None = None  # [y, x, style, text, next x]
    for y, x in cells:
        data, bold, italic, underline, reverse, fg, bg = target.cells[y][x]
        if data == "":  # the right half of a wide character: drawn with its left half
            continue
        style = (bold, italic, underline, reverse, fg, bg)
        if run and run[0] == y and run[4] == x and run[2] == style:
            run[3] += data
            run[4] = x + 1 + (1 if x + 1 < target.cols and target.cells[y][x + 1][0] == "" else 0)
            continue
        if run:
            records.append(run_record(run))
        width = 2 if x + 1 < target.cols and target.cells[y][x + 1][0] == "" else 1
        run = [y, x, style, data, x + width]
    if run:
        records.append(run_record(run))
    return records


def run_record(run: list) -> str:
    y, x, (bold, italic, underline, reverse, fg, bg), text, _ = run
    bits = bold * 1 | italic * 2 | underline * 4 | reverse * 8
    return f"run {y} {x} {bits} {fg} {bg}\t{text}"


def write_frames(path: str, before: Snapshot, after: Snapshot, fault: bool) -> int:
    """Frame 0 = the whole screen before the key, 1 = before -> after, 2 = after -> before; returns the cells that
    differ. With `fault`, frame 1 leaves its last changed cell out (the self-test's wrong screen)."""
    changed = before.changed(after)
    everything = [(y, x) for y in range(before.rows) for x in range(before.cols)]
    with open(path, "w") as out:
        for number, (target, cells) in enumerate(((before, everything), (after, changed), (before, changed))):
            if fault and number == 1:
                cells = cells[:-1]
            out.write(f"frame {number}\ncursor {target.cursor[0]} {target.cursor[1]} {int(target.cursor[2])}\n")
            for record in frame_records(target, cells):
                out.write(record + "\n")
    return len(changed)


def replay_binary(path: str | None) -> str:
    """The replay program: `path`, or a build of ncurses_replay.c in the temporary folder when it is older."""
    if path:
        return path
    binary = os.path.join(tempfile.gettempdir(), "termini-ncurses_replay")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(REPLAY_SOURCE):
        compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        if compiler is None:
            raise SystemExit("floor_table: no C compiler (cc) to build ncurses_replay.c; pass --replay")
        build = [compiler, "-O2", REPLAY_SOURCE, "-o", binary, "-lncursesw", "-ltinfo"]
        result = subprocess.run(build, capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"floor_table: {shlex.join(build)} failed:\n{result.stderr}")
    return binary


# ---------------------------------------------------------------------------------------------
# Models: what each app's screen must show after each key


class SwitchModel:
    """On and off alternate. Termini's switch reads [━━●] when on and [●━━] when off; for any app, the
    screen after each toggle must equal the last screen of the same state and differ from the other state's."""

    def __init__(self, glyphs: bool) -> None:
        self.on = False
        self.glyphs = glyphs
        self.seen: dict[bool, list] = {}

    def apply(self, key: str) -> None:
        self.on = not self.on

    def check(self, app) -> str | None:
        display = app.screen.display
        if self.glyphs:
            want = "[━━●]" if self.on else "[●━━]"
            if not any(want in row and "Notifications" in row for row in display):
                return f"expected the switch {'on' if self.on else 'off'} ({want} Notifications)"
        shot = Snapshot(app.screen).cells
        if self.on in self.seen and self.seen[self.on] != shot:
            y, x = next((y, x) for y in range(len(shot)) for x in range(len(shot[y]))
                        if shot[y][x] != self.seen[self.on][y][x])
            return (f"the switch's {'on' if self.on else 'off'} screen differs from its last one at ({y}, {x}): "
                    f"was {self.seen[self.on][y][x]}, now {shot[y][x]} (row {y}: {app.screen.display[y].rstrip()!r})")
        if (not self.on) in self.seen and self.seen[not self.on] == shot:
            return "the switch's screen did not change"
        self.seen[self.on] = shot
        return None


class TapModel:
    def __init__(self) -> None:
        self.taps = 0

    def apply(self, key: str) -> None:
        self.taps += 1

    def check(self, app) -> str | None:
        want = f"tapped {self.taps} times"
        return None if any(want in row for row in app.screen.display) else f"expected {want!r} on screen"


class TypeModel:
    def __init__(self) -> None:
        self.typed = ""

    def apply(self, key: str) -> None:
        self.typed += key

    def check(self, app) -> str | None:
        rows = app.screen.display
        if not self.typed:
            return None if any("type here" in row for row in rows) else "expected the placeholder 'type here'"
        if any(row.strip(" ▊▎") == self.typed for row in rows):
            return None
        return f"expected a field showing {self.typed!r}"


class ReplayModel:
    """The floor must show Termini's captured screens: frame 0 and 2 the screen before, 1 the screen after."""

    def __init__(self, before: Snapshot, after: Snapshot) -> None:
        self.states = {"0": before, "1": after, "2": before}
        self.shown = "0"

    def apply(self, key: str) -> None:
        self.shown = key

    def check(self, app) -> str | None:
        want = self.states[self.shown]
        got = Snapshot(app.screen)
        for y, x in want.changed(got):
            return (f"cell ({y}, {x}): expected {want.cells[y][x]}, actual {got.cells[y][x]} "
                    f"(row {y}: {got.text()[y].rstrip()!r})")
        if want.cursor[2] and got.cursor != want.cursor:
            return f"cursor: expected {want.cursor}, actual {got.cursor}"
        return None


class EchoModel:
    def apply(self, key: str) -> None:
        pass

    def check(self, app) -> str | None:
        return None


# ---------------------------------------------------------------------------------------------
# Apps


class Runner(harness.PtyApp):
    """One app in its own pty, with its model, quit key and timings."""

    def __init__(self, name: str, cmd: str, args, model, ignore_right: int = 0, quit_key: bytes = b"q") -> None:
        super().__init__(name, cmd, args.cols, args.rows, args.quiet_ms / 1000, args.settle_ms / 1000,
                         args.drain_ms / 1000, ignore_right)
        if model is not None:
            self.model = model
        self.quit_key = quit_key
        self.times: list[float] = []
        self.bytes: list[int] = []
        self.late = 0
        self.presses = 0
        self.last_press = (0.0, 0.0)
        self.restarts = 0
        self.discarded = 0
        self.measured_presses: list[tuple[float, float]] = []

    def press(self, key: str, timeout: float, timed: bool) -> tuple[float, int, bool]:
        """harness.PtyApp.press, keeping the key's write time and the last byte's (perf_counter, CLOCK_MONOTONIC on
        Linux: the clock of Termini's --timings) in `last_press`."""
        self.model.apply(key)
        start = time.perf_counter()
        os.write(self.fd, key.encode())
        nbytes, t_last, late = self.wait_frame(start, timeout, expect_bytes=timed)
        self.last_press = (start, t_last)
        if not timed:
            self.drain(timeout, max(self.drain_s, t_last - start))
        return (t_last - start) * 1000.0, nbytes, late

    def check(self) -> str | None:
        own = getattr(self.model, "check", None)
        return own(self) if own else super().check()

    def close(self) -> None:
        harness.stop_app(self.pid, self.fd, self.quit_key)

    def summary(self) -> dict:
        out = {"app": self.name, "cmd": self.cmd, "runs": len(self.times),
               "p50_ms": round(statistics.median(self.times), 3),
               "p99_ms": round(harness.percentile(self.times, 99), 3),
               "worst_ms": round(max(self.times), 3), "bytes": int(statistics.median(self.bytes))}
        if self.late:
            out["late_frames"] = self.late
        if self.restarts:
            out["restarts"] = self.restarts
        if self.discarded:
            out["keys_left_out"] = self.discarded
        return out


def termini_cmd(args, workload: Workload, timings: str | None = None) -> str:
    cmd = [args.termini, "run", os.path.join(ROOT, workload.app)]
    if workload.page:
        cmd += ["--page", workload.page]
    if timings:
        cmd += ["--timings", timings]
    return shlex.join(cmd)


def breakdown(path: str, presses: list[tuple[float, float]]) -> dict | None:
    """Termini's measured presses split with its --timings frames: key written -> the first frame's build start
    (input, the script, the hand-offs), the frames' build and raster (paint, diff, ncurses, write), and the last
    frame's raster end -> the last byte read (the pty out); medians in ms, and the frames per key. The time before
    the frame is split again by the frames' causes (docs/DATA-FLOW.md): key written -> read by the UI thread, read
    -> routed, routed -> the script's answer posted (when a handler answered), and -> the frame's build start."""
    frames = []
    with open(path) as lines:
        for line in lines:
            try:
                frame = json.loads(line)
            except ValueError:
                continue
            if "build_start_ns" in frame and "raster_end_ns" in frame:
                frames.append(frame)
    parts: dict[str, list[float]] = {"before_frame_ms": [], "build_ms": [], "raster_ms": [], "after_frame_ms": [],
                                     "frames": [], "to_read_ms": [], "routing_ms": [], "script_ms": [],
                                     "to_build_ms": []}
    for start, end in presses:
        mine = [f for f in frames if start * 1e9 <= f["build_start_ns"] <= end * 1e9]
        if not mine:
            continue
        first = mine[0]
        parts["before_frame_ms"].append((first["build_start_ns"] - start * 1e9) / 1e6)
        # The frame's cause (`FrameCause`): the key read by the UI thread, routed, and the script's answer posted.
        cause = next((f for f in mine if "input_read_ns" in f), None)
        if cause and start * 1e9 <= cause["input_read_ns"]:
            parts["to_read_ms"].append((cause["input_read_ns"] - start * 1e9) / 1e6)
            parts["routing_ms"].append((cause["input_routed_ns"] - cause["input_read_ns"]) / 1e6)
            answered = next((f for f in mine if "answer_posted_ns" in f), None)
            if answered:
                parts["script_ms"].append((answered["answer_posted_ns"] - cause["input_routed_ns"]) / 1e6)
                parts["to_build_ms"].append((answered["build_start_ns"] - answered["answer_posted_ns"]) / 1e6)
            else:
                parts["to_build_ms"].append((cause["build_start_ns"] - cause["input_routed_ns"]) / 1e6)
        parts["build_ms"].append(sum((f["build_end_ns"] - f["build_start_ns"]) / 1e6 for f in mine))
        parts["raster_ms"].append(sum((f["raster_end_ns"] - f["raster_start_ns"]) / 1e6 for f in mine))
        parts["after_frame_ms"].append(end * 1000 - mine[-1]["raster_end_ns"] / 1e6)
        parts["frames"].append(len(mine))
    if not parts["frames"]:
        return None
    out = {name: round(statistics.median(values), 3) for name, values in parts.items() if values}
    out["presses"] = len(parts["frames"])
    return out


def start_termini(args, workload: Workload, timings: str | None) -> Runner:
    models = {"keyed": None, "switch": SwitchModel(glyphs=True), "tap": TapModel(), "type": TypeModel()}
    return Runner("termini", termini_cmd(args, workload, timings), args, models[workload.kind],
                  ignore_right=1 if workload.kind == "keyed" else 0, quit_key=b"\x03")


def start_textual(args, workload: Workload) -> Runner:
    models = {"keyed": None, "switch": SwitchModel(glyphs=False), "tap": TapModel(), "type": TypeModel()}
    cmd = shlex.join([args.textual_python, os.path.join(HERE, workload.textual[0])] + workload.textual[1:])
    name = "textual-widgets" if workload.kind == "keyed" else "textual"
    return Runner(name, cmd, args, models[workload.kind], quit_key=b"\x11" if workload.kind != "keyed" else b"q")


def start_echo(args) -> Runner:
    code = "ANSWER = " + pty_floor.ONE_ROW + "\n" + pty_floor.ECHO_APP
    return Runner("echo", shlex.join([sys.executable, "-c", code]), args, EchoModel())


def key_for(app: Runner, workload: Workload, timed: bool) -> str:
    """The key `app` is sent: the workload's for Termini and Textual; frame 1 (timed) or 2 for the floor, which
    alternates between them when the workload has no precondition; `4` for the echo."""
    if app.name == "floor":
        if workload.pre is not None:
            return "1" if timed else "2"
        return "1" if app.model.shown != "1" else "2"
    if app.name == "echo":
        return "4"
    return workload.key if timed else workload.pre


def one_run(app: Runner, workload: Workload, args, measured: bool, capture: bool = False):
    """The precondition (or a silence), then the timed key; returns (before, after) snapshots when `capture`."""
    try:
        return run_keys(app, workload, args, measured, capture)
    except harness.ScreenMismatch as error:
        raise harness.ScreenMismatch(f"{app.name}, key {app.presses + 1}: {error}") from None


def run_keys(app: Runner, workload: Workload, args, measured: bool, capture: bool):
    if workload.pre is not None:
        app.press(key_for(app, workload, timed=False), args.timeout, timed=False)
    else:
        app.drain(args.timeout)
    before = Snapshot(app.screen) if capture else None
    timeout = args.timeout_floor if app.name in ("floor", "echo") else args.timeout
    ms, nbytes, late = app.press(key_for(app, workload, timed=True), timeout, timed=True)
    app.presses += 1
    if measured:
        app.measured_presses.append(app.last_press)
        app.times.append(ms)
        app.bytes.append(nbytes)
        app.late += late
    if args.verbose:
        harness.log(f"{workload.name} {app.name}: {ms:.2f} ms, {nbytes} bytes" + (" (late frame)" if late else ""))
    return (before, Snapshot(app.screen)) if capture else None


def measure(args, workload: Workload) -> dict:
    """Every app of one workload: warm-ups, Termini's screens captured, the floor started, then the measured runs."""
    apps: list[Runner] = []
    frames = tempfile.NamedTemporaryFile("w", prefix=f"floor-{workload.name}-", suffix=".frames", delete=False)
    frames.close()
    timings = None
    if args.timings:
        timings = tempfile.NamedTemporaryFile("w", prefix=f"floor-{workload.name}-", suffix=".jsonl",
                                              delete=False).name
    try:
        termini = start_termini(args, workload, timings)
        apps.append(termini)
        if args.textual:
            apps.append(start_textual(args, workload))
        apps.append(start_echo(args))
        for app in apps:
            app.start(args.timeout)
        captured = None
        for run in range(args.warmup):
            for app in apps:
                shots = one_run(app, workload, args, measured=False, capture=app is termini and run == args.warmup - 1)
                if shots:
                    captured = shots
        before, after = captured
        cells = write_frames(frames.name, before, after, args.fault)
        if cells == 0:
            raise harness.ScreenMismatch(f"{workload.name}: Termini's key changed no cell on screen")
        floor = Runner("floor", shlex.join([args.replay, frames.name]), args, ReplayModel(before, after))
        apps.insert(1, floor)
        floor.start(args.timeout)
        for _ in range(args.warmup):
            one_run(floor, workload, args, measured=False)
        restart = {"floor": lambda: Runner("floor", floor.cmd, args, ReplayModel(before, after)),
                   "echo": lambda: start_echo(args)}
        for run in range(args.runs):
            # Apps alternate run by run, in an order that rotates, so none always follows the same one.
            for index in range(len(apps)):
                app = apps[(index + run) % len(apps)]
                try:
                    one_run(app, workload, args, measured=True)
                except harness.OpTimeout as error:
                    # This VM is sometimes paused for minutes, and its clocks jump when it resumes: a key then seems
                    # to take longer than any timeout. The run goes on without that key once the app is quiet and
                    # its screen right again; the floor and the echo keep no state and are started afresh.
                    harness.log(f"floor_table: {workload.name}: {error}; that key is left out")
                    try:
                        app.drain(args.timeout)
                        app.discarded += 1
                        continue
                    except (harness.OpTimeout, harness.ScreenMismatch):
                        if app.name not in restart:
                            raise
                    app.close()
                    fresh = restart[app.name]()
                    fresh.times, fresh.bytes, fresh.restarts = app.times, app.bytes, app.restarts + 1
                    fresh.start(args.timeout)
                    apps[apps.index(app)] = fresh
    finally:
        for app in apps:
            app.close()
        if args.keep_frames:
            os.makedirs(args.keep_frames, exist_ok=True)
            shutil.move(frames.name, os.path.join(args.keep_frames, f"{workload.name}.frames"))
        else:
            os.unlink(frames.name)
    for app in apps:
        if not app.times:  # every key left out after timeouts: nothing to report
            raise harness.OpTimeout(f"{app.name}: no key measured (each one timed out)")
    summaries = {app.name: app.summary() for app in apps}
    result = {"workload": workload.name, "what": workload.what, "cells": cells, "apps": summaries}
    if timings:
        result["termini_breakdown"] = breakdown(timings, termini.measured_presses)
        os.unlink(timings)
    return result


# ---------------------------------------------------------------------------------------------
# Output


def describe(args, started: datetime.datetime, loads: list) -> str:
    return (f"{started:%Y-%m-%d %H:%M} UTC, {harness.machine()}; load average {loads[0][0]:.2f} at the start, "
            f"{loads[1][0]:.2f} at the end; pty {args.cols}x{args.rows}; {args.runs} measured runs after "
            f"{args.warmup} warm-up runs per app and workload, apps alternating run by run; key written → last byte "
            f"read (a frame ends after {args.quiet_ms:g} ms of silence, not counted); every screen checked.")


def table(result: dict, args) -> list[str]:
    apps = result["apps"]
    floor, textual = apps["floor"], apps.get("textual-widgets") or apps.get("textual")
    lines = [f"| app | p50 ms | p99 ms | bytes | × floor p50 | × floor p99 | Textual ÷ app p50 |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    cells = f"{result['cells']} cell" + ("s" if result["cells"] != 1 else "")
    label = {"termini": "termini", "floor": f"floor (ncurses, the same {cells})",
             "echo": "echo (the pty alone)"}
    for name in ("termini", "floor", "echo", "textual-widgets", "textual"):
        if name not in apps:
            continue
        s = apps[name]
        ratio_textual = f"{textual['p50_ms'] / s['p50_ms']:.1f}×" if textual else "—"
        lines.append(f"| {label.get(name, name)} | {s['p50_ms']:.2f} | {s['p99_ms']:.2f} | {s['bytes']} | "
                     f"{s['p50_ms'] / floor['p50_ms']:.2f}× | {s['p99_ms'] / floor['p99_ms']:.2f}× | "
                     f"{ratio_textual} |")
    return lines


def verdict(result: dict, target: float) -> str:
    ratio = result["apps"]["termini"]["p50_ms"] / result["apps"]["floor"]["p50_ms"]
    return f"{ratio:.2f}× the floor at p50: {'within' if ratio <= target else 'over'} {target:g}×"


def print_tables(args, results: list[dict], started, loads) -> None:
    print(f"Latency against the floor, {describe(args, started, loads)}")
    print()
    for result in results:
        print(f"**{result['workload']}**: {result['what']}.")
        print()
        print("\n".join(table(result, args)))
        print()
        print(f"Termini {verdict(result, args.target)}.")
        print()
        split = result.get("termini_breakdown")
        if split:
            print(f"Termini's key, split with `--timings` (medians of {split['presses']} keys): key → its frame's "
                  f"build {split['before_frame_ms']:.3f} ms (input, script, hand-offs), build {split['build_ms']:.3f}"
                  f" ms, raster {split['raster_ms']:.3f} ms (paint, diff, ncurses, write), raster end → last byte "
                  f"read {split['after_frame_ms']:.3f} ms; {split['frames']:g} frame(s) per key.")
            if "to_read_ms" in split:
                script = (f", routed → the script's answer posted {split['script_ms']:.3f} ms, answer → its frame's "
                          f"build {split['to_build_ms']:.3f} ms" if "script_ms" in split else
                          f", routed → its frame's build {split['to_build_ms']:.3f} ms")
                print()
                print(f"Before the frame: key written → read by the UI thread {split['to_read_ms']:.3f} ms, read → "
                      f"routed {split['routing_ms']:.3f} ms{script}.")
            print()
    print("Summary: Termini's p50 over the floor's, per workload.")
    print()
    print("| workload | termini p50 ms | floor p50 ms | × floor | termini p99 ms | floor p99 ms | "
          "Textual ÷ termini | bytes termini / floor / Textual |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for result in results:
        apps = result["apps"]
        t, f = apps["termini"], apps["floor"]
        x = apps.get("textual-widgets") or apps.get("textual")
        versus = f"{x['p50_ms'] / t['p50_ms']:.1f}×" if x else "—"
        print(f"| {result['workload']} | {t['p50_ms']:.2f} | {f['p50_ms']:.2f} | {t['p50_ms'] / f['p50_ms']:.2f}× | "
              f"{t['p99_ms']:.2f} | {f['p99_ms']:.2f} | {versus} | "
              f"{t['bytes']} / {f['bytes']} / {x['bytes'] if x else '—'} |")
    print()
    print(f"- Command: `{args.command_line}`")
    print(f"- termini: `{args.termini} run Tools/bench/app` (select, update, swap, remove), "
          "`… run Tools/bench/controls --page switch|tap|field` (switch, tap, type)")
    print("- floor: `ncurses_replay FRAMES` (Tools/peers/ncurses_replay.c), FRAMES being Termini's screens before and "
          "after its last warm-up key; echo: pty_floor.py's raw echo of one row")
    if args.textual:
        print(f"- Textual: `{args.textual_python} Tools/peers/textual/bench_app.py --variant widgets` (keyed list), "
              "`… Tools/peers/textual/controls_app.py --page switch|tap|field`")
    for result in results:
        for name, s in result["apps"].items():
            if s.get("keys_left_out"):
                print(f"- {result['workload']}, {name}: {s['keys_left_out']} key(s) left out after a timeout (the "
                      f"machine paused); {s['runs']} runs measured")
            if s.get("restarts"):
                print(f"- {result['workload']}, {name}: stopped answering {s['restarts']} time(s) within "
                      f"--timeout-floor; started again, {s['runs']} runs measured")
            if s.get("late_frames"):
                print(f"- {result['workload']}, {name}: {s['late_frames']} late frames (a wrong screen at the first "
                      "pause, timed to the later right one)")


# ---------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: list[str]):
    parser = argparse.ArgumentParser(prog="floor_table.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--termini", default=None, help="the termini binary (default .build/release/termini, else "
                                                        "termini on PATH)")
    parser.add_argument("--workloads", default=",".join(WORKLOADS),
                        help="which, comma-separated (default all: %(default)s)")
    parser.add_argument("--runs", type=int, default=20, help="measured runs per app and workload (default 20)")
    parser.add_argument("--warmup", type=int, default=5,
                        help="warm-up runs per app first (default 5; Termini's screens are captured from the last)")
    parser.add_argument("--textual-python", default=os.path.join(HERE, ".venv", "bin", "python"),
                        help="python with Textual 8.2.8 (default Tools/peers/.venv/bin/python, made by setup.sh)")
    parser.add_argument("--no-textual", dest="textual", action="store_false", help="leave Textual out")
    parser.add_argument("--replay", default=None,
                        help="the ncurses_replay binary (default: built from ncurses_replay.c into the temp folder)")
    parser.add_argument("--target", type=float, default=1.5, help="the ratio to the floor to meet (default 1.5)")
    parser.add_argument("--size", default="120x40", help="pty size COLSxROWS (default 120x40)")
    parser.add_argument("--quiet-ms", type=float, default=150.0, help="silence that ends a frame (default 150)")
    parser.add_argument("--settle-ms", type=float, default=5000.0,
                        help="how long a wrong screen may wait for a later frame (default 5000)")
    parser.add_argument("--drain-ms", type=float, default=300.0,
                        help="silence awaited before each timed key (default 300)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a key may take (default 60)")
    parser.add_argument("--timeout-floor", type=float, default=5.0,
                        help="seconds the floor's or the echo's key may take before that program is started again "
                             "and the run goes on without the key (default 5)")
    parser.add_argument("--json", action="store_true", help="one JSON object per workload, then a summary object")
    parser.add_argument("--verbose", action="store_true", help="every key on stderr")
    parser.add_argument("--timings", action="store_true",
                        help="run Termini with --timings and split its keys: before its frame (read by the UI thread, "
                             "routed, the script's answer posted, its frame begun), build, raster, after")
    parser.add_argument("--keep-frames", metavar="DIR",
                        help="keep each workload's frames file (what the floor replays) as DIR/WORKLOAD.frames")
    parser.add_argument("--selftest", action="store_true",
                        help="1 run after 1 warm-up per workload, no Textual, no table: every screen must pass")
    parser.add_argument("--fault", action="store_true",
                        help="leave one changed cell out of the floor's frame (the self-test's wrong screen)")
    args = parser.parse_args(argv)
    args.command_line = shlex.join([os.path.relpath(sys.executable) if sys.executable.startswith(ROOT) else
                                    sys.executable, os.path.relpath(os.path.abspath(__file__), os.getcwd())] + argv)
    if args.selftest:
        args.runs, args.warmup, args.textual = 1, 1, False
    names = [n.strip() for n in args.workloads.split(",") if n.strip()]
    unknown = [n for n in names if n not in WORKLOADS]
    if unknown or not names:
        parser.error(f"--workloads: unknown {', '.join(unknown) or '(none given)'}; known: {', '.join(WORKLOADS)}")
    args.workload_list = [WORKLOADS[n] for n in names]
    if args.runs < 1 or args.warmup < 1:
        parser.error("--runs and --warmup must be at least 1 (the floor replays Termini's last warm-up)")
    if "type" in names and args.runs + 2 * args.warmup > 90:
        parser.error("--runs + 2 × --warmup must stay under 90: the typed text must fit in the 100-column field")
    try:
        cols, rows = (int(v) for v in args.size.split("x"))
    except ValueError:
        parser.error(f"--size {args.size!r}: expected COLSxROWS such as 120x40")
    args.cols, args.rows = cols, rows
    args.termini = args.termini or harness.default_termini()
    if not os.access(args.termini, os.X_OK):
        parser.error(f"no termini binary at {args.termini!r}: pass --termini")
    if args.textual and not os.access(args.textual_python, os.X_OK):
        parser.error(f"no Textual python at {args.textual_python!r}: run Tools/peers/setup.sh, pass "
                     "--textual-python, or --no-textual")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    args.replay = replay_binary(args.replay)
    started = datetime.datetime.now(datetime.timezone.utc)
    loads = [os.getloadavg()]
    results, failed = [], []
    for workload in args.workload_list:
        try:
            result = measure(args, workload)
        except (harness.ScreenMismatch, harness.AppDied, harness.OpTimeout) as error:
            # The other workloads still run and print: one stall of a shared machine costs one workload's rerun.
            print(f"floor_table: FAILED: {workload.name}: {error}", file=sys.stderr)
            failed.append(workload.name)
            if args.selftest:
                return 1
            continue
        results.append(result)
        if args.selftest or args.verbose:
            harness.log(f"floor_table: {workload.name}: {result['cells']} cells; " + "; ".join(
                f"{n} {s['p50_ms']:.2f} ms {s['bytes']} B" for n, s in result["apps"].items()))
    loads.append(os.getloadavg())
    if not results:
        return 1
    if args.selftest:
        print(f"floor_table: selftest ok ({', '.join(r['workload'] for r in results)}: every screen checked, "
              "the floor's against Termini's)")
        return 0
    if args.json:
        for result in results:
            print(json.dumps(result))
        print(json.dumps({"summary": True, "date": f"{started:%Y-%m-%d %H:%M} UTC", "machine": harness.machine(),
                          "loadavg": [[round(v, 2) for v in load] for load in loads], "runs": args.runs,
                          "warmup": args.warmup, "termini": args.termini, "target": args.target,
                          "ratios": {r["workload"]: round(r["apps"]["termini"]["p50_ms"]
                                                          / r["apps"]["floor"]["p50_ms"], 2) for r in results},
                          "failed": failed}))
        return 1 if failed else 0
    print_tables(args, results, started, loads)
    if failed:
        print(f"- FAILED, not in the tables: {', '.join(failed)} (reasons on stderr)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
