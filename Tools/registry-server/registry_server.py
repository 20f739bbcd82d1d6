#!/usr/bin/env python3
"""A static HTTP server for registry tests and local development, with the faults a real network has.

It serves the files under --root like any static server (strong ETags, If-None-Match -> 304), logs one line per
request to --log ("GET /index.json 304"), prints "listening <port>" on stdout once it accepts connections, and exits
by itself after --lifetime seconds so that a failed test never leaves it running.

Faults are read from the JSON file --faults on every request, so a test can change them while the server runs:
  {"/apps/todo/1.1.0.zip": {"mode": "cut"}}               send the full Content-Length, half the bytes, then close
  {"/index.json": {"mode": "hang"}}                        accept and answer nothing (client timeouts)
  {"/index.json": {"mode": "slow", "seconds": 2}}          answer after a delay
  {"/apps/x/1.0.0.zip": {"mode": "trickle", "seconds": 5}} send the file spread over that many seconds
  {"/apps/x/1.0.0.zip": {"mode": "stall"}}                 send the full Content-Length, half the bytes, then nothing
  {"/apps/x/1.0.0.zip": {"mode": "endless"}}               stream bytes forever, no Content-Length
  {"/apps/x/1.0.0.zip": {"mode": "huge"}}                  announce 10 GB, then stream
  {"/index.json": {"mode": "redirect", "location": "http://localhost:PORT/index.json"}}
  {"/apps/x/1.0.0.zip": {"mode": "status", "status": 404}}
  {"/apps/x/1.0.0.zip": {"mode": "replace", "file": "/path/to/other.zip"}}   serve another file's bytes
"""
import argparse
import hashlib
import http.server
import json
import os
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--log")
    parser.add_argument("--faults")
    parser.add_argument("--lifetime", type=float, default=120)
    args = parser.parse_args()
    root = os.path.realpath(args.root)
    log_lock = threading.Lock()

    def faults():
        if not args.faults or not os.path.exists(args.faults):
            return {}
        try:
            with open(args.faults) as f:
                return json.load(f)
        except (OSError, ValueError):
            return {}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *a):
            pass

        def record(self, status):
            if args.log:
                with log_lock, open(args.log, "a") as f:
                    f.write("%s %s %s\n" % (self.command, self.path, status))

        def send_plain(self, status, text, extra=()):
            body = text.encode()
            self.send_response(status)
            for name, value in extra:
                self.send_header(name, value)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            self.record(status)

        def do_GET(self):
            path = self.path.split("?", 1)[0]
            fault = faults().get(path, {})
            mode = fault.get("mode")
            if mode == "hang":
                self.record("hang")
                time.sleep(args.lifetime)
                return
            if mode == "slow":
                time.sleep(float(fault.get("seconds", 2)))
            if mode == "redirect":
                self.send_plain(int(fault.get("status", 302)), "moved", [("Location", fault["location"])])
                return
            if mode == "status":
                self.send_plain(int(fault["status"]), "fault")
                return
            if mode == "endless" or mode == "huge":
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                if mode == "huge":
                    self.send_header("Content-Length", str(10 << 30))
                else:
                    self.send_header("Connection", "close")
                self.end_headers()
                self.record(mode)
                chunk = b"x" * 65536
                try:
                    for _ in range(1 << 20):
                        self.wfile.write(chunk)
                except OSError:
                    pass
                self.close_connection = True
                return
            if mode == "replace":
                file = fault["file"]
            else:
                file = os.path.realpath(os.path.join(root, path.lstrip("/")))
                if not (file == root or file.startswith(root + os.sep)) or not os.path.isfile(file):
                    self.send_plain(404, "not found")
                    return
            with open(file, "rb") as f:
                data = f.read()
            etag = '"%s"' % hashlib.sha256(data).hexdigest()[:32]
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                self.record(304)
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/json" if file.endswith(".json") else "application/octet-stream")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("ETag", etag)
            self.end_headers()
            if mode == "cut":
                self.wfile.write(data[: len(data) // 2])
                self.wfile.flush()
                self.record("cut")
                self.close_connection = True
                return
            if mode == "stall":
                self.wfile.write(data[: len(data) // 2])
                self.wfile.flush()
                self.record("stall")
                time.sleep(args.lifetime)
                return
            if mode == "trickle":
                steps = 50
                step = max(1, len(data) // steps + 1)
                try:
                    for i in range(0, len(data), step):
                        self.wfile.write(data[i:i + step])
                        self.wfile.flush()
                        time.sleep(float(fault.get("seconds", 5)) / steps)
                except OSError:
                    return
                self.record("trickle")
                return
            self.wfile.write(data)
            self.record(200)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    threading.Timer(args.lifetime, lambda: os._exit(0)).start()
    print("listening %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
