"""gunicorn's gthread worker (gunicorn.conf.py: worker_class), except that a request reaches a
thread only once it has fully arrived.

gthread hands a connection to a thread at its first byte, and the thread then waits for the rest
of the request with no time limit: a few clients sending a byte a second hold every thread, and
the server answers nobody (tests/test_slow_clients.py). Here the event loop that accepts the
connections also collects each request's head and body, which costs no thread; a request that has
not arrived in REQUEST_TIMEOUT is dropped."""

import errno
import re
import selectors
import time
from collections import deque
from functools import partial

from gunicorn.http2 import negotiation
from gunicorn.workers import gthread

# Seconds for a whole request (its head, and a body of up to BODY_LIMIT) to arrive: a phone on a
# poor connection sends a hand's few hundred bytes in far less.
REQUEST_TIMEOUT = 10
# Longer heads are handed on as they are, for gunicorn's parser to refuse (its limit_request_*).
HEAD_LIMIT = 64 * 1024
# A larger body (a table file imported by an owner) is read by its thread, each read waiting at
# most READ_TIMEOUT seconds.
BODY_LIMIT = 1024 * 1024
READ_TIMEOUT = 10
CONTENT_LENGTH = re.compile(rb"\ncontent-length:[ \t]*(\d+)", re.IGNORECASE)
EXPECT_CONTINUE = re.compile(rb"\nexpect:[ \t]*100-continue", re.IGNORECASE)


class ThreadWorker(gthread.ThreadWorker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.arriving = deque()  # connections whose request is arriving, the oldest first

    def accept(self, listener):
        try:
            client, address = listener.accept()
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = gthread.TConn(self.cfg, client, address, listener.getsockname())
        if self.cfg.is_ssl or negotiation.prior_knowledge_allowed(self.cfg, address):
            # TLS and HTTP/2 read their own handshake first: served as gthread serves them.
            self.enqueue_req(conn)
        else:
            self.await_request(conn)

    def on_client_socket_readable(self, conn, client):
        # A kept-alive connection's next request: collected like a new connection's.
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self.await_request(conn)

    def await_request(self, conn):
        conn.sock.setblocking(False)
        conn.received = bytearray()
        conn.timeout = time.monotonic() + REQUEST_TIMEOUT
        self.arriving.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_bytes, conn))

    def on_request_bytes(self, conn, client):
        try:
            data = client.recv(64 * 1024)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client left
            self.arriving.remove(conn)
            self.drop(conn)
            return
        conn.received += data
        if not has_arrived(conn.received):
            return
        self.poller.unregister(client)
        self.arriving.remove(conn)
        conn.init()  # the parser (once per connection), reading what arrived before the socket
        conn.parser.unreader.unread(bytes(conn.received))
        conn.data_ready = True
        self.enqueue_req(conn)

    def murder_pending(self):
        super().murder_pending()
        now = time.monotonic()
        while self.arriving and self.arriving[0].timeout <= now:
            self.drop(self.arriving.popleft())

    def drop(self, conn):
        self.poller.unregister(conn.sock)
        self.nr_conns -= 1
        conn.close()

    def handle_request(self, req, conn):
        # The head has arrived; what a thread still reads is a body too large to collect first.
        conn.sock.settimeout(READ_TIMEOUT)
        return super().handle_request(req, conn)


def has_arrived(received):
    """Whether `received` holds a whole request head and the body it announces (or more than is
    worth collecting before a thread takes over)."""
    head_end = received.find(b"\r\n\r\n")
    if head_end < 0:
        return len(received) > HEAD_LIMIT
    head = bytes(received[:head_end])
    length = CONTENT_LENGTH.search(head)
    # No body (or a chunked one, which Django does not read), or one that the client sends only
    # once the thread has answered "100 Continue".
    if length is None or EXPECT_CONTINUE.search(head):
        return True
    body = int(length.group(1))
    return body > BODY_LIMIT or len(received) >= head_end + 4 + body
