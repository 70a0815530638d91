"""The score sheet through its web pages: the table's own title, a blank box for a player who sat
the hand out, sums typed in a box, the table's own ending and winners (docs/rules/scoresheet.md)."""

import pytest
from django.urls import reverse

from games.models import Group, Hand, Table
from games.pages.roster import records
from games.sdk import registry
from tests.fixtures import (
    MINUS,
    add_url,
    assert_new_table_refused,
    board_row,
    csrf_post,
    page,
    read_text,
    seeded,
    snapshot,
    table_form,
    table_url,
    totals_row,
)

pytestmark = pytest.mark.django_db

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa"]
HEARTS = {"title": "Hearts", "lowest_wins": True, "target": 100}


def sheet(owner, hands=(), rules=None, **extra):
    return seeded(owner, "scoresheet", list(hands), players=PLAYERS, rules=rules or HEARTS, **extra)


def post_hand(client, table, *boxes, number=None):
    data = {"hand_number": str(number or table.hands.count() + 1)}
    data.update({f"points-{seat}": box for seat, box in enumerate(boxes)})
    return csrf_post(client, add_url(table), data)


def test_the_new_table_form_offers_any_other_game_with_its_options_in_plain_words(client):
    response = client.get(reverse("new_table", args=["scoresheet"]))
    text = read_text(response)
    for words in (
        "The game's name",
        "e.g. Hearts",
        "Lowest total wins",
        "Ends at a total of",
        "Ends after this many hands",
        "Every hand adds up to 0",
        "Money per point (blank: not for money)",
    ):
        assert words in text
    assert "Any other game" in read_text(client.get(reverse("home")))


def test_the_new_table_form_shows_eight_seats_and_folds_the_other_twelve_away(client):
    html = page(client.get(reverse("new_table", args=["scoresheet"])))
    assert html.count('name="player"') == 20 and html.count('class="seat folded"') == 12
    assert '<input type="checkbox" id="more-seats" class="more-seats">' in html  # no name: never posted
    assert "More players (up to 20)" in html
    assert 'name="title" value=' not in html  # no English default in the name box: "e.g. Hearts" shows
    # A refused form with nine players typed opens the folded seats, showing the ninth.
    data = table_form("scoresheet", players=[f"P{seat}" for seat in range(1, 10)], name="")
    response = csrf_post(client, reverse("new_table", args=["scoresheet"]), data)
    assert response.status_code == 422
    assert 'class="more-seats" checked>' in page(response) and 'value="P9"' in page(response)


def test_a_new_sheet_keeps_its_title_and_ending_and_shows_its_title_as_its_game(client):
    response = csrf_post(
        client, reverse("new_table", args=["scoresheet"]), table_form("scoresheet", players=PLAYERS, hands="10")
    )
    table = Table.objects.get()
    assert response.status_code == 302
    assert table.rules == {"title": "Hearts", "lowest_wins": True, "target": 100, "hands": 10, "zero_sum": False}
    assert table.lower_wins and not table.zero_sum
    assert "Hearts · scorekeeper" in read_text(client.get(table_url(table)))
    assert "Hearts · 4 players" in read_text(client.get(reverse("home")))


def test_a_sheet_without_a_title_is_a_score_sheet(client):
    csrf_post(
        client,
        reverse("new_table", args=["scoresheet"]),
        table_form("scoresheet", players=PLAYERS, title="", lowest_wins="", target=""),
    )
    table = Table.objects.get()
    assert (table.rules["title"], table.rules["target"], table.lower_wins) == ("Score sheet", None, False)
    assert "Score sheet · scorekeeper" in read_text(client.get(table_url(table)))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [("target", "0", "Must be at least 1"), ("hands", "501", "Must be at most 500")],
)
def test_a_bad_ending_is_refused_beside_its_field(client, field, value, message):
    assert_new_table_refused(client, "scoresheet", table_form("scoresheet", players=PLAYERS, **{field: value}), message)


def test_a_blank_box_is_a_player_who_sat_the_hand_out(client, owner):
    table = sheet(owner)
    response = post_hand(client, table, "5", "", "-3", "0")
    assert response.status_code == 302
    assert Hand.objects.get().inputs == {"Asha": {"points": 5}, "Chandra": {"points": -3}, "Dipa": {"points": 0}}
    shown = client.get(table_url(table))
    assert board_row(shown, 1) == ["5", "–", f"{MINUS}3", "0"]
    assert totals_row(shown)["Bikash"] == "0"
    client.cookies["django_language"] = "ar"
    for shown in (reverse("hand", args=[table.keeper_token, 1]), reverse("history", args=[table.keeper_token])):
        # A typed number written as the page's points: a minus sign, kept before its digits ("3-" never).
        arabic = read_text(client.get(shown))
        assert "النقاط \u2066\u22123\u2069" in arabic and "-3" not in arabic


