"""Table links are secrets (/t/<token>/): neither Django's log nor gunicorn's access log may hold
a whole token."""

import io
import logging
from datetime import timedelta
from types import SimpleNamespace

from gunicorn.config import Config

from cardscore.logs import GunicornLogger, MaskTokens, mask_tokens

TOKEN = "Zq7xKpL2mN9vB4cD8eF1gH"


def test_a_404_on_a_table_link_is_logged_without_its_token(client):
    console = next(
        handler for handler in logging.getLogger().handlers if any(isinstance(f, MaskTokens) for f in handler.filters)
    )
    stream = io.StringIO()
    previous = console.setStream(stream)
    try:
        assert client.get(f"/t/{TOKEN}/hands/7/").status_code == 404
    finally:
        console.setStream(previous)
    assert "Not Found: /t/Zq7x…/hands/7/" in stream.getvalue()
    assert TOKEN not in stream.getvalue()


def test_a_traceback_is_logged_without_the_token_either():
    record = logging.LogRecord(
        "django.request", logging.ERROR, __file__, 1, "Internal Server Error: %s", (f"/t/{TOKEN}/",), None
    )
    try:
        raise ValueError(f"no table at /t/{TOKEN}/live/")
    except ValueError as error:
        record.exc_info = (type(error), error, error.__traceback__)
    MaskTokens().filter(record)
    assert TOKEN not in logging.Formatter().format(record)
    assert "/t/Zq7x…/live/" in record.exc_text


def test_gunicorns_access_log_holds_no_token_in_the_path_or_the_referer(tmp_path):
    config = Config()
    config.set("accesslog", str(tmp_path / "access.log"))
    config.set("access_log_format", config.access_log_format + ' "%({referer}i)s" "%(U)s"')
    logger = GunicornLogger(config)
    page = f"https://cards.example.org/t/{TOKEN}/"
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/t/{TOKEN}/live/?revision=3",
        "PATH_INFO": f"/t/{TOKEN}/live/",
        "QUERY_STRING": "revision=3",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_REFERER": page,
    }
    logger.access(
        SimpleNamespace(status="204 No Content", headers=[], sent=0),
        SimpleNamespace(headers=[("REFERER", page)]),
        environ,
        timedelta(milliseconds=3),
    )
    line = (tmp_path / "access.log").read_text()
    assert TOKEN not in line
    assert '"GET /t/Zq7x…/live/?revision=3 HTTP/1.1" 204' in line
    assert line.count("https://cards.example.org/t/Zq7x…/") == 2


def test_a_token_behind_percent_encoded_slashes_is_masked_too():
    token = "Zq7xAbCdEfGh12345678_-"
    for line in (f"GET /login/?next=%2Ft%2F{token}%2Fgroup%2F", f"Referer: https://cards.example.org%2ft%2f{token}"):
        assert token not in mask_tokens(line) and "Zq7x…" in mask_tokens(line)
