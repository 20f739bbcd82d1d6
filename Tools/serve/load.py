#!/usr/bin/env python3
"""Load on `termini serve` over loopback: N concurrent sessions of the todo sample, each tapping Space on a row's
checkbox 5 times a second, through Debian's OpenSSH client on a pty (--ssh) or a WebSocket client (--http).

    load.py --termini .build/debug/termini --transport ssh --sessions 1,10,50 [--seconds 20]

For each N it starts a fresh server with a store holding the todo sample, and prints one JSON line:
  connect_first_frame_ms  ssh (or WebSocket) start to the first screen that shows the app, median over the sessions
  key_to_screen_ms        p50 and p99 over every tap: the key written to the first byte of the app's answer
  rss_per_session_mb      the sessions' `termini run` children's resident memory, summed and divided by N
  server_rss_mb           the server process itself
  cpu_percent             CPU time of the server and its children during the tapping, over wall time (100 = a core)
The machine is shared; figures move with its load."""
import argparse, base64, fcntl, json, os, pty, re, select, shutil, signal, socket, statistics, struct, subprocess, sys, tempfile, termios, time

TICKS = os.sysconf("SC_CLK_TCK")


def proc_cpu(pid):
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except OSError:
        return 0.0


def proc_rss_kb(pid):
    try:
        match = re.search(r"VmRSS:\s+(\d+) kB", open(f"/proc/{pid}/status").read())
        return int(match.group(1)) if match else 0
    except OSError:
        return 0


def children(pid):
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


class Server:
    def __init__(self, termini, folder, transport, sessions):
        self.folder = folder
        store = os.path.join(folder, "store")
        if not os.path.exists(store):
            zip_path = os.path.join(folder, "todo.zip")
            root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            subprocess.run([termini, "pack", os.path.join(root, "Templates/todo"), "--out", zip_path], check=True, capture_output=True)
            subprocess.run([termini, "install", zip_path, "--store", store, "--dev"], check=True, capture_output=True)
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", os.path.join(folder, "key")], check=True)
            shutil.copy(os.path.join(folder, "key.pub"), os.path.join(folder, "authorized_keys"))
        self.key = os.path.join(folder, "key")
        listener = ["--ssh", "127.0.0.1:0", "--authorized-keys", os.path.join(folder, "authorized_keys")] if transport == "ssh" \
            else ["--http", "127.0.0.1:0"]
        self.log = open(os.path.join(folder, "serve.log"), "w")
        self.process = subprocess.Popen([termini, "serve", "--store", store, "--max-sessions", str(sessions + 5)] + listener,
                                        stdout=subprocess.PIPE, stderr=self.log, text=True)
        for line in self.process.stdout:
            if "listening on" in line:
                self.port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))
                self.token = (re.search(r"token=(\w+)", line) or [None, ""])[1]
                break

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            print("warning: the server did not end within 30 s of SIGTERM; killed", file=sys.stderr)
            self.process.kill()
            self.process.wait()
        self.log.close()


class SSHSession:
    """OpenSSH's client on a pty of its own, as a user's terminal would run it."""

    def __init__(self, server):
        self.started = time.monotonic()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # a new pty is 0x0
            os.execvp("ssh", ["ssh", "-tt", "-i", server.key, "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
                              "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-p", str(server.port), "todo@127.0.0.1"])
        self.seen = b""

    def send(self, data):
        os.write(self.fd, data)

    def read(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            return os.read(self.fd, 65536)
        except OSError:
            return b""

    def close(self):
        try:
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
        except OSError:
            pass


class WebSocketSession:
    """A minimal RFC 6455 client: what the page does, without a browser."""

    def __init__(self, server):
        self.started = time.monotonic()
        self.sock = socket.create_connection(("127.0.0.1", server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /session?token={server.token}&app=todo&cols=80&rows=24 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buffer = b""
        self.fd = self.sock.fileno()

    def send(self, data):
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(bytes([0x82, 0x80 | len(data)]) + mask + masked)

    def read(self, timeout):
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            return b""
        chunk = self.sock.recv(65536)
        if not chunk:
            return b""
        self.buffer += chunk
        payloads = b""
        while len(self.buffer) >= 2:
            length = self.buffer[1] & 0x7F
            offset = 2
            if length == 126:
                if len(self.buffer) < 4:
                    break
                length, offset = int.from_bytes(self.buffer[2:4], "big"), 4
            elif length == 127:
                if len(self.buffer) < 10:
                    break
                length, offset = int.from_bytes(self.buffer[2:10], "big"), 10
            if len(self.buffer) < offset + length:
                break
            if self.buffer[0] & 0x0F == 0x2:
                payloads += self.buffer[offset:offset + length]
            self.buffer = self.buffer[offset + length:]
        return payloads or b" "  # a text frame (title) still counts as an answer

    def close(self):
        self.sock.close()


def run(termini, transport, sessions, seconds, folder):
    server = Server(termini, folder, transport, sessions)
    opened = [(SSHSession if transport == "ssh" else WebSocketSession)(server) for _ in range(sessions)]
    first_frame = []
    for session in opened:
        deadline = time.monotonic() + 120
        seen = b""
        while b"Todo (" not in seen and time.monotonic() < deadline:
            seen += session.read(0.5)
        first_frame.append((time.monotonic() - session.started) * 1000)
        session.send(b"\t")  # focus the first row's checkbox
    time.sleep(1)
    for session in opened:
        while session.read(0.01):
            pass
    pids = [server.process.pid] + children(server.process.pid)
    cpu_before = sum(proc_cpu(p) for p in pids)
    start = time.monotonic()
    latencies = []
    next_tap = {id(s): start + i * (0.2 / sessions) for i, s in enumerate(opened)}
    waiting = {}
    while time.monotonic() - start < seconds:
        now = time.monotonic()
        for session in opened:
            if id(session) not in waiting and now >= next_tap[id(session)]:
                session.send(b" ")
                waiting[id(session)] = now
                next_tap[id(session)] += 0.2
        by_fd = {s.fd: s for s in opened}
        ready, _, _ = select.select(list(by_fd), [], [], 0.005)
        for fd in ready:
            session = by_fd[fd]
            if session.read(0) and id(session) in waiting:
                latencies.append((time.monotonic() - waiting.pop(id(session))) * 1000)
    wall = time.monotonic() - start
    pids = [server.process.pid] + children(server.process.pid)
    cpu = sum(proc_cpu(p) for p in pids) - cpu_before
    child_rss = [proc_rss_kb(p) for p in children(server.process.pid)]
    result = {
        "transport": transport, "sessions": sessions, "seconds": round(wall, 1), "taps": len(latencies),
        "connect_first_frame_ms": round(statistics.median(first_frame)),
        "key_to_screen_ms": {"p50": round(statistics.median(latencies), 1),
                             "p99": round(statistics.quantiles(latencies, n=100)[98], 1) if len(latencies) > 1 else None},
        "rss_per_session_mb": round(sum(child_rss) / 1024 / max(1, sessions), 1),
        "server_rss_mb": round(proc_rss_kb(server.process.pid) / 1024, 1),
        "cpu_percent": round(cpu / wall * 100),
    }
    for session in opened:
        session.close()
    server.stop()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--termini", default=".build/debug/termini")
    parser.add_argument("--transport", choices=["ssh", "http"], default="ssh")
    parser.add_argument("--sessions", default="1,10,50")
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="termini-serve-load-")
    try:
        for count in (int(n) for n in args.sessions.split(",")):
            print(json.dumps(run(os.path.abspath(args.termini), args.transport, count, args.seconds, folder)), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
