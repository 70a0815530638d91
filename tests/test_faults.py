"""The server failing itself: its database does not answer or its disk is full. Every page and post
answers 503 with Retry-After and a page in the phone's language, the log has one line saying what to
look at (no traceback), nothing is half-saved, and the same post sent again once the server is well
is recorded once. What the phone does with such an answer: tests/browser/test_faults_browser.py; a
real PostgreSQL going away and coming back: tests/test_database_outage.py."""

import logging

import pytest
from django.db import OperationalError, connection
from django.urls import reverse

from games.models import Hand, HandChange
from games.plumbing import faults
from games.services import recording, tables
from tests.fixtures import add_url, csrf_post, page
from tests.inputs import hand_form, marriage_inputs

HTMX = {"HTTP_HX_REQUEST": "true"}
FIRST_HAND = hand_form("sWsu", (12, 4, 6, 0), key="phone-1")


def refused_connection(*args, **kwargs):
    raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')


@pytest.fixture
def database_down(monkeypatch):
    """Every new query fails as it does while PostgreSQL is stopped."""

    def failing_execute(execute, sql, params, many, context):
        refused_connection()

    with connection.execute_wrapper(failing_execute):
        yield


@pytest.mark.django_db
def test_a_post_while_the_database_is_down_answers_503_in_the_phones_language(client, marriage_table, caplog):
    url = add_url(marriage_table)
    client.cookies["django_language"] = "ne"
    token = client.get(reverse("home")).cookies["csrftoken"].value
    with connection.execute_wrapper(lambda *args: refused_connection()), caplog.at_level(logging.ERROR):
        answer = client.post(url, {**FIRST_HAND, "csrfmiddlewaretoken": token}, **HTMX)

    assert answer.status_code == 503
    assert answer["Retry-After"] == str(faults.RETRY_AFTER_SECONDS)
    assert "सर्भर" in page(answer) and "database" not in page(answer).lower()  # Nepali words, not Django's page
    assert "Connection refused" in caplog.text and "Traceback" not in caplog.text
    assert Hand.objects.count() == 0


@pytest.mark.django_db
def test_every_page_answers_503_while_the_database_is_down(client, marriage_table, database_down):
    client.raise_request_exception = False  # a failure met in a middleware is signalled as well as answered
    pages = [
        reverse("home"),
        reverse("table", args=[marriage_table.keeper_token]),
        reverse("live", args=[marriage_table.viewer_token]),
        reverse("new_table", args=["marriage"]),
    ]
    for url in pages:
        answer = client.get(url)
        assert answer.status_code == 503, url
        assert "The server cannot reach its database" in page(answer)
        assert 'href="' + url + '"' in page(answer)  # "Try again"


@pytest.mark.django_db
def test_a_failure_outside_a_view_answers_503_too(client, owner, marriage_table, monkeypatch, caplog):
    """Before any view: the first request of a new server process asks the database for an owner."""
    monkeypatch.setattr("games.plumbing.middleware.has_owner", refused_connection)
    fresh = type(client)(raise_request_exception=False)
    with caplog.at_level(logging.ERROR):
        answer = fresh.get(reverse("home"))
    assert answer.status_code == 503 and answer["Retry-After"]
    assert "The server cannot reach its database" in page(answer)
    assert "Traceback" not in caplog.text


@pytest.mark.django_db
def test_a_bug_shows_the_servers_page_in_the_phones_language(client, marriage_table, monkeypatch):
    monkeypatch.setattr("games.views.hands.recording.record_hand", lambda *args, **kwargs: 1 / 0)
    client.raise_request_exception = False
    client.cookies["django_language"] = "ar"
    answer = csrf_post(client, add_url(marriage_table), FIRST_HAND)
    assert answer.status_code == 500
    assert 'lang="ar"' in page(answer) and "الخادم" in page(answer)


@pytest.mark.django_db
def test_health_answers_503_while_the_database_is_down(client, database_down):
    answer = client.get(reverse("health"))
    assert (answer.status_code, answer.content, answer["Retry-After"]) == (
        503,
        b"database unavailable",
        str(faults.RETRY_AFTER_SECONDS),
    )


@pytest.mark.django_db
def test_health_answers_200_when_the_database_does(client):
    assert client.get(reverse("health")).content == b"ok"


def fill_the_database(table):
    """Hands recorded until SQLite has no page left to grow into (PRAGMA max_page_count stands for a
    full disk: SQLite answers "database or disk is full", as it does when the disk is)."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA page_count")
        cursor.execute(f"PRAGMA max_page_count = {cursor.fetchone()[0]}")
    for number in range(table.hands.count() + 1, 2000):
        try:
            recording.record_hand(table, marriage_inputs("sWsu", (12, 4, 6, 0)), number)
        except OperationalError as error:  # the hand that no longer fits, after many that did
            assert "full" in str(error)  # noqa: PT017
            return number
    raise AssertionError("the database never filled")


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's own disk-full error")
def test_a_full_disk_answers_503_saves_nothing_and_the_hand_lands_once_when_there_is_room(client, owner, caplog):
    table = tables.create_table(
        game="marriage", name="Full", players=["Asha", "Bikash", "Chandra", "Dipa"], rules={}, owner=owner
    )
    number = fill_the_database(table)
    post = hand_form("sWsu", (12, 4, 6, 0), next_number=number, key="kept-on-the-phone")
    changes = HandChange.objects.count()

    with caplog.at_level(logging.ERROR):
        full = csrf_post(client, add_url(table), post, **HTMX)
    assert full.status_code == 503 and full["Retry-After"]
    assert "The server's disk is full" in page(full)
    assert "The disk is full" in caplog.text and "Traceback" not in caplog.text
    assert (table.hands.count(), HandChange.objects.count()) == (number - 1, changes)

    with connection.cursor() as cursor:
        cursor.execute("PRAGMA max_page_count = 1073741823")
    assert csrf_post(client, add_url(table), post, **HTMX).status_code == 200
    assert csrf_post(client, add_url(table), post, **HTMX).status_code == 200  # the phone's retry, answered as saved
    assert table.hands.count() == number
    assert HandChange.objects.filter(key="kept-on-the-phone").count() == 1
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA integrity_check")
        assert cursor.fetchall() == [("ok",)]
