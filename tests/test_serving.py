"""gunicorn.conf.py: each process listens on its own socket (reuse_port), so a second server on
the same port must refuse to start rather than quietly share the phones with the first."""

import logging
import socket
import subprocess
from types import SimpleNamespace

import pytest

from tests.fixtures import PROJECT_DIR

CONFIG = PROJECT_DIR / "gunicorn.conf.py"


def gunicorn_config():
    settings = {}
    exec(CONFIG.read_text(), settings)
    return settings


def server_on(*addresses):
    """As much of gunicorn's arbiter as the hooks use; its log keeps what they write."""
    log = logging.Logger("gunicorn.error")
    log.records = []
    log.addHandler(SimpleNamespace(level=0, handle=log.records.append))
    return SimpleNamespace(
        cfg=SimpleNamespace(address=list(addresses)), pid=4242, log=SimpleNamespace(error_log=log, info=log.info)
    )


def starting_on(address):
    gunicorn_config()["on_starting"](server_on(address))


def test_each_process_has_its_own_socket():
    assert gunicorn_config()["reuse_port"] is True


def test_a_second_server_on_a_taken_port_stops_with_a_message():
    with socket.create_server(("127.0.0.1", 0), reuse_port=True) as running:  # as a worker listens
        port = running.getsockname()[1]
        with pytest.raises(SystemExit, match=f"Port {port} is already in use"):
            starting_on(("127.0.0.1", port))


def test_an_address_that_is_not_this_machines_stops_with_a_message():
    with pytest.raises(SystemExit, match=r"Cannot listen at http://192\.0\.2\.1:9100: Cannot assign requested address"):
        starting_on(("192.0.2.1", 9100))  # TEST-NET-1: never a local address


def test_a_free_port_starts():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    starting_on(("127.0.0.1", port))


def test_no_control_socket_for_two_servers_to_fight_over():
    # gunicorn's default path is one per user: a second server would take it from the first.
    assert gunicorn_config()["control_socket_disable"] is True


def test_the_log_says_where_the_workers_listen_and_drops_gunicorns_empty_line():
    config = gunicorn_config()
    server = server_on(("127.0.0.1", 9101), ("::1", 9101))
    config["on_starting"](server)
    server.log.error_log.info("Listening at: %s (%s)", "", 4242)  # gunicorn's, with reuse_port
    config["when_ready"](server)
    assert [record.getMessage() for record in server.log.error_log.records] == [
        "Listening at: http://127.0.0.1:9101, http://[::1]:9101 (4242), each worker on its own socket"
    ]


def test_serve_asks_for_the_address_that_host_needs():
    result = subprocess.run(["scripts/serve", "--host"], cwd=PROJECT_DIR, capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert result.stderr == "--host needs an address, e.g. --host 127.0.0.1\n"
