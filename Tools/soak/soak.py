#!/usr/bin/env python3
"""Soak test: runs the built `termini` in a real pty for a long time and checks that it neither leaks nor slows down.

The soak app (Tools/soak/app) makes 20 setData calls per second and a navigation round trip (navigateTo, then
navigateBack a second later) every 2 s by itself; this script resizes the terminal every 10 s, samples the
process's resident memory, and reads the frame timings termini writes (`termini run --timings FILE`).

It reports RSS over time and its slope after a warm-up (MB per hour, least squares), p50/p99/worst frame time
(a frame's build plus raster, as in the timings file) and the janky frames, and exits non-zero when the slope or
the p99 is over its threshold, the app stopped doing its work (too few round trips or frames), it reported a
script error, or termini died.

A short run cannot measure a slope of 1 MB/hour. In its first minutes the process is still warming up: the JIT
compiles the app's hot path about 40 s in, paging in 1.5 MB of JavaScriptCore's code (file-backed, not a leak), and
the anonymous memory breathes by about 1.5 MB with a period of about 30 s as JavaScriptCore and malloc collect and
give memory back; a least-squares slope over 90 s turns either into tens of MB per hour. So runs of 30 minutes or
more gate on the RSS slope (default 1 MB/hour), and shorter runs gate on the anonymous RSS slope with a loose limit
(default 100 MB/hour) that still fails a leak of about 60 KB per round trip or 1.4 KB per setData call (the soak
app made to keep each detail page's items and 1,000 strings measured +200 MB/hour); their RSS slope is reported, not
gated, unless --max-slope is given.

Exit codes: 0 within the thresholds, 1 a threshold or a check failed, 2 bad usage or termini could not start.
"""

from __future__ import annotations

import argparse
import datetime
import fcntl
import json
import math
import os
import pty
import re
import select
import signal
import struct
import sys
import tempfile
import termios
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_APP = os.path.join(ROOT, "Tools", "soak", "app")
DEFAULT_TERMINI = os.path.join(ROOT, ".build", "release", "termini")

LONG_RUN_SECONDS = 30 * 60
LONG_RUN_MAX_SLOPE = 1.0         # MB of RSS per hour, the target, for runs of LONG_RUN_SECONDS or more
SHORT_RUN_MAX_ANON_SLOPE = 100.0  # MB of anonymous RSS per hour, for shorter runs (see the docstring)
ROUND_TRIP_SECONDS = 2.0       # what the soak app does
SETDATA_PER_SECOND = 20
TRIP_LINE = re.compile(r"soak trip (\d+) ticks (\d+)")


def parse_duration(text: str) -> float:
    """'90s', '2m', '1h', '1h30m', '45' (seconds) -> seconds."""
    text = text.strip().lower()
    if re.fullmatch(r"\d+(\.\d+)?", text):
        return float(text)
    parts = re.findall(r"(\d+(?:\.\d+)?)([hms])", text)
    if not parts or "".join(n + u for n, u in parts) != text:
        raise argparse.ArgumentTypeError(f"not a duration: {text!r} (examples: 90s, 2m, 1h, 1h30m)")
    return sum(float(n) * {"h": 3600, "m": 60, "s": 1}[u] for n, u in parts)


def parse_size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)x(\d+)", text)
    if not match or int(match[1]) < 20 or int(match[2]) < 8:
        raise argparse.ArgumentTypeError(f"not a terminal size: {text!r} (COLSxROWS, at least 20x8)")
    return int(match[1]), int(match[2])


def format_duration(seconds: float) -> str:
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m{s:02d}s" if h else f"{m}m{s:02d}s"


def least_squares_slope(points: list[tuple[float, float]]) -> float:
    """Slope of y against x; nan with fewer than 3 points."""
    if len(points) < 3:
        return math.nan
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    sxx = sum((x - mean_x) ** 2 for x, _ in points)
    if sxx == 0:
        return math.nan
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / sxx


def percentile(sorted_values: list[float], percent: float) -> float:
    """The element at round((n - 1) * p / 100), as termini's FrameTimingSummary does."""
    if not sorted_values:
        return math.nan
    index = int(round((len(sorted_values) - 1) * percent / 100))
    return sorted_values[min(max(index, 0), len(sorted_values) - 1)]


