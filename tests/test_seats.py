"""Events between hands on the web side: the seats page (join, leave, replace, adjust, give the
deal, take back), the board's and the history's words for them, the hand form's seats, the
table file (round trip, old files unchanged), and what a hand's edit, deletion or a rename does
to them."""

import csv
import importlib
import io
import json
import re

import pytest
from django.apps import apps as django_apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import HandChange, Table
from games.pages import board
from games.services import recording, seating, table_file, tables
from tests.fixtures import (
    GAMES,
    csrf_post,
    fresh_table,
    page,
    play_hand,
    read_text,
    running_totals,
    seeded,
    snapshot,
    table_url,
    totals_row,
)
from tests.inputs import marriage_inputs

FOUR = ["Asha", "Bikash", "Chandra", "Dipa"]


def seats_url(table, token=None):
    return reverse("seats", args=[token or table.keeper_token])


def post_event(client, table, **data):
    return csrf_post(client, seats_url(table), data)


def won_by(winner, seated):
    return {name: {"status": "winner" if name == winner else "seen", "maal": 5} for name in seated}


@pytest.fixture
def evening(owner):
    """A Marriage table of four with three hands played."""
    table = seeded(owner, "marriage", [won_by(name, FOUR) for name in FOUR[:3]], players=FOUR)
    return Table.objects.get(pk=table.pk)


@pytest.mark.parametrize("game", GAMES)
def test_the_seats_page_offers_what_the_game_allows(client, owner, game):
    table = fresh_table(game, owner)
    body = page(client.get(seats_url(table)))
    engine = table.engine
    assert ('name="kind" value="join"' in body) == ("join" in engine.CHANGES)
    assert ('name="kind" value="leave"' in body) == ("leave" in engine.CHANGES)
    assert ('name="kind" value="replace"' in body) == ("replace" in engine.CHANGES)
    assert client.get(seats_url(table, table.viewer_token)).status_code == 404


def test_a_late_arrival_sits_down_and_plays_the_next_hand(client, evening):
    response = post_event(client, evening, kind="join", player="Eka", seat="2", score="0")
    assert response.status_code == 302
    table = Table.objects.get(pk=evening.pk)
    # Eka's column is where Eka sits, between Bikash and Chandra
    assert table.players == table.seated == ["Asha", "Bikash", "Eka", "Chandra", "Dipa"]
    assert table.events == [{"after": 3, "kind": "join", "player": "Eka", "seat": 2, "score": 0}]
    series = running_totals(table)
    assert series["Eka"] == [None, None, None, 0] and len(series["Asha"]) == 4
    board = page(client.get(table_url(table)))
    assert "Eka sat down at seat 3, with 0" in board
    assert 'name="status-4"' in board and 'id="seat-2"' in board  # the hand form has five seats
    play_hand(table, won_by("Eka", table.seated), 4)
    table.refresh_from_db()
    assert sum(table.totals.values()) == 0 and table.totals["Eka"] > 0
    change = table.changes.filter(action=HandChange.EVENT).get()
    history = read_text(client.get(reverse("history", args=[table.keeper_token])))
    assert change.number == 3 and "hand 3 and 4: the table changed" in history and "Eka sat down" in history


def test_a_leaver_keeps_their_column_and_total_and_misses_the_next_hands(client, evening):
    before = Table.objects.get(pk=evening.pk).totals["Bikash"]
    assert post_event(client, evening, kind="leave", player="Bikash").status_code == 302
    table = Table.objects.get(pk=evening.pk)
    assert table.seated == ["Asha", "Chandra", "Dipa"] and table.totals["Bikash"] == before
    play_hand(table, won_by("Asha", table.seated), 4)
    response = client.get(table_url(table))
    assert totals_row(response)["Bikash"] == ("+" if before > 0 else "−") + str(abs(before))
    assert "Bikash left the table" in page(response)


def test_an_adjustment_is_on_the_board_in_the_totals_and_in_a_player_s_total(client, owner):
    table = seeded(owner, "marriage", [won_by("Asha", ["Hari", *FOUR])], players=["Hari", *FOUR])
    data = {
        "kind": "adjust",
        "reason": "Hari paid the pizza",
        "points-0": "−20",
        **{f"points-{seat}": "5" for seat in range(1, 5)},
    }
    assert csrf_post(client, seats_url(table), data).status_code == 302
    table.refresh_from_db()
    assert table.events[0]["points"] == {"Hari": -20, **dict.fromkeys(FOUR, 5)}
    board = page(client.get(table_url(table)))
    assert "Hari paid the pizza: Hari −20 · Asha +5 · Bikash +5 · Chandra +5 · Dipa +5" in board
    total = read_text(client.get(reverse("total", args=[table.keeper_token, 0])))
    assert "Hari paid the pizza" in total


