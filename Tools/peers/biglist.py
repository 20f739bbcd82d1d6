"""Big lists side by side: append 10,000 rows and scroll at growing lengths, in the same pty harness.

The list grows by untimed appends of 10,000 rows (key `a`); the last `--append-runs` appends that bring it to each
length are timed (their median is the length's figure: one append alone may meet a garbage collection), then scrolling by one line (Down) and one page (PageDown), back to the top (Home) untimed in between. Every screen
is checked against the harness's model: the header's row count and every visible row at the scrolled offset.

    PY=Tools/peers/.venv/bin/python
    $PY Tools/peers/biglist.py --sizes 10000,100000 --runs 5 \\
        --cmd "termini=.build/release/termini run Tools/bench/app" \\
        --cmd "textual-datatable=$PY Tools/peers/textual/bench_app.py --variant datatable"
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time

import harness

# The keys as xterm sends them in keypad-transmit mode (terminfo kcud1, knp, khome), which ncurses turns on.
DOWN, PAGE_DOWN, HOME = "\x1bOB", "\x1b[6~", "\x1bOH"


class ScrollModel(harness.Model):
    """The harness's model plus appends of 10,000 rows and a scroll offset."""

    def __init__(self, page: int) -> None:
        super().__init__()
        self.offset = 0
        self.page = page

    def apply(self, key: str) -> None:
        if key == "a":
            self.rows.extend(self._build(10000))
        elif key == DOWN:
            self.offset += 1
        elif key == PAGE_DOWN:
            self.offset += self.page
        elif key == HOME:
            self.offset = 0
        else:
            super().apply(key)
        self.offset = max(0, min(self.offset, len(self.rows) - self.page))


class ScrolledApp(harness.PtyApp):
    """Checks the rows from the model's offset."""

    def check(self) -> str | None:
        display = self.screen.display
        found = harness.HEADER_COUNT.search(display[0])
        if found is None or int(found.group(1)) != len(self.model.rows):
            return f"header row: expected 'rows: {len(self.model.rows)}', actual {display[0].rstrip()!r}"
        for y in range(1, self.rows):
            index = self.model.offset + y - 1
            actual = display[y][:self.cols - self.ignore_right].rstrip()
            expected = harness.expected_line(self.model.rows[index]) if index < len(self.model.rows) else ""
            if actual != expected:
                return f"screen row {y} (list index {index}): expected {expected!r}, actual {actual!r}"
        return None


def measure(name: str, cmd: str, sizes: list[int], runs: int, args) -> dict[str, list[float]]:
    # The last column is left out of the check: a focused list draws its scroll position there.
    app = ScrolledApp(name, cmd, args.cols, args.rows, args.quiet_ms / 1000, 10.0, 0.3, 1)
    app.model = ScrollModel(page=args.rows - 1)
    results: dict[str, list[float]] = {}
    try:
        app.start(args.timeout)
        for size in sizes:
            while len(app.model.rows) + 10000 * args.append_runs < size:
                app.press("a", args.timeout, timed=False)
            while len(app.model.rows) < size:
                ms, _, _ = app.press("a", args.timeout, timed=True)
                results.setdefault(f"append_10k@{size}", []).append(ms)
            app.drain(args.timeout)
            for _ in range(runs):
                line, _, _ = app.press(DOWN, args.timeout, timed=True)
                page, _, _ = app.press(PAGE_DOWN, args.timeout, timed=True)
                app.press(HOME, args.timeout, timed=False)
                results.setdefault(f"scroll_1_line@{size}", []).append(line)
                results.setdefault(f"scroll_1_page@{size}", []).append(page)
            print(f"{name}: {size} rows done", file=sys.stderr)
    finally:
        app.close()
    return results


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cmd", action="append", required=True, help="name=command, the first is the reference")
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--runs", type=int, default=5, help="scroll runs per size")
    parser.add_argument("--append-runs", type=int, default=5,
                        help="appends timed before each size (the last ones that bring the list there)")
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--quiet-ms", type=float, default=150.0)
    args = parser.parse_args(argv)
    args.cols, args.rows = (int(x) for x in args.size.split("x"))
    sizes = [int(s) for s in args.sizes.split(",")]
    started = datetime.datetime.now(datetime.timezone.utc)
    measured = []
    for spec in args.cmd:
        name, _, cmd = spec.partition("=")
        measured.append((name, measure(name, cmd, sizes, args.runs, args)))
    ops = list(measured[0][1].keys())
    names = [m[0] for m in measured]
    print(f"Big lists, {started:%Y-%m-%d %H:%M} UTC, pty {args.size}; median ms from the key to the frame's last byte "
          f"(the last {args.append_runs} appends to each length, scrolls {args.runs} runs); every screen checked")
    print("| operation | " + " | ".join(names) + " | " + " | ".join(f"{n} / {names[0]}" for n in names[1:]) + " |")
    print("|---|" + "---:|" * (2 * len(names) - 1))
    for op in ops:
        medians = [statistics.median(m[1][op]) for m in measured]
        ratios = [f"{v / medians[0]:.1f}×" for v in medians[1:]]
        print(f"| {op} | " + " | ".join(f"{v:.2f}" for v in medians) + " | " + " | ".join(ratios) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
