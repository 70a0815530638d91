"""/health/ latency while 8 connections each send their request head one byte a second, and while
4 connections each send a hand's head at once and then its 2 MB body a byte a second, as against a
server that faces the network itself (scripts/serve, docker run -p).

    .venv/bin/python bench/slow_clients.py
    GUNICORN_CMD_ARGS="--worker-class gthread" .venv/bin/python bench/slow_clients.py   # gunicorn's own

Starts gunicorn as deployed (gunicorn.conf.py, SQLite in a temporary data folder, an owner so
that posts are read), lets the slow clients connect, then asks for /health/ 10 times, a second
apart, each on a new connection that waits at most 10 s; prints the median and the slowest (a
request that waited 10 s counts as 10 s), for each kind of slow client. Only 127.0.0.1 is ever
contacted, and everything stops after about 30 s.
"""

import http.client
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import server

from tests.attacks import LARGE_BODY, SLOW_CLIENTS, large_body_head, slow_clients

REQUESTS = 10
PATIENCE = 10


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


SCENARIOS = {
    f"{SLOW_CLIENTS} slow heads": {"count": SLOW_CLIENTS},
    "4 slow 2 MB bodies": {"count": 4, "head": large_body_head("/t/x/hands/"), "dribble": b"a" * LARGE_BODY},
}


def main():
    server.manage("migrate", "--noinput")
    server.django_output(server.SEEDING + "\nprint(1)")  # the owner
    gunicorn = server.start()
    try:
        for name, clients in SCENARIOS.items():
            with slow_clients(server.PORT, **clients):
                seconds = []
                for _ in range(REQUESTS):
                    seconds.append(health_seconds())
                    time.sleep(1)
            print(
                f"{server.worker_model()} · {name} · /health/ median of {REQUESTS}: "
                f"{statistics.median(seconds) * 1000:.1f} ms, slowest {max(seconds) * 1000:.1f} ms "
                f"({sum(s >= PATIENCE for s in seconds)} waited {PATIENCE} s)"
            )
    finally:
        server.stop(gunicorn)


if __name__ == "__main__":
    main()
