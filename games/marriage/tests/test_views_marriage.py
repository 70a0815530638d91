"""The Marriage scorekeeper through its web pages: what a phone at the card table can do.

Each test is one behaviour of the feature list; the helpers at the top only build requests.
"""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Hand, PointTable, Table
from games.services import recording, tables
from scoring import marriage
from tests.fixtures import (
    add_url,
    assert_new_table_refused,
    board_row,
    csrf_post,
    page,
    players_of,
    seeded,
    table_form,
    table_url,
    totals_row,
)
from tests.inputs import hand_form, marriage_inputs

pytestmark = pytest.mark.django_db

WORKED_POINTS = {"Asha": 23, "Bikash": 10, "Chandra": -1, "Dipa": -32}


# --- helpers ---------------------------------------------------------------------------------


def record(table, statuses, maal):
    """Save the next hand through the service, as an earlier phone post would have."""
    return recording.record_hand(table, marriage_inputs(statuses, maal), table.hands.count() + 1)


def three_hands(table):
    """Hand 1: the worked example; hand 2: Asha wins on nothing; hand 3: Bikash wins on nothing."""
    record(table, "sWsu", (12, 4, 6, 0))  # 23, 10, -1, -32
    record(table, "Wsss", (0, 0, 0, 0))  # 9, -3, -3, -3
    record(table, "sWss", (0, 0, 0, 0))  # -3, 9, -3, -3
    table.refresh_from_db()
    assert table.totals == {"Asha": 29, "Bikash": 16, "Chandra": -7, "Dipa": -38}
    return table


# --- accounts ---------------------------------------------------------------------------------


