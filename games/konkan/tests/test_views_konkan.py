"""Konkan through its web pages: penalties per hand, the set threshold, eliminations over 301.

Spec: docs/rules/konkan.md and docs/FORMAT.md. The helpers at the top only build
requests and read pages; every test is one behaviour.
"""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Hand, PointTable, Table
from games.services import tables
from scoring import konkan
from tests.fixtures import (
    SET_61,
    add_url,
    assert_import_refused,
    assert_new_table_refused,
    board_row,
    csrf_post,
    edit_url,
    page,
    players_of,
    read_text,
    seeded,
    snapshot,
    table_form,
    table_url,
    totals_row,
)
from tests.inputs import document

pytestmark = pytest.mark.django_db

PLAYERS = players_of("konkan")
OUTCOMES = {"W": "winner", "s": "set", "n": "not_set", "o": "out"}
# The spec's worked example: Bina wins (not with a joker), Asha had set and holds A♠ 7♥ joker, Chet never set.
WORKED = {"Asha": 68, "Bina": 0, "Chet": 100}


# --- helpers ---------------------------------------------------------------------------------


def standings(response):
    """[(name, total as printed, out?)] in the order the standings list them."""
    rows = re.findall(
        r'<li class="[^"]*"><span class="name"><span class="cut" title="[^"]*">([^<]+?)</span>'
        r'( <span class="badge">out</span>)?</span>\s*'
        r'<span class="num">([^<]*)</span>',
        page(response),
    )
    return [(name, total, bool(out)) for name, out, total in rows]


def threshold(response):
    return re.search(r'<span class="threshold">(\d+)</span>', page(response)).group(1)


def hand_form(outcomes, number=1, penalty=None, cards=None, failed=None, joker=False, **extra):
    """The hand form as the page posts it: outcomes like "sWn" (W winner, s had set, n not set,
    o out, - nothing chosen); penalty / cards / failed: {seat: value}."""
    penalty, cards, failed = penalty or {}, cards or {}, failed or {}
    data = {"hand_number": str(number)}
    for seat, code in enumerate(outcomes):
        if code != "-":
            data[f"outcome-{seat}"] = OUTCOMES[code]
        if code != "o":  # an out player's row has only the hidden "out"
            data[f"penalty-{seat}"] = str(penalty.get(seat, ""))
            data[f"cards-{seat}"] = cards.get(seat, "")
            data[f"failed_wins-{seat}"] = str(failed.get(seat, 0))
    if joker:
        data["joker_discard"] = "on"
    data.update(extra)
    return data


def entry(outcome, **extra):
    return {"outcome": outcome, **extra}


def inputs_for(outcomes, penalties=(), players=PLAYERS, joker=False, failed=None):
    """Engine inputs: outcomes like "sWn"; a set player's penalty from `penalties` (by seat)."""
    failed = failed or {}
    inputs = {"_hand": {"joker_discard": joker}}
    for seat, (name, code) in enumerate(zip(players, outcomes)):
        inputs[name] = entry(OUTCOMES[code])
        if code == "s":
            inputs[name]["hand_penalty"] = penalties[seat]
        if failed.get(seat):
            inputs[name]["failed_wins"] = failed[seat]
    return inputs


def set_url(table):
    return reverse("record_set", args=[table.keeper_token])


# Chet goes over 301 in hand 4 (100 + 100 + 100 + 2 = 302); Asha and Bina play on.
CHET_OUT = [
    inputs_for("Wnn"),  # Asha 0, Bina 100, Chet 100
    inputs_for("Wsn", (0, 50)),  # Asha 0, Bina 150, Chet 200
    inputs_for("sWn", (10,)),  # Asha 10, Bina 150, Chet 300
    inputs_for("Wss", (0, 1, 2)),  # Asha 10, Bina 151, Chet 302: out
]


@pytest.fixture
def table(owner):
    return tables.create_table(game="konkan", name="Konkan night", players=PLAYERS, rules={}, owner=owner)


@pytest.fixture
def chet_out(owner):
    table = seeded(owner, "konkan", CHET_OUT)
    assert table.totals == {"Asha": 10, "Bina": 151, "Chet": 302}
    assert table.progress["out"] == ["Chet"]
    assert table.progress["game_over"] is False
    return table


@pytest.fixture
def game_over(owner):
    # Hand 5: Bina gets 100 and two failed wins (200): 351, over; Asha is the last player left.
    table = seeded(
        owner,
        "konkan",
        [*CHET_OUT, {**inputs_for("Wn", players=["Asha", "Bina"], failed={1: 2}), "Chet": entry("out")}],
    )
    assert table.totals == {"Asha": 10, "Bina": 351, "Chet": 302}
    assert table.progress["game_over"] is True
    assert table.progress["winner"] == "Asha"
    return table


# --- creating a table ------------------------------------------------------------------------


def test_creating_a_table_keeps_the_players_in_order_and_the_rules_typed(client, owner):
    data = table_form(
        "konkan",
        ["Chet", "", "Asha", "Bina"],
        set_threshold="60",
        not_set_penalty="120",
        joker_discard_penalty="0",
        failed_win_penalty="25",
        elimination_over="251",
        join_at_highest="on",
    )
    response = csrf_post(client, reverse("new_table", args=["konkan"]), data)
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert table.game == "konkan"
    assert table.owner == owner
    assert table.players == ["Chet", "Asha", "Bina"]
    assert table.rules == {
        **konkan.ENGINE.default_rules(),
        "set_threshold": 60,
        "not_set_penalty": 120,
        "joker_discard_penalty": 0,
        "failed_win_penalty": 25,
        "elimination_over": 251,
    }
    assert table.totals == {"Chet": 0, "Asha": 0, "Bina": 0}
    body = page(client.get(table_url(table)))
    assert threshold(client.get(table_url(table))) == "60"
    assert "Chet deals" in body


