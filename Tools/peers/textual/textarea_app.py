"""Textual peer for the TextArea typing benchmark (Tools/peers/textedit.py).

One TextArea over the whole screen holding --lines lines (default 10,000) of
"line 00042 the quick brown fox" (numbered from 0), focused, with the cursor at
the start of the middle line (line --lines // 2). The same text as Termini's
Tools/bench/textarea.

Written as an experienced Textual user would to make it fast, never slow, while
showing what Termini's TextArea shows: soft wrap on, as in Termini (Textual's
default; --no-soft-wrap turns it off, which shows the same screen here, since
every line fits in 120 columns, and made a key about 20 % slower, not faster, on
10,000 lines); no syntax highlighting (no language) and no line numbers; no
border, padding, scrollbars or cursor-line highlight, which Termini's area does
not draw either (less for Textual to paint); the cursor does not blink (a blink
would write bytes into the timed window); CPython's collector thresholds raised
as in bench_app.py unless --cpython-gc. q is typed text here, so the app quits
on Ctrl-Q (Textual's own).
"""

from __future__ import annotations

import argparse
import gc

from textual.app import App, ComposeResult
from textual.widgets import TextArea


def bench_text(count: int) -> str:
    return "\n".join(f"line {i:05d} the quick brown fox" for i in range(count))


class TextAreaBench(App):
    CSS = """
    Screen { overflow: hidden; }
    TextArea {
        width: 1fr;
        height: 1fr;
        border: none;
        padding: 0;
        scrollbar-size: 0 0;
    }
    TextArea:focus { border: none; }
    """

    def __init__(self, lines: int, soft_wrap: bool) -> None:
        super().__init__()
        self.lines = lines
        self.soft_wrap = soft_wrap

    def compose(self) -> ComposeResult:
        area = TextArea(bench_text(self.lines), soft_wrap=self.soft_wrap, highlight_cursor_line=False,
                        compact=True, id="area")
        area.cursor_blink = False
        yield area

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.focus()
        area.move_cursor((self.lines // 2, 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10000, help="lines of text (default 10000)")
    parser.add_argument("--no-soft-wrap", action="store_true",
                        help="turn soft wrapping off (on by default, as in Termini's TextArea; no line of the text "
                             "is wider than the screen, so the screen is the same)")
    parser.add_argument("--cpython-gc", action="store_true",
                        help="keep CPython's default GC thresholds (700, 10, 10) instead of the tuned (50000, 20, 100)")
    args = parser.parse_args()
    if args.lines < 1:
        parser.error("--lines must be at least 1")
    if not args.cpython_gc:
        gc.set_threshold(50000, 20, 100)
    TextAreaBench(args.lines, soft_wrap=not args.no_soft_wrap).run()


if __name__ == "__main__":
    main()
