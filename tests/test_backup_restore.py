"""The server's backup and restore (manage.py backup / restore, games/services/backups.py and
restores.py): one file holding every account, table, hand, history, group and photo, restored
into an empty server on either database with every link opening the same table; anything else
refused, changing nothing."""

import io
import json
import os
import shutil
import sqlite3
import stat
import sys
import zipfile
from pathlib import Path

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from games.models import Hand, Table
from games.services import backup_parts, backups, hand_photos, table_file
from tests.fixtures import (
    PASSWORD,
    a_photo,
    fresh_table,
    full_server,
    manage_env,
    page,
    run_command,
    served_database_url,
)

POSTGRES = "postgres://postgres@127.0.0.1:5432"


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path / "data"
    return settings.DATA_DIR


@pytest.fixture
def server(owner):
    return full_server(owner)


def backup_command(*args):
    out = io.StringIO()
    call_command("backup", *map(str, args), stdout=out)
    return out.getvalue().splitlines()


def restore_command(path, *options):
    out = io.StringIO()
    call_command("restore", str(path), *options, stdout=out)
    return out.getvalue()


def stored_rows():
    """Every row a backup holds, part by part, in an order that does not depend on new ids."""
    return {part.name: sorted(part.rows(), key=json.dumps) for part in backup_parts.parts()}


def photo_files(data_dir):
    folder = data_dir / "photos"
    return {path.relative_to(folder): path.read_bytes() for path in sorted(folder.rglob("*.jpg"))}


def empty_the_server(data_dir, keep_photos=False):
    """What a new machine holds after migrate: no row a backup holds, no photo (unless
    `keep_photos`: a server moved to another database keeps its data folder)."""
    for model in reversed(backup_parts.backed_up_models()):
        model._base_manager.all().delete()
    if not keep_photos:
        shutil.rmtree(data_dir / "photos", ignore_errors=True)
    assert not any(stored_rows().values())


def exports(tables):
    return {table.pk: table_file.export_table(Table.objects.get(pk=table.pk)) for table in tables}


@pytest.mark.django_db
def test_a_restored_server_is_the_server_that_was_backed_up(server, data_dir, tmp_path):
    before, files, documents = stored_rows(), photo_files(data_dir), exports(server)
    assert len(files) == 2 and Hand.objects.exclude(photo="").count() == 1  # full and thumbnail
    path = tmp_path / "server.zip"
    assert backup_command(path) == [str(path)]

    empty_the_server(data_dir)
    said = restore_command(path)

    assert "Restored" in said and "2 photo files" in said
    assert stored_rows() == before  # every column of every row: ids, links, dates, password hashes
    assert exports(server) == documents
    assert photo_files(data_dir) == files
    for table in server:
        for token in (table.keeper_token, table.viewer_token):
            response = Client().get(reverse("table", args=[token]))
            assert response.status_code == 200 and table.name in page(response)
    for username in ("owner", "guest"):
        phone = Client()
        response = phone.post(reverse("login"), {"username": username, "password": PASSWORD})
        assert response.status_code == 302 and "_auth_user_id" in phone.session


@pytest.mark.django_db
def test_restored_photos_and_the_backup_are_readable_by_this_user_only(server, data_dir, tmp_path):
    path = Path(backup_command()[0])
    assert path.parent == data_dir / "backups" and backups.FILE_NAME.fullmatch(path.name)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [file.name for file in path.parent.iterdir()] == [path.name]  # no temporary file left
    empty_the_server(data_dir)
    restore_command(path)
    restored = list((data_dir / "photos").rglob("*.jpg"))
    assert restored and all(stat.S_IMODE(file.stat().st_mode) == 0o600 for file in restored)
    assert all(stat.S_IMODE(file.parent.stat().st_mode) == 0o700 for file in restored)


@pytest.mark.django_db
def test_a_new_account_or_hand_after_a_restore_gets_a_new_id(server, data_dir, tmp_path, django_user_model):
    path = tmp_path / "server.zip"
    backup_command(path)
    highest = max(django_user_model.objects.values_list("pk", flat=True))
    empty_the_server(data_dir)
    restore_command(path)
    assert django_user_model.objects.create_user("newcomer").pk > highest


