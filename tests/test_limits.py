"""Bounds no real table reaches but a script does (scoring/base.py: MAX_HANDS, MAX_EVENTS; scoring/events.py:
MAX_PLAYERS_EVER; a Konkan player sets once a hand; a rematch follows a game that was played):
each refused with a clear message, nothing saved."""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table
from games.services import seating, table_file
from scoring import base, events
from tests.fixtures import SAMPLES, SET_61, csrf_post, fresh_table, guests_evening, page, play_hand, seeded, snapshot
from tests.inputs import document, marriage_inputs

pytestmark = pytest.mark.django_db
FOUR = ["Asha", "Bikash", "Chandra", "Dipa"]


def test_a_table_holds_at_most_max_hands(client, owner, monkeypatch):
    monkeypatch.setattr(base, "MAX_HANDS", 2)
    table = seeded(owner, "marriage", [marriage_inputs("Wsss", (5, 5, 5, 5))] * 2)
    before = snapshot(table)
    response = csrf_post(
        client, reverse("add_hand", args=[table.keeper_token]), {**SAMPLES["marriage"]["add_hand"], "hand_number": "3"}
    )
    assert response.status_code == 422 and "a table holds at most 2 hands: start a new table" in page(response).lower()
    assert snapshot(table) == before
    with pytest.raises(Exception, match="at most 2 hands"):
        table_file.import_table(document("marriage", FOUR, [marriage_inputs("Wsss", (5, 5, 5, 5))] * 3))


def test_a_table_holds_at_most_max_events(client, owner, monkeypatch):
    monkeypatch.setattr(base, "MAX_EVENTS", 1)
    table = seeded(owner, "marriage", [marriage_inputs("Wsss", (5, 5, 5, 5))])
    seats = reverse("seats", args=[table.keeper_token])
    assert csrf_post(client, seats, {"kind": "dealer", "player": "Chandra"}).status_code == 302
    before = snapshot(table)
    response = csrf_post(client, seats, {"kind": "dealer", "player": "Dipa"})
    assert response.status_code == 422 and "at most 1 changes of players and adjustments" in page(response)
    assert snapshot(table) == before


def test_at_most_max_players_ever_sit_at_one_table(owner, monkeypatch):
    monkeypatch.setattr(events, "MAX_PLAYERS_EVER", 10)
    with pytest.raises(Exception, match="at most 10 players can sit at one table"):
        table_file.import_table(guests_evening(11))
    table, _warnings = table_file.import_table(guests_evening(10))
    assert len(table.players) == 10


def test_a_konkan_player_sets_once_a_hand_and_not_on_a_finished_table(client, owner):
    table = fresh_table("konkan", owner)
    url = reverse("record_set", args=[table.keeper_token])
    assert csrf_post(client, url, {"player": "Asha", "groups": SET_61}).status_code == 302
    response = csrf_post(client, url, {"player": "Asha", "groups": "", "score": "70"})
    assert response.status_code == 422 and "Asha has set already in this hand" in page(response)
    assert [each["player"] for each in Table.objects.get(pk=table.pk).current_hand["sets"]] == ["Asha"]
    csrf_post(client, reverse("finish", args=[table.keeper_token]), {"finished": "yes"})
    response = csrf_post(client, url, {"player": "Bikram", "groups": "", "score": "70"})
    assert response.status_code in (409, 422)
    assert len(Table.objects.get(pk=table.pk).current_hand["sets"]) == 1


def test_a_rematch_follows_a_game_that_was_played(client, owner):
    """60 rematches of empty games in 0.3 s pushed the owner's real tables off the home page."""
    table = seeded(owner, "marriage", [])
    response = csrf_post(client, reverse("rematch", args=[table.keeper_token]))
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[table.keeper_token])
    assert "Play a hand first" in page(client.get(response["Location"]))
    assert Table.objects.count() == 1
    play_hand(table, marriage_inputs("Wsss", (5, 5, 5, 5)), 1)
    assert csrf_post(client, reverse("rematch", args=[table.keeper_token])).status_code == 302
    assert Table.objects.count() == 2


def test_a_link_holder_cannot_chain_rematches(owner):
    table = fresh_table("marriage", owner)
    guest = Client()
    for _ in range(3):
        csrf_post(guest, reverse("rematch", args=[table.keeper_token]))
    assert Table.objects.count() == 2


def test_renaming_writes_the_hands_back_in_a_few_statements(owner, django_assert_max_num_queries):
    """Renaming rewrote every hand with a CASE a row (bulk_update), 26 s of SQLite's write lock at
    100,000 hands; now as many hands as a statement takes (124 on SQLite) are one upsert."""
    table = seeded(owner, "marriage", [marriage_inputs("Wsss", (5, 5, 5, 5))] * 1200)
    with django_assert_max_num_queries(20):
        seating.rename_players(table, ["Asha 2", "Bikash 2", "Chandra 2", "Dipa 2"])
    assert set(Table.objects.get(pk=table.pk).hands.last().inputs) == {"Asha 2", "Bikash 2", "Chandra 2", "Dipa 2"}
