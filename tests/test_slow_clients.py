"""A server facing the network itself (scripts/serve, docker run -p) meets clients that send a
request a byte at a time: gunicorn as gunicorn.conf.py sets it up must go on answering everyone
else, rather than give each slow client one of its few threads to wait on."""

import http.client
import socket
import sys
import time
import urllib.request

import pytest
from django.urls import reverse

from cardscore import bodies
from cardscore.worker import REQUEST_TIMEOUT
from tests.attacks import LARGE_BODY, large_body_head, slow_clients
from tests.fixtures import free_port, manage_env, served_database_url, server_process


def in_its_own_process(test):
    return pytest.mark.slow(pytest.mark.django_db(transaction=True)(test))


@pytest.fixture
def server(tmp_path):
    """gunicorn with gunicorn.conf.py, as scripts/serve starts it, on this machine's two cores."""
    port = free_port()
    env = manage_env(
        tmp_path,
        DATABASE_URL=served_database_url(),
        SECRET_KEY="slow clients",
        WEB_CONCURRENCY="2",
        GUNICORN_THREADS="2",
    )
    command = [sys.executable, "-m", "gunicorn", "cardscore.wsgi", "--bind", f"127.0.0.1:{port}"]
    with server_process(command, port, env, tmp_path / "gunicorn.log"):
        yield port


@pytest.mark.parametrize(
    ("name", "args", "limit"),
    [
        ("add_hand", ["k" * 22], bodies.LARGE_BODY),
        ("edit_hand", ["k" * 22, 7], bodies.LARGE_BODY),
        ("hand_photo", ["k" * 22, 7], bodies.LARGE_BODY),
        ("import_file", [], bodies.LARGE_BODY),
        ("hand_note", ["k" * 22, 7], bodies.SMALL_BODY),
        ("seats", ["k" * 22], bodies.SMALL_BODY),
        ("choose_language", [], bodies.SMALL_BODY),
        ("login", [], bodies.SMALL_BODY),
        ("new_table", ["marriage"], bodies.SMALL_BODY),
    ],
)
def test_large_bodies_are_taken_only_where_a_photo_or_a_table_file_is_posted(name, args, limit):
    assert bodies.body_limit(reverse(name, args=args)) == limit


@in_its_own_process
def test_health_answers_while_slow_clients_dribble_their_requests(server):
    with slow_clients(server):
        for _ in range(10):
            # A generous timeout: an answer takes milliseconds, a hang lasts as long as the slow
            # clients go on (bench/slow_clients.py measures the time).
            with urllib.request.urlopen(f"http://127.0.0.1:{server}/health/", timeout=5) as response:
                assert response.status == 200
            time.sleep(1)


@in_its_own_process
def test_a_kept_alive_connection_and_a_body_sent_in_pieces_are_served(server):
    connection = http.client.HTTPConnection("127.0.0.1", server, timeout=30)
    for _ in range(3):  # one connection, three requests
        connection.request("GET", "/health/")
        response = connection.getresponse()
        assert (response.status, response.read()) == (200, b"ok")
    # A post whose body comes in pieces, a little late, is answered (a server without an owner
    # sends every page to its setup).
    with socket.create_connection(("127.0.0.1", server), timeout=30) as phone:
        body = b"name=Asha&score=12"
        phone.sendall(
            b"POST /login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n" % len(body)
        )
        for piece in (body[:5], body[5:]):
            time.sleep(0.5)
            phone.sendall(piece)
        assert phone.recv(100).startswith(b"HTTP/1.1 302 ")


def first_answer(port, request):
    """The status line the server sends back to `request`, sent whole."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as phone:
        phone.sendall(request)
        return phone.recv(100).split(b"\r\n")[0]


@in_its_own_process
def test_a_body_larger_than_its_path_takes_is_refused_before_it_is_read(server):
    head = "POST {} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\n\r\n"
    assert (
        first_answer(server, head.format("/language/", bodies.SMALL_BODY + 1).encode())
        == b"HTTP/1.1 413 Content Too Large"
    )
    assert first_answer(server, head.format("/t/x/hands/", bodies.LARGE_BODY + 1).encode()) == (
        b"HTTP/1.1 413 Content Too Large"
    )
    chunked = b"POST /t/x/hands/ HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    assert first_answer(server, chunked) == b"HTTP/1.1 411 Length Required"


@in_its_own_process
def test_a_photo_sized_body_that_arrives_whole_is_answered(server):
    """As a phone sends a hand with its photo, asking first whether to send the body (curl does)."""
    body = b"a" * (bodies.SMALL_BODY * 3)
    head = (
        b"POST /t/no-such-table/hands/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        b"Content-Type: application/octet-stream\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n" % len(body)
    )
    with socket.create_connection(("127.0.0.1", server), timeout=30) as phone:
        phone.sendall(head)
        assert phone.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
        phone.sendall(body)
        answer = phone.recv(100)
    assert answer.startswith(b"HTTP/1.1 302 ")  # a server with no owner yet sends every page to its setup


@in_its_own_process
def test_health_answers_within_a_second_while_four_phones_trickle_2_mb_bodies(server, owner):
    # With an owner, the server reads what is posted (without one, it sends every page to its setup).
    with slow_clients(server, count=4, head=large_body_head("/t/x/hands/"), dribble=b"a" * LARGE_BODY):
        give_up = time.monotonic() + 20
        while time.monotonic() < give_up:
            with urllib.request.urlopen(f"http://127.0.0.1:{server}/health/", timeout=1) as response:
                assert response.status == 200
            time.sleep(0.5)


@in_its_own_process
def test_a_body_arriving_too_slowly_is_dropped(server):
    with socket.create_connection(("127.0.0.1", server), timeout=1) as phone:
        phone.sendall(b"POST /login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n")
        started, closed = time.monotonic(), False
        while not closed and time.monotonic() - started < 30:
            try:
                closed = phone.recv(100) == b""
            except TimeoutError:
                phone.sendall(b"a")  # a byte a second
            except OSError:
                closed = True
        assert closed and REQUEST_TIMEOUT <= time.monotonic() - started < REQUEST_TIMEOUT + 5
