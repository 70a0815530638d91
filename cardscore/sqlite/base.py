"""Django's SQLite backend whose write transactions queue on a lock file beside the database.

Transactions begin IMMEDIATE (settings.py), so two of them never hold SQLite's write lock at
once, and SQLite makes the second one wait by polling: it sleeps 1, 2, 5, 10... ms and tries
again. With the server's threads and processes all posting hands, a core sat idle in those
sleeps while the lock was free: bench/http_load.py measured the cores 11–34 % idle under hand
posts. A write transaction here first takes an exclusive flock() on the lock file, which the
kernel hands to the next waiter the moment it is released, then begins as before; SQLite's own
locking still keeps the data safe (a write outside a transaction, or another program, only
meets SQLite's wait).
"""

import contextlib
import fcntl
import os

from django.db.backends.sqlite3 import base, creation


def lock_path(database):
    return f"{database}.write-lock"


class DatabaseCreation(creation.DatabaseCreation):
    def _destroy_test_db(self, test_database_name, verbosity):
        super()._destroy_test_db(test_database_name, verbosity)
        if test_database_name and not self.is_in_memory_db(test_database_name):
            with contextlib.suppress(FileNotFoundError):
                os.remove(lock_path(test_database_name))


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
    creation_class = DatabaseCreation
    lock_file = None  # this connection's own descriptor: flock() locks are per open file

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        if not self.is_in_memory_db():
            keep_private(self.settings_dict["NAME"])
        return connection

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
