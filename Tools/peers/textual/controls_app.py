"""The Textual peer of Termini's Tools/bench/controls, for Tools/peers/floor_table.py: one focused control per page.

  --page switch   a Switch labelled "Notifications"; Space toggles it, `on_switch_changed` keeps the value
  --page tap      a Button "Tap me" above "tapped N times"; Enter presses it and the handler updates that Label
  --page field    an Input (placeholder "type here", width 100); each typed character is kept by `on_input_changed`

Textual's own widgets with their default look, as a Textual user writes them; four settings make them do what
Termini's do and no more: the Switch does not animate its slider (`animate=False`: Textual's slides for 0.3 s, a
frame every 1/60 s; Termini's switch flips in one frame), the Button's press effect is off (`active_effect_duration = 0`: Termini's Button does not
flash, and Textual's repaints the button again 0.2 s later), the Input's cursor does not blink (a blink repaints
twice a second; Termini's field shows the terminal's own cursor), and CPython's collector is tuned as in
bench_app.py unless --cpython-gc. Ctrl-Q (or Ctrl-C) quits.
"""

from __future__ import annotations

import argparse
import gc

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input, Label, Switch


class ControlsApp(App):
    CSS = """
    Horizontal { height: auto; }
    #notify-label { padding: 1 1; }
    #field { width: 100; }
    """

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.on = False
        self.taps = 0
        self.draft = ""

    def compose(self) -> ComposeResult:
        if self.page == "switch":
            with Horizontal():
                yield Switch(value=False, animate=False, id="notify")
                yield Label("Notifications", id="notify-label")
        elif self.page == "tap":
            button = Button("Tap me", id="tap")
            button.active_effect_duration = 0
            yield button
            yield Label(self.tapped(), id="taps")
        else:
            field = Input(placeholder="type here", id="field")
            field.cursor_blink = False
            yield field

    def on_mount(self) -> None:
        self.query_one({"switch": "#notify", "tap": "#tap"}.get(self.page, "#field")).focus()

    def tapped(self) -> str:
        return f"tapped {self.taps} times"

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.on = event.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.taps += 1
        self.query_one("#taps", Label).update(self.tapped())

    def on_input_changed(self, event: Input.Changed) -> None:
        self.draft = event.value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", choices=("switch", "tap", "field"), required=True)
    parser.add_argument("--cpython-gc", action="store_true", help="keep CPython's default collector thresholds")
    args = parser.parse_args()
    if not args.cpython_gc:
        gc.set_threshold(50000, 20, 100)
    ControlsApp(args.page).run()


if __name__ == "__main__":
    main()
