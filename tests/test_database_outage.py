"""PostgreSQL stops in the middle of an evening and comes back: a gunicorn server reaches the test
database through a TCP proxy the test controls, and cutting the proxy is the database stopping
(every connection dropped, new ones refused) for this server alone, never for the machine's other
users of PostgreSQL. Meanwhile every post and page answers 503 and /health/ says so; once the
database is back the server reconnects by itself, the hand a phone kept is recorded exactly once,
and the next save works at once. A phone's browser does the same without a reload."""

import contextlib
import re
import socket
import sys
import threading
import time
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Hand, HandChange
from games.services import tables
from tests.fixtures import Phone, free_port, manage_env, players_of, served_database_url, server_process
from tests.inputs import hand_form

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL stopped and started (DATABASE_URL)"),
]

HTMX = {"HX-Request": "true"}


class DatabaseProxy:
    """127.0.0.1:<port> forwarded to the database's address, until cut() and after restore()."""

    def __init__(self, target):
        self.target, self.port = target, free_port()
        self.sockets, self.lock, self.listener = set(), threading.Lock(), None

    def restore(self):
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self.accept, args=(self.listener,), daemon=True).start()

    def cut(self):
        with self.lock:
            for each in {self.listener, *self.sockets}:
                with contextlib.suppress(OSError):  # already closed by its other end
                    each.shutdown(socket.SHUT_RDWR)  # wakes the thread blocked on it
                each.close()
            self.sockets.clear()

    def accept(self, listener):
        while True:
            try:
                client, _address = listener.accept()
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                return
            server.settimeout(None)
            with self.lock:
                self.sockets |= {client, server}
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self.pump, args=(source, sink), daemon=True).start()

    def pump(self, source, sink):
        with contextlib.suppress(OSError):  # cut
            while data := source.recv(65536):
                sink.sendall(data)
        for each in (source, sink):
            with contextlib.suppress(OSError):
                each.shutdown(socket.SHUT_RDWR)


@pytest.fixture
def proxy():
    database = connection.settings_dict
    proxy = DatabaseProxy((database["HOST"] or "127.0.0.1", int(database["PORT"] or 5432)))
    proxy.restore()
    yield proxy
    proxy.cut()


@pytest.fixture
def server(tmp_path, proxy):
    """A gunicorn server whose database is reached through the proxy."""
    address = urlsplit(served_database_url())
    through_proxy = address._replace(netloc=re.sub(r"@[^@]*$", f"@127.0.0.1:{proxy.port}", address.netloc))
    port = free_port()
    env = manage_env(
        tmp_path,
        DATABASE_URL=urlunsplit(through_proxy),
        SECRET_KEY="the outage test's key",
        DJANGO_SETTINGS_MODULE="tests.settings",
        WEB_CONCURRENCY="1",
        GUNICORN_THREADS="2",
    )
    command = [sys.executable, "-m", "gunicorn", "cardscore.wsgi", "--bind", f"127.0.0.1:{port}"]
    with server_process(command, port, env, tmp_path / "server.log"):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture
def table(owner):
    return tables.create_table(game="marriage", name="Outage", players=players_of("marriage"), rules={}, owner=owner)


def until(condition, within):
    give_up = time.monotonic() + within
    while not condition():
        assert time.monotonic() < give_up, "not within the time"
        time.sleep(0.5)


def test_a_hand_posted_while_postgresql_is_stopped_is_recorded_once_when_it_is_back(server, proxy, table, tmp_path):
    phone, add = Phone(), f"{server}{reverse('add_hand', args=[table.keeper_token])}"
    assert phone.get(f"{server}{reverse('table', args=[table.keeper_token])}")[0] == 200
    assert phone.post(add, hand_form("sWsu", (12, 4, 6, 0), key="hand-1"))[0] == 302

    proxy.cut()
    kept = hand_form("Wsss", (3, 0, 0, 0), next_number=2, key="kept-on-the-phone")
    status, page = phone.post(add, kept)
    assert status == 503 and phone.headers["Retry-After"]
    assert "The server cannot reach its database" in page
    assert phone.get(f"{server}/health/") == (503, "database unavailable")
    assert phone.get(f"{server}{reverse('table', args=[table.keeper_token])}")[0] == 503
    assert Hand.objects.filter(table=table).count() == 1

    proxy.restore()
    back = time.monotonic()
    until(lambda: phone.get(f"{server}/health/")[0] == 200, within=60)
    assert phone.post(add, kept)[0] == 302
    assert phone.post(add, kept)[0] == 302  # sent again by a phone whose answer was lost: recorded once
    assert time.monotonic() - back < 60
    assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1, 2]
    assert HandChange.objects.filter(table=table, key="kept-on-the-phone").count() == 1
    assert phone.post(add, hand_form("sWsu", (0, 0, 0, 0), next_number=3, key="hand-3"))[0] == 302
    log = (tmp_path / "server.log").read_text()
    assert "The database does not answer" in log and "Traceback" not in log


@pytest.mark.browser
def test_the_scorekeepers_phone_keeps_the_hand_and_sends_it_when_postgresql_is_back(phones, server, proxy, table):
    keeper = phones().new_page()
    keeper.goto(f"{server}/t/{table.keeper_token}/")
    keeper.evaluate("window.neverReloaded = true")

    proxy.cut()
    keeper.locator("#new-hand #seat-1 label.status-winner").click()
    keeper.locator("#new-hand [name='maal-1']").fill("4")
    keeper.locator("#new-hand button.primary").click()
    expect(keeper.locator("#saved")).to_have_text(
        "The server could not save Hand 1 — it is kept on this phone and will be sent."
    )
    expect(keeper.locator("#connection")).to_have_text("server problem · 1 waiting")
    keeper.wait_for_timeout(5000)  # the evening goes on without the database for a while
    assert not Hand.objects.filter(table=table).exists()

    proxy.restore()
    expect(keeper.locator("#saved")).to_contain_text("Hand 1 saved", timeout=60_000)
    expect(keeper.locator("#connection")).to_have_text("online")
    assert keeper.evaluate("window.neverReloaded") is True
    assert Hand.objects.filter(table=table).count() == 1
    assert HandChange.objects.filter(table=table).count() == 1
