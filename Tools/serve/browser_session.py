#!/usr/bin/env python3
"""Drives headless Chromium (Debian's `chromium`) on the `termini serve --http` page over the DevTools protocol,
through --remote-debugging-pipe (no WebSocket library needed), and reads the screen from xterm.js's buffer.

    browser_session.py URL STEP...

Steps, run in order (each `wait` polls for up to --timeout seconds and fails the run if it never holds):
    wait:TEXT          the screen (window.termini.screen()) contains TEXT
    state:TEXT         the page's state label is TEXT ("connected", "disconnected")
    title:TEXT         the page's title bar shows TEXT
    wider:N            the screen's longest line is longer than N characters (after a resize)
    type:TEXT          type TEXT into the terminal, one key event per character
    key:NAME           press Enter, Tab, Escape or Backspace, or Ctrl-C as "ctrl-c"
    resize:WxH         set the window's size in pixels (the page refits and sends a resize)
    screenshot:PATH    write a PNG of the page
    print              print the screen
Prints one JSON line per step; exits 1 at the first step that fails."""
import base64, json, os, shutil, subprocess, sys, tempfile, time

TIMEOUT = float(os.environ.get("BROWSER_TIMEOUT", "60"))
KEYS = {"enter": ("Enter", 13, "\r"), "tab": ("Tab", 9, "\t"), "escape": ("Escape", 27, "\x1b"),
        "backspace": ("Backspace", 8, "\x7f")}


class DevTools:
    def __init__(self, chromium):
        self.profile = tempfile.mkdtemp(prefix="termini-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        command = (f"exec {chromium} --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars "
                   f"--user-data-dir={self.profile} --window-size=1000,640 --remote-debugging-pipe about:blank "
                   f"3<&{to_browser_r} 4>&{from_browser_w} 2>/dev/null")
        self.process = subprocess.Popen(["/bin/sh", "-c", command], pass_fds=(to_browser_r, from_browser_w))
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def call(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_browser, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the DevTools pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def open(self, url):
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.call("Page.enable")
        self.call("Emulation.setFocusEmulationEnabled", {"enabled": True})
        self.call("Page.navigate", {"url": url})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result.get("result", {}).get("value")

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def poll(check):
    deadline = time.time() + TIMEOUT
    value = check()
    while not value and time.time() < deadline:
        time.sleep(0.1)
        value = check()
    return value


def main():
    url, steps = sys.argv[1], sys.argv[2:]
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("error: chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 2
    browser = DevTools(chromium)
    screen = lambda: browser.evaluate("window.termini ? termini.screen() : ''") or ""
    try:
        browser.open(url)
        for step in steps:
            kind, _, argument = step.partition(":")
            started = time.time()
            ok = True
            if kind == "wait":
                ok = bool(poll(lambda: argument in screen()))
            elif kind == "wider":
                ok = bool(poll(lambda: max(len(line) for line in (screen() or " ").split("\n")) > int(argument)))
            elif kind == "state":
                ok = bool(poll(lambda: browser.evaluate("window.termini ? termini.state() : ''") == argument))
            elif kind == "title":
                ok = bool(poll(lambda: browser.evaluate("document.getElementById('title').textContent") == argument))
            elif kind == "type":
                # One key at a time, as a person types: xterm.js 3 reads keydown and keypress, not input events.
                for char in argument:
                    press = {"key": char, "text": char, "unmodifiedText": char}
                    browser.call("Input.dispatchKeyEvent", dict(press, type="keyDown"))
                    browser.call("Input.dispatchKeyEvent", dict(press, type="keyUp", text=""))
            elif kind == "key":
                name = argument.lower()
                if name == "ctrl-c":
                    press = {"key": "c", "code": "KeyC", "windowsVirtualKeyCode": 67, "modifiers": 2}
                else:
                    key, code, text = KEYS[name]
                    press = {"key": key, "code": key, "windowsVirtualKeyCode": code, "text": text}
                browser.call("Input.dispatchKeyEvent", dict(press, type="keyDown"))
                browser.call("Input.dispatchKeyEvent", dict(press, type="keyUp", text=""))
            elif kind == "resize":
                width, height = (int(v) for v in argument.split("x"))
                browser.call("Emulation.setDeviceMetricsOverride",
                             {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
            elif kind == "screenshot":
                data = browser.call("Page.captureScreenshot", {"format": "png"})["data"]
                with open(argument, "wb") as out:
                    out.write(base64.b64decode(data))
            elif kind != "print":
                raise SystemExit(f"error: unknown step {step}")
            print(json.dumps({"step": step, "ok": ok, "ms": round((time.time() - started) * 1000),
                              "screen": screen()}), flush=True)
            if not ok:
                return 1
        return 0
    finally:
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