@pytest.mark.django_db
def test_keep_deletes_all_but_the_newest_backups(owner, data_dir):
    folder = data_dir / "backups"
    folder.mkdir(parents=True)
    old = [folder / f"cardscore-2026-11-{day:02}T030000.zip" for day in (1, 2, 3)]
    for path in old:
        path.write_bytes(b"an old backup")
    (folder / "notes.txt").write_text("not a backup")
    lines = backup_command("--keep", 2)
    assert sorted(path.name for path in folder.iterdir()) == sorted([old[2].name, Path(lines[0]).name, "notes.txt"])


@pytest.mark.django_db
def test_backup_keep_reads_its_default_from_the_environment(owner, data_dir, monkeypatch):
    monkeypatch.setenv("BACKUP_KEEP", "1")
    folder = data_dir / "backups"
    folder.mkdir(parents=True)
    (folder / "cardscore-2026-11-01T030000.zip").write_bytes(b"an old backup")
    lines = backup_command()
    assert [path.name for path in folder.iterdir()] == [Path(lines[0]).name]


@pytest.mark.django_db
def test_a_backup_reads_every_model_in_a_bounded_number_of_queries(server, tmp_path, django_assert_max_num_queries):
    # A query per part, two for the migrations, one per model that names photos: not one per table or hand.
    with django_assert_max_num_queries(len(backup_parts.parts()) + 4):
        backups.take(tmp_path / "server.zip")


def save_from_another_process(sql):
    """Run `sql` as another server process would, on its own connection, failing rather than
    waiting for a lock."""
    if connection.vendor == "sqlite":
        other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0)
        with other:
            other.execute(sql)
        other.close()
    else:
        with psycopg.connect(served_database_url(), autocommit=True) as other:
            other.execute("SET lock_timeout = '1s'")
            other.execute(sql)


@pytest.mark.django_db(transaction=True)
def test_a_backup_reads_one_snapshot_and_lets_phones_save_meanwhile(owner):
    table = full_server(owner)[0]
    with backups.snapshot():
        names = [row[2] for row in backup_parts.ModelPart(Table).rows()]
        save_from_another_process("UPDATE games_table SET name = 'renamed meanwhile'")
        assert [row[2] for row in backup_parts.ModelPart(Table).rows()] == names
    assert Table.objects.get(pk=table.pk).name == "renamed meanwhile"


# --- refused, changing nothing -------------------------------------------------------------------


def refused(path, message, *options):
    with pytest.raises(CommandError, match=message):
        restore_command(path, *options)


@pytest.mark.django_db
def test_a_server_that_holds_a_table_refuses_a_restore(server, data_dir, tmp_path):
    path = tmp_path / "server.zip"
    backup_command(path)
    before, files = stored_rows(), photo_files(data_dir)
    refused(path, "not empty")
    assert stored_rows() == before and photo_files(data_dir) == files


@pytest.mark.django_db
def test_a_server_that_holds_only_an_account_refuses_a_restore(server, data_dir, tmp_path, django_user_model):
    path = tmp_path / "server.zip"
    backup_command(path)
    empty_the_server(data_dir)
    django_user_model.objects.create_user("early-bird")
    refused(path, "not empty")
    assert django_user_model.objects.count() == 1 and not Table.objects.exists()