def test_the_point_table_comes_from_the_admin_and_can_be_changed_per_table(client):
    PointTable.objects.create(game="konkan", rules={"set_threshold": 65, "not_set_penalty": 80})
    url = reverse("new_table", args=["konkan"])
    form_page = client.get(url).content.decode()
    assert re.search(r'<input[^>]*name="set_threshold"[^>]*value="65"', form_page)
    assert re.search(r'<input[^>]*name="not_set_penalty"[^>]*value="80"', form_page)
    assert re.search(r'<input[^>]*name="elimination_over"[^>]*value="301"', form_page)
    assert len(re.findall(r'<input name="player"', form_page)) == 4
    # This table keeps the admin's 80 for not setting but asks 70 to set.
    response = csrf_post(client, url, table_form("konkan", set_threshold="70", not_set_penalty="80"))
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.rules["set_threshold"] == 70
    assert table.rules["not_set_penalty"] == 80
    response = csrf_post(client, add_url(table), hand_form("sWn", penalty={0: 5}))
    assert response.status_code == 302
    assert Hand.objects.get(table=table).points == {"Asha": 5, "Bina": 0, "Chet": 80}


BAD_TABLES = [
    pytest.param(table_form("konkan", ["Asha"]), "a table needs 2 to 4 players", id="one-player"),
    pytest.param(table_form("konkan", []), "a table needs 2 to 4 players", id="no-players"),
    pytest.param(
        table_form("konkan", ["Asha", "Bina", "Chet", "Dev", "Eli"]), "a table needs 2 to 4 players", id="five-players"
    ),
    pytest.param(table_form("konkan", ["Asha", "Bina", "asha"]), "two players have this name", id="duplicate-names"),
    pytest.param(table_form("konkan", set_threshold="-1"), "Must be at least 0", id="negative-threshold"),
    pytest.param(table_form("konkan", elimination_over="0"), "Must be at least 1", id="limit-0"),
]


@pytest.mark.parametrize(("data", "message"), BAD_TABLES)
def test_a_bad_table_is_refused_with_a_message_and_nothing_saved(client, data, message):
    assert_new_table_refused(client, "konkan", data, message)


# --- entering a hand -------------------------------------------------------------------------


def test_the_worked_example_through_the_form_with_the_cards_counted(client, table):
    response = csrf_post(client, add_url(table), hand_form("sWn", cards={0: "AS 7H JK"}))
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    hand = Hand.objects.get(table=table)
    assert hand.inputs == {
        "_hand": {"joker_discard": False},
        "Asha": {"outcome": "set", "cards": ["AS", "7H", "JK"], "failed_wins": 0},
        "Bina": {"outcome": "winner", "failed_wins": 0},
        "Chet": {"outcome": "not_set", "failed_wins": 0},
    }
    assert hand.points == WORKED
    table.refresh_from_db()
    assert table.totals == WORKED
    board = client.get(table_url(table))
    # Penalties are plain numbers: lower is better, nothing to sign.
    assert board_row(board, 1) == ["68", "0", "100"]
    assert totals_row(board) == {"Asha": "68", "Bina": "0", "Chet": "100"}
    assert "+68" not in page(board) and "+100" not in page(board)
    assert standings(board) == [("Bina", "0", False), ("Asha", "68", False), ("Chet", "100", False)]
    assert 'name="hand_number" value="2"' in page(board)


def test_the_counters_penalty_beside_its_cards_is_no_conflict(client, table):
    # The counter writes what it finds into the Penalty field, as Marriage's maal counter does.
    response = csrf_post(client, add_url(table), hand_form("sWn", penalty={0: "٦٨"}, cards={0: "AS 7H JK"}))
    assert response.status_code == 302
    assert Hand.objects.get(table=table).inputs["Asha"] == {
        "outcome": "set",
        "cards": ["AS", "7H", "JK"],
        "failed_wins": 0,
    }
    # Another number beside the cards is still refused.
    response = csrf_post(client, add_url(table), hand_form("sWn", number=2, penalty={0: 60}, cards={0: "AS 7H JK"}))
    assert response.status_code == 422
    assert "give the hand penalty or the cards, not both" in page(response)


def test_the_picker_total_tells_the_page_what_the_cards_came_to(client, table):
    response = csrf_post(
        client, reverse("picker_total", args=[table.keeper_token, "cards"]), {"field": "cards-0", "cards-0": "AS 7H JK"}
    )
    assert response.status_code == 200 and "68" in page(response)
    assert json.loads(response["HX-Trigger"]) == {
        "cards-counted": {"field": "cards-0", "text": "AS 7H JK", "value": 68}
    }


def test_cards_typed_with_suit_symbols_and_lower_case_are_read(client, table):
    response = csrf_post(client, add_url(table), hand_form("sWn", cards={0: "a♠, 7♥ jk"}))
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.inputs["Asha"]["cards"] == ["AS", "7H", "JK"]
    assert hand.points == WORKED


def test_a_typed_penalty_is_used_as_given(client, table):
    response = csrf_post(client, add_url(table), hand_form("Wss", penalty={1: 23, 2: 0}))
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.inputs["Bina"] == {"outcome": "set", "hand_penalty": 23, "failed_wins": 0}
    assert hand.inputs["Chet"] == {"outcome": "set", "hand_penalty": 0, "failed_wins": 0}  # set all but the discard
    assert hand.points == {"Asha": 0, "Bina": 23, "Chet": 0}


def test_a_joker_discard_gives_everyone_else_200_and_nothing_else(client, table):
    response = csrf_post(client, add_url(table), hand_form("sWn", penalty={0: 15}, joker=True))
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.inputs["_hand"] == {"joker_discard": True}
    assert hand.points == {"Asha": 200, "Bina": 0, "Chet": 200}
    board = client.get(table_url(table))
    assert board_row(board, 1) == ["200", "0", "200"]
    assert standings(board) == [("Bina", "0", False), ("Asha", "200", False), ("Chet", "200", False)]


