"""gunicorn's gthread worker (gunicorn.conf.py: worker_class), except that a request reaches a
thread only once it has fully arrived, body included.

gthread hands a connection to a thread at its first byte, and the thread then waits for the rest
of the request with no overall limit: a few clients sending a byte now and then hold every thread,
and the server answers nobody (tests/test_slow_clients.py). Here the event loop that accepts the
connections also collects each request's head and body, which costs no thread, and every request
has a deadline: REQUEST_TIMEOUT for its head and a form's body, more for a large body in
proportion to its size. A body larger than its path takes (cardscore/bodies.py) is refused before
any of it is read."""

import contextlib
import errno
import re
import selectors
import time
from functools import partial

from gunicorn.http2 import negotiation
from gunicorn.workers import gthread

from cardscore.bodies import SMALL_BODY, body_limit

# Seconds for a request's head and a body of up to SMALL_BODY to arrive: a phone on a poor
# connection sends a hand's few hundred bytes in far less.
REQUEST_TIMEOUT = 10
# A larger body (a photo) is given a second more for every SLOWEST_BODY bytes of it: 8 MB has
# REQUEST_TIMEOUT + 160 s. One arriving slower than that is dropped.
SLOWEST_BODY = 50 * 1024
# Large bodies are collected in memory (at most LARGE_BODY each): this many at once in a process,
# and a further one is answered 503 (a phone keeps its hand and sends it again).
LARGE_BODIES = 4
SEND_TIMEOUT = 10
# Longer heads are handed on as they are, for gunicorn's parser to refuse (its limit_request_*).
HEAD_LIMIT = 64 * 1024
REQUEST_LINE = re.compile(rb"[A-Z]+ ([^ ?#]*)")
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d+)[ \t]*(?=\r\n)", re.IGNORECASE)
TRANSFER_ENCODING = re.compile(rb"\r\ntransfer-encoding:", re.IGNORECASE)
EXPECT_CONTINUE = re.compile(rb"\r\nexpect:[ \t]*100-continue[ \t]*(?=\r\n)", re.IGNORECASE)

REFUSALS = {
    411: b"411 Length Required",  # a chunked body: Django reads only a body of known length
    413: b"413 Content Too Large",
    503: b"503 Service Unavailable\r\nRetry-After: 10",
}


class ThreadWorker(gthread.ThreadWorker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.arriving = set()  # connections whose request is arriving
        self.large_bodies = 0  # of them, those collecting a body larger than SMALL_BODY

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
        conn.arrived_at = None  # the length the whole request will have, once its head is in
        conn.large = False
        conn.timeout = time.monotonic() + REQUEST_TIMEOUT
        self.arriving.add(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_bytes, conn))

    def on_request_bytes(self, conn, client):
        try:
            data = client.recv(256 * 1024)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client left
            self.drop(conn)
            return
        conn.received += data
        if conn.arrived_at is None:
            head_end = conn.received.find(b"\r\n\r\n")
            if head_end < 0:
                if len(conn.received) > HEAD_LIMIT:
                    self.hand_on(conn)
                return
            refusal = self.admit(conn, head_end + 2)  # the head with its last line's end
            if refusal:
                self.refuse(conn, refusal)
                return
        if len(conn.received) >= conn.arrived_at:
            self.hand_on(conn)

    def admit(self, conn, head_length):
        """The head has arrived: the status to refuse the request with, or None to collect its
        body, until conn.arrived_at bytes have arrived."""
        head = bytes(conn.received[:head_length])
        if TRANSFER_ENCODING.search(head):
            return 411
        length = CONTENT_LENGTH.search(head)
        body = int(length.group(1)) if length else 0
        path = REQUEST_LINE.match(head)
        if body > body_limit(path.group(1).decode("latin-1") if path else ""):
            return 413
        if body > SMALL_BODY:
            if self.large_bodies >= LARGE_BODIES:
                return 503
            self.large_bodies += 1
            conn.large = True
            conn.timeout += body / SLOWEST_BODY
        if EXPECT_CONTINUE.search(head):
            # The body is collected here: the client is asked for it now, and the thread, which
            # reads it from what arrived, is not told to ask again.
            conn.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")
            without = EXPECT_CONTINUE.sub(b"", head)
            conn.received[:head_length] = without
            head_length = len(without)
        conn.arrived_at = head_length + 2 + body
        return None

    def hand_on(self, conn):
        self.stop_collecting(conn)
        conn.init()  # the parser (once per connection), reading what arrived before the socket
        conn.parser.unreader.unread(bytes(conn.received))
        conn.received = None
        conn.data_ready = True
        self.enqueue_req(conn)

    def refuse(self, conn, status):
        answer = b"HTTP/1.1 %s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n" % REFUSALS[status]
        with contextlib.suppress(OSError):  # the client left already
            conn.sock.send(answer)  # a few bytes into an empty socket buffer: never blocks
        self.drop(conn)

    def stop_collecting(self, conn):
        self.poller.unregister(conn.sock)
        self.arriving.discard(conn)
        if conn.large:
            conn.large = False
            self.large_bodies -= 1

    def handle_request(self, req, conn):
        # The request has arrived; what the thread still waits on is the client taking the answer
        # (a reader too slow for it, SEND_TIMEOUT seconds at a time, is dropped).
        conn.sock.settimeout(SEND_TIMEOUT)
        return super().handle_request(req, conn)

    def murder_pending(self):
        super().murder_pending()
        now = time.monotonic()
        for conn in [conn for conn in self.arriving if conn.timeout <= now]:
            self.drop(conn)

    def drop(self, conn):
        self.stop_collecting(conn)
        self.nr_conns -= 1
        conn.close()
