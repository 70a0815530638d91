"""Call Break through its web pages: calls then tricks each round, scores in exact tenths on every
page and file, joint winners. Spec: docs/rules/callbreak.md and docs/FORMAT.md."""

import csv
import io
import json

import pytest
from django.urls import reverse

from games.models import Table
from games.services import table_file, tables
from tests.fixtures import (
    MINUS,
    add_url,
    board_row,
    csrf_post,
    page,
    play_hand,
    players_of,
    read_text,
    seeded,
    table_form,
    table_url,
    totals_row,
)

from .samples import FIRST, SECOND
from .strategies import callbreak_complete

pytestmark = pytest.mark.django_db

PLAYERS = players_of("callbreak")


def calls_form(number, calls):
    return {"hand_number": str(number), **{f"call-{seat}": str(call) for seat, call in enumerate(calls)}}


def tricks_form(number, version, tricks):
    return {
        "hand_number": str(number),
        "version": str(version),
        **{f"tricks-{seat}": str(took) for seat, took in enumerate(tricks)},
    }


def test_a_round_is_entered_as_calls_then_tricks_and_scores_in_tenths(client, owner):
    csrf_post(client, reverse("new_table", args=["callbreak"]), table_form("callbreak"))
    table = Table.objects.get()
    assert "Round 1 · calls" in page(client.get(table_url(table)))
    response = csrf_post(client, add_url(table), calls_form(1, [3, 4, 2, 3]))
    assert response.status_code in (200, 302)
    body = page(client.get(table_url(table)))
    assert "Round 1 · tricks" in body and "calls in, waiting for the tricks" in body
    csrf_post(client, add_url(table), tricks_form(1, 1, [5, 3, 2, 3]))
    response = client.get(table_url(table))
    assert board_row(response, 1) == ["+3.2", f"{MINUS}4", "+2", "+3"]
    assert totals_row(response) == {"Asha": "+3.2", "Bikram": f"{MINUS}4", "Charlie": "+2", "David": "+3"}
    table.refresh_from_db()
    assert table.totals == {"Asha": 32, "Bikram": -40, "Charlie": 20, "David": 30}  # kept in tenths


def test_the_tenths_are_written_in_each_language_s_digits(client, owner):
    table = seeded(owner, "callbreak", [FIRST, SECOND])
    expected = {
        ("en", "western"): "+2.2",
        ("ne", "native"): "+२.२",
        ("ar", "native"): "+٢٫٢",
        ("ar", "western"): "+2.2",
    }
    for (language, digits), total in expected.items():
        client.cookies["django_language"] = language
        client.cookies["cardscore_digits"] = digits
        assert totals_row(client.get(table_url(table)))["Asha"].strip("\u2066\u2069") == total


def test_show_the_work_writes_the_tenth_per_trick_over_the_call(client, owner):
    table = seeded(owner, "callbreak", [FIRST])
    text = read_text(client.get(reverse("hand", args=[table.keeper_token, 1])))
    assert "3 + 0.1 × 2 = 3.2" in text
    assert f"{MINUS}4 = {MINUS}4" in text


def test_the_table_file_and_the_spreadsheet_hold_exact_tenths(client, owner):
    table = seeded(owner, "callbreak", [FIRST, SECOND])
    exported = json.loads(client.get(reverse("export", args=[table.keeper_token])).content, parse_float=str)
    assert exported["totals"] == {"Asha": "2.2", "Bikram": "-2.9", "Charlie": 10, "David": "5.1"}
    assert exported["hands"][0]["points"] == {"Asha": "3.2", "Bikram": -4, "Charlie": 2, "David": 3}
    rows = list(csv.reader(io.StringIO(client.get(reverse("export_csv", args=[table.keeper_token])).content.decode())))
    assert rows[1][1:5] == ["3.2", "-4", "2", "3"]
    assert rows[-1][1:5] == ["2.2", "-2.9", "10", "5.1"]
    copied, warnings = table_file.import_table(table_file.loads(table_file.dumps(table_file.export_table(table))))
    assert warnings == [] and copied.totals == table.totals


def test_a_tie_at_the_end_is_a_joint_win(client, owner):
    rounds = [callbreak_complete([3, 3, 3, 4], [3, 3, 3, 4])] * 5
    table = seeded(owner, "callbreak", rounds)
    text = read_text(client.get(table_url(table)))
    assert "Game over" in text and "David wins." in text and "Joint winners" not in text
    # Four rounds of Asha 3, Bikram 3, Charlie 3.1, David −4, then Charlie −4, David 3.1: Asha and
    # Bikram end on 15 each.
    tie = [callbreak_complete([3, 3, 3, 4], [3, 3, 4, 3])] * 4 + [callbreak_complete([3, 3, 4, 3], [3, 3, 3, 4])]
    assert "Joint winners: Asha, Bikram" in read_text(client.get(table_url(seeded(owner, "callbreak", tie))))


def test_an_adjustment_and_a_starting_score_are_typed_in_tenths_in_any_digits(client, owner):
    table = seeded(owner, "callbreak", [FIRST])
    seats = reverse("seats", args=[table.keeper_token])
    adjust = {"kind": "adjust", "reason": "late", "points-0": "−0.5", "points-1": "٣٫٢", "points-2": "१.१"}
    assert csrf_post(client, seats, adjust).status_code == 302
    assert (
        csrf_post(client, seats, {"kind": "replace", "player": "David", "by": "Eka", "score": "2.5"}).status_code == 302
    )
    table.refresh_from_db()
    assert table.events[0]["points"] == {"Asha": -5, "Bikram": 32, "Charlie": 11, "David": 0}
    assert table.events[1]["score"] == 25
    body = page(client.get(table_url(table)))
    assert f"late: Asha {MINUS}0.5 · Bikram +3.2 · Charlie +1.1" in body
    assert "Eka took David's seat, with +2.5" in body
    assert totals_row(client.get(table_url(table)))["Asha"] == "+2.7"
    refused = csrf_post(client, seats, {**adjust, "points-0": "0.25"})
    assert refused.status_code == 422 and "at most one decimal" in read_text(refused)


def test_a_player_s_total_and_the_season_add_up_in_tenths(client, owner):
    table = seeded(owner, "callbreak", [FIRST, SECOND])
    total = read_text(client.get(reverse("total", args=[table.keeper_token, 1])))  # Bikram: −4, then +1.1
    assert f"{MINUS}4" in total and f"{MINUS}2.9" in total
    player = read_text(client.get(reverse("player", args=["Asha"])))
    assert "+2.2" in player and "+3.2" in player  # the total, the best round


def test_the_shared_summary_and_the_history_tell_the_rounds(client, owner):
    table = seeded(owner, "callbreak", [FIRST, SECOND])
    summary = read_text(client.get(reverse("summary", args=[table.viewer_token])))
    assert "+10" in summary and f"{MINUS}2.9" in summary and "+5.1" in summary
    played = tables.create_table(game="callbreak", name="Told", players=PLAYERS, rules={}, owner=owner)
    play_hand(played, FIRST, 1)
    history = read_text(client.get(reverse("history", args=[played.keeper_token])))
    assert "called 3" in history and "took 5 tricks" in history