def test_the_joker_discard_box_shows_the_tables_penalty(client, owner):
    table = tables.create_table(
        game="konkan", name="Big jokers", players=PLAYERS, rules={"joker_discard_penalty": 150}, owner=owner
    )
    body = page(client.get(table_url(table)))
    assert 'name="joker_discard"' in body
    assert "everyone else gets 150" in body
    assert csrf_post(client, add_url(table), hand_form("nWn", joker=True)).status_code == 302
    assert Hand.objects.get(table=table).points == {"Asha": 150, "Bina": 0, "Chet": 150}


def test_with_the_joker_discard_rule_off_a_joker_discard_changes_nothing(client, owner):
    table = tables.create_table(
        game="konkan", name="No joker rule", players=PLAYERS, rules={"joker_discard_penalty": 0}, owner=owner
    )
    assert 'name="joker_discard"' not in page(client.get(table_url(table)))
    response = csrf_post(client, add_url(table), hand_form("sWn", cards={0: "AS 7H JK"}, joker=True))
    assert response.status_code == 302
    assert Hand.objects.get(table=table).points == WORKED


def test_failed_wins_add_50_each_to_anyone_the_winner_included(client, table):
    response = csrf_post(client, add_url(table), hand_form("sWn", penalty={0: 10}, failed={0: 2, 1: 1}))
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.inputs["Asha"]["failed_wins"] == 2
    assert hand.inputs["Bina"]["failed_wins"] == 1
    assert hand.points == {"Asha": 110, "Bina": 50, "Chet": 100}
    board = client.get(table_url(table))
    assert totals_row(board) == {"Asha": "110", "Bina": "50", "Chet": "100"}
    assert standings(board) == [("Bina", "50", False), ("Chet", "100", False), ("Asha", "110", False)]


def test_failed_wins_count_in_a_joker_discard_hand_too(client, table):
    response = csrf_post(client, add_url(table), hand_form("nWn", failed={0: 1, 1: 1}, joker=True))
    assert response.status_code == 302
    assert Hand.objects.get(table=table).points == {"Asha": 250, "Bina": 50, "Chet": 200}


def test_with_the_failed_win_rule_off_the_field_is_not_asked(client, owner):
    table = tables.create_table(
        game="konkan", name="No failed wins", players=PLAYERS, rules={"failed_win_penalty": 0}, owner=owner
    )
    assert 'name="failed_wins-0"' not in page(client.get(table_url(table)))
    response = csrf_post(client, add_url(table), hand_form("sWn", cards={0: "AS 7H JK"}, failed={0: 3}))
    assert response.status_code == 302
    assert Hand.objects.get(table=table).points == WORKED


def test_totals_add_up_over_hands_and_standings_stay_lowest_first(client, table):
    assert csrf_post(client, add_url(table), hand_form("sWn", cards={0: "AS 7H JK"})).status_code == 302
    assert csrf_post(client, add_url(table), hand_form("nsW", number=2, penalty={1: 90})).status_code == 302
    table.refresh_from_db()
    assert table.totals == {"Asha": 168, "Bina": 90, "Chet": 100}
    board = client.get(table_url(table))
    assert board_row(board, 2) == ["100", "90", "0"]
    assert totals_row(board) == {"Asha": "168", "Bina": "90", "Chet": "100"}
    assert standings(board) == [("Bina", "90", False), ("Chet", "100", False), ("Asha", "168", False)]
    assert re.search(
        r'<li class="leader"><span class="name"><span class="cut" title="Bina">Bina</span></span>', page(board)
    )


