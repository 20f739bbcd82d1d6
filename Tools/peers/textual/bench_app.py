"""Textual peer for Termini's keyed-list benchmark (docs/BENCH-PROTOCOL.md).

Two variants, chosen with --variant:
  widgets    one Static per row inside a VerticalScroll, keyed by row id, so an
             operation touches only the widgets whose row changed;
  datatable  one DataTable whose row keys are the row ids.

Both are written the way an experienced Textual user would make them fast: every
operation runs inside App.batch_update() so it produces one frame, rows have a
fixed height so content updates skip layout, markup parsing is off, and the
DataTable has one fixed-width column so it never re-measures.
"""

from __future__ import annotations

import argparse
import gc

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

ADJECTIVES = (
    "pretty large big small tall short long handsome plain quaint clean elegant easy angry crazy "
    "helpful mushy odd unsightly adorable important inexpensive cheap expensive fancy"
).split()
COLOURS = "red yellow blue green pink brown purple orange black white".split()
NOUNS = "table chair house bbq desk car pony cookie sandwich burger pizza mouse keyboard".split()

MASK = 0xFFFFFFFF


class Mulberry32:
    """The protocol's seeded generator; 32-bit wrap-around mirrors JavaScript's Math.imul."""

    def __init__(self, seed: int) -> None:
        self.a = seed & MASK

    def next(self) -> float:
        self.a = (self.a + 0x6D2B79F5) & MASK
        t = self.a
        t = ((t ^ (t >> 15)) * (t | 1)) & MASK
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & MASK)) & MASK
        return ((t ^ (t >> 14)) & MASK) / 4294967296

    def below(self, n: int) -> int:
        return int(self.next() * n)


class RowStore:
    """The list's data: ids never reused, labels from krausest's generator."""

    def __init__(self) -> None:
        self.rng = Mulberry32(42)
        self.next_id = 1
        self.rows: list[list] = []  # [id, label], mutable so updates are in place
        self.selected: int | None = None  # a row id, like krausest's `selected`

    def build(self, count: int) -> list[list]:
        below = self.rng.below
        out = []
        for _ in range(count):
            label = f"{ADJECTIVES[below(len(ADJECTIVES))]} {COLOURS[below(len(COLOURS))]} {NOUNS[below(len(NOUNS))]}"
            out.append([self.next_id, label])
            self.next_id += 1
        return out


def row_text(row: list) -> str:
    return f"{row[0]:>6} {row[1]}"


class BenchBase(App):
    """Shared key bindings and header; subclasses implement the nine operations."""

    BENCH_NAME = "textual bench"
    BINDINGS = [
        Binding("1", "create(1000)", show=False),
        Binding("2", "replace_all", show=False),
        Binding("3", "update_every_10th", show=False),
        Binding("4", "select(1)", show=False),
        Binding("5", "swap(1, 998)", show=False),
        Binding("6", "remove(1)", show=False),
        Binding("7", "create(10000)", show=False),
        Binding("8", "append(1000)", show=False),
        Binding("9", "clear", show=False),
        Binding("q", "quit", show=False),
    ]
    CSS = """
    Screen { overflow: hidden hidden; }
    #header { height: 1; width: 1fr; }
    """

    def __init__(self, fault: bool = False) -> None:
        super().__init__()
        # --fault: op 3 leaves row index 10 stale on screen, so the harness's check can be seen to fail.
        self.fault = fault
        self.store = RowStore()
        self.header = Static(self.header_text(), id="header", markup=False)

    def header_text(self) -> str:
        return f"{self.BENCH_NAME}  rows: {len(self.store.rows)}"

    def refresh_header(self) -> None:
        self.header.update(self.header_text(), layout=False)

    async def action_replace_all(self) -> None:
        done = self.action_create(1000)
        if done is not None:  # the widgets variant's create is async (it awaits mounting)
            await done


