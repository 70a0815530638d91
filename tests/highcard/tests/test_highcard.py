"""A game that is only its folder is played through the generic table pages, the live board and
the table file, like every game of the site."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.models import Hand, Table
from games.services import recording, table_file
from tests.fixtures import csrf_post, totals_row

PLAYERS = ["Asha", "Bikash", "Chandra"]

pytestmark = pytest.mark.django_db


def hand(number, *cards):
    return {"hand_number": str(number), **{f"card-{seat}": str(card) for seat, card in enumerate(cards)}}


@pytest.fixture
def table(client):
    response = csrf_post(client, reverse("new_table", args=["highcard"]), {"name": "Cards", "player": PLAYERS})
    assert response.status_code == 302
    return Table.objects.get(game="highcard")


def test_the_home_page_offers_a_new_table_of_it(client):
    assert reverse("new_table", args=["highcard"]) in client.get("/").content.decode()


def test_hands_are_entered_fixed_and_scored_through_the_table_pages(client, table):
    add = reverse("add_hand", args=[table.keeper_token])
    assert csrf_post(client, add, hand(1, 9, 12, 3)).status_code == 302
    assert csrf_post(client, add, hand(2, 7, 7, 2)).status_code == 302  # a tie scores nothing
    table.refresh_from_db()
    assert table.totals == {"Asha": 0, "Bikash": 1, "Chandra": 0}
    assert table.progress["dealer"] == "Chandra"

    refused = csrf_post(client, add, hand(3, 9, 14, 3))
    assert refused.status_code == 422
    assert "Bikash · Card: must be at most 13" in refused.content.decode()
    assert Hand.objects.filter(table=table).count() == 2

    edit = reverse("edit_hand", args=[table.keeper_token, 1])
    assert csrf_post(client, edit, {"version": "1", "card-0": "13", "card-1": "12", "card-2": "3"}).status_code == 302
    table.refresh_from_db()
    assert table.totals == {"Asha": 1, "Bikash": 0, "Chandra": 0}


def test_the_viewer_board_and_the_live_poll_show_it(client, table):
    csrf_post(client, reverse("add_hand", args=[table.keeper_token]), hand(1, 2, 5, 11))
    table.refresh_from_db()
    viewer = Client()
    board = viewer.get(reverse("table", args=[table.viewer_token])).content.decode()
    assert "High card" in board and "Next to deal: Bikash" in board
    live = reverse("live", args=[table.viewer_token])
    assert viewer.get(live, {"revision": table.revision}).status_code == 204
    changed = viewer.get(live, {"revision": table.revision - 1})
    assert changed.status_code == 200 and totals_row(changed)["Chandra"] == "+1"


def test_a_table_file_round_trips(client, table):
    for number, cards in enumerate([(1, 2, 3), (13, 4, 4)], 1):
        recording.record_hand(table, {name: {"card": card} for name, card in zip(PLAYERS, cards)}, number)
    document = json.loads(client.get(reverse("export", args=[table.keeper_token])).content)
    assert document["game"] == "highcard"
    assert document["totals"] == {"Asha": 1, "Bikash": 0, "Chandra": 1}

    upload = SimpleUploadedFile("cards.json", json.dumps(document).encode(), content_type="application/json")
    assert csrf_post(client, reverse("import_file"), {"file": upload}).status_code == 302
    copy = Table.objects.exclude(pk=table.pk).get()
    assert table_file.export_table(copy) == document
