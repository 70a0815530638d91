"""The 24 Game as a table race: every phone gets the same deal; the first correct answer wins it.

Each test is one behaviour of the race (the 24 Game issue, item 7). The table's deals are set to
known cards, and the engine's deal is replaced so the next deal is known too.
"""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.models import Hand, Table
from games.services import tables
from games.twentyfour import race
from tests.fixtures import alert, csrf_post, page, players_of, snapshot, totals_row
from tests.inputs import ACE_TO_FOUR, EIGHTS_AND_THREES, EIGHTS_AND_THREES_KEYS

pytestmark = pytest.mark.django_db

PLAYERS = players_of("twentyfour")
FIRST, FIRST_WIN = EIGHTS_AND_THREES, EIGHTS_AND_THREES_KEYS  # the table's deal 1: 8 ÷ (3 − 8 ÷ 3)
SECOND, SECOND_WIN = ACE_TO_FOUR, "c0 * c1 * c2 * c3"  # the deal after it (next_deal): A × 2 × 3 × 4


# --- helpers ---------------------------------------------------------------------------------


def shown_cards(response):
    """The cards on the race pad (or the viewer's cards), as 'rank of suit' labels."""
    return re.findall(r'class="playing-card[^"]*"[^>]*aria-label="([^"]+)"', page(response), re.S)


def phone():
    """A phone with the scorekeeper link and no login (the owner account must exist)."""
    return Client(enforce_csrf_checks=True)


def press(client, table, player, keys, key, deal=None, token=None, **extra):
    deal = table.current_hand["deal"] if deal is None else deal
    return csrf_post(
        client,
        reverse("race_press", args=[token or table.keeper_token]),
        {"player": player, "deal": str(deal), "keys": keys, "key": key},
        **extra,
    )


def state(client, table, deal, token=None, **extra):
    return client.get(reverse("race_state", args=[token or table.keeper_token]), {"deal": str(deal)}, **extra)


@pytest.fixture
def table(owner, next_deal):
    table = tables.create_table(game="twentyfour", name="Race night", players=PLAYERS, rules={}, owner=owner)
    table.current_hand = {"deal": 1, "cards": FIRST}
    table.save(update_fields=["current_hand"])
    return table


# --- opening the table -----------------------------------------------------------------------


def test_a_new_race_deals_its_first_cards_when_opened(owner, next_deal):
    table = tables.create_table(
        game="twentyfour", name="Race", players=PLAYERS, rules={"difficulty": "hard"}, owner=owner
    )
    response = phone().get(reverse("table", args=[table.keeper_token]))
    assert response.status_code == 200
    table.refresh_from_db()
    assert table.current_hand == {"deal": 1, "cards": SECOND}
    assert next_deal == ["hard"]  # the table's difficulty is honoured
    assert shown_cards(response) == ["A of spades", "2 of hearts", "3 of diamonds", "4 of clubs"]
    assert 'name="deal" value="1"' in page(response)


def test_every_phone_gets_the_same_deal(table):
    one = shown_cards(phone().get(reverse("table", args=[table.keeper_token])))
    two = shown_cards(phone().get(reverse("table", args=[table.keeper_token])))
    viewer = shown_cards(phone().get(reverse("table", args=[table.viewer_token])))
    assert one == two == viewer == ["8 of spades", "3 of hearts", "8 of diamonds", "3 of clubs"]


# --- winning a deal --------------------------------------------------------------------------


