"""gunicorn.conf.py: each process listens on its own socket (reuse_port), so a second server on
the same port must refuse to start rather than quietly share the phones with the first."""

import socket
from types import SimpleNamespace

import pytest

from tests.fixtures import PROJECT_DIR

CONFIG = PROJECT_DIR / "gunicorn.conf.py"


def gunicorn_config():
    settings = {}
    exec(CONFIG.read_text(), settings)
    return settings


def starting_on(address):
    gunicorn_config()["on_starting"](SimpleNamespace(cfg=SimpleNamespace(address=[address])))


def test_each_process_has_its_own_socket():
    assert gunicorn_config()["reuse_port"] is True


def test_a_second_server_on_a_taken_port_stops_with_a_message():
    with socket.create_server(("127.0.0.1", 0), reuse_port=True) as running:  # as a worker listens
        port = running.getsockname()[1]
        with pytest.raises(SystemExit, match=f"Port {port} is already in use"):
            starting_on(("127.0.0.1", port))


def test_a_free_port_starts():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    starting_on(("127.0.0.1", port))
