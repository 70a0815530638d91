"""Django's SQLite backend whose write transactions queue on a lock file beside the database.

Transactions begin IMMEDIATE (settings.py), so two of them never hold SQLite's write lock at
once, and SQLite makes the second one wait by polling: it sleeps 1, 2, 5, 10... ms and tries
again. With the server's threads and processes all posting hands, a core sat idle in those
sleeps while the lock was free: bench/http_load.py measured the cores 11–34 % idle under hand
posts. A write transaction here first takes an exclusive flock() on the lock file, which the
kernel hands to the next waiter the moment it is released, then begins as before; SQLite's own
locking still keeps the data safe (a write outside a transaction, or another program, only
meets SQLite's wait).

Django has no public hook around a transaction's BEGIN, COMMIT and ROLLBACK, so the wrapper
overrides the private methods that send them; tests/test_sqlite.py pins what it relies on (that
Django still has them and calls them for every atomic block). Everything else goes through public
options (transaction_mode, init_command: settings.py) and signals.
"""

import fcntl
import os

from django.db.backends.signals import connection_created
from django.db.backends.sqlite3 import base


def lock_path(database):
    return f"{database}.write-lock"


def keep_private(database):
    """The database and its -wal and -shm files readable and writable by this user only: SQLite
    creates them with the process's umask (readable by every user of the machine). Done once
    SQLite has opened the file: creating it first, beside -wal and -shm files left by a database
    since removed, makes SQLite read them as the new file's and fail with a disk I/O error."""
    for path in (database, f"{database}-wal", f"{database}-shm"):
        try:
            if os.stat(path).st_uid == os.getuid():
                os.chmod(path, 0o600)
        except OSError:
            pass  # not there (yet), or not this user's to change


class DatabaseWrapper(base.DatabaseWrapper):
    lock_file = None  # this connection's own descriptor: flock() locks are per open file

    def _start_transaction_under_autocommit(self):
        if self.lock_file is None and not self.is_in_memory_db():
            self.lock_file = os.open(lock_path(self.settings_dict["NAME"]), os.O_RDWR | os.O_CREAT, 0o600)
        if self.lock_file is not None:
            fcntl.flock(self.lock_file, fcntl.LOCK_EX)
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._release()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._release()

    def _close(self):
        try:
            return super()._close()
        finally:
            if self.lock_file is not None:
                os.close(self.lock_file)  # releases its lock too
                self.lock_file = None

    def _release(self):
        if self.lock_file is not None:
            fcntl.flock(self.lock_file, fcntl.LOCK_UN)


def _opened(sender, connection, **kwargs):
    if not connection.is_in_memory_db():
        keep_private(connection.settings_dict["NAME"])


connection_created.connect(_opened, sender=DatabaseWrapper)
