"""How long a group's season page takes for a big group (medians, one run).

    .venv/bin/python bench/group.py            # SQLite in a temporary folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardscore_bench .venv/bin/python bench/group.py

Seeds one group of TABLES finished 6-player Marriage tables of HANDS random hands each (some
players sitting hands out), then prints the median time to render the group page and to compute
its season alone (games.pages.roster.records), the page's query count, and the same for a group of
5 tables, to show how the page grows with the hands it reads (its queries do not: tested in
tests/test_groups.py). No hand is scored again: the page reads stored points and inputs.
"""

import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("CARDSCORE_DATA_DIR", tempfile.mkdtemp(prefix="cardscore-bench-"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardscore.settings")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402
from scoreboard import median_ms  # noqa: E402

from games.models import Group, Table  # noqa: E402
from games.pages import roster  # noqa: E402
from games.services import table_file  # noqa: E402

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa", "Esha", "Faris"]
TABLES, HANDS = 50, 200
RUNS = 10


def random_hand(rng):
    winner = rng.choice(PLAYERS)
    hand = {}
    for name in PLAYERS:
        status = "winner" if name == winner else rng.choice(["seen", "seen", "seen", "unseen", "out"])
        hand[name] = {"status": status} if status == "out" else {"status": status, "maal": rng.randint(0, 20)}
    return hand if sum(entry["status"] != "out" for entry in hand.values()) >= 2 else random_hand(rng)


def seeded_group(owner, name, tables, rng):
    group = Group.objects.create(owner=owner, name=name)
    for number in range(tables):
        document = {
            "format": table_file.FORMAT,
            "game": "marriage",
            "name": f"{name} {number + 1}",
            "players": PLAYERS,
            "rules": {"point_rate": 10, "currency": "NPR"},
            "hands": [{"inputs": random_hand(rng)} for _ in range(HANDS)],
        }
        table, _warnings = table_file.import_table(document, owner=owner)
        Table.objects.filter(pk=table.pk).update(group=group, finished=timezone.now())
    return group


def measure(client, group):
    url = f"/groups/{group.pk}/"
    assert client.get(url).status_code == 200
    queries = []
    with connection.execute_wrapper(lambda execute, sql, *args: queries.append(sql) or execute(sql, *args)):
        client.get(url)
    return {
        "page": median_ms(lambda: client.get(url), RUNS),
        "season": median_ms(lambda: roster.records(list(group.tables.all())), RUNS),
        "queries": len(queries),
    }


def main():
    call_command("migrate", verbosity=0)
    owner = get_user_model().objects.create_user("bench-owner")
    client = Client()
    client.force_login(owner)
    rng = random.Random(24)
    small, large = seeded_group(owner, "Small", 5, rng), seeded_group(owner, "Club", TABLES, rng)
    rows = [(5, measure(client, small)), (TABLES, measure(client, large))]
    print(f"database: {connection.vendor}; 6 players, {HANDS} hands a table; median of {RUNS} runs")
    print(f"{'tables':>8}{'hands':>8}{'page (ms)':>12}{'season (ms)':>13}{'queries':>9}")
    for tables, result in rows:
        print(f"{tables:>8}{tables * HANDS:>8}{result['page']:>12.1f}{result['season']:>13.1f}{result['queries']:>9}")


if __name__ == "__main__":
    main()