def test_an_htmx_post_answers_with_the_board_fragment(client, table):
    response = csrf_post(client, add_url(table), hand_form("sWn", cards={0: "AS 7H JK"}), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = page(response)
    assert "<html" not in body
    assert "Hand 1 saved:" in body
    assert totals_row(response) == {"Asha": "68", "Bina": "0", "Chet": "100"}
    assert 'name="hand_number" value="2"' in body


def test_the_dealer_passes_to_the_next_seat(client, table):
    assert "Asha deals" in page(client.get(table_url(table)))
    csrf_post(client, add_url(table), hand_form("sWn", cards={0: "AS 7H JK"}))
    assert "Bina deals" in page(client.get(table_url(table)))


# --- bad hands -------------------------------------------------------------------------------

BAD_HANDS = [
    pytest.param(hand_form("snn", penalty={0: 5}), "choose the winner", id="no-winner"),
    pytest.param(hand_form("WWn"), "only one player can win a hand", id="two-winners"),
    pytest.param(
        hand_form("sW-", penalty={0: 5}), "Chet · Outcome: choose winner, set, not set or out", id="outcome-missing"
    ),
    pytest.param(
        hand_form("sWn", penalty={0: 5, 2: 30}),
        "Chet · Penalty: only a player who had set has a hand penalty",
        id="penalty-for-not-set",
    ),
    pytest.param(
        hand_form("sWn", penalty={0: 5, 1: 3}),
        "Bina · Penalty: only a player who had set has a hand penalty",
        id="penalty-for-winner",
    ),
    pytest.param(
        hand_form("sWn", cards={0: "AS", 2: "7H"}), "Chet · Cards: only a player who had set", id="cards-for-not-set"
    ),
    pytest.param(
        hand_form("sWn"),
        "Asha · Penalty: give the penalty of the cards left in hand, or the cards",
        id="penalty-missing",
    ),
    pytest.param(
        hand_form("sWn", penalty={0: 5}, cards={0: "AS"}),
        "give the hand penalty or the cards, not both",
        id="penalty-and-cards",
    ),
    pytest.param(hand_form("sWn", penalty={0: -5}), "Asha · Penalty: must be at least 0", id="negative-penalty"),
    pytest.param(hand_form("sWn", penalty={0: "ten"}), "Asha · Penalty: must be a whole number", id="text-penalty"),
    pytest.param(hand_form("sWn", cards={0: "AS 1H"}), "Asha · Cards: unknown card '1H'", id="unknown-card"),
    pytest.param(hand_form("sWn", cards={0: "AS ZZ"}), "unknown card 'ZZ'", id="unknown-card-letters"),
    pytest.param(
        hand_form("sWs", cards={0: "AS AS", 2: "AS"}),
        "Chet · Cards: the packs hold only 2 of AS in all",
        id="three-aces-of-spades",
    ),
    pytest.param(
        hand_form("sWs", cards={0: "JK JK", 2: "JK 3C"}), "the packs hold only 2 jokers in all", id="three-jokers"
    ),
    pytest.param(
        hand_form("sWn", penalty={0: 5}, failed={2: -1}),
        "Chet · Failed wins: must be at least 0",
        id="negative-failed-wins",
    ),
    pytest.param(hand_form("oWn"), "Asha · Outcome: only a player over 301 is out", id="out-but-not-eliminated"),
]


@pytest.mark.parametrize(("data", "message"), BAD_HANDS)
def test_a_bad_hand_is_refused_with_a_message_and_nothing_saved(client, table, data, message):
    before = snapshot(table)
    response = csrf_post(client, add_url(table), data)
    assert response.status_code == 422
    assert message.lower() in page(response).lower()
    assert 'class="error summary"' in response.content.decode()
    assert snapshot(table) == before
    assert Hand.objects.filter(table=table).count() == 0


def test_a_refused_hand_keeps_what_was_typed(client, table):
    response = csrf_post(client, add_url(table), hand_form("sWs", cards={0: "AS 7H JK", 2: "QQ"}, failed={1: 1}))
    assert response.status_code == 422
    body = page(response)
    assert re.search(r'name="cards-0" value="AS 7H JK"', body)
    assert re.search(r'name="cards-2" value="QQ"[^>]*aria-invalid="true"', body)
    assert re.search(r'name="outcome-1" value="winner" checked', body)
    assert re.search(r'name="failed_wins-1" value="1"', body)


def test_a_hand_from_a_stale_page_is_refused(client, table):
    assert csrf_post(client, add_url(table), hand_form("sWn", cards={0: "AS 7H JK"})).status_code == 302
    before = snapshot(table)
    response = csrf_post(client, add_url(table), hand_form("Wnn", number=1))
    assert response.status_code == 409
    assert "Hand 1 was already recorded" in page(response)
    assert snapshot(table) == before


def test_a_post_without_the_csrf_token_is_refused(client, table):
    response = client.post(add_url(table), hand_form("sWn", cards={0: "AS 7H JK"}))
    assert response.status_code == 403
    assert Hand.objects.count() == 0


def test_the_viewer_link_cannot_add_a_hand_or_a_set(client, table):
    assert csrf_post(client, add_url(table, table.viewer_token), hand_form("sWn", penalty={0: 5})).status_code == 404
    response = csrf_post(client, reverse("record_set", args=[table.viewer_token]), {"player": "Asha", "score": "60"})
    assert response.status_code == 404
    table.refresh_from_db()
    assert table.current_hand == {}
    assert Hand.objects.count() == 0


# --- the set threshold -----------------------------------------------------------------------


def test_the_threshold_starts_at_52(client, table):
    board = client.get(table_url(table))
    assert threshold(board) == "52"
    assert "Nobody has set in this hand yet." in page(board)
    assert f'action="{set_url(table)}"' in page(board)


def test_a_valid_set_is_recorded_and_the_threshold_rises(client, table):
    response = csrf_post(client, set_url(table), {"player": "Asha", "groups": SET_61, "score": ""})
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    table.refresh_from_db()
    assert table.current_hand == {"sets": [{"player": "Asha", "value": 61}]}
    board = client.get(table_url(table))
    assert threshold(board) == "61"
    assert "Asha set with 61" in page(board)
    assert Hand.objects.count() == 0  # a set is not a hand


def test_a_set_equal_to_the_highest_so_far_is_enough(client, table):
    csrf_post(client, set_url(table), {"player": "Asha", "groups": SET_61, "score": ""})
    # Bina, typed in lower case: A-2-3 of spades (16), three queens (30), 9-10-J of clubs (29): 75.
    response = csrf_post(client, set_url(table), {"player": "Bina", "groups": "as 2s 3s / QS QH QD / 9C 10C JC"})
    assert response.status_code == 302
    csrf_post(client, set_url(table), {"player": "Chet", "groups": "", "score": "75"})
    table.refresh_from_db()
    assert table.current_hand["sets"] == [
        {"player": "Asha", "value": 61},
        {"player": "Bina", "value": 75},
        {"player": "Chet", "value": 75},
    ]
    board = client.get(table_url(table))
    assert threshold(board) == "75"
    assert "Bina set with 75" in page(board) and "Chet set with 75" in page(board)


def test_q_k_a_is_a_run_with_the_ace_high(client, table):
    response = csrf_post(client, set_url(table), {"player": "Asha", "groups": "QD KD AD / 8S 8H 8D 8C"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.current_hand["sets"] == [{"player": "Asha", "value": 63}]


def test_a_score_only_set_above_the_threshold_is_recorded(client, table):
    response = csrf_post(
        client, set_url(table), {"player": "Chet", "groups": "", "score": "58"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    body = page(response)
    assert "<html" not in body
    assert "Chet set with 58." in body
    assert threshold(response) == "58"


BAD_SETS = [
    pytest.param({"player": "Asha", "groups": "KH AH 2H / 7S 7D JK=7C"}, "never K-A-2", id="k-a-2"),
    pytest.param(
        {"player": "Asha", "groups": "AH 2H 3H / 7S 7D JK=7C"},
        "this set is worth 37; it must reach at least 52",
        id="groups-below-threshold",
    ),
    pytest.param(
        {"player": "Asha", "groups": "", "score": "51"},
        "this set is worth 51; it must reach at least 52",
        id="score-below-threshold",
    ),
    pytest.param(
        {"player": "Asha", "groups": "10H JH QH KH / 7S 7D JK"}, "say which card the joker stands for", id="bare-joker"
    ),
    pytest.param({"player": "Asha", "groups": "10H JH QH KH / 7S 7S 7D"}, "different suits", id="same-suit-twice"),
    pytest.param(
        {"player": "Asha", "groups": "10H JH QH KH / 7S 7D"}, "a group needs at least 3 cards", id="two-card-group"
    ),
    pytest.param(
        {"player": "Asha", "groups": "10H JH QC KH / 7S 7D 7C"}, "a group is a run of one suit", id="mixed-group"
    ),
    pytest.param({"player": "Asha", "groups": "10H JH QH KH / 7S 7D XY"}, "unknown card 'XY'", id="unknown-card"),
    pytest.param(
        {"player": "Asha", "groups": "KS KH KD / KS KH KD / KS KH KD"}, "the packs hold only 2 KS", id="three-copies"
    ),
    pytest.param({"player": "Asha", "groups": "", "score": ""}, "enter the groups", id="nothing"),
    pytest.param({"player": "Asha", "groups": "", "score": "lots"}, "must be a whole number", id="text-score"),
    pytest.param({"player": "Zed", "groups": SET_61}, "choose who is setting", id="unknown-player"),
]


@pytest.mark.parametrize(("data", "message"), BAD_SETS)
def test_a_bad_set_is_refused_with_a_message_and_nothing_saved(client, table, data, message):
    before = snapshot(table)
    response = csrf_post(client, set_url(table), data)
    assert response.status_code == 422
    assert message.lower() in page(response).lower()
    assert re.search(r'<div class="error" role="alert">', page(response))
    assert snapshot(table) == before
    assert threshold(response) == "52"


def test_a_set_below_the_highest_so_far_is_refused(client, table):
    csrf_post(client, set_url(table), {"player": "Asha", "groups": SET_61})
    before = snapshot(table)
    response = csrf_post(client, set_url(table), {"player": "Bina", "groups": "", "score": "60"})
    assert response.status_code == 422
    assert "this set is worth 60; it must reach at least 61" in page(response).lower()
    assert snapshot(table) == before
    # 10-J-Q of spades (30) and three nines (27): a valid set, but 57 is below Asha's 61.
    response = csrf_post(client, set_url(table), {"player": "Bina", "groups": "10S JS QS / 9D 9C 9H"})
    assert response.status_code == 422
    assert "this set is worth 57; it must reach at least 61" in page(response).lower()
    assert snapshot(table) == before
    assert threshold(response) == "61"


def test_the_sets_are_cleared_when_the_hand_is_recorded(client, table):
    csrf_post(client, set_url(table), {"player": "Asha", "groups": SET_61})
    assert threshold(client.get(table_url(table))) == "61"
    response = csrf_post(client, add_url(table), hand_form("sWn", cards={0: "AS 7H JK"}))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.current_hand == {}
    board = client.get(table_url(table))
    assert threshold(board) == "52"
    assert "Nobody has set in this hand yet." in page(board)
    assert "Asha set with 61" not in page(board)


def test_a_refused_hand_keeps_the_sets_of_the_hand(client, table):
    csrf_post(client, set_url(table), {"player": "Asha", "groups": SET_61})
    response = csrf_post(client, add_url(table), hand_form("snn", penalty={0: 5}))
    assert response.status_code == 422
    table.refresh_from_db()
    assert table.current_hand == {"sets": [{"player": "Asha", "value": 61}]}
    assert threshold(response) == "61"


def checked_outcomes(response):
    """Seat -> the outcome the hand form has chosen."""
    return {
        int(seat): outcome for seat, outcome in re.findall(r'name="outcome-(\d)" value="(\w+)" checked', page(response))
    }


def set_player_offered(response):
    return re.search(r"<option selected>([^<]+)</option>", page(response)).group(1)


def test_a_new_hand_starts_with_the_players_who_set_as_had_set(client, table):
    assert checked_outcomes(client.get(table_url(table))) == {0: "not_set", 1: "not_set", 2: "not_set"}
    csrf_post(client, set_url(table), {"player": "Bina", "groups": SET_61})
    assert checked_outcomes(client.get(table_url(table))) == {0: "not_set", 1: "set", 2: "not_set"}


def test_the_set_tracker_offers_the_next_player_and_keeps_a_refused_one(client, table):
    assert set_player_offered(client.get(table_url(table))) == "Asha"
    csrf_post(client, set_url(table), {"player": "Asha", "groups": SET_61})
    assert set_player_offered(client.get(table_url(table))) == "Bina"
    refused = csrf_post(client, set_url(table), {"player": "Chet", "groups": "", "score": "60"})
    assert refused.status_code == 422
    assert set_player_offered(refused) == "Chet"


# --- eliminations ----------------------------------------------------------------------------


def test_a_player_over_301_is_shown_out_and_skipped(client, chet_out):
    board = client.get(table_url(chet_out))
    body = page(board)
    assert standings(board) == [("Asha", "10", False), ("Bina", "151", False), ("Chet", "302", True)]
    assert totals_row(board) == {"Asha": "10", "Bina": "151", "Chet": "302"}
    chet = re.search(r'<fieldset class="player-entry is-out" id="seat-2" data-seat="2">(.*?)</fieldset>', body, re.S)
    assert chet, "Chet's row is marked out"
    assert '<input type="hidden" name="outcome-2" value="out">' in chet.group(1)
    assert "Out of the game: skipped." in chet.group(1)
    assert 'type="radio"' not in chet.group(1)
    assert 'name="penalty-2"' not in body
    # Chet is not offered in the set tracker either.
    tracker = body[body.index('id="set-player"') : body.index("</select>", body.index('id="set-player"'))]
    assert "Chet" not in tracker and "Asha" in tracker


def test_the_out_players_row_posts_out_and_scores_0(client, chet_out):
    data = hand_form("sWo", number=5, cards={0: "KS QS"})
    assert data["outcome-2"] == "out" and "penalty-2" not in data
    response = csrf_post(client, add_url(chet_out), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=chet_out, number=5)
    assert hand.inputs["Chet"] == {"outcome": "out", "failed_wins": 0}
    assert hand.points == {"Asha": 20, "Bina": 0, "Chet": 0}
    board = client.get(table_url(chet_out))
    assert board_row(board, 5) == ["20", "0", "–"]  # Chet is out: not in the hand
    assert totals_row(board) == {"Asha": "30", "Bina": "151", "Chet": "302"}


def test_the_dealer_skips_a_player_who_is_out(client, chet_out):
    # Hands 1-4 were dealt by Asha, Bina, Chet, Asha: Bina deals hand 5, then Asha (Chet is skipped).
    assert "Bina deals" in page(client.get(table_url(chet_out)))
    csrf_post(client, add_url(chet_out), hand_form("sWo", number=5, penalty={0: 3}))
    assert "Asha deals" in page(client.get(table_url(chet_out)))


def test_exactly_301_is_not_out(client, owner):
    table = seeded(owner, "konkan", [*CHET_OUT[:3], inputs_for("Wss", (0, 1, 1))])
    assert table.totals["Chet"] == 301
    board = client.get(table_url(table))
    assert standings(board)[-1] == ("Chet", "301", False)
    assert 'name="outcome-2" value="not_set"' in page(board)
    assert 'name="outcome-2" value="out"' not in page(board)


BAD_AFTER_ELIMINATION = [
    pytest.param(
        hand_form("sWn", number=5, penalty={0: 3}),
        "Chet · Outcome: is out of the game (over 301): mark them out",
        id="hand-for-eliminated-player",
    ),
    pytest.param(
        hand_form("sWs", number=5, penalty={0: 3, 2: 4}),
        "Chet · Outcome: is out of the game (over 301)",
        id="set-for-eliminated-player",
    ),
    pytest.param(
        hand_form("sWW", number=5, penalty={0: 3}), "only one player can win a hand", id="eliminated-player-wins"
    ),
    pytest.param(
        {**hand_form("sWo", number=5, penalty={0: 3}), "failed_wins-2": "1"},
        "Chet · Failed wins: a player who is out plays no hand",
        id="failed-win-for-eliminated-player",
    ),
    pytest.param(
        {**hand_form("sWo", number=5, penalty={0: 3}), "penalty-2": "7"},
        "Chet · Penalty: only a player who had set has a hand penalty",
        id="penalty-for-eliminated-player",
    ),
    pytest.param(hand_form("oWo", number=5), "Asha · Outcome: only a player over 301 is out", id="two-out"),
]


@pytest.mark.parametrize(("data", "message"), BAD_AFTER_ELIMINATION)
def test_a_hand_entered_for_an_eliminated_player_is_refused(client, chet_out, data, message):
    before = snapshot(chet_out)
    response = csrf_post(client, add_url(chet_out), data)
    assert response.status_code == 422
    assert message.lower() in page(response).lower()
    assert snapshot(chet_out) == before


def test_a_set_for_an_eliminated_player_is_refused(client, chet_out):
    # Chet is out: he plays no further hands, so he cannot lay down a set in one either.
    before = snapshot(chet_out)
    response = csrf_post(client, set_url(chet_out), {"player": "Chet", "groups": SET_61})
    assert response.status_code == 422
    assert snapshot(chet_out) == before
    assert "Chet set with" not in page(client.get(table_url(chet_out)))


# --- the end of the game ---------------------------------------------------------------------


def test_when_one_player_is_left_the_game_is_over_and_they_win(client, game_over):
    board = client.get(table_url(game_over))
    body = page(board)
    assert "Game over" in body
    assert "<strong>Asha</strong> wins." in body
    assert 'name="hand_number"' not in body  # no form for another hand
    assert 'id="set-threshold"' not in body
    assert standings(board) == [("Asha", "10", False), ("Chet", "302", True), ("Bina", "351", True)]


def test_the_last_hand_that_ends_the_game_can_be_entered_through_the_form(client, chet_out):
    response = csrf_post(client, add_url(chet_out), hand_form("Wno", number=5, failed={1: 2}))
    assert response.status_code == 302
    chet_out.refresh_from_db()
    assert chet_out.progress["game_over"] is True
    assert chet_out.progress["winner"] == "Asha"
    assert "<strong>Asha</strong> wins." in page(client.get(table_url(chet_out)))


def test_if_everyone_left_goes_over_in_one_hand_the_lowest_wins(client, owner):
    two = ["Asha", "Bina"]
    table = seeded(
        owner,
        "konkan",
        [
            inputs_for("nW", players=two),
            inputs_for("sW", (100,), players=two),
            inputs_for("Ws", (0, 290), players=two),
            inputs_for("sW", (100,), players=two),
        ],
        players=two,
    )
    assert table.totals == {"Asha": 300, "Bina": 290}
    # Bina wins the hand but with a failed win first: 340; Asha had not set: 400. Both are over.
    response = csrf_post(client, add_url(table), hand_form("nW", number=5, failed={1: 1}))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.totals == {"Asha": 400, "Bina": 340}
    assert table.progress["game_over"] is True
    assert table.progress["winner"] == "Bina"
    body = page(client.get(table_url(table)))
    assert "Game over" in body
    assert "<strong>Bina</strong> wins." in body


GAME_OVER_POSTS = [
    pytest.param(hand_form("Wno", number=6), id="next-hand"),
    pytest.param(hand_form("nWo", number=6), id="other-winner"),
    pytest.param(hand_form("Wno", number=5), id="stale-number"),
]


@pytest.mark.parametrize("data", GAME_OVER_POSTS)
def test_a_hand_after_the_game_is_over_is_refused_and_nothing_saved(client, game_over, data):
    before = snapshot(game_over)
    response = csrf_post(client, add_url(game_over), data)
    assert response.status_code in (409, 422)
    assert "game is over" in page(response).lower() or "already recorded" in page(response).lower()
    assert snapshot(game_over) == before
    assert Hand.objects.filter(table=game_over).count() == 5


def test_the_next_hand_after_the_game_is_over_says_the_game_is_over(client, game_over):
    response = csrf_post(client, add_url(game_over), hand_form("Wno", number=6))
    assert response.status_code in (409, 422)
    assert "The game is over: no more hands can be entered." in page(response)


def test_a_set_after_the_game_is_over_is_refused(client, game_over):
    before = snapshot(game_over)
    response = csrf_post(client, set_url(game_over), {"player": "Asha", "groups": SET_61})
    assert response.status_code in (409, 422)
    assert snapshot(game_over) == before


def test_every_hand_can_still_be_fixed_after_the_game_is_over(client, game_over):
    body = page(client.get(table_url(game_over)))
    assert 'aria-label="Hand 1 worked out"' in body and 'aria-label="Hand 5 worked out"' in body
    assert "Fix hand 5" in read_text(client.get(reverse("hand", args=[game_over.keeper_token, 5])))
    form = page(client.get(edit_url(game_over, 5)))
    # Chet was out in hand 5: his row carries "out" and nothing to fill in.
    assert '<input type="hidden" name="outcome-2" value="out">' in form
    assert re.search(r'name="failed_wins-1" value="2"', form)


# --- correcting hands ------------------------------------------------------------------------


def test_the_edit_page_shows_the_hand_as_entered(client, chet_out):
    response = client.get(edit_url(chet_out, 4))
    assert response.status_code == 200
    body = page(response)
    assert 'name="version" value="1"' in body
    assert re.search(r'name="outcome-0" value="winner" checked', body)
    assert re.search(r'name="penalty-2" value="2"', body)
    # Chet played hand 4 (he went out at its end), so his row has the outcome choices.
    assert 'name="outcome-2" value="out"' not in body


def test_editing_an_earlier_hand_brings_an_eliminated_player_back(client, chet_out):
    # Hand 1: Chet had in fact set with nothing left (0, not 100): 202 after hand 4, still in.
    data = {**hand_form("Wns", penalty={2: 0}), "version": "1"}
    response = csrf_post(client, edit_url(chet_out, 1), data)
    assert response.status_code == 302
    assert response["Location"] == table_url(chet_out)
    chet_out.refresh_from_db()
    assert chet_out.totals == {"Asha": 10, "Bina": 151, "Chet": 202}
    assert chet_out.progress["out"] == []
    board = client.get(table_url(chet_out))
    assert standings(board) == [("Asha", "10", False), ("Bina", "151", False), ("Chet", "202", False)]
    assert 'name="outcome-2" value="not_set"' in page(board)
    assert "is-out" not in page(board)
    # Chet plays hand 5 again.
    assert csrf_post(client, add_url(chet_out), hand_form("sWn", number=5, penalty={0: 1})).status_code == 302
    chet_out.refresh_from_db()
    assert chet_out.totals == {"Asha": 11, "Bina": 151, "Chet": 302}
    assert chet_out.progress["out"] == ["Chet"]


def test_editing_a_hand_can_put_a_player_out(client, owner):
    table = seeded(owner, "konkan", [*CHET_OUT[:3], inputs_for("Wss", (0, 1, 1))])
    assert table.progress["out"] == []
    data = {**hand_form("Wss", number=4, penalty={1: 1, 2: 5}), "version": "1"}
    assert csrf_post(client, edit_url(table, 4), data).status_code == 302
    table.refresh_from_db()
    assert table.totals["Chet"] == 305
    assert table.progress["out"] == ["Chet"]
    board = client.get(table_url(table))
    assert standings(board)[-1] == ("Chet", "305", True)
    assert '<input type="hidden" name="outcome-2" value="out">' in page(board)


def test_editing_an_earlier_hand_can_end_or_reopen_the_game(client, game_over):
    # Hand 2: Bina had set with nothing left (0, not 50): 301 after hand 5, so she is still in.
    data = {**hand_form("Wsn", number=2, penalty={1: 0}), "version": "1"}
    response = csrf_post(client, edit_url(game_over, 2), data)
    assert response.status_code == 302
    game_over.refresh_from_db()
    assert game_over.totals == {"Asha": 10, "Bina": 301, "Chet": 302}
    assert game_over.progress["game_over"] is False
    assert game_over.progress["winner"] is None
    assert game_over.progress["out"] == ["Chet"]
    body = page(client.get(table_url(game_over)))
    assert "Game over" not in body
    assert 'name="hand_number" value="6"' in body
    # ...and back: the correction undone, Asha wins again.
    data = {**hand_form("Wsn", number=2, penalty={1: 50}), "version": "2"}
    assert csrf_post(client, edit_url(game_over, 2), data).status_code == 302
    game_over.refresh_from_db()
    assert game_over.progress["game_over"] is True
    assert game_over.progress["winner"] == "Asha"


def test_an_edit_that_makes_a_later_out_wrong_is_refused_and_nothing_changes(client, owner):
    table = seeded(owner, "konkan", [*CHET_OUT, {**inputs_for("sWo", (5,)), "Chet": entry("out")}])
    before = snapshot(table)
    data = {**hand_form("Wns", penalty={2: 0}), "version": "1"}
    response = csrf_post(client, edit_url(table, 1), data)
    assert response.status_code == 422
    assert "hand 5 · chet · outcome: only a player over 301 is out" in page(response).lower()
    assert snapshot(table) == before


def test_an_edit_that_puts_a_player_out_before_a_hand_they_played_is_refused(client, chet_out):
    before = snapshot(chet_out)
    # Hand 3 with a failed win for Chet: 350 after hand 3, but he played hand 4.
    data = {**hand_form("sWn", number=3, penalty={0: 10}, failed={2: 1}), "version": "1"}
    response = csrf_post(client, edit_url(chet_out, 3), data)
    assert response.status_code == 422
    assert "hand 4 · chet · outcome: is out of the game (over 301)" in page(response).lower()
    assert snapshot(chet_out) == before


def test_a_bad_correction_is_refused_and_nothing_changes(client, chet_out):
    before = snapshot(chet_out)
    data = {**hand_form("Wnn", cards={2: "AS"}), "version": "1"}
    response = csrf_post(client, edit_url(chet_out, 1), data)
    assert response.status_code == 422
    assert "only a player who had set has a hand penalty" in page(response)
    assert snapshot(chet_out) == before


def test_a_correction_from_a_stale_page_is_refused(client, chet_out):
    before = snapshot(chet_out)
    data = {**hand_form("Wns", penalty={2: 0}), "version": "7"}
    response = csrf_post(client, edit_url(chet_out, 1), data)
    assert response.status_code == 409
    assert "changed on another phone" in page(response)
    assert snapshot(chet_out) == before


# --- import and export -----------------------------------------------------------------------


def test_export_import_export_gives_the_same_document(client, owner):
    table = tables.create_table(
        game="konkan",
        name="Round trip",
        players=["Asha", "Bina", "Chet", "Dev"],
        rules={"set_threshold": 60, "failed_win_penalty": 40},
        owner=owner,
    )
    csrf_post(client, add_url(table), hand_form("sWns", cards={0: "AS 7H JK"}, penalty={3: 12}, failed={2: 1}))
    csrf_post(client, add_url(table), hand_form("Wnnn", number=2, joker=True))
    response = client.get(reverse("export", args=[table.keeper_token]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="round-trip.json"'
    first = json.loads(response.content)
    assert first["format"] == "cardscore-table/1"
    assert first["game"] == "konkan"
    assert first["players"] == ["Asha", "Bina", "Chet", "Dev"]
    assert first["rules"] == {**konkan.ENGINE.default_rules(), "set_threshold": 60, "failed_win_penalty": 40}
    assert first["hands"][0]["inputs"]["Asha"] == {"outcome": "set", "cards": ["AS", "7H", "JK"], "failed_wins": 0}
    assert first["hands"][0]["inputs"]["Dev"] == {"outcome": "set", "hand_penalty": 12, "failed_wins": 0}
    assert first["hands"][0]["points"] == {"Asha": 68, "Bina": 0, "Chet": 140, "Dev": 12}
    assert first["hands"][1]["inputs"]["_hand"] == {"joker_discard": True}
    assert first["hands"][1]["points"] == {"Asha": 0, "Bina": 200, "Chet": 200, "Dev": 200}
    assert first["totals"] == {"Asha": 68, "Bina": 200, "Chet": 340, "Dev": 212}

    upload = SimpleUploadedFile("round-trip.json", response.content, content_type="application/json")
    imported = csrf_post(client, reverse("import_file"), {"file": upload})
    assert imported.status_code == 302
    copy = Table.objects.exclude(pk=table.pk).get()
    assert imported["Location"] == table_url(copy)
    second = json.loads(client.get(reverse("export", args=[copy.keeper_token])).content)
    assert second == first
    assert totals_row(client.get(table_url(copy))) == {"Asha": "68", "Bina": "200", "Chet": "340", "Dev": "212"}
    # The copy carries on, with Chet (340) out as on the original.
    assert copy.progress["out"] == ["Chet"]
    assert csrf_post(client, add_url(copy), hand_form("Wnnn", number=3)).status_code == 422
    assert csrf_post(client, add_url(copy), hand_form("Wnon", number=3)).status_code == 302


def test_an_eliminated_table_round_trips_with_its_eliminations(client, game_over):
    first = json.loads(client.get(reverse("export", args=[game_over.keeper_token])).content)
    assert first["hands"][4]["inputs"]["Chet"] == {"outcome": "out", "failed_wins": 0}
    assert first["hands"][4]["points"]["Chet"] == 0
    upload = SimpleUploadedFile("over.json", json.dumps(first).encode(), content_type="application/json")
    assert csrf_post(client, reverse("import_file"), {"file": upload}).status_code == 302
    copy = Table.objects.exclude(pk=game_over.pk).get()
    assert copy.progress == game_over.progress
    assert "<strong>Asha</strong> wins." in page(client.get(table_url(copy)))
    assert json.loads(client.get(reverse("export", args=[copy.keeper_token])).content) == first


BAD_FILES = [
    pytest.param(
        [inputs_for("sWn", (5,)), {**inputs_for("sWn", (5,)), "Asha": {"outcome": "set", "cards": ["1S"]}}],
        "hand 2, Asha, cards: unknown card '1S'",
        id="unknown-card",
    ),
    pytest.param(
        [*CHET_OUT, inputs_for("sWn", (5,))], "hand 5, Chet, outcome: is out of the game", id="eliminated-player-plays"
    ),
    pytest.param([inputs_for("snn", (5,))], "hand 1, outcome: choose the winner", id="no-winner"),
]


@pytest.mark.parametrize(("hands", "message"), BAD_FILES)
def test_an_invalid_konkan_file_is_rejected_whole(client, hands, message):
    assert_import_refused(client, document("konkan", PLAYERS, hands), message)


def chets_row(response):
    return re.search(
        r'<fieldset class="player-entry[^"]*" id="seat-2" data-seat="2">(.*?)</fieldset>', page(response), re.S
    )


def test_the_form_after_the_hand_that_puts_a_player_over_301_marks_them_out(client, owner):
    """As a person meets it: the page drawn before the elimination (its form kept), the hand saved
    from it, then the next hand saved from the form the answer gives, in one tap."""
    table = seeded(owner, "konkan", CHET_OUT[:3])
    assert 'type="radio"' in chets_row(client.get(table_url(table))).group(1)  # Chet still plays

    revision = Table.objects.get(pk=table.pk).revision
    answer = csrf_post(
        client,
        add_url(table),
        {**hand_form("Wss", number=4, penalty={1: 1, 2: 2}), "revision": revision},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    assert "Out of the game: skipped." in chets_row(answer).group(1)
    assert "Out of the game: skipped." in chets_row(client.get(table_url(table))).group(1)  # and on a new load

    assert csrf_post(client, add_url(table), hand_form("sWo", number=5, penalty={0: 3})).status_code == 302
    assert Hand.objects.filter(table=table).count() == 5


def test_someone_getting_up_is_told_only_what_konkan_has(client, table):
    """Konkan is not played for money and has no sitting out: its words say neither."""
    seats = page(client.get(reverse("seats", args=[table.keeper_token])))
    assert "They keep their hands and their total." in " ".join(seats.split())
    assert "settle" not in seats and "sitting out" not in seats