def test_a_sum_typed_in_a_box_is_recorded_as_its_result_and_shown_as_typed(client, owner):
    table = sheet(owner)
    post_hand(client, table, "12+11+7", "-5+20", "३", "")
    assert Hand.objects.get().inputs == {
        "Asha": {"points": 30, "typed": "12+11+7"},
        "Bikash": {"points": 15, "typed": "-5+20"},
        "Chandra": {"points": 3},
    }
    assert board_row(client.get(table_url(table)), 1) == ["30", "15", "3", "–"]
    worked = read_text(client.get(reverse("hand", args=[table.keeper_token, 1])))
    assert "12+11+7 = 30 as typed" in worked and "sat the hand out" in worked
    history = read_text(client.get(reverse("history", args=[table.keeper_token])))
    assert "Asha: 12+11+7 = 30" in history and "Bikash: -5+20 = 15" in history
    client.cookies["django_language"] = "ar"
    for shown in (reverse("hand", args=[table.keeper_token, 1]), reverse("history", args=[table.keeper_token])):
        arabic = page(client.get(shown))
        # The typed sum kept left to right as a whole: "-5+20 = 15", never "15 = -5+20".
        assert "\u2066\u2066-5+20\u2069 = 15\u2069" in arabic
    editing = page(client.get(reverse("edit_hand", args=[table.keeper_token, 1])))
    assert 'value="12+11+7"' in editing  # corrected as it was typed


@pytest.mark.parametrize("box", ["12*3", "+", "abc", "1.5", "12+"])
def test_a_box_that_is_not_a_number_or_a_sum_is_refused_beside_it_and_nothing_is_saved(client, owner, box):
    table = sheet(owner, [{"Asha": {"points": 1}}])
    before = snapshot(table)
    response = post_hand(client, table, "4", box, "2", "")
    assert response.status_code == 422
    assert "Points: write a whole number, or a sum such as 12+11+7 (only + and −)" in read_text(response)
    assert 'id="problems-1"' in page(response)
    assert snapshot(table) == before


def test_every_problem_of_a_hand_is_listed_at_once(client, owner):
    table = sheet(owner)
    response = post_hand(client, table, "12*3", "200000", "x", "")
    assert response.status_code == 422
    text = read_text(response)
    assert text.count("write a whole number, or a sum such as 12+11+7") >= 2
    assert "must be at most 100000" in text
    assert Hand.objects.count() == 0


def test_an_empty_hand_is_refused(client, owner):
    table = sheet(owner)
    response = post_hand(client, table, "", "", "", "")
    assert response.status_code == 422
    assert "Points: enter at least one player's points" in page(response)
    assert Hand.objects.count() == 0


def test_a_zero_sum_sheet_refuses_a_hand_naming_what_it_adds_up_to_and_says_who_pays_whom(client, owner):
    table = sheet(owner, rules={"title": "Kitti", "zero_sum": True})
    response = post_hand(client, table, "10", "-4", "-5", "")
    assert response.status_code == 422
    assert "the points add up to 1, but every hand adds up to 0" in read_text(response)
    assert post_hand(client, table, "10", "-4", "-6", "").status_code == 302
    text = read_text(client.get(table_url(table)))
    assert "Bikash pays Asha 4" in text and "Chandra pays Asha 6" in text
    worked = read_text(client.get(reverse("settlement", args=[table.viewer_token])))
    assert "is owed 10" in worked and "owes 4" in worked and "Bikash pays Asha 4" in worked
    assert ".00" not in worked  # played for points: no money is shown


def test_a_rate_gives_money_and_who_pays_whom_is_in_money(client, owner):
    table = sheet(
        owner,
        [{"Asha": {"points": 10}, "Bikash": {"points": -10}}],
        rules={"title": "Kitti", "zero_sum": True, "point_rate": 0.5, "currency": "Rs"},
    )
    text = read_text(client.get(table_url(table)))
    assert "Bikash pays Asha 5.00 Rs" in text
    worked = read_text(client.get(reverse("settlement", args=[table.viewer_token])))
    assert "is owed 5.00 Rs" in worked and "Bikash pays Asha 5.00 Rs" in worked