class WidgetsBench(BenchBase):
    """One Static per row, looked up by id in a dict (no DOM queries on the hot path)."""

    BENCH_NAME = "textual-widgets bench"
    CSS = BenchBase.CSS + """
    #list { height: 1fr; scrollbar-size: 0 0; }
    #list > Static { height: 1; width: 1fr; }
    #list > Static.-selected { text-style: reverse; }
    """

    def __init__(self, fault: bool = False) -> None:
        super().__init__(fault)
        self.list = VerticalScroll(id="list")
        self.widgets: dict[int, Static] = {}

    def compose(self) -> ComposeResult:
        yield self.header
        yield self.list

    def make_row(self, row: list) -> Static:
        widget = Static(row_text(row), id=f"r{row[0]}", markup=False)
        self.widgets[row[0]] = widget
        return widget

    async def action_create(self, count: int) -> None:
        rows = self.store.build(count)
        with self.batch_update():
            await self.list.remove_children()
            self.widgets.clear()
            self.store.rows = rows
            await self.list.mount_all([self.make_row(r) for r in rows])
            self.refresh_header()

    async def action_append(self, count: int) -> None:
        rows = self.store.build(count)
        with self.batch_update():
            self.store.rows.extend(rows)
            await self.list.mount_all([self.make_row(r) for r in rows])
            self.refresh_header()

    def action_update_every_10th(self) -> None:
        with self.batch_update():
            for index in range(0, len(self.store.rows), 10):
                row = self.store.rows[index]
                row[1] += " !!!"
                if self.fault and index == 10:
                    continue
                # Fixed height 1: a content change never needs a layout pass.
                self.widgets[row[0]].update(row_text(row), layout=False)

    def action_select(self, index: int) -> None:
        rows = self.store.rows
        if index >= len(rows):
            return
        with self.batch_update():
            old = self.widgets.get(self.store.selected) if self.store.selected is not None else None
            if old is not None:
                old.remove_class("-selected")
            self.store.selected = rows[index][0]
            self.widgets[rows[index][0]].add_class("-selected")

    def action_swap(self, i: int, j: int) -> None:
        rows = self.store.rows
        if j >= len(rows):
            return
        a, b = self.widgets[rows[i][0]], self.widgets[rows[j][0]]
        with self.batch_update():
            # Two moves: b takes a's place, then a takes b's old place (b's old successor, or the end).
            after_b = self.widgets[rows[j + 1][0]] if j + 1 < len(rows) else None
            self.list.move_child(b, before=a)
            if after_b is not None:
                self.list.move_child(a, before=after_b)
            else:
                self.list.move_child(a, after=len(rows) - 1)
            rows[i], rows[j] = rows[j], rows[i]

    async def action_remove(self, index: int) -> None:
        rows = self.store.rows
        if index >= len(rows):
            return
        row = rows.pop(index)
        with self.batch_update():
            await self.widgets.pop(row[0]).remove()
            self.refresh_header()

    async def action_clear(self) -> None:
        with self.batch_update():
            self.store.rows = []
            self.widgets.clear()
            await self.list.remove_children()
            self.refresh_header()


