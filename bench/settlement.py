"""Who pays whom at a table that a season of guests came and went through (medians, one run).

    .venv/bin/python bench/settlement.py            # SQLite in a temporary folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardscore_bench .venv/bin/python bench/settlement.py

Prints:
- scoring.settle.explain on 60 players with non-zero totals (the table below's totals, and 60
  random ones with no two cancelling out), and on EXACT_LIMIT such players, the most the exact
  search takes on (goal: 60 players under 50 ms);
- over HTTP, gunicorn as deployed: the viewer page of a Marriage table that 60 players came and
  went through, as a phone opening it sees it (a new revision each time, so not served from the
  cache of whole viewer pages; goal: under 100 ms), and as the next phone sees it (cached);
- another table's viewer page alone, then while 10 phones poll the big table's live board every
  2 s with an old revision (so each poll renders the board): the ratio should stay near 1.
"""

import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import server  # noqa: E402
from scoreboard import median_ms  # noqa: E402

from scoring import settle  # noqa: E402

RUNS = 10
GUESTS = 60
POLLERS = 10
POLL_SECONDS = 2
SETTLE_GOAL_MS, PAGE_GOAL_MS = 50, 100


def apart(count, rng):
    """`count` balances adding up to 0, no two of which cancel out."""
    amounts = set()
    while len(amounts) < count - 1:
        amount = rng.randint(1, 5000) * rng.choice((1, -1))
        if -amount not in amounts:
            amounts.add(amount)
    amounts = sorted(amounts)
    amounts.append(-sum(amounts))
    return {f"P{index}": amount for index, amount in enumerate(amounts)}


def seed():
    """A Marriage table 60 guests came and went through, and a small one; their tokens and revisions."""
    return server.django_output(f"""
import json
from django.contrib.auth import get_user_model
from games.services import table_file
from tests.fixtures import guests_evening
if not get_user_model().objects.exists():  # a server without an owner leads every page to /setup/
    get_user_model().objects.create_user("bench-owner")
big, _ = table_file.import_table(guests_evening({GUESTS}))
small, _ = table_file.import_table(guests_evening(4, name="Next table"))
print(json.dumps({{"big": [big.keeper_token, big.viewer_token, big.revision, big.totals],
                  "small": [small.viewer_token]}}))
""")


def main():
    rng = random.Random(60)
    server.manage("migrate", "--noinput")
    server.manage("collectstatic", "--noinput")
    tables = seed()
    keeper, viewer, revision, totals = tables["big"]
    (other,) = tables["small"]
    cases = [
        (f"the {GUESTS}-guest table's totals", totals),
        (f"{GUESTS} random, none cancelling", apart(GUESTS, rng)),
        (f"{settle.EXACT_LIMIT} random, none cancelling (exact search)", apart(settle.EXACT_LIMIT, rng)),
    ]
    print(f"scoring.settle.explain, median of {RUNS} (goal: {GUESTS} players under {SETTLE_GOAL_MS} ms)")
    for name, balances in cases:
        worked_out = settle.explain(balances)
        print(
            f"  {name}: {median_ms(lambda: settle.explain(balances), RUNS):.2f} ms, "
            f"{sum(len(group['transfers']) for group in worked_out.groups)} transfers, fewest: {worked_out.fewest}"
        )

    gunicorn = server.start()
    try:
        phone = server.Client()

        def new_revision():
            # A note on hand 1 by the scorekeeper: the table's revision moves on, its totals do not.
            scorekeeper = server.Client()
            scorekeeper.request("GET", f"/t/{keeper}/")
            token = scorekeeper.cookies["csrftoken"]
            scorekeeper.request(
                "POST",
                f"/t/{keeper}/hand/1/note/",
                f"csrfmiddlewaretoken={token}&note=n{time.monotonic_ns()}",
                {"Content-Type": "application/x-www-form-urlencoded", "Referer": "http://127.0.0.1/"},
            )

        def first_view():
            new_revision()
            start = time.perf_counter()
            status, _body = phone.request("GET", f"/t/{viewer}/")
            assert status == 200, status
            return (time.perf_counter() - start) * 1000

        first = statistics.median(first_view() for _ in range(RUNS))
        cached = median_ms(lambda: phone.request("GET", f"/t/{viewer}/"), RUNS)
        print(f"\nHTTP ({server.database()}, {server.worker_model()}), median of {RUNS}")
        print(f"  viewer page of the {GUESTS}-guest table, new revision: {first:.1f} ms (goal < {PAGE_GOAL_MS})")
        print(f"  viewer page of the {GUESTS}-guest table, cached: {cached:.1f} ms")
        alone = median_ms(lambda: phone.request("GET", f"/t/{other}/"), RUNS * 3)
        stop = threading.Event()

        def poll():
            # As a phone does: every 2 s; an old revision, so that each poll renders the board.
            client = server.Client()
            while not stop.wait(POLL_SECONDS):
                client.request("GET", f"/t/{viewer}/live/?revision={revision}")

        pollers = [threading.Thread(target=poll) for _ in range(POLLERS)]
        for thread in pollers:
            thread.start()
        time.sleep(1)
        busy = median_ms(lambda: phone.request("GET", f"/t/{other}/"), RUNS * 3)
        stop.set()
        for thread in pollers:
            thread.join()
        print(
            f"  another table's viewer page: alone {alone:.1f} ms, while {POLLERS} phones poll the big table "
            f"{busy:.1f} ms ({busy / alone:.2f}×)"
        )
    finally:
        server.stop(gunicorn)


if __name__ == "__main__":
    main()
