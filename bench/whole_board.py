"""The whole board of a table at the limits, asked for by a link holder: a Marriage table of 5,000
hands that 100 players came and went through (the security review's "worst" table), served by
gunicorn as deployed.

    .venv/bin/python bench/whole_board.py

Prints, for the viewer link's `?hands=all` (and the `&upto=` page of earlier hands it links to):
the first answer's time and size, the median of 5 more (cached per revision), the scorekeeper
link's (never cached whole); then four phones asking for it at once (each with a parameter of
its own, which the board ignores) while /health/ is asked every 250 ms, with the slowest /health/
answer. Only 127.0.0.1 is contacted.
"""

import concurrent.futures
import http.client
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import server

HANDS = 5000
PLAYERS = 100

WORST = f"""
import json
from games.services.table_file import import_table
from django.contrib.auth import get_user_model
from tests.fixtures import guests_evening
owner = get_user_model().objects.create_user("bench-owner")
document = guests_evening({PLAYERS})
seated = [f"Guest {{number}}" for number in range({PLAYERS} - 4, {PLAYERS})]  # the last four to sit down
for number in range(len(document["hands"]), {HANDS}):
    document["hands"].append({{"inputs": {{
        name: {{"status": "winner" if seat == number % 4 else "seen", "maal": (number + seat) % 17}}
        for seat, name in enumerate(seated)
    }}}})
table = import_table(document, owner=owner)[0]
print(json.dumps([table.keeper_token, table.viewer_token]))
"""


def get(path, timeout=120):
    """(seconds, bytes) of one GET on a new connection."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", server.PORT, timeout=timeout)
    connection.request("GET", path)
    size = len(connection.getresponse().read())
    connection.close()
    return time.perf_counter() - started, size


def report(name, path):
    first, size = get(path)
    again = statistics.median(get(path)[0] for _ in range(5))
    print(f"{name}: first {first * 1000:.0f} ms, {size / 1e6:.2f} MB; median of 5 after it {again * 1000:.0f} ms")


def four_at_once(name, path):
    slowest, stop = [0.0], threading.Event()

    def ask_health():
        while not stop.is_set():
            slowest[0] = max(slowest[0], get("/health/", timeout=60)[0])
            time.sleep(0.25)

    watcher = threading.Thread(target=ask_health)
    watcher.start()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        times = list(pool.map(lambda n: get(f"{path}&n={n}")[0], range(4)))
    stop.set()
    watcher.join()
    each = f"{min(times) * 1000:.0f}–{max(times) * 1000:.0f} ms each"
    print(f"{name}, 4 at once: {each}; /health/ slowest {slowest[0] * 1000:.0f} ms")


def main():
    server.manage("migrate", "--noinput")
    server.manage("collectstatic", "--noinput")
    keeper, viewer = server.django_output(WORST)
    gunicorn = server.start()
    try:
        print(f"{server.worker_model()} · {server.database()} · {HANDS} hands, {PLAYERS} players over its life")
        report("viewer ?hands=all", f"/t/{viewer}/?hands=all")
        report("viewer ?hands=all&upto=2500", f"/t/{viewer}/?hands=all&upto=2500")
        report("viewer ?x=1 (an unknown parameter)", f"/t/{viewer}/?x=1")
        report("keeper ?hands=all", f"/t/{keeper}/?hands=all")
        four_at_once("viewer ?hands=all", f"/t/{viewer}/?hands=all")
        four_at_once("keeper ?hands=all&upto=4000 (never cached whole)", f"/t/{keeper}/?hands=all&upto=4000")
    finally:
        server.stop(gunicorn)


if __name__ == "__main__":
    main()