@pytest.mark.parametrize(
    ("data", "shown"),
    [
        ({"kind": "adjust", "reason": "pizza", "points-0": "-20", "points-1": "5"}, "They add up to -15"),
        ({"kind": "adjust", "reason": "", "points-0": "-5", "points-1": "5"}, "Say what it is for"),
        ({"kind": "adjust", "reason": "x", "points-0": "five"}, "Must be a whole number"),
        ({"kind": "join", "player": "asha", "seat": "0", "score": "0"}, "Has played at this table already"),
        ({"kind": "join", "player": "", "seat": "0", "score": "0"}, "A player's name cannot be blank"),
        ({"kind": "replace", "player": "Asha", "by": "Eka", "score": "0"}, "This game does not allow it"),
    ],
)
def test_a_refused_event_says_why_next_to_its_form_and_saves_nothing(client, evening, data, shown):
    response = post_event(client, evening, **data)
    assert response.status_code == 422
    assert shown.lower() in page(response).lower().replace("−", "-")
    table = Table.objects.get(pk=evening.pk)
    assert (
        table.events == []
        and table.revision == evening.revision
        and not table.changes.filter(action=HandChange.EVENT).exists()
    )


def test_a_konkan_newcomer_is_offered_the_highest_total_still_in(client, owner):
    players = ["Asha", "Bina", "Chet"]
    hand = {
        "Asha": {"outcome": "winner"},
        "Bina": {"outcome": "set", "hand_penalty": 40},
        "Chet": {"outcome": "set", "hand_penalty": 70},
    }
    table = seeded(owner, "konkan", [hand], players=players)
    assert 'id="join-score" name="score" value="70"' in page(client.get(seats_url(table)))
    post_event(client, table, kind="join", player="Dev", seat="3", score="")
    assert Table.objects.get(pk=table.pk).totals["Dev"] == 70


def test_thirteen_replaces_a_player_at_their_seat(client, owner):
    table = fresh_table("thirteen", owner)
    assert post_event(client, table, kind="replace", player="Bikram", by="Eka", score="0").status_code == 302
    table.refresh_from_db()
    assert table.seated == ["Asha", "Eka", "Charlie", "David"]
    assert table.players == ["Asha", "Bikram", "Eka", "Charlie", "David"]  # beside the seat's first player
    assert "Eka" in page(client.get(table_url(table)))


def test_no_event_while_a_hand_is_being_played(client, owner):
    table = tables.create_table(
        game="thirteen", name="T", players=["Asha", "Bikram", "Charlie", "David"], rules={}, owner=owner
    )
    recording.record_hand(table, {name: {"bid": 0} for name in table.players}, 1)
    response = post_event(client, table, kind="replace", player="Asha", by="Eka", score="0")
    assert response.status_code == 409 and "being played first" in page(response)


def test_giving_the_deal(client, evening):
    post_event(client, evening, kind="dealer", player="Asha")
    assert Table.objects.get(pk=evening.pk).progress["dealer"] == "Asha"


def test_taking_back_an_adjustment_and_a_join_nobody_played_after(client, evening):
    post_event(client, evening, kind="join", player="Eka", seat="4")
    table = Table.objects.get(pk=evening.pk)
    response = csrf_post(client, reverse("take_back_event", args=[table.keeper_token, 0]))
    assert response.status_code == 302
    table.refresh_from_db()
    assert (
        table.events == []
        and table.players == FOUR
        and "Eka" not in table.totals
        and "Eka" not in running_totals(table)
    )
    assert table.changes.filter(action=HandChange.EVENT_TAKEN_BACK).count() == 1


def test_a_join_cannot_be_taken_back_once_the_newcomer_played(client, evening):
    post_event(client, evening, kind="join", player="Eka", seat="4", score="0")
    table = Table.objects.get(pk=evening.pk)
    play_hand(table, won_by("Eka", table.seated), 4)
    response = csrf_post(client, reverse("take_back_event", args=[table.keeper_token, 0]))
    assert response.status_code == 409 and "need it" in page(response)
    assert Table.objects.get(pk=table.pk).events != []


def test_deleting_an_earlier_hand_moves_the_events_after_it_up(client, evening):
    post_event(client, evening, kind="leave", player="Dipa")
    table = Table.objects.get(pk=evening.pk)
    play_hand(table, won_by("Asha", table.seated), 4)
    recording.delete_hand(table, 2)
    table.refresh_from_db()
    assert table.events[0]["after"] == 2 and table.seated == ["Asha", "Bikash", "Chandra"]
    assert [sorted(hand.inputs) for hand in table.hands.all()][-1] == ["Asha", "Bikash", "Chandra"]


