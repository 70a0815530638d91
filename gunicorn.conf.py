"""How gunicorn serves CardScore: read from the working folder by scripts/serve, the Dockerfile
and bench/, so what is measured is what is deployed. WEB_CONCURRENCY and GUNICORN_THREADS
override the two numbers."""

import errno
import gc
import socket

from cardscore import env

try:
    # One process per core this server may use (cardscore/env.py: workers). A second thread in
    # each lets a post waiting for the database not hold up the phones polling the board. More
    # threads, or two processes per core, measured slower in bench/http_load.py: they queue for
    # the cores.
    workers = env.workers()
    threads = env.threads()
except env.EnvError as error:
    raise SystemExit(f"CardScore settings: {error}") from None
# gthread's threads, which get a request only once it has arrived: clients that send theirs a byte
# at a time then hold no thread (cardscore/worker.py).
worker_class = "cardscore.worker.ThreadWorker"
# Each process listens on a socket of its own and the kernel deals new connections out between
# them. On one shared socket, the first process to wake took every connection that arrived
# at once and kept them (keep-alive) while the other core idled: bench/http_load.py measured
# anywhere from one to three times the throughput, depending on how the connections fell.
reuse_port = True
# The access log keeps table links' secret tokens out (cardscore/logs.py).
logger_class = "cardscore.logs.GunicornLogger"
# gunicorn's control socket (for gunicornc) has one path per user, so a second server on the
# machine would take it over from the first; nothing here uses it.
control_socket_disable = True


def on_starting(server):
    server.log.error_log.addFilter(names_an_address)
    # With reuse_port, a second server started on the same port would quietly share the phones
    # with the first one, even with another database: it stops here instead. So does a server
    # whose address is not this machine's, whose workers would otherwise retry it forever.
    for address in server.cfg.address:
        if isinstance(address, tuple):
            family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
            try:
                socket.create_server(address, family=family).close()
            except OSError as error:
                if error.errno == errno.EADDRINUSE:
                    raise SystemExit(f"Port {address[1]} is already in use: is CardScore already running?") from None
                raise SystemExit(f"Cannot listen at {url(address)}: {error.strerror or error}") from None


def names_an_address(record):
    # With reuse_port the master process holds no socket, so gunicorn's own "Listening at:" line
    # would name none: it is left out, and when_ready says where the workers listen.
    return not (record.msg == "Listening at: %s (%s)" and not record.args[0])


def when_ready(server):
    server.log.info(
        "Listening at: %s (%s), each worker on its own socket", ", ".join(map(url, server.cfg.address)), server.pid
    )


def url(address):
    if isinstance(address, tuple):
        host = f"[{address[0]}]" if ":" in address[0] else address[0]
        return f"http://{host}:{address[1]}"
    return f"unix:{address}"


def post_worker_init(worker):
    # Django's own objects live as long as the process: kept out of the garbage collector's
    # way, its full passes stop pausing requests for milliseconds.
    gc.collect()
    gc.freeze()