def without_nan(value):
    """`value` with NaN numbers as None, so that the JSON report is standard JSON."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {key: without_nan(item) for key, item in value.items()}
    if isinstance(value, list):
        return [without_nan(item) for item in value]
    return value


def resident_megabytes(pid: int) -> tuple[float, float, float] | None:
    """(VmRSS, RssAnon, RssFile) of `pid` in MB (2^20 bytes), or None once it is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            text = status.read()
    except OSError:
        return None
    fields = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon", "RssFile"):
            fields[key] = int(value.split()[0]) / 1024
    if "VmRSS" not in fields:
        return None  # a zombie
    return fields["VmRSS"], fields.get("RssAnon", math.nan), fields.get("RssFile", math.nan)


class TimingsReader:
    """Reads the frames termini appends to its timings file, a whole line at a time."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.offset = 0
        self.partial = b""
        self.frame_ms: list[float] = []
        self.janky = 0
        self.bad_lines = 0

    def poll(self) -> None:
        try:
            with open(self.path, "rb") as file:
                file.seek(self.offset)
                data = file.read()
        except OSError:
            return
        self.offset += len(data)
        lines = (self.partial + data).split(b"\n")
        self.partial = lines.pop()
        for line in lines:
            if not line.strip():
                continue
            try:
                frame = json.loads(line)
                if "startup" in frame:  # the line that says where the start went, before the first page's frame
                    continue
                self.frame_ms.append(float(frame["build_ms"]) + float(frame["raster_ms"]))
                self.janky += 1 if frame["janky"] else 0
            except (ValueError, KeyError, TypeError):
                self.bad_lines += 1


class LogReader:
    """Reads termini's `--log` file: the soak app's round-trip lines, and any error, warning or stall."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.offset = 0
        self.trips = 0
        self.ticks = 0
        self.problems: list[str] = []
        self.errors = 0

    def poll(self) -> None:
        try:
            with open(self.path, "rb") as file:
                file.seek(self.offset)
                data = file.read()
        except OSError:
            return
        complete = data.rfind(b"\n") + 1
        self.offset += complete
        for line in data[:complete].decode("utf-8", "replace").splitlines():
            match = TRIP_LINE.search(line)
            if match:
                self.trips, self.ticks = int(match[1]), int(match[2])
            elif line.strip():
                if line.startswith("[error]"):
                    self.errors += 1
                if len(self.problems) < 20:
                    self.problems.append(line)


def set_window_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def start_termini(termini: str, app: str, timings: str, log: str, size: tuple[int, int],
                  extra: list[str]) -> tuple[int, int]:
    """Forks termini in a new pty of `size`; returns (pid, master fd)."""
    pid, master = pty.fork()
    if pid == 0:
        try:
            # A soak started as a background job (`cmd &` without job control) inherits SIGINT ignored, and termini
            # keeps an ignored signal ignored: the Ctrl-C that ends the soak must reach it as it would a user's.
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGQUIT, signal.SIG_DFL)
            set_window_size(0, *size)
            env = dict(os.environ, TERM="xterm-256color", LANG=os.environ.get("LANG", "C.UTF-8"))
            os.execve(termini, [termini, "run", app, "--timings", timings, "--log", log, *extra], env)
        except BaseException as error:  # noqa: BLE001 - the child must never return into the soak's loop
            os.write(2, f"soak: cannot start {termini}: {error}\n".encode())
        finally:
            os._exit(127)
    return pid, master


def stop_termini(pid: int, master: int) -> int | None:
    """Ctrl-C (termini's quit: it dies of SIGINT once the terminal is restored, so the timings file's last
    unflushed lines, a few frames, are lost), then SIGTERM, then SIGKILL; the exit status, None if it never ended."""
    for action, wait in ((lambda: os.write(master, b"\x03"), 10), (lambda: os.kill(pid, signal.SIGTERM), 5),
                         (lambda: os.kill(pid, signal.SIGKILL), 5)):
        try:
            action()
        except OSError:
            pass
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            drain(master, 0.1)
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return os.waitstatus_to_exitcode(status)
    return None


