"""Textual's equivalent of the README's hello app, for Tools/peers/cold_start.py --textual.

A title, a line of text that counts presses, and a button that adds one: the first screen shows
"You pressed the button 0 times.", which the harness waits for as it does for Termini's.
"""
from textual.app import App, ComposeResult
from textual.widgets import Button, Header, Static


class HelloApp(App):
    """One counter and one button, as `termini new hello` makes."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.message(), id="count")
        yield Button("Press me", id="press")

    def message(self) -> str:
        return f"You pressed the button {self.count} times."

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.count += 1
        self.query_one("#count", Static).update(self.message())


if __name__ == "__main__":
    HelloApp().run()
