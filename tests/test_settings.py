"""Settings from the environment (cardscore/env.py, cardscore/settings.py): every variable is
read once, a value that makes no sense stops everything with one line that names it, and
DATABASE_URL keeps the options of its query string."""

import runpy
import sys

import pytest
from django.db import connection
from django.db.utils import ConnectionHandler, OperationalError

from cardscore import env
from tests.fixtures import PROJECT_DIR, manage_env, run_command, served_database_url

SETTINGS = PROJECT_DIR / "cardscore" / "settings.py"


def settings_with(monkeypatch, tmp_path, **variables):
    """cardscore/settings.py read afresh with these environment variables: its names and values."""
    monkeypatch.setenv("CARDSCORE_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))


# --- one line, no traceback ------------------------------------------------------------------

BAD_VALUES = [
    ("DEBUG", "maybe", "DEBUG must be true or false, not 'maybe'"),
    ("HTTPS", "yes please", "HTTPS must be true or false, not 'yes please'"),
    ("WEB_CONCURRENCY", "four", "WEB_CONCURRENCY must be a whole number, not 'four'"),
    ("WEB_CONCURRENCY", "0", "WEB_CONCURRENCY must be 1 or more, not 0"),
    ("GUNICORN_THREADS", "2.5", "GUNICORN_THREADS must be a whole number, not '2.5'"),
    ("PORT", "80000", "PORT must be from 1 to 65535, not 80000"),
    ("TIME_ZONE", "Nepal/Pokhara", "TIME_ZONE must be a time zone such as Asia/Kathmandu or UTC, not 'Nepal/Pokhara'"),
    ("LOG_LEVEL", "loud", "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not 'loud'"),
    ("SITE_URL", "192.168.1.20:8000", "SITE_URL must be an address such as https://cards.example.org"),
    (
        "CSRF_TRUSTED_ORIGINS",
        "https://a.example.org,cards.example.org",
        "CSRF_TRUSTED_ORIGINS must be an address such as https://cards.example.org, not 'cards.example.org'",
    ),
    ("ALLOWED_HOSTS", "https://cards.example.org", "ALLOWED_HOSTS takes host names such as cards.example.org"),
    ("DATABASE_URL", "mysql://cards:s3cret@db/cards", "DATABASE_URL must be a PostgreSQL or SQLite address"),
    ("DATABASE_URL", "postgres://cards:s3cret@db:port/cards", "DATABASE_URL is not a valid address"),
    ("DATABASE_URL", "postgres://cards:s3cret@db:5432", "DATABASE_URL names no database"),
]


@pytest.mark.parametrize(
    ("name", "value", "message"), BAD_VALUES, ids=[f"{name}={value}" for name, value, _ in BAD_VALUES]
)
def test_a_bad_value_is_refused_with_one_line_naming_it(monkeypatch, tmp_path, name, value, message):
    with pytest.raises(env.EnvError) as refused:
        settings_with(monkeypatch, tmp_path, **{name: value})
    assert str(refused.value).startswith(message)
    assert "\n" not in str(refused.value)
    assert "s3cret" not in str(refused.value)  # a database password is never printed


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "value", "message"),
    [BAD_VALUES[0], BAD_VALUES[2], BAD_VALUES[-2]],
    ids=["DEBUG", "WEB_CONCURRENCY", "DATABASE_URL"],
)
def test_manage_py_prints_the_one_line_and_exits_non_zero(tmp_path, name, value, message):
    result = run_command([sys.executable, "manage.py", "check"], manage_env(tmp_path, **{name: value}))
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr.startswith(f"CardScore settings: {message}")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.slow
def test_a_data_folder_that_cannot_be_written_is_named(tmp_path):
    (tmp_path / "taken").write_text("a file, not a folder")
    result = run_command([sys.executable, "manage.py", "check"], manage_env(tmp_path / "taken"))
    assert result.returncode != 0
    assert result.stderr.startswith("CardScore settings: CARDSCORE_DATA_DIR: cannot keep the secret key in")
    assert len(result.stderr.splitlines()) == 1


def test_good_values_are_read(monkeypatch, tmp_path):
    settings = settings_with(
        monkeypatch,
        tmp_path,
        DEBUG="yes",
        HTTPS="0",
        TIME_ZONE="Asia/Kathmandu",
        ALLOWED_HOSTS="cards.example.org, 192.168.1.20",
        LOG_LEVEL="warning",
        CSRF_TRUSTED_ORIGINS="https://cards.example.org/",
        SITE_URL="http://192.168.1.20:8000/",
    )
    assert settings["DEBUG"] is True and settings["HTTPS"] is False
    assert settings["TIME_ZONE"] == "Asia/Kathmandu"
    assert settings["ALLOWED_HOSTS"] == ["cards.example.org", "192.168.1.20", "127.0.0.1", "localhost"]
    assert settings["CSRF_TRUSTED_ORIGINS"] == ["https://cards.example.org"]
    assert settings["SITE_URL"] == "http://192.168.1.20:8000"
    assert settings["LOGGING"]["root"]["level"] == "WARNING"


def test_empty_values_mean_the_defaults(monkeypatch, tmp_path):
    settings = settings_with(monkeypatch, tmp_path, DATABASE_URL="", WEB_CONCURRENCY="", TIME_ZONE="", SITE_URL="")
    assert settings["DATABASES"]["default"]["NAME"] == str(tmp_path / "cardscore.sqlite3")
    assert settings["TIME_ZONE"] == "UTC"
    assert settings["SITE_URL"] == ""