def rewritten(path, change):
    """A copy of the backup at `path` with `change(entries)` applied to its {name: bytes}."""
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    change(entries)
    copy = path.with_name(f"changed-{path.name}")
    with zipfile.ZipFile(copy, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return copy


def with_header(**changes):
    def change(entries):
        entries[backup_parts.HEADER] = json.dumps({**json.loads(entries[backup_parts.HEADER]), **changes}).encode()

    return change


def with_future_migration(entries):
    header = json.loads(entries[backup_parts.HEADER])
    header["migrations"]["games"].append("0999_from_the_future")
    entries[backup_parts.HEADER] = json.dumps(header).encode()


def without_the_last_migration(entries):
    header = json.loads(entries[backup_parts.HEADER])
    header["migrations"]["games"].pop()
    entries[backup_parts.HEADER] = json.dumps(header).encode()


def with_a_short_hand_row(entries):
    entries["rows/games.hand.jsonl"] += b"[1, 2]\n"


def with_a_hand_of_no_table(entries):
    row = json.loads(entries["rows/games.hand.jsonl"].splitlines()[0])
    row[0], row[1] = 99999, "no-such-table"  # id, table_id
    entries["rows/games.hand.jsonl"] += json.dumps(row).encode() + b"\n"


def truncated(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    return path


def random_bytes(path):
    path.write_bytes(os.urandom(5000))
    return path


DAMAGED = {
    "truncated": (truncated, "not a CardScore backup"),
    "random": (random_bytes, "not a CardScore backup"),
    "no header": (
        lambda path: rewritten(path, lambda entries: entries.pop(backup_parts.HEADER)),
        f"no {backup_parts.HEADER}",
    ),
    "header not JSON": (
        lambda path: rewritten(path, lambda entries: entries.update({backup_parts.HEADER: b"{not json"})),
        "not valid JSON",
    ),
    "another format": (lambda path: rewritten(path, with_header(format="cardscore-table/1")), "not a CardScore"),
    "newer version": (lambda path: rewritten(path, with_header(version=backup_parts.VERSION + 1)), "upgrade first"),
    "newer migrations": (lambda path: rewritten(path, with_future_migration), "newer CardScore"),
    "older migrations": (lambda path: rewritten(path, without_the_last_migration), "older CardScore"),
    "short row": (lambda path: rewritten(path, with_a_short_hand_row), "has 2 values"),
    "hand of no table": (lambda path: rewritten(path, with_a_hand_of_no_table), "cannot be restored"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("damage", DAMAGED, ids=str)
def test_a_damaged_or_foreign_file_is_refused_and_changes_nothing(damage, server, data_dir, tmp_path):
    path = tmp_path / "server.zip"
    backup_command(path)
    spoil, message = DAMAGED[damage]
    spoiled = spoil(path)
    empty_the_server(data_dir)
    refused(spoiled, message)
    assert not any(stored_rows().values()) and photo_files(data_dir) == {}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "entry", ["photos/../../escaped.jpg", "/tmp/escaped.jpg", "photos/abc/../../../escaped.jpg", "escaped.txt"]
)
def test_a_photo_entry_that_would_land_outside_the_photos_folder_is_refused(entry, server, data_dir, tmp_path):
    path = tmp_path / "server.zip"
    backup_command(path)
    crafted = rewritten(path, lambda entries: entries.update({entry: b"\xff\xd8 not a table's photo"}))
    empty_the_server(data_dir)
    refused(crafted, "no photo of a table")
    assert not any(stored_rows().values()) and not list(tmp_path.rglob("escaped*"))


@pytest.mark.django_db
def test_a_photo_of_a_table_not_in_the_backup_is_refused_and_no_photo_stays(server, data_dir, tmp_path):
    path = tmp_path / "server.zip"
    backup_command(path)
    stranger = "f" * 32
    crafted = rewritten(path, lambda entries: entries.update({f"photos/{stranger}/{'a' * 16}.full.jpg": b"\xff\xd8"}))
    empty_the_server(data_dir)
    refused(crafted, "belongs to no table")
    assert not any(stored_rows().values()) and photo_files(data_dir) == {}


@pytest.mark.django_db
def test_a_refused_restore_leaves_the_photos_the_data_folder_already_held(server, data_dir, tmp_path):
    path = tmp_path / "server.zip"
    backup_command(path)
    files = photo_files(data_dir)
    # The backup's own photos come first in the file, written over themselves; then a stranger's.
    stranger = f"photos/{'f' * 32}/{'a' * 16}.full.jpg"
    crafted = rewritten(path, lambda entries: entries.update({stranger: b"\xff\xd8"}))
    empty_the_server(data_dir, keep_photos=True)
    refused(crafted, "belongs to no table")
    assert photo_files(data_dir) == files and not any(stored_rows().values())


@pytest.mark.django_db
def test_replace_puts_the_backup_in_place_of_what_the_server_held(
    server, owner, data_dir, tmp_path, django_capture_on_commit_callbacks
):
    path = tmp_path / "server.zip"
    backup_command(path)
    before, files = stored_rows(), photo_files(data_dir)
    # After the backup the server moved on: a table of the evening with its photo, one renamed.
    evening = fresh_table("marriage", owner)
    hand_photos.attach(evening, 1, a_photo((0, 90, 0)))
    Table.objects.filter(pk=server[0].pk).update(name="renamed after the backup")
    with django_capture_on_commit_callbacks(execute=True):
        restore_command(path, "--replace")
    assert stored_rows() == before
    assert photo_files(data_dir) == files  # the evening's photo gone with its table


@pytest.mark.django_db
def test_replace_with_a_refused_backup_leaves_the_server_as_it_was(server, data_dir, tmp_path):
    path = tmp_path / "server.zip"
    backup_command(path)
    before, files = stored_rows(), photo_files(data_dir)
    refused(rewritten(path, with_a_hand_of_no_table), "cannot be restored", "--replace")
    assert stored_rows() == before and photo_files(data_dir) == files


# --- from one database to the other ---------------------------------------------------------------

BUILD = """
import json
from django.contrib.auth import get_user_model
from tests.fixtures import PASSWORD, full_server
owner = get_user_model().objects.create_user("owner", password=PASSWORD, is_staff=True, is_superuser=True)
print(json.dumps([table.pk for table in full_server(owner)]))
"""

LINKS = (
    """
import json
from django.contrib.auth import get_user_model
from games.models import Table
print(json.dumps({
    "links": sorted(Table.objects.values_list("pk", "keeper_token", "viewer_token", "previous_id")),
    "passwords": get_user_model().objects.get(username="owner").check_password("%s"),
}))
"""
    % PASSWORD
)


def postgres_database(name):
    """Create the PostgreSQL database `name` (None when PostgreSQL cannot be reached)."""
    try:
        with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True, connect_timeout=3) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name}")
            admin.execute(f"CREATE DATABASE {name}")
    except psycopg.OperationalError:
        return None
    return f"{POSTGRES}/{name}"


def drop_postgres_database(name):
    with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def manage(env, *args):
    done = run_command([sys.executable, "manage.py", *args], env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def server_state(env, table_ids):
    state = json.loads(manage(env, "shell", "-c", LINKS).splitlines()[-1])
    state["exports"] = {pk: table_file.loads(manage(env, "export_table", pk)) for pk in table_ids}
    return state


@pytest.mark.slow
@pytest.mark.parametrize(("source", "target"), [("sqlite", "postgresql"), ("postgresql", "sqlite")])
def test_a_backup_restores_on_the_other_database(source, target, tmp_path):
    name = f"cardscore_restore_{os.getpid()}"
    postgres = postgres_database(name)
    if postgres is None:
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES}")
    urls = {"sqlite": f"sqlite:///{tmp_path / 'cardscore.sqlite3'}", "postgresql": postgres}
    try:
        old = manage_env(tmp_path / "old", DATABASE_URL=urls[source])
        new = manage_env(tmp_path / "new", DATABASE_URL=urls[target])
        manage(old, "migrate", "--noinput")
        table_ids = json.loads(manage(old, "shell", "-c", BUILD).splitlines()[-1])
        path = tmp_path / "server.zip"
        assert manage(old, "backup", str(path)).strip() == str(path)
        manage(new, "migrate", "--noinput")
        assert "2 photo files" in manage(new, "restore", str(path))

        assert server_state(new, table_ids) == server_state(old, table_ids)
        assert photo_files(tmp_path / "new") == photo_files(tmp_path / "old") != {}
    finally:
        drop_postgres_database(name)
