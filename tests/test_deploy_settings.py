"""Settings a deployment hardens: secrets read from files (NAME_FILE), HSTS preloading only on
request, and a data folder (database, secret key) that other users of the machine cannot read."""

import os
import runpy
import sqlite3
import stat

import pytest
from django.db.utils import ConnectionHandler

from cardscore import env
from tests.fixtures import PROJECT_DIR

SETTINGS = PROJECT_DIR / "cardscore" / "settings.py"


def settings_with(monkeypatch, data_dir, **variables):
    monkeypatch.setenv("CARDSCORE_DATA_DIR", str(data_dir))
    for name in ("DATABASE_URL", "DATABASE_PASSWORD", "SECRET_KEY", "HTTPS", "HSTS_PRELOAD"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(f"{name}_FILE", raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


# --- NAME_FILE ------------------------------------------------------------------------------------


def test_the_secret_key_can_come_from_a_file(monkeypatch, tmp_path):
    (tmp_path / "key").write_text("a key from a docker secret\n")
    settings = settings_with(monkeypatch, tmp_path / "data", SECRET_KEY_FILE=str(tmp_path / "key"))
    assert settings["SECRET_KEY"] == "a key from a docker secret"
    assert not (tmp_path / "data").exists()  # nothing generated


def test_the_database_url_or_its_password_alone_can_come_from_a_file(monkeypatch, tmp_path):
    (tmp_path / "url").write_text("postgres://cards:s3cret@db:5432/cards")
    database = settings_with(monkeypatch, tmp_path, DATABASE_URL_FILE=str(tmp_path / "url"))["DATABASES"]["default"]
    assert (database["USER"], database["PASSWORD"], database["NAME"]) == ("cards", "s3cret", "cards")
    (tmp_path / "password").write_text("p@ss:w/rd\n")  # as written, no percent-encoding
    database = settings_with(
        monkeypatch,
        tmp_path,
        DATABASE_URL="postgres://cards@db:5432/cards",
        DATABASE_PASSWORD_FILE=str(tmp_path / "password"),
    )["DATABASES"]["default"]
    assert database["PASSWORD"] == "p@ss:w/rd"


def test_a_file_that_cannot_be_read_is_named_in_one_line(monkeypatch, tmp_path):
    with pytest.raises(env.EnvError, match=r"^SECRET_KEY_FILE: cannot read .*missing \(No such file or directory\)$"):
        settings_with(monkeypatch, tmp_path, SECRET_KEY_FILE=str(tmp_path / "missing"))


def test_a_variable_and_its_file_together_are_refused(monkeypatch, tmp_path):
    (tmp_path / "key").write_text("one")
    with pytest.raises(env.EnvError, match=r"^Set SECRET_KEY or SECRET_KEY_FILE, not both$"):
        settings_with(monkeypatch, tmp_path, SECRET_KEY="two", SECRET_KEY_FILE=str(tmp_path / "key"))


# --- HSTS preload ---------------------------------------------------------------------------------


def test_hsts_preload_is_off_behind_https_unless_asked_for(monkeypatch, tmp_path):
    settings = settings_with(monkeypatch, tmp_path, HTTPS="true")
    assert settings["SECURE_HSTS_SECONDS"] == 31536000
    assert settings["SECURE_HSTS_PRELOAD"] is False
    assert settings["SILENCED_SYSTEM_CHECKS"] == ["security.W021"]  # the check that asks for preloading
    settings = settings_with(monkeypatch, tmp_path, HTTPS="true", HSTS_PRELOAD="true")
    assert settings["SECURE_HSTS_PRELOAD"] is True
    assert settings["SILENCED_SYSTEM_CHECKS"] == []


def test_hsts_preload_needs_https(monkeypatch, tmp_path):
    assert settings_with(monkeypatch, tmp_path, HSTS_PRELOAD="true")["SECURE_HSTS_PRELOAD"] is False


# --- a private data folder ------------------------------------------------------------------------


@pytest.fixture
def loose_umask():
    """The umask most machines have: new files readable by every user."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def test_the_generated_key_and_its_folder_are_the_owners_only(monkeypatch, tmp_path, loose_umask):
    settings_with(monkeypatch, tmp_path / "data")
    assert mode(tmp_path / "data") == 0o700
    assert mode(tmp_path / "data" / "secret_key") == 0o600


@pytest.fixture
def sqlite_connection(django_db_blocker):
    """A connection of CardScore's SQLite backend to a database file of the test's own."""
    opened = []

    def connect(path):
        opened.append(
            ConnectionHandler(
                {
                    "default": {
                        "ENGINE": "cardscore.sqlite",
                        "NAME": str(path),
                        "OPTIONS": {"init_command": "PRAGMA journal_mode=WAL;"},
                    }
                }
            )["default"]
        )
        return opened[-1]

    with django_db_blocker.unblock():
        yield connect
    for connection in opened:
        connection.close()


def test_the_sqlite_database_and_its_wal_files_are_the_owners_only(tmp_path, loose_umask, sqlite_connection):
    database = sqlite_connection(tmp_path / "cardscore.sqlite3")
    with database.cursor() as cursor:
        cursor.execute("CREATE TABLE t (x)")
        cursor.execute("INSERT INTO t VALUES (1)")
    files = sorted(path.name for path in tmp_path.iterdir())
    assert {"cardscore.sqlite3", "cardscore.sqlite3-wal", "cardscore.sqlite3-shm"} <= set(files)
    assert {name: mode(tmp_path / name) for name in files} == dict.fromkeys(files, 384)


def test_an_existing_database_readable_by_all_is_made_private(tmp_path, loose_umask, sqlite_connection):
    sqlite3.connect(tmp_path / "old.sqlite3").close()
    assert mode(tmp_path / "old.sqlite3") == 0o644
    database = sqlite_connection(tmp_path / "old.sqlite3")
    database.ensure_connection()
    assert mode(tmp_path / "old.sqlite3") == 0o600