class DataTableBench(BenchBase):
    """A DataTable with one fixed-width column; row keys are the row ids.

    The big-list keys of Termini's bench app work here too (biglist.py): `a` appends 10,000 rows, and Down,
    PageDown and Home scroll the view by a line, by a page and back to the top (the cursor stays hidden), as a
    Termini ListView scrolls.
    """

    BENCH_NAME = "textual-datatable bench"
    BINDINGS = BenchBase.BINDINGS + [
        Binding("a", "append(10000)", show=False),
        Binding("down", "scroll_rows(1)", show=False, priority=True),
        Binding("pagedown", "scroll_page", show=False, priority=True),
        Binding("home", "scroll_top", show=False, priority=True),
    ]
    CSS = BenchBase.CSS + """
    #table { height: 1fr; scrollbar-size: 0 0; background: $background; }
    #table > .datatable--cursor { text-style: reverse; background: $background; color: $foreground; }
    """

    def __init__(self, fault: bool = False) -> None:
        super().__init__(fault)
        self.table: DataTable = DataTable(
            id="table", show_header=False, cursor_type="row", show_cursor=False,
            cell_padding=0, zebra_stripes=False,
        )
        self.column = None

    def compose(self) -> ComposeResult:
        yield self.header
        yield self.table

    def on_mount(self) -> None:
        # Fixed width: the table never measures cell contents on create or update.
        self.column = self.table.add_column("row", width=self.size.width, key="row")

    def add_rows(self, rows: list[list]) -> None:
        add_row = self.table.add_row
        for row in rows:
            add_row(row_text(row), key=str(row[0]))

    def sync_cursor(self) -> None:
        """Show the cursor on the selected row only while that row id is in the table."""
        selected = self.store.selected
        table = self.table
        if selected is not None and str(selected) in table.rows:
            table.move_cursor(row=table.get_row_index(str(selected)), animate=False, scroll=False)
            table.show_cursor = True
        else:
            table.show_cursor = False

    def action_create(self, count: int) -> None:
        rows = self.store.build(count)
        with self.batch_update():
            self.table.clear()
            self.store.rows = rows
            self.add_rows(rows)
            self.sync_cursor()
            self.refresh_header()

    def action_append(self, count: int) -> None:
        rows = self.store.build(count)
        with self.batch_update():
            self.store.rows.extend(rows)
            self.add_rows(rows)
            self.refresh_header()

    def action_update_every_10th(self) -> None:
        with self.batch_update():
            update_cell = self.table.update_cell
            for index in range(0, len(self.store.rows), 10):
                row = self.store.rows[index]
                row[1] += " !!!"
                if self.fault and index == 10:
                    continue
                update_cell(str(row[0]), "row", row_text(row))

    def action_select(self, index: int) -> None:
        rows = self.store.rows
        if index >= len(rows):
            return
        with self.batch_update():
            self.store.selected = rows[index][0]
            self.sync_cursor()

    def action_swap(self, i: int, j: int) -> None:
        rows = self.store.rows
        if j >= len(rows):
            return
        rows[i], rows[j] = rows[j], rows[i]
        # DataTable has no move-row API; sort() with the new positions is the public,
        # keyed way to reorder (row keys stay with their rows).
        position = {row[0]: n for n, row in enumerate(rows)}
        with self.batch_update():
            self.table.sort("row", key=lambda text: position[int(text[:6])])
            self.sync_cursor()

    def action_remove(self, index: int) -> None:
        rows = self.store.rows
        if index >= len(rows):
            return
        row = rows.pop(index)
        with self.batch_update():
            self.table.remove_row(str(row[0]))
            self.sync_cursor()
            self.refresh_header()

    def action_clear(self) -> None:
        with self.batch_update():
            self.store.rows = []
            self.table.clear()
            self.sync_cursor()
            self.refresh_header()

    def action_scroll_rows(self, lines: int) -> None:
        self.table.scroll_relative(y=lines, animate=False, immediate=True)

    def action_scroll_page(self) -> None:
        self.table.scroll_relative(y=self.table.size.height, animate=False, immediate=True)

    def action_scroll_top(self) -> None:
        self.table.scroll_home(animate=False, immediate=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=("widgets", "datatable"), required=True)
    parser.add_argument("--fault", action="store_true",
                        help="deliberately leave one updated row stale (to check that the harness notices)")
    parser.add_argument("--cpython-gc", action="store_true",
                        help="keep CPython's default GC thresholds (700, 10, 10) instead of the tuned (50000, 20, 100)")
    args = parser.parse_args()
    if not args.cpython_gc:
        # With CPython's defaults the collector runs every few hundred allocations and takes about
        # half of the widgets variant's create time; raising the thresholds is the usual fix an
        # expert applies, and it makes this peer 2-3x faster on the create/append operations.
        gc.set_threshold(50000, 20, 100)
    app = (WidgetsBench if args.variant == "widgets" else DataTableBench)(args.fault)
    app.run()


if __name__ == "__main__":
    main()
