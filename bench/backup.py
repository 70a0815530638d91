"""How long the server's backup and its restore take at 200 tables of 500 hands (100,000 hands, a
history row each) and 50 photos: manage.py backup, then manage.py restore into an empty database,
each timed as the command the owner runs (median of 3), on SQLite and, when it answers, PostgreSQL.

    .venv/bin/python bench/backup.py
    BENCH_POSTGRES=postgres://postgres@127.0.0.1:5432 .venv/bin/python bench/backup.py   # the default

The tables are three kinds, in turn: 6-player Marriage (bench/scoreboard.py's hands), Marriage with
players sitting hands out (bench/group.py's) and the score sheet of any other game. Twenty are
imported through the table file, each with its points computed by its engine; the other 180 are
copies of them under new ids and links, made with bulk inserts (importing all 200 would take
minutes and measure the import, not the backup). Prints the seconds, the backup's size, the
database's and the photos'. Goal: each under 30 s.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
TABLES, HANDS, TEMPLATES, PHOTOS = 200, 500, 20, 50
RUNS = 3
GOAL_SECONDS = 30
POSTGRES = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")


# --- seeding, run in a process of its own with the database's settings (--seed) ---------------------


def sheet_hand(rng, players):
    """A hand of the score sheet: a number of points per player (Hearts, say)."""
    return {name: {"points": rng.randint(0, 26)} for name in players}


def template_tables(rng, owner):
    """TEMPLATES tables of HANDS hands imported through the table file: their points computed."""
    import group
    import scoreboard

    from games.services import table_file

    kinds = [
        ("marriage", scoreboard.PLAYERS, {}, scoreboard.random_hand),
        ("marriage", group.PLAYERS, {"point_rate": 10, "currency": "NPR"}, group.random_hand),
        ("scoresheet", scoreboard.PLAYERS[:4], {"title": "Hearts", "lowest_wins": True}, None),
    ]
    templates = []
    for number in range(TEMPLATES):
        game, players, rules, hand = kinds[number % len(kinds)]
        hands = [hand(rng) if hand else sheet_hand(rng, players) for _ in range(HANDS)]
        document = {
            "format": table_file.FORMAT,
            "game": game,
            "name": f"Evening {number + 1}",
            "players": players,
            "rules": rules,
            "hands": [{"inputs": inputs} for inputs in hands],
        }
        templates.append(table_file.import_table(document, owner=owner)[0])
    return templates


def copies(templates):
    """The tables up to TABLES: each a copy of a template under a new id and new links, with its
    hands; then a history row per hand of every table, as entering them one by one leaves."""
    from games.models import Hand, HandChange, Table, new_table_id, new_token

    for number in range(len(templates), TABLES):
        template = templates[number % len(templates)]
        table = Table.objects.get(pk=template.pk)
        table.pk, table.keeper_token, table.viewer_token = new_table_id(), new_token(), new_token()
        table.name = f"Evening {number + 1}"
        table.save(force_insert=True)
        hands = list(Hand.objects.filter(table_id=template.pk))
        for hand in hands:
            hand.pk, hand.table_id = None, table.pk
        Hand.objects.bulk_create(hands, batch_size=1000)
    for table_id in Table.objects.values_list("pk", flat=True):
        HandChange.objects.bulk_create(
            (
                HandChange(
                    table_id=table_id,
                    hand_id=hand_id,
                    number=number,
                    action="entered",
                    by="owner",
                    title=f"Hand {number}",
                    after=inputs,
                )
                for hand_id, number, inputs in Hand.objects.filter(table_id=table_id).values_list(
                    "pk", "number", "inputs"
                )
            ),
            batch_size=1000,
        )


def camera_photo(rng):
    """A photo as a phone sends one (a noisy, shaded 4000×3000 picture), kept as games/plumbing/photos.py keeps it."""
    import io

    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    from games.plumbing import photos

    size = (4000, 3000)
    shade = Image.linear_gradient("L").resize(size).convert("RGB")
    noise = Image.merge("RGB", [Image.effect_noise(size, rng.randint(20, 40)) for _ in range(3)])
    picture = Image.blend(shade, noise, 0.5)
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=90)
    return photos.read(SimpleUploadedFile("photo.jpg", out.getvalue(), content_type="image/jpeg"))


def add_photos(rng):
    from games.models import Hand
    from games.plumbing import photos

    for hand in Hand.objects.filter(number=1).order_by("pk")[:PHOTOS]:
        hand.photo = photos.store(hand.table_id, camera_photo(rng))
        hand.save(update_fields=["photo"])


def seed():
    sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
    import random

    import django

    django.setup()
    from django.contrib.auth import get_user_model

    owner = get_user_model().objects.create_user("bench-owner", password="bench-owner-password")
    rng = random.Random(24)
    copies(template_tables(rng, owner))
    add_photos(rng)


# --- the driver ---------------------------------------------------------------------------------------


class Server:
    """A data folder and a database: SQLite's file in the folder, or a PostgreSQL database of its own."""

    def __init__(self, vendor, name):
        self.folder = Path(tempfile.mkdtemp(prefix=f"cs-bench-backup-{name}-"))
        self.vendor, self.name = vendor, f"cardscore_bench_{name}"
        if vendor == "postgresql":
            with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {self.name}")
                admin.execute(f"CREATE DATABASE {self.name}")
            url = f"{POSTGRES}/{self.name}"
        else:
            url = f"sqlite:///{self.folder / 'cardscore.sqlite3'}"
        self.env = {
            **os.environ,
            "CARDSCORE_DATA_DIR": str(self.folder),
            "DATABASE_URL": url,
            "DJANGO_SETTINGS_MODULE": "cardscore.settings",
        }

    def run(self, *args):
        """Run a command in this server's setting; returns its seconds and its output."""
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, *args], cwd=ROOT, env=self.env, check=True, capture_output=True, text=True
        )
        return time.perf_counter() - start, out.stdout

    def database_bytes(self):
        if self.vendor == "sqlite":
            return sum(path.stat().st_size for path in self.folder.glob("cardscore.sqlite3*"))
        with psycopg.connect(f"{POSTGRES}/postgres") as admin:
            return admin.execute("SELECT pg_database_size(%s)", [self.name]).fetchone()[0]

    def photo_bytes(self):
        return sum(path.stat().st_size for path in (self.folder / "photos").rglob("*.jpg"))

    def hands(self):
        code = "import django; django.setup()\nfrom games.models import Hand; print(Hand.objects.count())"
        return int(self.run("-c", code)[1])

    def drop(self):
        if self.vendor == "postgresql":
            with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")


