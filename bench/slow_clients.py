"""/health/ latency while 8 connections each send their request one byte a second, as against a
server that faces the network itself (scripts/serve, docker run -p).

    .venv/bin/python bench/slow_clients.py
    GUNICORN_CMD_ARGS="--worker-class gthread" .venv/bin/python bench/slow_clients.py   # gunicorn's own

Starts gunicorn as deployed (gunicorn.conf.py, SQLite in a temporary data folder), lets the slow
clients connect, then asks for /health/ 10 times, a second apart, each on a new connection that
waits at most 10 s; prints the median and the slowest (a request that waited 10 s counts as 10 s).
Only 127.0.0.1 is ever contacted, and everything stops after about 15 s.
"""

import http.client
import socket
import statistics
import threading
import time

import server

SLOW_CLIENTS = 8
REQUESTS = 10
PATIENCE = 10


def drip(stop):
    """Each slow client sends one byte of an endless request head a second, connecting again
    whenever the server closes it."""
    request = b"GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10_000
    sockets, sent = [None] * SLOW_CLIENTS, [0] * SLOW_CLIENTS
    while not stop.is_set():
        for index in range(SLOW_CLIENTS):
            try:
                if sockets[index] is None:
                    sockets[index], sent[index] = socket.create_connection(("127.0.0.1", server.PORT), timeout=5), 0
                sockets[index].sendall(request[sent[index]:sent[index] + 1])
                sent[index] += 1
            except OSError:
                if sockets[index] is not None:
                    sockets[index].close()
                sockets[index] = None
        stop.wait(1)
    for sock in sockets:
        if sock is not None:
            sock.close()


def health_seconds():
    started = time.perf_counter()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.PORT, timeout=PATIENCE)
        connection.request("GET", "/health/")
        connection.getresponse().read()
        connection.close()
    except TimeoutError:
        return PATIENCE
    return time.perf_counter() - started


def main():
    server.manage("migrate", "--noinput")
    gunicorn = server.start()
    stop = threading.Event()
    dripping = threading.Thread(target=drip, args=(stop,))
    try:
        dripping.start()
        time.sleep(2)
        seconds = []
        for _ in range(REQUESTS):
            seconds.append(health_seconds())
            time.sleep(1)
    finally:
        stop.set()
        dripping.join()
        server.stop(gunicorn)
    print(f"{server.worker_model()} · {SLOW_CLIENTS} slow clients · /health/ median of {REQUESTS}: "
          f"{statistics.median(seconds) * 1000:.1f} ms, slowest {max(seconds) * 1000:.1f} ms "
          f"({sum(s >= PATIENCE for s in seconds)} waited {PATIENCE} s)")


if __name__ == "__main__":
    main()
