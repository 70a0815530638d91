"""Pages and answers are gzipped for a phone that asks (games/plumbing/middleware.py: CompressionMiddleware,
Django's GZipMiddleware with its BREACH padding), and Caddy compresses in the Compose deployment
(deploy/Caddyfile). What that does to the time from a tap on Save to the next form:
bench/wire.py."""

import gzip
import io
import re

import pytest
from django.http import FileResponse, HttpResponse
from django.test import RequestFactory
from django.urls import reverse

from games.plumbing.middleware import CompressionMiddleware
from games.services import table_file
from tests.fixtures import PROJECT_DIR, csrf_post, page, table_url
from tests.inputs import hand_form, marriage_inputs

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa", "Esha", "Faris"]


def marriage_of(hands, owner):
    inputs = marriage_inputs("sWsuss", (12, 4, 6, 0, 3, 9), players=PLAYERS)
    document = {
        "format": table_file.FORMAT,
        "game": "marriage",
        "players": PLAYERS,
        "hands": [{"inputs": inputs}] * hands,
    }
    return table_file.import_table(document, owner=owner)[0]


def next_hand(client, table, number):
    shown = page(client.get(table_url(table)))
    state = {name: re.search(rf'name="{name}" value="([^"]*)"', shown).group(1) for name in ("revision", "form_key")}
    return {**hand_form("sWsuss", (12, 4, 6, 0, 3, 9), next_number=number), **state}


@pytest.mark.django_db
def test_a_saves_answer_at_500_hands_is_gzipped_to_at_most_3_kb(client, owner):
    table = marriage_of(500, owner)
    url = reverse("add_hand", args=[table.keeper_token])
    plain = csrf_post(client, url, next_hand(client, table, 501), HTTP_HX_REQUEST="true")
    packed = csrf_post(
        client,
        url,
        next_hand(client, table, 502),
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_ENCODING="gzip, deflate, br, zstd",
    )
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    answer = gzip.decompress(packed.content).decode()
    assert 'class="hand-502"' in answer and len(answer) > 4 * 1024
    # The headers are a few hundred bytes more on the wire: 3 KB in all.
    assert len(packed.content) <= 2.5 * 1024, len(packed.content)


@pytest.mark.django_db
def test_a_page_carries_djangos_breach_padding(client, owner):
    """A random 0–99 bytes in the gzip header's file name field (Django 4.2's mitigation)."""
    table = marriage_of(3, owner)
    lengths = set()
    for _ in range(12):
        response = client.get(table_url(table), HTTP_ACCEPT_ENCODING="gzip")
        assert response["Content-Encoding"] == "gzip"
        assert response.content[3] & gzip.FNAME  # the header has a file name: the padding
        lengths.add(len(response.content))
    assert len(lengths) > 1


def answered(response, encoding="gzip"):
    request = RequestFactory().get("/", HTTP_ACCEPT_ENCODING=encoding)
    return CompressionMiddleware(lambda request: response)(request)


def test_only_text_is_compressed():
    assert answered(HttpResponse("x" * 1000, content_type="text/html; charset=utf-8"))["Content-Encoding"] == "gzip"
    assert answered(HttpResponse("x" * 1000, content_type="application/json"))["Content-Encoding"] == "gzip"
    assert answered(HttpResponse("x" * 1000, content_type="text/html"), encoding="br").get("Content-Encoding") is None
    # Photos and pictures are compressed already; a file streamed is sent as it is.
    assert answered(HttpResponse(b"\xff" * 1000, content_type="image/png")).get("Content-Encoding") is None
    photo = FileResponse(io.BytesIO(b"\xff" * 1000), content_type="image/jpeg")
    assert answered(photo).get("Content-Encoding") is None
    text = FileResponse(io.BytesIO(b"x" * 1000), content_type="text/plain")
    assert answered(text).get("Content-Encoding") is None and text.streaming


def test_caddy_compresses_in_the_compose_deployment():
    caddyfile = (PROJECT_DIR / "deploy" / "Caddyfile").read_text()
    site = caddyfile[caddyfile.index("{$CARDSCORE_DOMAIN} {") :]
    assert re.search(r"^\tencode zstd gzip$", site, re.MULTILINE)
