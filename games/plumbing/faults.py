"""What the server answers when it fails itself (its database does not answer, its disk is full):
503 with Retry-After and a page in the phone's language, one log line that says what the owner must
look at, and no traceback. Nothing is half-written (a change is one transaction) and the phone keeps
what it was sending and sends it again (static/offline.js)."""

import errno
import logging
import sqlite3
import sys

from django.db import InterfaceError, OperationalError
from django.shortcuts import render

logger = logging.getLogger("cardscore.faults")

RETRY_AFTER_SECONDS = 10
POSTGRESQL_DISK_FULL = "53100"  # SQLSTATE disk_full


def trouble_of(exception):
    """ "disk" for a full disk, "database" for a database that cannot be reached or used now, None
    for any other failure (a bug: Django's 500)."""
    if isinstance(exception, OSError) and exception.errno in (errno.ENOSPC, errno.EDQUOT):
        return "disk"
    if not isinstance(exception, (OperationalError, InterfaceError)):
        return None
    # Django's error wraps the driver's, which says which it is.
    cause = exception.__cause__
    if getattr(cause, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or getattr(cause, "sqlstate", None) == (
        POSTGRESQL_DISK_FULL
    ):
        return "disk"
    return "database"


def unavailable(request, trouble, exception):
    words = " ".join(str(exception).split())  # the driver's message, on the log's one line
    if trouble == "disk":
        logger.error("The disk is full (%s): free some space where the database and the data folder are.", words)
    else:
        logger.error("The database does not answer (%s).", words)
    response = render(request, "trouble.html", {"trouble": trouble}, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class ServerTroubleMiddleware:
    """A view that meets a database or disk failure answers 503, with the page and log line above."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        trouble = trouble_of(exception)
        return None if trouble is None else unavailable(request, trouble, exception)


def server_error(request):
    """handler500: the same 503 for a failure met outside a view (a middleware reading the
    database), else a 500 page in the phone's language instead of Django's English one."""
    exception = sys.exc_info()[1]
    trouble = trouble_of(exception)
    if trouble is not None:
        return unavailable(request, trouble, exception)
    return render(request, "trouble.html", {"trouble": "error"}, status=500)


class WithoutTraceback(logging.Filter):
    """For django.request's log line of a 503 met outside a view: the line above says the cause, and
    a traceback through the database driver says nothing more to the owner."""

    def filter(self, record):
        if record.exc_info and trouble_of(record.exc_info[1]) is not None:
            record.exc_info = record.exc_text = None
        return True
