"""A server facing the network itself (scripts/serve, docker run -p) meets clients that send a
request a byte at a time: gunicorn as gunicorn.conf.py sets it up must go on answering everyone
else, rather than give each slow client one of its few threads to wait on."""

import http.client
import socket
import sys
import time
import urllib.request

import pytest

from cardscore.worker import BODY_LIMIT, HEAD_LIMIT, has_arrived
from tests.attacks import slow_clients
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
    ("received", "arrived"),
    [
        (b"GET /health/ HTTP/1.1\r\nHost: a", False),
        (b"GET /health/ HTTP/1.1\r\nHost: a\r\n\r\n", True),
        (b"POST /t/x/hands/ HTTP/1.1\r\nContent-Length: 5\r\n\r\nabc", False),
        (b"POST /t/x/hands/ HTTP/1.1\r\ncontent-length:5\r\n\r\nabcde", True),
        (b"POST /t/x/hands/ HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n", True),
        (b"POST /import/ HTTP/1.1\r\nContent-Length: %d\r\n\r\n" % (BODY_LIMIT + 1), True),  # its thread reads it
        (b"GET / HTTP/1.1\r\nX-Long: " + b"a" * HEAD_LIMIT, True),  # for gunicorn's parser to refuse
    ],
)
def test_a_request_goes_to_a_thread_once_it_has_arrived(received, arrived):
    assert has_arrived(bytearray(received)) is arrived


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