def test_renaming_a_player_renames_them_in_the_events(client, evening):
    post_event(client, evening, kind="join", player="Eka", seat="4", score="0")
    table = Table.objects.get(pk=evening.pk)
    seating.rename_players(table, ["Asha", "Bikash", "Chandra", "Dipa", "Ekaterina"])
    table.refresh_from_db()
    assert table.events[0]["player"] == "Ekaterina" and table.seated[-1] == "Ekaterina"


def test_the_table_file_keeps_the_events_and_comes_back_the_same(client, evening):
    post_event(client, evening, kind="join", player="Eka", seat="1", score="0")
    table = Table.objects.get(pk=evening.pk)
    play_hand(table, won_by("Eka", table.seated), 4)
    post_event(client, table, kind="leave", player="Dipa")
    post_event(
        client,
        table,
        kind="adjust",
        reason="pizza",
        **{"points-0": "-3", "points-1": "1", "points-2": "1", "points-3": "1"},
    )
    table.refresh_from_db()
    document = table_file.export_table(table)
    assert document["players"] == FOUR and [event["kind"] for event in document["events"]] == [
        "join",
        "leave",
        "adjust",
    ]
    copy, warnings = table_file.import_table(document)
    assert warnings == [] and table_file.export_table(copy) == {**document, "created": document["created"]}
    assert copy.seated == table.seated and running_totals(copy) == running_totals(table) and copy.totals == table.totals


def test_an_old_file_without_events_imports_unchanged(owner):
    table = seeded(owner, "marriage", [marriage_inputs("sWsu", (12, 4, 6, 5))])
    assert table.events == [] and "events" not in table_file.export_table(table)


