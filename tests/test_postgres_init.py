"""deploy/postgres-init.sh, as the PostgreSQL image runs it on an empty volume: the app's role
owns its database and is no superuser, and the superuser keeps no password. Run against a
throwaway cluster of this machine's PostgreSQL (initdb), as its user postgres."""

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg
import pytest

from tests.fixtures import PROJECT_DIR, free_port

INITDB = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not INITDB or os.geteuid() != 0, reason="needs PostgreSQL's initdb, run as root"),
]
PASSWORD = "it's a long random password"


def as_postgres(*command, **env):
    command = ["runuser", "-u", "postgres", "--", "env", *(f"{k}={v}" for k, v in env.items()), *map(str, command)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


@pytest.fixture
def cluster():
    """A PostgreSQL of the test's own, as the image leaves it before its init scripts: the
    superuser postgres with a password, and the database cardscore. Its port and socket folder."""
    bin_dir = os.path.dirname(INITDB[-1])
    folder = Path(tempfile.mkdtemp(prefix="cardscore-pg-"))  # pytest's own folder is root's only
    shutil.chown(folder, "postgres")
    port = free_port()
    try:
        made = as_postgres(
            f"{bin_dir}/initdb",
            "-D",
            f"{folder}/data",
            "-U",
            "postgres",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
        )
        assert made.returncode == 0, made.stderr
        started = as_postgres(
            f"{bin_dir}/pg_ctl",
            "-D",
            f"{folder}/data",
            "-l",
            f"{folder}/log",
            "-w",
            "-o",
            f"-p {port} -k {folder} -c listen_addresses=127.0.0.1",
            "start",
        )
        assert started.returncode == 0, started.stderr
        psql = as_postgres(
            "psql",
            "-h",
            folder,
            "-p",
            port,
            "-U",
            "postgres",
            "-c",
            "ALTER ROLE postgres PASSWORD 'the image''s'",
            "-c",
            "CREATE DATABASE cardscore",
        )
        assert psql.returncode == 0, psql.stderr
        yield port, folder
    finally:
        as_postgres(f"{bin_dir}/pg_ctl", "-D", f"{folder}/data", "-w", "-m", "fast", "stop")
        shutil.rmtree(folder)


def test_the_apps_role_owns_its_database_and_is_no_superuser(cluster):
    port, folder = cluster
    result = as_postgres(
        "sh",
        str(PROJECT_DIR / "deploy" / "postgres-init.sh"),
        PGHOST=folder,
        PGPORT=port,
        POSTGRES_DB="cardscore",
        POSTGRES_PASSWORD=PASSWORD,
    )
    assert result.returncode == 0, result.stderr
    with psycopg.connect(host="127.0.0.1", port=port, user="cardscore", password=PASSWORD, dbname="cardscore") as db:
        assert db.execute(
            "SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user"
        ).fetchone() == (False, False, False)
        assert db.execute("SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'cardscore'").fetchone() == (
            "cardscore",
        )
        db.execute("CREATE TABLE migrations_can_make_tables (id int)")  # what Django's migrations do
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(host="127.0.0.1", port=port, user="postgres", password="the image's", dbname="cardscore")
