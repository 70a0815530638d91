"""What a hostile client does, shared by the tests and bench/ (no Django here: a benchmark runs it
beside a server in its own process)."""

import socket
import threading
import time
from contextlib import contextmanager

SLOW_CLIENTS = 8  # twice the threads of two processes with two threads each


# A request head that never ends, sent a byte a second.
ENDLESS_HEAD = b"GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10_000
LARGE_BODY = 2_000_000  # a photo's size


def large_body_head(path):
    """The head of a post to `path` announcing a 2 MB body, which Django reads whole: with a CSRF
    cookie, the CSRF check reads the body for the form's token."""
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        f"Cookie: csrftoken={'a' * 32}\r\nContent-Length: {LARGE_BODY}\r\n\r\n"
    ).encode()


@contextmanager
def slow_clients(port, count=SLOW_CLIENTS, head=b"", dribble=ENDLESS_HEAD):
    """`count` connections each sending `head` at once and then one byte of `dribble` a second,
    connecting again whenever the server closes one; only to 127.0.0.1, and stopped when the block
    ends."""
    stop = threading.Event()

    def drip():
        sockets = [None] * count
        sent = [0] * count
        while not stop.is_set():
            for index in range(count):
                try:
                    if sockets[index] is None:
                        sockets[index] = socket.create_connection(("127.0.0.1", port), timeout=5)
                        sockets[index].sendall(head)
                        sent[index] = 0
                    sockets[index].sendall(dribble[sent[index] : sent[index] + 1])
                    sent[index] += 1
                except OSError:
                    if sockets[index] is not None:
                        sockets[index].close()
                    sockets[index] = None
            stop.wait(1)
        for sock in sockets:
            if sock is not None:
                sock.close()

    dripping = threading.Thread(target=drip)
    dripping.start()
    try:
        time.sleep(2)  # every slow client connected and sending
        yield
    finally:
        stop.set()
        dripping.join(timeout=30)
