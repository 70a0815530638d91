"""How the table page and a hand post scale with the number of hands (medians, one run).

    .venv/bin/python bench/scoreboard.py            # SQLite in a temporary folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardscore_bench .venv/bin/python bench/scoreboard.py

Prints, for a 6-player Marriage table with 5 and with 500 hands: the median time to render the
scoreboard page (and, in Arabic, with its Western digits and with the language's own, which
games/plumbing/language.py writes after rendering), to record one more hand (read the table as a
hand post does, then lock it, validate the hand against the stored fold state, fold it and save
it), and to recompute the table from its inputs; and the 500/5 ratios. The page should stay near-flat: its queries are
constant (tested in tests/), it reads stored points and shows the latest hands. Recording a hand
should stay near-flat too (RECORD_GOAL): it never reads the earlier hands; only the chart's
series, one value per player per hand, read with the table and written back, grows with it.
"""

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("CARDSCORE_DATA_DIR", tempfile.mkdtemp(prefix="cardscore-bench-"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardscore.settings")

import django
from django.conf import settings

django.setup()
# Serve static files from the source folders, as the tests do: no collectstatic needed.
settings.STORAGES = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from games.models import Table  # noqa: E402
from games.services import recording, table_file, tables  # noqa: E402

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa", "Esha", "Faris"]
STATUSES = ["seen", "unseen", "out"]
RUNS = 30
RECORD_GOAL = 1.5  # recording a hand at 500 hands / at 5 hands


def random_hand(rng):
    winner = rng.choice(PLAYERS)
    return {
        name: {"status": "winner" if name == winner else rng.choice(STATUSES[:2]), "maal": rng.randint(0, 20)}
        for name in PLAYERS
    }


def seeded_table(hands, rng):
    document = {
        "format": table_file.FORMAT,
        "game": "marriage",
        "players": PLAYERS,
        "hands": [{"inputs": random_hand(rng)} for _ in range(hands)],
    }
    table, _warnings = table_file.import_table(document)
    return table


def median_ms(action, runs=RUNS):
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def measure(hands, rng):
    table = seeded_table(hands, rng)
    client = Client()
    url = f"/t/{table.viewer_token}/"
    assert client.get(url).status_code == 200
    page = median_ms(lambda: client.get(url))
    arabic = {}
    for digits in ("western", "native"):
        phone = Client()
        phone.cookies.load({"django_language": "ar", "cardscore_digits": digits})
        assert phone.get(url).status_code == 200
        arabic[digits] = median_ms(lambda: phone.get(url))
    recompute = median_ms(lambda: tables.recompute(Table.objects.get(pk=table.pk)))

    def post_hand():
        current = Table.objects.get(pk=table.pk)
        recording.record_hand(current, random_hand(rng), tables.next_hand_number(current))

    post = median_ms(post_hand)
    return {
        "page": page,
        "arabic": arabic["western"],
        "arabic_digits": arabic["native"],
        "post": post,
        "recompute": recompute,
    }


def main():
    call_command("migrate", verbosity=0)
    if not get_user_model().objects.exists():
        get_user_model().objects.create_user("bench-owner")
    rng = random.Random(24)
    small, large = measure(5, rng), measure(500, rng)
    print(f"database: {connection.vendor}; 6 players; median of {RUNS} runs")
    print(f"{'':24}{'5 hands':>12}{'500 hands':>12}{'ratio':>8}")
    for key, label in [
        ("page", "scoreboard page (ms)"),
        ("arabic", "  in Arabic (ms)"),
        ("arabic_digits", "  ... own digits (ms)"),
        ("post", "record a hand (ms)"),
        ("recompute", "recompute table (ms)"),
    ]:
        ratio = large[key] / small[key] if small[key] else float("nan")
        print(f"{label:24}{small[key]:>12.2f}{large[key]:>12.2f}{ratio:>8.2f}")
    ratio = large["post"] / small["post"]
    verdict = "met" if ratio <= RECORD_GOAL else "missed"
    print(f"recording a hand at 500 vs 5 hands: {ratio:.2f}x (goal <= {RECORD_GOAL}x: {verdict})")


if __name__ == "__main__":
    main()
