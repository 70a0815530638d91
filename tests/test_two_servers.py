"""More than one app server: two gunicorn servers, as scripts/serve starts them, share one
PostgreSQL database and nothing else, the way a club grows by adding servers behind its proxy.

Each server is a process of its own on a free port, with a data folder of its own and the same
SECRET_KEY; they use the test database (tests/fixtures.py: served_database_url), so what they save
the test reads. The phones are plain HTTP clients that keep cookies: a cookie belongs to a host,
not a port, so a phone's cookies go to both servers, as they would through one proxy.
"""

import re
import sys
import threading
from contextlib import ExitStack
from types import SimpleNamespace

import pytest
from django.db import connection
from django.urls import reverse

from games.models import Hand, HandChange
from games.services import tables
from tests.fixtures import Phone, free_port, manage_env, players_of, served_database_url, server_process, totals_row
from tests.inputs import hand_form

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="app servers share PostgreSQL (DATABASE_URL)"),
]

PASSWORD = "tiplu-poplu-jhiplu-42"
FIRST_HAND = hand_form("sWsu", (12, 4, 6, 0))  # the worked example: 23, 10, -1, -32
FIRST_TOTALS = {"Asha": "+23", "Bikash": "+10", "Chandra": "−1", "Dipa": "−32"}


@pytest.fixture
def servers(tmp_path):
    """The addresses of two gunicorn servers on one database; both stopped after the test."""
    with ExitStack() as stack:
        addresses = []
        for name in ("a", "b"):
            port = free_port()
            env = manage_env(
                tmp_path / name,
                DATABASE_URL=served_database_url(),
                SECRET_KEY="one key for every server",
                DJANGO_SETTINGS_MODULE="tests.settings",
                WEB_CONCURRENCY="1",
                GUNICORN_THREADS="2",
            )
            command = [sys.executable, "-m", "gunicorn", "cardscore.wsgi", "--bind", f"127.0.0.1:{port}"]
            stack.enter_context(server_process(command, port, env, tmp_path / f"{name}.log"))
            addresses.append(f"http://127.0.0.1:{port}")
        yield addresses


def at_once(*requests):
    """Run the requests at the same moment, one thread each; their answers in order."""
    barrier = threading.Barrier(len(requests))
    answers = [None] * len(requests)

    def send(index, request):
        barrier.wait(timeout=30)
        answers[index] = request()

    threads = [threading.Thread(target=send, args=pair) for pair in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a request hung"
    return answers


def new_table(name):
    return tables.create_table(game="marriage", name=name, players=players_of("marriage"), rules={}, owner=None)


def shown_totals(html):
    return totals_row(SimpleNamespace(content=html.encode()))


def log_in(phone, server, username, password):
    phone.get(f"{server}/login/")
    return phone.post(f"{server}/login/", {"username": username, "password": password})


@pytest.fixture
def accounts(django_user_model):
    """Two accounts (with the site's own password hasher, which the servers read)."""
    return [django_user_model.objects.create_user(name, password=PASSWORD) for name in ("asha", "bikash")]


def test_the_same_hand_posted_to_both_servers_at_once_is_recorded_once(servers, accounts):
    server_a, server_b = servers
    for round_number in range(10):
        table = new_table(f"Race {round_number}")
        path = reverse("add_hand", args=[table.keeper_token])
        phones = [Phone(), Phone()]
        for phone, server in zip(phones, servers):
            assert phone.get(f"{server}{reverse('table', args=[table.keeper_token])}")[0] == 200
        answers = at_once(
            lambda: phones[0].post(server_a + path, FIRST_HAND), lambda: phones[1].post(server_b + path, FIRST_HAND)
        )
        assert sorted(status for status, _page in answers) == [302, 409], f"round {round_number}"
        assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1]
        assert HandChange.objects.filter(table=table).count() == 1


def test_a_viewer_on_one_server_sees_a_hand_saved_on_the_other_at_its_next_poll(servers, accounts):
    """The board polls every 2 s: a hand saved on server A is on a phone reading server B at
    its next poll, so within the 3 s a table expects."""
    server_a, server_b = servers
    table = new_table("Friday")
    keeper, viewer = Phone(), Phone()
    status, board = viewer.get(f"{server_b}{reverse('table', args=[table.viewer_token])}")
    assert status == 200
    # The poll sends the board's revision from its hidden input, as htmx's hx-include does.
    live = re.search(r'hx-get="([^"]+/live/)"', board).group(1)
    revision = re.search(r'id="board-revision" name="revision" value="(\d+)"', board).group(1)
    poll = f"{live}?revision={revision}"
    assert viewer.get(server_b + poll)[0] == 204  # nothing new yet

    keeper.get(f"{server_a}{reverse('table', args=[table.keeper_token])}")
    assert keeper.post(f"{server_a}{reverse('add_hand', args=[table.keeper_token])}", FIRST_HAND)[0] == 302
    answer = viewer.get(server_b + poll)
    assert answer[0] == 200
    assert shown_totals(answer[1]) == FIRST_TOTALS


def test_a_login_made_on_one_server_is_valid_on_the_other(servers, accounts):
    server_a, server_b = servers
    phone = Phone()
    assert log_in(phone, server_a, "asha", PASSWORD)[0] == 302
    status, home = phone.get(f"{server_b}/")
    assert status == 200
    assert reverse("new_table", args=["marriage"]) in home  # only an account may start a table
    assert phone.get(f"{server_b}{reverse('new_table', args=['marriage'])}")[0] == 200
    assert Phone().get(f"{server_b}{reverse('new_table', args=['marriage'])}")[0] == 302  # to the login page


def test_the_login_lockout_counts_failures_on_both_servers(servers, accounts):
    server_a, server_b = servers
    phone = Phone()
    # Five wrong passwords, taking turns between the servers: four answered with the form again...
    for attempt, server in enumerate([server_a, server_b, server_a, server_b]):
        assert log_in(phone, server, "bikash", f"wrong-{attempt}")[0] == 200
    # ...and the fifth locks the account, on either server, even for the right password.
    assert log_in(phone, server_b, "bikash", "wrong-4")[0] == 429
    assert log_in(Phone(), server_a, "bikash", PASSWORD)[0] == 429
    assert log_in(Phone(), server_b, "bikash", PASSWORD)[0] == 429
