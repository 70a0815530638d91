"""The SQLite backend (cardscore/sqlite/): a write transaction holds the lock file from its
BEGIN to its COMMIT or ROLLBACK, so the next one waits in the kernel, not in SQLite's sleeps."""

import fcntl
import inspect
import os
import threading

import pytest
from django.db import connection, connections, transaction
from django.db.backends.sqlite3 import base as django_sqlite

from cardscore.sqlite.base import DatabaseWrapper, lock_path
from games.models import Table
from games.services import tables
from tests.fixtures import players_of

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite backend"),
]

WAIT = 30  # seconds before a stuck thread fails the test


def new_table(name="New table"):
    return tables.create_table(game="marriage", name=name, players=players_of("marriage"), rules={})


def lock_is_free():
    """Whether another writer could take the lock now (asked through a descriptor of our own)."""
    probe = os.open(lock_path(connection.settings_dict["NAME"]), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(probe)


def in_a_transaction(inside, fail=False):
    """A thread that begins a write transaction, says so on `inside`, and waits for its
    `finish` event to commit (or, with `fail`, to roll back)."""
    finish = threading.Event()

    def run():
        try:
            with transaction.atomic():
                Table.objects.update(name="Locked")
                inside.set()
                finish.wait(WAIT)
                if fail:
                    raise RuntimeError("rolled back")
        except RuntimeError:
            pass
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, finish


@pytest.mark.parametrize("fail", [False, True], ids=["commit", "rollback"])
def test_a_write_transaction_holds_the_lock_until_it_ends(fail):
    new_table()
    inside = threading.Event()
    thread, finish = in_a_transaction(inside, fail=fail)
    assert inside.wait(WAIT)
    assert not lock_is_free()
    finish.set()
    thread.join(WAIT)
    assert not thread.is_alive()
    assert lock_is_free()
    assert Table.objects.get().name == ("New table" if fail else "Locked")


def test_the_next_write_transaction_begins_once_the_first_commits():
    table = new_table()
    first_inside, second_inside = threading.Event(), threading.Event()
    first, finish_first = in_a_transaction(first_inside)
    assert first_inside.wait(WAIT)
    second, finish_second = in_a_transaction(second_inside)
    # The second thread is held at its BEGIN while the first one has not ended.
    assert not second_inside.wait(0.2)
    finish_first.set()
    assert second_inside.wait(WAIT)
    finish_second.set()
    for thread in (first, second):
        thread.join(WAIT)
    assert lock_is_free()
    table.refresh_from_db()
    assert table.name == "Locked"


def test_reads_do_not_wait_for_a_writer():
    new_table(name="Read me")
    inside = threading.Event()
    thread, finish = in_a_transaction(inside)
    assert inside.wait(WAIT)
    assert Table.objects.values_list("name", flat=True).get() == "Read me"  # WAL: the last committed state
    finish.set()
    thread.join(WAIT)


@pytest.mark.parametrize("method", ["_start_transaction_under_autocommit", "_commit", "_rollback", "_close"])
def test_django_still_has_the_private_methods_the_backend_overrides(method):
    """The lock is taken and released in Django's private methods (there is no public hook around
    BEGIN and COMMIT): a Django that renames one would leave transactions unqueued, silently."""
    django_method = getattr(django_sqlite.DatabaseWrapper, method)
    assert list(inspect.signature(django_method).parameters) == ["self"]
    assert getattr(DatabaseWrapper, method) is not django_method