# --- DATABASE_URL's options --------------------------------------------------------------------


def test_postgresql_options_in_the_url_are_kept_beside_the_sites_own(monkeypatch, tmp_path):
    settings = settings_with(
        monkeypatch,
        tmp_path,
        DATABASE_URL=(
            "postgres://cards:pw@db.example.org:6543/cards?sslmode=require&connect_timeout=5&sslrootcert=/certs/ca.pem"
        ),
    )
    database = settings["DATABASES"]["default"]
    assert database["ENGINE"] == "cardscore.postgresql"
    assert [database[key] for key in ("HOST", "PORT", "NAME", "USER")] == ["db.example.org", 6543, "cards", "cards"]
    assert database["OPTIONS"] == {
        "sslmode": "require",
        "connect_timeout": 5,
        "sslrootcert": "/certs/ca.pem",
        "server_side_binding": True,
        "prepare_threshold": 5,
    }


def test_sqlite_options_in_the_url_win_over_the_defaults(monkeypatch, tmp_path):
    settings = settings_with(monkeypatch, tmp_path, DATABASE_URL=f"sqlite:///{tmp_path}/x.sqlite3?timeout=60")
    options = settings["DATABASES"]["default"]["OPTIONS"]
    assert options["timeout"] == 60
    assert options["transaction_mode"] == "IMMEDIATE"


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL on PostgreSQL")
def test_the_urls_options_reach_postgresql(monkeypatch, tmp_path):
    def connected(query):
        url = f"{served_database_url()}?{query}"
        database = settings_with(monkeypatch, tmp_path, DATABASE_URL=url)["DATABASES"]["default"]
        return ConnectionHandler({"default": database})["default"]

    named = connected("application_name=cardscore-options&connect_timeout=5")
    with named.cursor() as cursor:
        cursor.execute("SELECT current_setting('application_name')")
        assert cursor.fetchone() == ("cardscore-options",)
    named.close()
    # A server without TLS refuses a client that requires it; one with TLS is spoken to in TLS.
    secure = connected("sslmode=require")
    try:
        secure.ensure_connection()
    except OperationalError as error:  # which of the two happens depends on the server
        assert "SSL was required" in str(error)  # noqa: PT017
    else:
        assert secure.connection.pgconn.ssl_in_use
        secure.close()


# --- how many processes gunicorn starts --------------------------------------------------------


def cgroup_tree(tmp_path, own, files):
    """A /sys/fs/cgroup and /proc/self/cgroup to read: `own` is the latter's text."""
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    (tmp_path / "self-cgroup").write_text(own)
    return tmp_path, tmp_path / "self-cgroup"


@pytest.mark.parametrize(
    ("own", "files", "quota"),
    [
        ("0::/\n", {"cpu.max": "150000 100000\n"}, 1.5),  # docker run --cpus 1.5, cgroup v2
        ("0::/\n", {"cpu.max": "max 100000\n"}, None),
        ("0::/system.slice/cardscore.service\n", {"system.slice/cardscore.service/cpu.max": "50000 100000\n"}, 0.5),
        ("0::/docker/abc\n", {"cpu.max": "200000 100000\n"}, 2.0),  # the container's own cgroup mounted as the root
        (
            "4:memory:/x\n3:cpu,cpuacct:/\n0::/\n",
            {"cpu,cpuacct/cpu.cfs_quota_us": "300000\n", "cpu,cpuacct/cpu.cfs_period_us": "100000\n"},
            3.0,
        ),  # v1
        (
            "3:cpu,cpuacct:/\n0::/\n",
            {"cpu,cpuacct/cpu.cfs_quota_us": "-1\n", "cpu,cpuacct/cpu.cfs_period_us": "100000\n"},
            None,
        ),
        ("0::/\n", {}, None),
    ],
)
def test_the_cpu_quota_is_read_from_the_cgroup(tmp_path, own, files, quota):
    assert env.cpu_quota(*cgroup_tree(tmp_path, own, files)) == quota


def test_without_cgroup_files_there_is_no_quota(tmp_path):
    assert env.cpu_quota(tmp_path, tmp_path / "missing") is None


def test_a_quota_caps_the_cores_rounding_up(tmp_path, monkeypatch):
    monkeypatch.setattr(env.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3, 4, 5, 6, 7})
    assert env.available_cores(*cgroup_tree(tmp_path, "0::/\n", {"cpu.max": "150000 100000"})) == 2
    assert env.available_cores(*cgroup_tree(tmp_path, "0::/\n", {"cpu.max": "20000 100000"})) == 1
    assert env.available_cores(*cgroup_tree(tmp_path, "0::/\n", {"cpu.max": "max 100000"})) == 8
    monkeypatch.setattr(env.os, "sched_getaffinity", lambda pid: {3})  # docker run --cpuset-cpus 3
    assert env.available_cores(*cgroup_tree(tmp_path, "0::/\n", {"cpu.max": "400000 100000"})) == 1


def test_workers_default_to_the_usable_cores_at_least_two(monkeypatch):
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.setattr(env, "available_cores", lambda: 6)
    assert env.workers() == 6
    monkeypatch.setattr(env, "available_cores", lambda: 1)
    assert env.workers() == 2
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    assert env.workers() == 3


def test_this_machines_cores_are_counted():
    assert 1 <= env.available_cores() <= (env.os.cpu_count() or 1)