def drain(master: int, timeout: float, keep: bytearray | None = None) -> bool:
    """Reads whatever termini wrote (it blocks when nobody reads); False once the pty is closed."""
    try:
        ready, _, _ = select.select([master], [], [], timeout)
        if ready:
            data = os.read(master, 65536)
            if not data:
                return False
            if keep is not None:
                keep.extend(data)
                del keep[:-8192]
    except OSError:
        return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Runs termini with the soak app in a pty (20 setData/s, a navigation round trip every 2 s, a "
                    "resize every 10 s) and checks the RSS slope and the frame times.",
        epilog="Examples: Tools/soak/soak.py --duration 2m;  nohup Tools/soak/soak.py --duration 1h --json out.json &")
    parser.add_argument("--duration", type=parse_duration, default=parse_duration("2m"),
                        help="how long to run: 90s, 2m, 1h, 1h30m (default 2m)")
    parser.add_argument("--termini", default=DEFAULT_TERMINI,
                        help="the termini binary (default .build/release/termini)")
    parser.add_argument("--app", default=DEFAULT_APP, help="the app folder to run (default Tools/soak/app)")
    parser.add_argument("--warmup", type=parse_duration, default=None,
                        help="RSS samples before this are left out of the slope (default: a quarter of the run, "
                             "at most 10m)")
    parser.add_argument("--sample-every", type=parse_duration, default=None,
                        help="RSS sampling interval (default 1s up to 10 minutes, then 5s)")
    parser.add_argument("--max-slope", type=float, default=None,
                        help=f"fail at an RSS slope at or above this many MB/hour (default {LONG_RUN_MAX_SLOPE:g} "
                             f"for runs of {LONG_RUN_SECONDS // 60} minutes or more; shorter runs: not gated)")
    parser.add_argument("--max-anon-slope", type=float, default=None,
                        help="fail at an anonymous-RSS slope at or above this many MB/hour (default "
                             f"{SHORT_RUN_MAX_ANON_SLOPE:g} for runs shorter than {LONG_RUN_SECONDS // 60} minutes, "
                             "whose RSS slope is dominated by warm-up; longer runs: not gated)")
    parser.add_argument("--max-p99", type=float, default=16.7,
                        help="fail at a p99 frame time (build + raster) at or above this many ms (default 16.7)")
    parser.add_argument("--size", type=parse_size, default=(100, 30), help="terminal size, COLSxROWS (default 100x30)")
    parser.add_argument("--resize-every", type=parse_duration, default=10.0,
                        help="resize the terminal this often (default 10s); it alternates with a smaller size")
    parser.add_argument("--progress-every", type=parse_duration, default=None,
                        help="print a progress line this often (default: every minute, every 15s for runs under 5m)")
    parser.add_argument("--keep", metavar="DIR", default=None,
                        help="write the timings file, the console log and rss.csv into DIR and keep them")
    parser.add_argument("--json", metavar="FILE", default=None, help="also write the report as JSON to FILE")
    parser.add_argument("termini_args", nargs="*", metavar="-- ARGS",
                        help="further arguments for `termini run` (after --)")
    args = parser.parse_args()

    duration = args.duration
    if duration < 20:
        parser.error("--duration must be at least 20s (the slope needs samples after the warm-up)")
    if not os.access(args.termini, os.X_OK):
        print(f"soak: {args.termini} is not an executable; build it with "
              "`swift build -c release --static-swift-stdlib --product termini` (and `--product termini-tools`, "
              "which it hands project folders to) or pass --termini", file=sys.stderr)
        return 2
    if not os.path.isfile(os.path.join(args.app, "app.json")):
        print(f"soak: {args.app} has no app.json", file=sys.stderr)
        return 2
    warmup = args.warmup if args.warmup is not None else min(duration / 4, 600)
    if warmup >= duration * 0.9:
        parser.error("--warmup must leave at least a tenth of the run for the slope")
    sample_every = args.sample_every or (1.0 if duration <= 600 else 5.0)
    long_run = duration >= LONG_RUN_SECONDS
    max_slope = args.max_slope if args.max_slope is not None else (LONG_RUN_MAX_SLOPE if long_run else None)
    max_anon_slope = args.max_anon_slope if args.max_anon_slope is not None else (
        None if long_run else SHORT_RUN_MAX_ANON_SLOPE)
    progress_every = args.progress_every or (15.0 if duration < 300 else 60.0)

    folder = args.keep or tempfile.mkdtemp(prefix="termini-soak-")
    os.makedirs(folder, exist_ok=True)
    timings_path = os.path.join(folder, "timings.jsonl")
    log_path = os.path.join(folder, "console.log")
    for path in (timings_path, log_path):
        if os.path.exists(path):
            os.remove(path)
    size, other_size = args.size, (max(20, args.size[0] * 4 // 5), max(8, args.size[1] * 4 // 5))

    started_at = datetime.datetime.now(datetime.timezone.utc)
    print(f"soak: {args.termini} run {os.path.relpath(args.app, ROOT)} for {format_duration(duration)} "
          f"at {size[0]}x{size[1]} (resized to {other_size[0]}x{other_size[1]} and back every "
          f"{args.resize_every:g}s), warm-up {format_duration(warmup)}, RSS every {sample_every:g}s; "
          f"started {started_at:%Y-%m-%d %H:%M UTC}", flush=True)

    pid, master = start_termini(args.termini, args.app, timings_path, log_path, size, args.termini_args)
    timings, log = TimingsReader(timings_path), LogReader(log_path)
    samples: list[tuple[float, float, float, float]] = []  # (seconds, rss, anon, file)
    screen_tail = bytearray()
    start = time.monotonic()
    next_sample = start
    next_resize = start + args.resize_every
    next_progress = start + progress_every
    resizes = 0
    died = None
    while True:
        now = time.monotonic()
        if now - start >= duration:
            break
        if not drain(master, min(0.05, max(0.0, next_sample - now)), screen_tail):
            died = "its terminal closed"
            break
        now = time.monotonic()
        if now >= next_sample:
            reading = resident_megabytes(pid)
            if reading is None:
                died = "the process is gone"
                break
            samples.append((now - start, *reading))
            next_sample += sample_every
        if now >= next_resize:
            resizes += 1
            set_window_size(master, *(other_size if resizes % 2 else size))
            next_resize += args.resize_every
        if now >= next_progress:
            timings.poll()
            log.poll()
            frames = sorted(timings.frame_ms)
            elapsed = now - start
            rss = samples[-1][1] if samples else math.nan
            print(f"soak: {format_duration(elapsed)}  RSS {rss:.1f} MB (anon {samples[-1][2]:.1f})  "
                  f"trips {log.trips}  setData {log.ticks}  frames {len(frames)}  p99 {percentile(frames, 99):.2f} ms  "
                  f"worst {frames[-1] if frames else math.nan:.2f} ms  janky {timings.janky}", flush=True)
            next_progress += progress_every
    elapsed = time.monotonic() - start

    status = stop_termini(pid, master) if died is None else None
    if died is not None:
        try:
            _, raw = os.waitpid(pid, 0)
            status = os.waitstatus_to_exitcode(raw)
        except ChildProcessError:
            pass
    os.close(master)
    timings.poll()
    log.poll()

    # The report.
    frames = sorted(timings.frame_ms)
    slope_points = [(t / 3600, rss) for t, rss, _, _ in samples if t >= warmup]
    slope = least_squares_slope(slope_points)
    anon_slope = least_squares_slope([(t / 3600, anon) for t, _, anon, _ in samples if t >= warmup])
    file_slope = least_squares_slope([(t / 3600, file) for t, _, _, file in samples if t >= warmup])
    expected_trips = int(elapsed / ROUND_TRIP_SECONDS)
    report = {
        "command": " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]),
        "started": started_at.strftime("%Y-%m-%d %H:%M UTC"),
        "seconds": round(elapsed, 1),
        "termini_exit": status,
        "warmup_seconds": warmup,
        "rss_mb": {"first": samples[0][1] if samples else None,
                   "after_warmup": slope_points[0][1] if slope_points else None,
                   "last": samples[-1][1] if samples else None,
                   "max": max((s[1] for s in samples), default=None)},
        "rss_slope_mb_per_hour": slope, "anon_slope_mb_per_hour": anon_slope, "file_slope_mb_per_hour": file_slope,
        "max_slope_mb_per_hour": max_slope, "max_anon_slope_mb_per_hour": max_anon_slope,
        "frames": len(frames), "janky_frames": timings.janky,
        "frame_ms": {"p50": percentile(frames, 50), "p99": percentile(frames, 99),
                     "worst": frames[-1] if frames else None},
        "max_p99_ms": args.max_p99,
        "round_trips": log.trips, "expected_round_trips": expected_trips, "setdata_calls": log.ticks,
        "resizes": resizes, "console_problems": log.problems,
    }
    failures = []
    if died is not None:
        failures.append(f"termini stopped after {format_duration(elapsed)}: {died} (exit status {status}); "
                        f"its last output: {bytes(screen_tail[-400:])!r}")
    elif status not in (0, -signal.SIGINT, None):
        # Ctrl-C quits termini by SIGINT once the terminal is restored; anything else is a crash or a hang.
        failures.append(f"termini exited with status {status} when asked to quit")
    elif status is None:
        failures.append("termini did not quit on Ctrl-C, SIGTERM or SIGKILL")
    if max_slope is not None and not math.isnan(slope) and slope >= max_slope:
        failures.append(f"RSS slope {slope:.2f} MB/hour is not under {max_slope:g}")
    if max_anon_slope is not None and not math.isnan(anon_slope) and anon_slope >= max_anon_slope:
        failures.append(f"anonymous RSS slope {anon_slope:.2f} MB/hour is not under {max_anon_slope:g}")
    if math.isnan(slope):
        failures.append("too few RSS samples after the warm-up for a slope")
    if frames and percentile(frames, 99) >= args.max_p99:
        failures.append(f"p99 frame time {percentile(frames, 99):.2f} ms is not under {args.max_p99:g}")
    if log.trips < expected_trips * 0.8:
        failures.append(f"only {log.trips} navigation round trips of the {expected_trips} the app makes in "
                        f"{format_duration(elapsed)}: it stalled or its navigation failed")
    # Every setData changes the screen, so a frame per setData (a few coalesce under load).
    if len(frames) < elapsed * SETDATA_PER_SECOND * 0.5:
        failures.append(f"only {len(frames)} frames in {format_duration(elapsed)} for {SETDATA_PER_SECOND} setData/s")
    if log.errors:
        failures.append(f"the app reported {log.errors} script errors, the first: {log.problems[0]}")
    if timings.bad_lines:
        failures.append(f"{timings.bad_lines} lines of the timings file could not be read")
    report["failures"] = failures

    every = max(1, len(samples) // 12)
    curve = ", ".join(f"{format_duration(t)} {rss:.1f}" for t, rss, _, _ in samples[::every])
    print(f"soak: RSS over time (MB): {curve}")
    print(f"soak: RSS {report['rss_mb']['first']:.1f} MB at start, {report['rss_mb']['after_warmup']:.1f} after the "
          f"warm-up, {report['rss_mb']['last']:.1f} at the end (max {report['rss_mb']['max']:.1f})"
          if samples and slope_points else "soak: no RSS samples")
    print(f"soak: RSS slope after the warm-up {slope:+.2f} MB/hour (anonymous {anon_slope:+.2f}, file-backed "
          f"{file_slope:+.2f}); limits: RSS {'none' if max_slope is None else f'{max_slope:g}'}, anonymous "
          f"{'none' if max_anon_slope is None else f'{max_anon_slope:g}'}")
    print(f"soak: frames {len(frames)}, frame time (build + raster) p50 {percentile(frames, 50):.3f} ms, "
          f"p99 {percentile(frames, 99):.3f} ms, worst {frames[-1] if frames else math.nan:.3f} ms "
          f"(limit p99 {args.max_p99:g}); janky frames {timings.janky}")
    print(f"soak: {log.trips} navigation round trips (expected about {expected_trips}), {log.ticks} setData calls, "
          f"{resizes} resizes, {len(log.problems)} console warnings or errors")
    for line in log.problems[:5]:
        print(f"soak:   {line}")
    if args.keep:
        with open(os.path.join(folder, "rss.csv"), "w") as csv:
            csv.write("seconds,rss_mb,anon_mb,file_mb\n")
            csv.writelines(f"{t:.1f},{r:.2f},{a:.2f},{f:.2f}\n" for t, r, a, f in samples)
        print(f"soak: timings, console log and rss.csv kept in {folder}")
    else:
        for path in (timings_path, log_path):
            if os.path.exists(path):
                os.remove(path)
        os.rmdir(folder)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(without_nan(report), out, indent=2)
            out.write("\n")
    for failure in failures:
        print(f"soak: FAIL {failure}", file=sys.stderr)
    print("soak: " + ("FAILED" if failures else "passed"), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
