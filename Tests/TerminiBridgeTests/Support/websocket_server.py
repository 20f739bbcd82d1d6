"""A WebSocket server on 127.0.0.1 for the socket tests, on Python's standard library only.

Listens on the port given as its one argument, else on a free one, and prints its port on the first line of standard output, then one line per event the tests wait for
("close <code> <reason>" when a client's close frame arrives, "hangup <path>" when a client goes without one).
Paths: /echo echoes text and binary messages and answers a close frame with the same code; /drop closes the TCP
connection after the first message without a close frame; /huge sends one binary message of ?bytes=N bytes;
/protocol answers with the client's first Sec-WebSocket-Protocol as a text message. It stops after 600 seconds.
"""
import base64
import hashlib
import socket
import struct
import sys
import threading
import time

MAGIC = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def read_exact(conn, n):
    data = b""
    while len(data) < n:
        chunk = conn.recv(n - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def read_frame(conn):
    b0, b1 = read_exact(conn, 2)
    opcode = b0 & 0x0F
    length = b1 & 0x7F
    if length == 126:
        length = struct.unpack(">H", read_exact(conn, 2))[0]
    elif length == 127:
        length = struct.unpack(">Q", read_exact(conn, 8))[0]
    mask = read_exact(conn, 4) if b1 & 0x80 else b"\0\0\0\0"
    payload = bytearray(read_exact(conn, length))
    for i in range(length):
        payload[i] ^= mask[i % 4]
    return b0 & 0x80, opcode, bytes(payload)


def send_frame(conn, opcode, payload):
    head = bytes([0x80 | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([n])
    elif n < 65536:
        head += bytes([126]) + struct.pack(">H", n)
    else:
        head += bytes([127]) + struct.pack(">Q", n)
    conn.sendall(head + payload)


def handle(conn):
    request = b""
    while b"\r\n\r\n" not in request:
        chunk = conn.recv(4096)
        if not chunk:
            return
        request += chunk
    lines = request.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    target = lines[0].split(" ")[1]
    path, _, query = target.partition("?")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    accept = base64.b64encode(hashlib.sha1(headers.get("sec-websocket-key", "").encode() + MAGIC).digest()).decode()
    answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    answer += "Sec-WebSocket-Accept: " + accept + "\r\n"
    protocols = [p.strip() for p in headers.get("sec-websocket-protocol", "").split(",") if p.strip()]
    if protocols:
        answer += "Sec-WebSocket-Protocol: " + protocols[0] + "\r\n"
    conn.sendall((answer + "\r\n").encode())
    if path == "/huge":
        size = int(query.partition("=")[2] or "0")
        send_frame(conn, 0x2, b"x" * size)
    if path == "/protocol":
        send_frame(conn, 0x1, (protocols[0] if protocols else "").encode())
    while True:
        try:
            _, opcode, payload = read_frame(conn)
        except (ConnectionError, OSError):
            say("hangup " + path)
            return
        if opcode == 0x8:
            code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else 1005
            say("close %d %s" % (code, payload[2:].decode("utf-8", "replace")))
            send_frame(conn, 0x8, payload[:2])
            return
        if opcode == 0x9:
            send_frame(conn, 0xA, payload)
            continue
        if path == "/drop":
            conn.shutdown(socket.SHUT_RDWR)
            return
        if opcode in (0x1, 0x2):
            send_frame(conn, opcode, payload)


def main():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0))
    server.listen(16)
    say(str(server.getsockname()[1]))
    deadline = time.time() + 600
    server.settimeout(1)
    while time.time() < deadline:
        try:
            conn, _ = server.accept()
        except socket.timeout:
            continue
        def serve(c=conn):
            try:
                handle(c)
            finally:
                c.close()
        threading.Thread(target=serve, daemon=True).start()


if __name__ == "__main__":
    main()