def test_the_first_correct_answer_records_the_hand_and_deals_again(table):
    asha = phone()
    keys = ""
    for key in FIRST_WIN.split():
        response = press(asha, table, "Asha", keys, key, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, alert(response)
        keys = (keys + " " + key).strip()
        assert f'name="keys" value="{keys}"' in page(response)
    response = press(asha, table, "Asha", keys, "=", HTTP_HX_REQUEST="true")
    assert response.status_code == 200, alert(response)

    table.refresh_from_db()
    hand = Hand.objects.get(table=table)
    assert hand.number == 1
    assert hand.inputs["_hand"] == {"cards": ["8S", "3H", "8D", "3C"], "answer": "8/(3-8/3)"}
    assert {name: hand.inputs[name]["won"] for name in PLAYERS} == {"Asha": True, "Bikash": False, "Chandra": False}
    assert hand.points == {"Asha": 1, "Bikash": 0, "Chandra": 0}
    assert table.totals == {"Asha": 1, "Bikash": 0, "Chandra": 0}
    assert table.current_hand == {"deal": 2, "cards": SECOND}

    body = page(response)
    assert "wins deal" not in body  # the board's line says it, and goes with the next deal
    assert "Deal 1: <strong>Asha</strong> made 24 with 8÷(3−8÷3)" in body
    assert shown_cards(response) == ["A of spades", "2 of hearts", "3 of diamonds", "4 of clubs"]
    assert 'name="deal" value="2"' in body and 'name="keys" value=""' in body
    assert totals_row(response) == {"Asha": "+1", "Bikash": "0", "Chandra": "0"}
    # the phone keeps its player
    assert re.search(r"<option selected>Asha</option>", body)


def test_the_other_phone_answering_the_old_deal_gets_409_and_records_nothing(table):
    assert press(phone(), table, "Asha", FIRST_WIN, "=", deal=1).status_code == 200
    before = snapshot(table)
    bikash = phone()
    response = press(bikash, table, "Bikash", FIRST_WIN, "=", deal=1)
    assert response.status_code == 409
    assert "Someone was quicker" in page(response)
    assert snapshot(table) == before
    assert Hand.objects.get().inputs["Asha"]["won"] is True
    # the late phone now shows the new deal, ready to play
    assert shown_cards(response) == ["A of spades", "2 of hearts", "3 of diamonds", "4 of clubs"]
    assert 'name="deal" value="2"' in page(response)
    # any key for the old deal is refused the same way
    assert press(bikash, table, "Bikash", "", "c0", deal=1).status_code == 409
    assert snapshot(table) == before


def test_the_second_deal_can_be_won_by_another_player(table):
    press(phone(), table, "Asha", FIRST_WIN, "=", deal=1)
    response = press(phone(), table, "Bikash", SECOND_WIN, "=", deal=2)
    assert response.status_code == 200
    table.refresh_from_db()
    assert table.totals == {"Asha": 1, "Bikash": 1, "Chandra": 0}
    assert table.current_hand["deal"] == 3
    assert totals_row(response) == {"Asha": "+1", "Bikash": "+1", "Chandra": "0"}


@pytest.mark.parametrize(
    ("keys", "key", "words"),
    [
        ("c0 + c1", "=", "every card must be used"),
        ("c0 + c0", "=", "each card can be used once"),
        ("c0 / ( c1 - c2 / c3", "=", "'(' is not closed"),
        ("c0 / ( c1 - c3 ) + c2", "=", "division by zero"),
        ("c0 +", "+", "cannot follow"),
        ("c0 +", "x", "unknown"),
        ("8 / ( 3 - 8 / 3 )", "=", "unknown key"),
        ("( " * 41, "=", "too long"),
    ],
)
def test_a_wrong_answer_is_refused_with_422_and_records_nothing(table, keys, key, words):
    before = snapshot(table)
    response = press(phone(), table, "Asha", keys.strip(), key)
    assert response.status_code == 422
    assert words.lower() in (alert(response) or "").lower()
    assert snapshot(table) == before


def test_an_answer_that_is_not_24_shows_its_value_and_records_nothing(table):
    before = snapshot(table)
    response = press(phone(), table, "Asha", "( c0 + c2 ) / ( c1 + c3 )", "=")
    assert "≠ 24 (8/3)" in page(response)
    assert snapshot(table) == before


def player_message(response):
    """The message right after the player select (inside its field), or None."""
    found = re.search(
        r'<select id="race-player"[^>]*>.*?</select>\s*<div class="error" id="race-player-error"'
        r' role="alert">([^<]*)</div>',
        page(response),
        re.S,
    )
    return found and found.group(1)


@pytest.mark.parametrize("player", ["", "Nobody"])
@pytest.mark.parametrize(("keys", "key"), [(FIRST_WIN, "="), ("c0 / (", "c1"), ("", "c0")])
def test_no_player_chosen_is_refused_next_to_the_select_keeping_what_was_typed(table, player, keys, key):
    before = snapshot(table)
    response = press(phone(), table, player, keys, key)
    assert response.status_code == 422
    assert player_message(response) == "Choose who you are first"
    assert 'aria-describedby="race-player-error"' in page(response)
    assert f'name="keys" value="{keys}"' in page(response)  # nothing typed is lost, the refused key not added
    assert snapshot(table) == before
    assert "player-" not in str(response.cookies)


def test_a_phone_without_a_player_is_asked_for_one_before_typing(table):
    help_text = "Choose who you are before you type."
    assert help_text in page(phone().get(reverse("table", args=[table.keeper_token])))
    chosen = phone()
    chosen.cookies[race.PLAYER_COOKIE.format(table=table.pk)] = "Bikash"
    assert help_text not in page(chosen.get(reverse("table", args=[table.keeper_token])))


def test_a_player_name_in_any_script_can_race(owner, next_deal):
    """The phone remembers its player in a cookie; HTTP servers send headers as Latin-1."""
    table = tables.create_table(game="twentyfour", name="Race", players=["आशा", "Bikash"], rules={}, owner=owner)
    table.current_hand = {"deal": 1, "cards": FIRST}
    table.save(update_fields=["current_hand"])
    response = press(phone(), table, "आशा", FIRST_WIN, "=")
    assert response.status_code == 200
    for morsel in response.cookies.values():
        morsel.output().encode("latin-1")  # raises if the server cannot send the header
    assert Table.objects.get(pk=table.pk).totals == {"आशा": 1, "Bikash": 0}


# --- the live board --------------------------------------------------------------------------


def test_race_state_answers_204_while_the_deal_is_unchanged(table, django_assert_max_num_queries):
    client = phone()
    with django_assert_max_num_queries(2):
        response = state(client, table, 1)
    assert response.status_code == 204
    assert response.content == b""


def test_race_state_sends_the_new_board_when_the_deal_changed(table):
    client = phone()
    press(phone(), table, "Asha", FIRST_WIN, "=")
    response = state(client, table, 1, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert shown_cards(response) == ["A of spades", "2 of hearts", "3 of diamonds", "4 of clubs"]
    assert totals_row(response) == {"Asha": "+1", "Bikash": "0", "Chandra": "0"}
    assert "Deal 1: <strong>Asha</strong> made 24" in page(response)
    assert f"{reverse('race_state', args=[table.keeper_token])}?deal=2" in page(response)
    assert "<html" not in page(response)  # the #table-main fragment only
    # and quiet again for the new deal
    assert state(client, table, 2).status_code == 204


def test_race_state_keeps_the_phones_player(table):
    client = phone()
    client.cookies[race.PLAYER_COOKIE.format(table=table.pk)] = "Chandra"
    press(phone(), table, "Asha", FIRST_WIN, "=")
    response = state(client, table, 1)
    assert re.search(r"<option selected>Chandra</option>", page(response))


# --- the viewer link -------------------------------------------------------------------------


def test_the_viewer_link_races_for_a_chosen_player_and_can_do_nothing_else(table, client):
    """The racers need not be given the scorekeeper link: the viewer page has the pad and says how
    to join, and its one write is winning the current deal for a player seated at the table."""
    viewer = phone()
    board = page(viewer.get(reverse("table", args=[table.viewer_token])))
    assert f'hx-post="{reverse("race_press", args=[table.viewer_token])}"' in board
    assert "Everyone at the table plays on their own phone." in board
    assert "Choose who you are before you type." in board
    before = snapshot(table)

    # Only a seated player's name, only the current deal.
    refused = press(viewer, table, "Gita", FIRST_WIN, "=", token=table.viewer_token)
    assert refused.status_code == 422 and "choose who you are first" in page(refused).lower()
    assert press(viewer, table, "Bikash", FIRST_WIN, "=", deal=2, token=table.viewer_token).status_code == 409
    assert snapshot(table) == before

    won = press(viewer, table, "Bikash", FIRST_WIN, "=", token=table.viewer_token)
    assert won.status_code == 200
    hand = Hand.objects.get(table=table)
    assert (hand.number, hand.inputs["Bikash"], hand.inputs["Asha"]) == (1, {"won": True}, {"won": False})
    assert totals_row(won) == {"Asha": "0", "Bikash": "+1", "Chandra": "0"}
    # The answer is the viewer's page: no scorekeeper link, nor any of its forms.
    assert table.keeper_token not in page(won)
    assert reverse("finish", args=[table.viewer_token]) not in page(won)

    # Nothing else: no undo, no players, no finishing, no new links.
    table.refresh_from_db()
    before = snapshot(table)
    for endpoint, args, data in [
        ("delete_hand", [1], {}),
        ("restore_hand", [1], {}),
        ("finish", [], {"finished": "yes"}),
        ("players", [], {"players": "Gita"}),
        ("new_link", [], {"which": "keeper"}),
        ("add_hand", [], {"hand_number": "2"}),
    ]:
        for who in (viewer, client):  # a phone without an account, and the owner's
            response = csrf_post(who, reverse(endpoint, args=[table.viewer_token, *args]), data)
            assert response.status_code == 404, endpoint
    assert snapshot(table) == before


def test_the_viewer_link_follows_the_race(table, django_assert_max_num_queries):
    viewer = phone()
    board = viewer.get(reverse("table", args=[table.viewer_token]))
    assert board.status_code == 200
    assert reverse("race_press", args=[table.keeper_token]) not in page(board)
    assert f"{reverse('race_state', args=[table.viewer_token])}?deal=1" in page(board)
    with django_assert_max_num_queries(2):
        assert state(viewer, table, 1, token=table.viewer_token).status_code == 204
    press(phone(), table, "Asha", FIRST_WIN, "=")
    response = state(viewer, table, 1, token=table.viewer_token, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert shown_cards(response) == ["A of spades", "2 of hearts", "3 of diamonds", "4 of clubs"]
    assert totals_row(response) == {"Asha": "+1", "Bikash": "0", "Chandra": "0"}
    assert table.keeper_token not in page(response)


def test_an_unknown_link_is_not_found(table):
    assert phone().get(reverse("race_state", args=["nope"]), {"deal": "1"}).status_code == 404


# --- the table file --------------------------------------------------------------------------


def test_export_then_import_of_a_race_table_round_trips(client, table):
    press(phone(), table, "Asha", FIRST_WIN, "=")
    press(phone(), table, "Chandra", SECOND_WIN, "=", deal=2)
    exported = client.get(reverse("export", args=[table.keeper_token]))
    assert exported.status_code == 200
    document = json.loads(exported.content)
    assert document["game"] == "twentyfour"
    assert [hand["inputs"]["_hand"] for hand in document["hands"]] == [
        {"cards": ["8S", "3H", "8D", "3C"], "answer": "8/(3-8/3)"},
        {"cards": ["AS", "2H", "3D", "4C"], "answer": "A*2*3*4"},
    ]
    assert document["totals"] == {"Asha": 1, "Bikash": 0, "Chandra": 1}

    upload = SimpleUploadedFile("race.json", exported.content, content_type="application/json")
    response = csrf_post(client, reverse("import_file"), {"file": upload})
    assert response.status_code == 302
    copy = Table.objects.exclude(pk=table.pk).get()
    assert response.url == reverse("table", args=[copy.keeper_token])
    again = json.loads(client.get(reverse("export", args=[copy.keeper_token])).content)
    assert again == document
    table.refresh_from_db()
    assert copy.totals == table.totals and copy.players == table.players and copy.name == table.name

    # the imported race goes on with the next deal
    board = client.get(reverse("table", args=[copy.keeper_token]))
    copy.refresh_from_db()
    assert copy.current_hand["deal"] == 3
    assert 'name="deal" value="3"' in page(board)


def test_importing_a_race_hand_whose_answer_does_not_make_24_is_refused(client, table):
    press(phone(), table, "Asha", FIRST_WIN, "=")
    document = json.loads(client.get(reverse("export", args=[table.keeper_token])).content)
    document["hands"][0]["inputs"]["_hand"]["answer"] = "8+3+8+3"
    upload = SimpleUploadedFile("race.json", json.dumps(document).encode(), content_type="application/json")
    response = csrf_post(client, reverse("import_file"), {"file": upload})
    assert response.status_code == 422
    assert "not 24" in page(response)
    assert Table.objects.count() == 1
