#!/usr/bin/env python3
"""A local HTTP server that streams numbered log lines over one chunked response, at a fixed rate.

Usage: log_server.py --rate 100000 --seconds 20 --sends FILE
Listens on 127.0.0.1 on a free port and prints the port on its first line of standard output. Every GET is answered
200 with `Transfer-Encoding: chunked`; the body is lines `<9-digit sequence number> <payload>\n`, numbered from 0,
written at `--rate` lines a second for `--seconds` seconds: every `--period-ms` (1 ms) the lines that are due go
out as one HTTP chunk. After each write the sequence number of its last line and the CLOCK_MONOTONIC time of the write (ns) are
recorded; when the response ends they are written to `--sends` as "<last seq> <ns>" lines, so a harness on the same
machine can tell when each line left (time.monotonic_ns is the same clock in every process). Exits after one
response, or after --seconds + 30 s whatever happens, so a harness that dies leaves nothing behind.
"""
import argparse
import os
import socket
import sys
import threading
import time

PAYLOAD = "streamed log line from the local benchmark server, quick brown fox"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=int, default=100_000, help="lines a second (default 100000)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the stream lasts (default 20)")
    parser.add_argument("--period-ms", type=float, default=1.0, help="time between writes (default 1 ms)")
    parser.add_argument("--sends", required=True, help="file for the '<last seq> <monotonic ns>' line of each write")
    args = parser.parse_args()

    # A harness that is killed cannot leave this process running.
    watchdog = threading.Timer(args.seconds + 30, lambda: os._exit(2))
    watchdog.daemon = True
    watchdog.start()

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    print(listener.getsockname()[1], flush=True)

    conn, _ = listener.accept()
    request = b""
    while b"\r\n\r\n" not in request:
        part = conn.recv(4096)
        if not part:
            return 1
        request += part
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\n"
                 b"Transfer-Encoding: chunked\r\nCache-Control: no-store\r\n\r\n")

    sends = []
    sent = 0
    start = time.monotonic_ns()
    end = start + int(args.seconds * 1e9)
    try:
        while True:
            now = time.monotonic_ns()
            if now >= end:
                break
            due = (now - start) * args.rate // 1_000_000_000
            if due > sent:
                body = "".join(f"{n:09d} {PAYLOAD}\n" for n in range(sent, due)).encode()
                conn.sendall(b"%x\r\n%s\r\n" % (len(body), body))
                sends.append((due - 1, time.monotonic_ns()))
                sent = due
            time.sleep(args.period_ms / 1000)
        conn.sendall(b"0\r\n\r\n")
    except OSError:
        pass  # the client went away (it was stopped); what was sent is recorded below
    finally:
        conn.close()
        with open(args.sends, "w") as file:
            file.write("".join(f"{seq} {ns}\n" for seq, ns in sends))
    return 0


if __name__ == "__main__":
    sys.exit(main())