def test_anonymous_users_cannot_create_tables(owner):
    browser = Client()
    url = reverse("new_table", args=["marriage"])
    response = browser.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"
    response = browser.post(url, table_form("marriage", ["Asha", "Bikash"]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert Table.objects.count() == 0


# --- creating a table ------------------------------------------------------------------------


def test_creating_a_table_keeps_players_in_order_and_copies_the_rules(client, owner):
    data = table_form(
        "marriage",
        ["Chandra", "Asha", "", "Bikash"],
        murder="on",
        seen_points="4",
        unseen_points="12",
        foul_fine="20",
        point_rate="0.25",
        currency="NPR",
    )
    response = csrf_post(client, reverse("new_table", args=["marriage"]), data)
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert table.name == "Friday night"
    assert table.game == "marriage"
    assert table.owner == owner
    assert table.players == ["Chandra", "Asha", "Bikash"]
    assert table.rules == {
        **marriage.ENGINE.default_rules(),
        "murder": True,
        "kidnap": False,
        "seen_points": 4,
        "unseen_points": 12,
        "foul_fine": 20,
        "point_rate": 0.25,
        "currency": "NPR",
    }
    assert table.totals == {"Chandra": 0, "Asha": 0, "Bikash": 0}
    assert table.progress["dealer"] == "Chandra"


def test_creating_a_table_starts_from_the_admin_point_table(client):
    PointTable.objects.create(game="marriage", rules={"unseen_points": 12, "maal_table": {"tiplu": [4, 8]}})
    url = reverse("new_table", args=["marriage"])
    form_page = client.get(url).content.decode()
    assert re.search(r'<input[^>]*name="unseen_points"[^>]*value="12"', form_page)
    assert re.search(r'<input[^>]*name="seen_points"[^>]*value="3"', form_page)
    response = csrf_post(client, url, table_form("marriage", ["Asha", "Bikash"], unseen_points="12"))
    assert response.status_code == 302
    rules = Table.objects.get().rules
    assert rules["unseen_points"] == 12
    assert rules["maal_table"] == {**marriage.ENGINE.default_rules()["maal_table"], "tiplu": [4, 8]}


BAD_TABLES = [
    pytest.param(table_form("marriage", ["Asha"]), "a table needs 2 to 6 players", id="one-player"),
    pytest.param(
        table_form("marriage", ["A", "B", "C", "D", "E", "F", "G"]), "a table needs 2 to 6 players", id="seven-players"
    ),
    pytest.param(
        table_form("marriage", ["Asha", "Bikash", "asha"]), "two players have this name", id="duplicate-names"
    ),
    pytest.param(table_form("marriage", ["Asha", "Bikash"], point_rate="0"), "Must be more than 0", id="point-rate-0"),
    pytest.param(
        table_form("marriage", ["Asha", "Bikash"], seen_points="-1"), "Must be at least 0", id="negative-seen"
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_TABLES)
def test_bad_table_input_is_refused_with_a_message(client, data, message):
    assert_new_table_refused(client, "marriage", data, message)


# --- entering a hand -------------------------------------------------------------------------


def test_the_worked_example_hand_is_stored_and_shown_on_the_board(client, marriage_table):
    response = csrf_post(client, add_url(marriage_table), hand_form("sWsu", maal=(12, 4, 6, 0)))
    assert response.status_code == 302
    hand = Hand.objects.get(table=marriage_table)
    assert hand.number == 1
    assert hand.points == WORKED_POINTS
    assert {name: (entry["status"], entry["maal"]) for name, entry in hand.inputs.items()} == {
        "Asha": ("seen", 12),
        "Bikash": ("winner", 4),
        "Chandra": ("seen", 6),
        "Dipa": ("unseen", 0),
    }
    marriage_table.refresh_from_db()
    assert marriage_table.totals == WORKED_POINTS
    board = client.get(table_url(marriage_table))
    assert totals_row(board) == {"Asha": "+23", "Bikash": "+10", "Chandra": "\u22121", "Dipa": "\u221232"}
    assert board_row(board, 1) == ["+23", "+10", "\u22121", "\u221232"]


def test_an_htmx_post_answers_with_the_board_fragment(client, marriage_table):
    response = csrf_post(client, add_url(marriage_table), hand_form("sWsu", maal=(12, 4, 6, 0)), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = page(response)
    assert "<html" not in body
    assert 'id="board"' in body
    assert "Hand 1 saved:" in body
    assert totals_row(response) == {"Asha": "+23", "Bikash": "+10", "Chandra": "\u22121", "Dipa": "\u221232"}
    assert 'name="hand_number" value="2"' in body  # the form is ready for the next hand
    assert Hand.objects.filter(table=marriage_table).count() == 1


def test_a_plain_post_redirects_to_the_table_page(client, marriage_table):
    response = csrf_post(client, add_url(marriage_table), hand_form("sWsu", maal=(12, 4, 6, 0)))
    assert response.status_code == 302
    assert response["Location"] == table_url(marriage_table)
    assert Hand.objects.filter(table=marriage_table).count() == 1


BAD_HANDS = [
    pytest.param(hand_form("sssu", maal=(12, 4, 6, 0), next_number=2), "choose the winner", id="no-winner"),
    pytest.param(
        hand_form("WWsu", maal=(12, 4, 6, 0), next_number=2), "only one player can win a hand", id="two-winners"
    ),
    pytest.param(
        hand_form("sW-u", maal=(12, 4, 6, 0), next_number=2),
        "Chandra · Status: choose winner, seen",
        id="status-missing",
    ),
    pytest.param(
        hand_form("sWsu", maal=(-3, 4, 6, 0), next_number=2), "Asha · Maal: must be at least 0", id="negative-maal"
    ),
    pytest.param(
        hand_form("sWsu", maal=("2.5", 4, 6, 0), next_number=2),
        "Asha · Maal: must be a whole number",
        id="fractional-maal",
    ),
    pytest.param(
        hand_form("sWsu", maal=(12, "abc", 6, 0), next_number=2),
        "Bikash · Maal: must be a whole number",
        id="text-maal",
    ),
    pytest.param(
        hand_form("sWsu", maal=("", 4, 6, 0), next_number=2, **{"tiplu-0": "3"}),
        "one player can hold at most 2 tiplu",
        id="three-tiplu-one-player",
    ),
    pytest.param(
        hand_form("sWsu", maal=("", 4, "", 0), next_number=2, **{"tiplu-0": "2", "tiplu-2": "1"}),
        "the packs hold only 2 tiplu in all, 3 were entered",
        id="tiplu-across-hand",
    ),
    pytest.param(
        hand_form("sWsu", maal=("", 4, "", 0), next_number=2, **{"poplu-0": "2", "poplu-2": "2"}),
        "the packs hold only 3 poplu in all, 4 were entered",
        id="poplu-across-hand",
    ),
    pytest.param(
        hand_form("sWsu", maal=(12, 4, 6, 0), next_number=2, **{"foul-1": "on"}),
        "the winner cannot have a foul",
        id="foul-by-winner",
    ),
    pytest.param(
        hand_form("sWsu", maal=(12, 4, 6, 0), next_number=2, **{"dublee-3": "on"}),
        "only the winner or a seen player can have a dublee",
        id="dublee-unseen",
    ),
    pytest.param(
        hand_form("sWsu", maal=(12, 4, 6, 0), next_number=2, **{"tiplu-0": "1"}),
        "the counter found 3 maal but 12 is typed: clear one",
        id="typed-and-counted",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_HANDS)
def test_a_bad_hand_is_refused_with_a_message(client, marriage_table, data, message):
    record(marriage_table, "Wsss", (0, 0, 0, 0))
    response = csrf_post(client, add_url(marriage_table), data)
    assert response.status_code == 422
    assert message.lower() in page(response).lower()
    assert 'class="error summary"' in response.content.decode()
    assert Hand.objects.filter(table=marriage_table).count() == 1
    marriage_table.refresh_from_db()
    assert marriage_table.totals == {"Asha": 9, "Bikash": -3, "Chandra": -3, "Dipa": -3}


def test_a_bad_hand_keeps_what_was_typed(client, marriage_table):
    response = csrf_post(client, add_url(marriage_table), hand_form("sWsu", maal=(12, "abc", 6, 0)))
    assert response.status_code == 422
    body = response.content.decode()
    assert 'name="maal-0" value="12"' in body
    assert 'name="maal-1" value="abc"' in body
    assert re.search(r'name="status-1" value="winner" checked', body)


def test_the_same_hand_posted_from_two_phones_is_recorded_once(client, marriage_table):
    data = hand_form("sWsu", maal=(12, 4, 6, 0), next_number=1)
    assert csrf_post(client, add_url(marriage_table), data).status_code == 302
    second = csrf_post(client, add_url(marriage_table), hand_form("Wsss", maal=(0, 0, 0, 0), next_number=1))
    assert second.status_code == 409
    assert "Hand 1 was already recorded" in page(second)
    assert totals_row(second) == {"Asha": "+23", "Bikash": "+10", "Chandra": "\u22121", "Dipa": "\u221232"}
    assert list(Hand.objects.filter(table=marriage_table).values_list("number", "points")) == [(1, WORKED_POINTS)]


# --- maal counter ----------------------------------------------------------------------------


def test_counted_maal_is_stored_as_counts_and_scored(client, marriage_table):
    data = hand_form("sWsu", maal=("", 4, 6, 0), **{"tiplu-0": "2", "poplu-0": "1", "jhiplu-0": "1"})
    response = csrf_post(client, add_url(marriage_table), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=marriage_table)
    assert hand.inputs["Asha"]["maal_counts"] == {
        "tiplu": 2,
        "poplu": 1,
        "jhiplu": 1,
        "tunnellas": {"ordinary": 0, "joker": 0, "poplu_jhiplu": 0},
    }
    assert "maal" not in hand.inputs["Asha"]
    # maal 13, 4, 6, 0: n = 4, P = 23
    assert hand.points == {"Asha": 26, "Bikash": 9, "Chandra": -2, "Dipa": -33}


def test_the_maal_preview_shows_the_counted_maal(client, marriage_table):
    url = reverse("maal_preview", args=[marriage_table.keeper_token, 0])
    response = csrf_post(client, url, {"tiplu-0": "2", "poplu-0": "1", "jhiplu-0": "1"})
    assert response.status_code == 200
    assert response.content.decode().strip() == "= 13 maal"
    response = csrf_post(client, url, {"tiplu-0": "1", "jhiplu-0": "2", "tunnella_ordinary-0": "1"})
    assert response.content.decode().strip() == "= 13 maal"  # 8 + one ordinary tunnella 5


def test_the_maal_preview_refuses_impossible_counts(client, marriage_table):
    url = reverse("maal_preview", args=[marriage_table.keeper_token, 1])
    response = csrf_post(client, url, {"tiplu-1": "3"})
    assert response.status_code == 422
    assert "at most 2 tiplu" in page(response)


# --- correcting hands ------------------------------------------------------------------------


def test_editing_an_early_hand_changes_its_points_and_every_total_after(client, marriage_table):
    three_hands(marriage_table)
    url = reverse("edit_hand", args=[marriage_table.keeper_token, 1])
    form = client.get(url)
    assert form.status_code == 200
    assert 'name="version" value="1"' in form.content.decode()
    response = csrf_post(client, url, {**hand_form("Wsss", maal=(0, 0, 0, 0)), "version": "1"})
    assert response.status_code == 302
    assert response["Location"] == table_url(marriage_table)
    points = dict(Hand.objects.filter(table=marriage_table).values_list("number", "points"))
    assert points == {
        1: {"Asha": 9, "Bikash": -3, "Chandra": -3, "Dipa": -3},
        2: {"Asha": 9, "Bikash": -3, "Chandra": -3, "Dipa": -3},
        3: {"Asha": -3, "Bikash": 9, "Chandra": -3, "Dipa": -3},
    }
    assert Hand.objects.get(table=marriage_table, number=1).version == 2
    marriage_table.refresh_from_db()
    assert marriage_table.totals == {"Asha": 15, "Bikash": 3, "Chandra": -9, "Dipa": -9}
    assert totals_row(client.get(table_url(marriage_table))) == {
        "Asha": "+15",
        "Bikash": "+3",
        "Chandra": "\u22129",
        "Dipa": "\u22129",
    }


def test_an_edit_from_a_stale_page_is_refused(client, marriage_table):
    three_hands(marriage_table)
    recording.edit_hand(marriage_table, 1, marriage_inputs("sWsu", (12, 4, 6, 0)), version=1)  # another phone
    url = reverse("edit_hand", args=[marriage_table.keeper_token, 1])
    response = csrf_post(client, url, {**hand_form("Wsss", maal=(0, 0, 0, 0)), "version": "1"})
    assert response.status_code == 409
    assert "changed on another phone" in page(response)
    assert 'name="version" value="2"' in response.content.decode()
    hand = Hand.objects.get(table=marriage_table, number=1)
    assert hand.points == WORKED_POINTS
    assert hand.inputs["Asha"]["status"] == "seen"
    marriage_table.refresh_from_db()
    assert marriage_table.totals == {"Asha": 29, "Bikash": 16, "Chandra": -7, "Dipa": -38}


def test_deleting_a_hand_renumbers_the_later_ones_and_totals_follow(client, marriage_table):
    three_hands(marriage_table)
    response = csrf_post(client, reverse("delete_hand", args=[marriage_table.keeper_token, 2]))
    assert response.status_code == 302
    assert response["Location"] == table_url(marriage_table)
    hands = list(Hand.objects.filter(table=marriage_table).order_by("number"))
    assert [hand.number for hand in hands] == [1, 2]
    assert hands[0].points == WORKED_POINTS
    assert hands[1].inputs["Bikash"]["status"] == "winner"  # the former hand 3
    assert hands[1].points == {"Asha": -3, "Bikash": 9, "Chandra": -3, "Dipa": -3}
    marriage_table.refresh_from_db()
    assert marriage_table.totals == {"Asha": 20, "Bikash": 19, "Chandra": -4, "Dipa": -35}
    board = client.get(table_url(marriage_table))
    assert 'name="hand_number" value="3"' in board.content.decode()
    assert totals_row(board) == {"Asha": "+20", "Bikash": "+19", "Chandra": "\u22124", "Dipa": "\u221235"}


# --- finishing -------------------------------------------------------------------------------


@pytest.fixture
def money_table(owner):
    table = tables.create_table(
        game="marriage",
        name="Money",
        players=players_of("marriage"),
        rules={"point_rate": 0.5, "currency": "NPR"},
        owner=owner,
    )
    record(table, "sWsu", (12, 4, 6, 0))
    table.refresh_from_db()
    return table


def test_finishing_shows_final_standings_and_who_pays_whom(client, money_table):
    response = csrf_post(client, reverse("finish", args=[money_table.keeper_token]), {"finished": "yes"})
    assert response.status_code == 302
    money_table.refresh_from_db()
    assert money_table.finished is not None
    body = page(client.get(table_url(money_table)))
    assert "Final standings" in body
    assert "Who pays whom" in body
    transfers = re.findall(
        r"<strong>(\w+)</strong> pays <strong>(\w+)</strong>\s*<span class=\"num\">([^<]*)</span>", body
    )
    assert transfers == [
        ("Dipa", "Asha", "11.50 NPR"),
        ("Dipa", "Bikash", "4.50 NPR"),
        ("Chandra", "Bikash", "0.50 NPR"),
    ]
    assert 'name="hand_number"' not in body


def test_a_finished_game_accepts_no_more_hands(client, money_table):
    tables.set_finished(money_table, True)
    response = csrf_post(client, add_url(money_table), hand_form("Wsss", maal=(0, 0, 0, 0), next_number=2))
    assert response.status_code == 409
    assert "finished" in page(response)
    assert Hand.objects.filter(table=money_table).count() == 1
    money_table.refresh_from_db()
    assert money_table.totals == WORKED_POINTS


def test_a_finished_game_can_be_reopened(client, money_table):
    tables.set_finished(money_table, True)
    response = csrf_post(client, reverse("finish", args=[money_table.keeper_token]), {"finished": "no"})
    assert response.status_code == 302
    money_table.refresh_from_db()
    assert money_table.finished is None
    response = csrf_post(client, add_url(money_table), hand_form("Wsss", maal=(0, 0, 0, 0), next_number=2))
    assert response.status_code == 302
    assert Hand.objects.filter(table=money_table).count() == 2


# --- links -----------------------------------------------------------------------------------


def test_the_viewer_link_shows_the_board_but_not_the_form(client, marriage_table):
    record(marriage_table, "sWsu", (12, 4, 6, 0))
    response = Client().get(table_url(marriage_table, marriage_table.viewer_token))
    assert response.status_code == 200
    body = response.content.decode()
    assert "viewer (read only)" in body
    assert totals_row(response) == {"Asha": "+23", "Bikash": "+10", "Chandra": "\u22121", "Dipa": "\u221232"}
    assert 'name="hand_number"' not in body
    assert reverse("add_hand", args=[marriage_table.viewer_token]) not in body
    assert marriage_table.keeper_token not in body
    assert reverse("finish", args=[marriage_table.viewer_token]) not in body


VIEWER_POSTS = [
    pytest.param("add_hand", (), hand_form("Wsss", maal=(0, 0, 0, 0), next_number=2), id="add_hand"),
    pytest.param("edit_hand", (1,), {**hand_form("Wsss", maal=(0, 0, 0, 0)), "version": "1"}, id="edit_hand"),
    pytest.param("delete_hand", (1,), {}, id="delete_hand"),
    pytest.param("finish", (), {"finished": "yes"}, id="finish"),
    pytest.param("maal_preview", (0,), {"tiplu-0": "1"}, id="maal_preview"),
]


@pytest.mark.parametrize(("name", "args", "data"), VIEWER_POSTS)
def test_every_post_with_the_viewer_link_is_not_found(client, marriage_table, name, args, data):
    record(marriage_table, "sWsu", (12, 4, 6, 0))
    response = csrf_post(client, reverse(name, args=[marriage_table.viewer_token, *args]), data)
    assert response.status_code == 404
    hand = Hand.objects.get(table=marriage_table)
    assert (hand.number, hand.version, hand.points) == (1, 1, WORKED_POINTS)
    marriage_table.refresh_from_db()
    assert marriage_table.finished is None
    assert marriage_table.totals == WORKED_POINTS


def test_an_unknown_token_is_not_found(client, marriage_table):
    assert client.get(reverse("table", args=["no-such-table-link"])).status_code == 404
    assert client.get(reverse("export", args=["no-such-table-link"])).status_code == 404
    response = csrf_post(client, reverse("add_hand", args=["no-such-table-link"]), hand_form("sWsu", (12, 4, 6, 0)))
    assert response.status_code == 404
    assert Hand.objects.count() == 0


def test_a_post_without_the_csrf_token_is_refused(client, marriage_table):
    response = client.post(add_url(marriage_table), hand_form("sWsu", maal=(12, 4, 6, 0)))
    assert response.status_code == 403
    assert Hand.objects.count() == 0


# --- performance -----------------------------------------------------------------------------


def _table_with_hands(owner, count):
    table = seeded(
        owner, "marriage", [marriage_inputs("sWsu", (12, 4, 6, 0)) for _ in range(count)], name=f"{count} hands"
    )
    assert table.hands.count() == count
    return table


def _queries_for(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), response


def test_the_scoreboard_reads_a_fixed_number_of_queries(client, owner):
    small, large = _table_with_hands(owner, 5), _table_with_hands(owner, 500)
    client.get(reverse("home"))  # the first request of a client checks for the owner account once
    small_count, _response = _queries_for(client, table_url(small))
    large_count, response = _queries_for(client, table_url(large))
    assert small_count == large_count, (small_count, large_count)
    assert large_count <= 8  # with the links to the game before and after, and the chart's hands
    assert totals_row(response)["Asha"] == "+11500"
    every_count, response = _queries_for(client, table_url(large) + "?hands=all")
    assert every_count == small_count
    shown = response.content.decode()  # the latest 200 (games/pages/save_answer.py: PAGE_HANDS)
    assert 'worked out">500</a>' in shown and 'worked out">301</a>' in shown and 'worked out">300</a>' not in shown
    earlier_count, response = _queries_for(client, table_url(large) + "?hands=all&upto=200")
    assert earlier_count == small_count
    assert 'worked out">1</a>' in response.content.decode() and 'worked out">201</a>' not in response.content.decode()


def test_a_message_pending_during_an_unchanged_poll_waits_for_the_next_page(client, marriage_table):
    saved = csrf_post(client, reverse("add_hand", args=[marriage_table.keeper_token]), hand_form("sWsu", (12, 4, 6, 0)))
    assert saved.status_code == 302  # without JavaScript: "Hand 1 saved:" waits in the messages cookie
    marriage_table.refresh_from_db()
    poll = client.get(
        reverse("live", args=[marriage_table.keeper_token]),
        {"revision": marriage_table.revision},
        HTTP_HX_REQUEST="true",
    )
    assert poll.status_code == 204 and poll.content == b""
    assert "Hand 1 saved:" in page(client.get(saved["Location"]))


def test_an_unchanged_live_poll_answers_204_with_one_query(client, marriage_table, django_assert_max_num_queries):
    phone = Client()
    url = reverse("live", args=[marriage_table.viewer_token])
    revision = marriage_table.revision
    phone.get(reverse("table", args=[marriage_table.viewer_token]))  # the page that polls
    with django_assert_max_num_queries(1):
        response = phone.get(url, {"revision": revision})
    assert response.status_code == 204 and response.content == b""

    csrf_post(client, reverse("add_hand", args=[marriage_table.keeper_token]), hand_form("sWsu", (12, 4, 6, 0)))
    response = phone.get(url, {"revision": revision})
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="live-board"' in page and 'hx-swap-oob="true"' in page and "+23" in page
    assert f'id="board-revision" name="revision" value="{revision + 1}"' in page