def postgres_answers():
    try:
        psycopg.connect(f"{POSTGRES}/postgres", connect_timeout=3).close()
    except psycopg.OperationalError:
        return False
    return True


def measure(vendor):
    source = Server(vendor, "source")
    source.run("manage.py", "migrate", "--noinput")
    seeding, _out = source.run(str(Path(__file__).resolve()), "--seed")
    path = source.folder / "server.zip"
    backups = [source.run("manage.py", "backup", str(path))[0] for _ in range(RUNS)]
    restores = []
    for run in range(RUNS):
        target = Server(vendor, f"target{run}")
        target.run("manage.py", "migrate", "--noinput")
        restores.append(target.run("manage.py", "restore", str(path))[0])
        assert target.hands() == TABLES * HANDS and target.photo_bytes() == source.photo_bytes()
        target.drop()
    result = {
        "seeding": seeding,
        "backup": statistics.median(backups),
        "restore": statistics.median(restores),
        "backup_mb": path.stat().st_size / 1e6,
        "database_mb": source.database_bytes() / 1e6,
        "photos_mb": source.photo_bytes() / 1e6,
    }
    source.drop()
    return result


def main():
    vendors = ["sqlite", *(["postgresql"] if postgres_answers() else [])]
    print(f"{TABLES} tables × {HANDS} hands, {PHOTOS} photos; {os.cpu_count()} cores; median of {RUNS} runs")
    for vendor in vendors:
        result = measure(vendor)
        print(
            f"{vendor}: backup {result['backup']:.1f} s, restore {result['restore']:.1f} s (goal < {GOAL_SECONDS} s); "
            f"backup file {result['backup_mb']:.1f} MB, database {result['database_mb']:.1f} MB, "
            f"photos {result['photos_mb']:.1f} MB; seeding took {result['seeding']:.0f} s"
        )
    if len(vendors) == 1:
        print(f"PostgreSQL: not reachable at {POSTGRES}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--seed"]:
        seed()
    else:
        main()