def test_the_spreadsheet_has_each_event_in_its_place_and_columns_that_add_up(client, evening):
    post_event(client, evening, kind="join", player="Eka", seat="4")
    table = Table.objects.get(pk=evening.pk)
    play_hand(table, won_by("Eka", table.seated), 4)
    post_event(client, table, kind="leave", player="Asha")
    response = client.get(reverse("export_csv", args=[table.viewer_token]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Hand", *FOUR, "Eka", "Note"]
    assert rows[4] == ["", "", "", "", "", "0", "Eka sat down at seat 5, with 0"]
    assert rows[6] == ["", "", "", "", "", "", "Asha left the table"]
    table.refresh_from_db()
    for column, name in enumerate(table.players, 1):
        assert sum(int(row[column]) for row in rows[1:-1] if row[column]) == table.totals[name] == int(rows[-1][column])


def test_the_seats_page_and_an_event_cost_the_same_few_queries_however_long_the_table(
    client, owner, django_assert_max_num_queries
):
    for count in (1, 30):
        table = seeded(owner, "marriage", [won_by(FOUR[number % 4], FOUR) for number in range(count)], players=FOUR)
        with django_assert_max_num_queries(4):
            assert client.get(seats_url(table)).status_code == 200
        with django_assert_max_num_queries(9):  # the last hand's running totals move: one row
            assert post_event(client, table, kind="join", player="Eka", seat="4", score="0").status_code == 302


def test_a_thirteen_replacement_takes_the_seat_s_colour_and_names_can_still_be_corrected(client, owner):
    table = fresh_table("thirteen", owner)
    colors = dict(table.colors)
    post_event(client, table, kind="replace", player="Bikram", by="Eka", score="0")
    table.refresh_from_db()
    assert table.colors == {
        **{name: color for name, color in colors.items() if name != "Bikram"},
        "Eka": colors["Bikram"],
    }
    names = ["Asha", "Bikram", "Ekaterina", "Charlie", "David"]
    seated_colors = [table.colors[name] for name in table.players if name in table.seated]
    response = csrf_post(
        client, reverse("players", args=[table.keeper_token]), {"player": names, "color": seated_colors}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.seated == ["Asha", "Ekaterina", "Charlie", "David"] and table.colors["Ekaterina"] == colors["Bikram"]
    csrf_post(client, reverse("take_back_event", args=[table.keeper_token, 0]))
    table.refresh_from_db()
    assert table.colors == colors and table.players == ["Asha", "Bikram", "Charlie", "David"]


def test_the_deal_is_offered_only_where_it_can_be_given(client, owner):
    def offered(table):
        return 'name="kind" value="dealer"' in page(client.get(seats_url(table)))

    thirteen = tables.create_table(
        game="thirteen", name="T", players=["Asha", "Bikram", "Charlie", "David"], rules={}, owner=owner
    )
    assert offered(thirteen)  # before round 1
    assert not offered(fresh_table("thirteen", owner))  # round 1 played
    assert not offered(fresh_table("twentyfour", owner))  # nobody deals a race
    assert offered(fresh_table("marriage", owner))


def test_in_a_zero_sum_game_a_newcomer_starts_at_0_and_the_board_stays_up(client, evening):
    """A join with points nobody paid left the totals not adding up to 0: every page of the table was a 500."""
    assert 'name="score"' not in page(client.get(seats_url(evening)))
    before = snapshot(evening)
    response = post_event(client, evening, kind="join", player="Eka", seat="4", score="7")
    assert (
        response.status_code == 422 and "a newcomer starts at 0, as every hand adds up to 0" in page(response).lower()
    )
    assert snapshot(evening) == before
    document = table_file.export_table(evening)
    document["events"] = [{"after": 3, "kind": "join", "player": "Eka", "seat": 4, "score": 7}]
    upload = SimpleUploadedFile("t.json", json.dumps(document).encode(), content_type="application/json")
    response = csrf_post(client, reverse("import_file"), {"file": upload})
    assert response.status_code == 422 and "a newcomer starts at 0" in page(response)
    assert Table.objects.count() == 1
    for name in ("table", "live", "summary", "settlement"):
        assert client.get(reverse(name, args=[evening.viewer_token])).status_code in (200, 204, 404)


def test_hari_gets_up_after_hand_1_and_comes_back_after_hand_3_in_his_own_column(client, owner):
    """The issue's evening: same name, same column, his total carried; who pays whom counts him once."""
    five = ["Hari", *FOUR]
    table = seeded(owner, "marriage", [won_by("Hari", five)], players=five, rules={"point_rate": 1})
    assert post_event(client, table, kind="leave", player="Hari").status_code == 302
    table = Table.objects.get(pk=table.pk)
    left_with = table.totals["Hari"]
    for number in (2, 3):
        play_hand(table, won_by("Asha", table.seated), number)
        table.refresh_from_db()
    seats = page(client.get(seats_url(table)))
    assert "Someone comes back" in seats and re.search(r"<option data-seat=\"0\" selected>Hari</option>", seats)
    assert re.search(r"<option value=\"0\"\s+selected>\s*before Asha", seats)  # his own seat, offered first
    # Typed into "Someone sits down" with the starting total it offers: he comes back all the same.
    assert post_event(client, table, kind="join", player="hari", seat="0", score="0").status_code == 302
    table = Table.objects.get(pk=table.pk)
    assert table.players == five and table.seated == five and table.totals["Hari"] == left_with
    assert table.events[-1] == {"after": 3, "kind": "join", "player": "Hari", "seat": 0}
    play_hand(table, won_by("Hari", table.seated), 4)
    table.refresh_from_db()
    assert "Hari came back, to seat 1, with their own total" in page(client.get(table_url(table)))
    assert list(totals_row(client.get(table_url(table)))) == five
    balances = [balance for group in board.settlement(table).groups for balance in group["balances"]]
    assert [balance["points"] for balance in balances if balance["name"] == "Hari"] == [table.totals["Hari"]]
    document = table_file.export_table(table)
    copy, warnings = table_file.import_table(document, owner=owner)
    assert warnings == [] and table_file.export_table(copy) == {**document, "created": document["created"]}
    assert copy.players == five and copy.totals == table.totals
    rows = list(csv.reader(io.StringIO(client.get(reverse("export_csv", args=[table.viewer_token])).content.decode())))
    for column, name in enumerate(table.players, 1):
        assert sum(int(row[column]) for row in rows[1:-1] if row[column]) == table.totals[name]


def test_the_gets_up_form_points_to_sitting_out_for_a_hand_or_two(client, evening):
    text = page(client.get(seats_url(evening)))
    assert "Only away for a hand or two? Leave them seated, and mark them as sitting out on the hand's form." in text


def test_a_table_saved_before_columns_followed_the_seats_is_put_in_seat_order(client, evening):
    post_event(client, evening, kind="join", player="Eka", seat="2")
    Table.objects.filter(pk=evening.pk).update(players=[*FOUR, "Eka"])  # as newcomers were kept: last
    migration = importlib.import_module("games.migrations.0017_columns_in_seat_order")
    migration.seat_order(django_apps, None)
    assert Table.objects.get(pk=evening.pk).players == ["Asha", "Bikash", "Eka", "Chandra", "Dipa"]