def test_the_lowest_total_wins_when_the_target_is_reached(client, owner):
    table = sheet(
        owner, [{"Asha": {"points": 95}, "Bikash": {"points": 40}, "Chandra": {"points": 60}, "Dipa": {"points": 70}}]
    )
    post_hand(client, table, "10", "0", "13", "3")
    table.refresh_from_db()
    assert table.progress["game_over"] and table.progress["winners"] == ["Bikash"]
    shown = read_text(client.get(table_url(table)))
    assert "Bikash wins." in shown
    assert post_hand(client, table, "1", "1", "1", "1").status_code == 409  # a hand after the end
    assert Hand.objects.count() == 2


def test_equal_best_totals_share_the_win(client, owner):
    table = sheet(
        owner,
        [{"Asha": {"points": 10}, "Bikash": {"points": 20}}, {"Asha": {"points": 15}, "Bikash": {"points": 5}}],
        rules={"hands": 3},
    )
    post_hand(client, table, "0", "0", "", "")
    response = client.get(table_url(table))
    assert "Asha, Bikash share the win." in read_text(response)
    assert page(response).count('<li class="leader">') == 2  # both marked in the standings


def test_a_season_counts_sheets_by_their_title_and_ranks_hearts_lowest_first(owner):
    hearts = sheet(owner, [{"Asha": {"points": 26}, "Bikash": {"points": 0}}])
    uno = sheet(owner, [{"Asha": {"points": 26}, "Bikash": {"points": 0}}], rules={"title": "Uno"})
    seasons = records([hearts, uno])
    assert list(seasons) == ["Hearts", "Uno"]
    assert [row["name"] for row in seasons["Hearts"]["players"]][:2] == ["Bikash", "Chandra"]
    assert seasons["Hearts"]["signed"] is False
    assert next(row["name"] for row in seasons["Uno"]["players"]) == "Asha"


def test_a_sheet_named_as_another_game_is_told_apart_on_the_season_page(client, owner):
    # Any other registered game will do: the test must not break when one game is taken out.
    other = next(game for game in registry.all_games() if game.slug != "scoresheet")
    played = seeded(owner, other.slug, [])
    named = sheet(owner, rules={"title": str(other.name)})
    group = Group.objects.create(owner=owner, name="Friday")
    Table.objects.filter(pk__in=[played.pk, named.pk]).update(group=group)
    assert list(records([played, named])) == [other.name, f"{other.name} · Any other game"]
    text = read_text(client.get(reverse("group", args=[group.pk])))
    assert f"{other.name} · Any other game" in text


def test_a_newcomer_joins_a_sheet_with_a_starting_total(client, owner):
    table = sheet(owner, [{"Asha": {"points": 5}}])
    response = csrf_post(
        client,
        reverse("seats", args=[table.keeper_token]),
        {"kind": "join", "player": "Eka", "seat": "4", "score": "12"},
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.seated[-1] == "Eka" and table.totals["Eka"] == 12


def test_at_a_zero_sum_sheet_an_adjustment_must_add_up_to_zero_and_a_newcomer_starts_at_zero(client, owner):
    table = sheet(
        owner, [{"Asha": {"points": 5}, "Bikash": {"points": -5}}], rules={"title": "Kitti", "zero_sum": True}
    )
    seats = reverse("seats", args=[table.keeper_token])
    assert "They start at 0, as every hand adds up to 0." in read_text(client.get(seats))
    refused = csrf_post(client, seats, {"kind": "adjust", "reason": "pizza", "points-0": "-20", "points-1": "5"})
    assert refused.status_code == 422 and "they add up to -15" in page(refused).lower().replace("−", "-")
    taken = csrf_post(client, seats, {"kind": "adjust", "reason": "pizza", "points-0": "-15", "points-1": "15"})
    assert taken.status_code == 302
    table.refresh_from_db()
    assert (table.totals["Asha"], table.totals["Bikash"]) == (-10, 10)


def test_the_deal_can_be_given_and_a_player_can_leave(client, owner):
    table = sheet(owner, [{"Asha": {"points": 5}}])
    seats = reverse("seats", args=[table.keeper_token])
    assert csrf_post(client, seats, {"kind": "dealer", "player": "Dipa"}).status_code == 302
    assert csrf_post(client, seats, {"kind": "leave", "player": "Chandra"}).status_code == 302
    table.refresh_from_db()
    assert (table.progress["dealer"], table.seated) == ("Dipa", ["Asha", "Bikash", "Dipa"])
    post_hand(client, table, "1", "2", "3")
    assert Hand.objects.get(number=2).inputs == {"Asha": {"points": 1}, "Bikash": {"points": 2}, "Dipa": {"points": 3}}
