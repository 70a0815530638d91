"""The PostgreSQL backend's health check: no round trip while the connection is healthy, and a
fresh connection, not a 500, once the server has dropped the old one (as a restart does)."""

import time

import pytest
from django.db import connection, connections

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's own backend"),
]


def backend_pid():
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_a_healthy_connection_is_not_asked(monkeypatch):
    connection.ensure_connection()

    def round_trip(*args, **kwargs):
        raise AssertionError("the health check sent a query")

    monkeypatch.setattr(connection.connection, "cursor", round_trip)
    assert connection.is_usable()


def test_a_dropped_connection_is_replaced_before_the_next_query():
    dropped_pid = backend_pid()
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [dropped_pid])
    finally:
        other.close()
    deadline = time.monotonic() + 5  # the server's goodbye arrives a moment later
    while connection.is_usable() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not connection.is_usable()

    # What Django does at the start of each request with conn_health_checks on.
    connection.health_check_enabled, connection.health_check_done = True, False
    assert backend_pid() != dropped_pid
