"""Textual peer for the log stream benchmark (Tools/peers/stream_bench.py).

One `Log` over the whole screen (max_lines=10,000, the scrollback of Termini's Log; auto_scroll on, so it follows),
fed from one chunked HTTP response (--url) read in the app's own asyncio loop: every read takes what the socket has
(up to 1 MiB), strips the chunk framing and writes the whole lines with one `Log.write_lines` call, so a busy loop
coalesces many chunks into one write, as Termini's per-frame chunks do; each write is followed by `refresh()`,
which Textual coalesces per frame and without which the full Log stops repainting (see `stream`). No border or scrollbars (Termini's Log
draws none either); CPython's collector thresholds raised as in bench_app.py. Quits on Ctrl-Q (Textual's own).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
from urllib.parse import urlsplit

from textual.app import App, ComposeResult
from textual.widgets import Log


class LogStream(App):
    CSS = """
    Screen { overflow: hidden; }
    Log { width: 1fr; height: 1fr; border: none; padding: 0; scrollbar-size: 0 0; }
    """

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url

    def compose(self) -> ComposeResult:
        yield Log(max_lines=10_000, auto_scroll=True)

    def on_mount(self) -> None:
        self.run_worker(self.stream(), exclusive=True)

    async def stream(self) -> None:
        log = self.query_one(Log)
        parts = urlsplit(self.url)
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port or 80)
        writer.write(f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n".encode())
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        buffer = b""
        rest = ""
        while True:
            data = await reader.read(1 << 20)
            if not data:
                break
            buffer += data
            body = []
            # Chunk framing: "<hex size>\r\n<bytes>\r\n"; an incomplete chunk waits in `buffer` for the next read.
            while True:
                end = buffer.find(b"\r\n")
                if end < 0:
                    break
                size = int(buffer[:end], 16)
                if size == 0 or len(buffer) < end + 2 + size + 2:
                    break
                body.append(buffer[end + 2:end + 2 + size])
                buffer = buffer[end + 2 + size + 2:]
            if body:
                lines = (rest + b"".join(body).decode()).split("\n")
                rest = lines.pop()
                if lines:
                    log.write_lines(lines)
                    # Once the Log is at max_lines, write_lines refreshes only rows past the end (their indices from
                    # before the pruning) and the scroll offset does not move, so without this the screen freezes.
                    log.refresh()
            # A read that finds data buffered returns without suspending: yield, or the screen is never refreshed.
            await asyncio.sleep(0)
        writer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="the chunked log stream, http://127.0.0.1:PORT/log")
    args = parser.parse_args()
    gc.set_threshold(50000, 20, 100)
    LogStream(args.url).run()


if __name__ == "__main__":
    main()
