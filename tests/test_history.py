"""The history in plain language for every game, undo's message, and redo (the undo taken back)."""

import copy
import re

import pytest
from django.urls import reverse

from games.models import Hand, HandChange, Table
from games.pages import history
from games.sdk.registry import get_game
from games.services import recording, seating, tables
from tests.fixtures import GAMES, SAMPLES, csrf_post, page, play_hand, running_totals, snapshot, table_url
from tests.inputs import marriage_inputs, thirteen_round

MAAL_COUNTS = {"tiplu": 2, "poplu": 1, "jhiplu": 1, "tunnellas": {"ordinary": 0, "joker": 0, "poplu_jhiplu": 0}}
EDITABLE = [game for game in GAMES if get_game(game).hands_editable]


def played(owner, game, hands=None):
    """A table of `game` with the hands of its sample document recorded one by one, as the
    scorekeeper enters them (each is in the history); or `hands`, played by the sample players."""
    sample = SAMPLES[game]["document"]
    players, rules = (sample["players"], sample.get("rules", {})) if hands is None else (SAMPLES[game]["players"], {})
    table = tables.create_table(game=game, name="History", players=players, rules=rules, owner=owner)
    for number, inputs in enumerate([hand["inputs"] for hand in sample["hands"]] if hands is None else hands, 1):
        play_hand(table, copy.deepcopy(inputs), number)
    table.refresh_from_db()
    return table


def history_page(client, table, **query):
    response = client.get(reverse("history", args=[table.keeper_token]), query)
    assert response.status_code == 200
    return page(response)


def said(text):
    """The history's lines as read: one per player (or for the whole hand), tags left out."""
    return [re.sub(r"<[^>]+>", "", line).strip() for line in re.findall(r"<li>(.*?)</li>", text)]


def told(game, hand, rules=None):
    """Hand `hand` of `game`'s sample document as an entered line tells it: [(player, words)]."""
    sample = SAMPLES[game]["document"]
    engine = get_game(game).engine
    rules = engine.validate_rules(sample.get("rules", {}) if rules is None else rules)
    table = Table(game=game, rules=rules, players=sample["players"])
    clean = engine.validate(rules, sample["players"], [each["inputs"] for each in sample["hands"]])
    return [(line.who, line.words) for line in history.told(table, clean[hand])]


# --- every game ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_game_s_history_tells_each_hand_in_words_and_never_as_data(client, owner, game):
    table = played(owner, game)
    text = history_page(client, table)
    entered = [hand["inputs"] for hand in SAMPLES[game]["document"]["hands"]]
    assert text.count(" entered</strong>") >= len(entered)
    assert f"<li>{table.players[0]}: " in text  # a player's part of the hand
    for data in ("{", "}", "'", "True", "False", "None", "_hand", "[", "]"):
        assert data not in "".join(said(text)), data


@pytest.mark.parametrize("game", EDITABLE)
def test_every_game_s_correction_says_what_the_changed_inputs_were_and_are(client, owner, game):
    table = played(owner, game, [SAMPLES[game]["first_hand"]])
    hand = table.hands.get()
    edit = copy.deepcopy(SAMPLES[game]["edit_hand"])
    response = csrf_post(client, reverse("edit_hand", args=[table.keeper_token, 1]), edit)
    assert response.status_code == 302
    change = HandChange.objects.get(action=HandChange.CORRECTED)
    lines = history.corrections(table, change.before, change.after)
    assert lines and all(line.old != line.new for line in lines)
    text = history_page(client, table, hand=hand.number)
    assert "corrected</strong>" in text and "<del>" in text and "<ins>" in text
    for data in ("{", "'", "True", "False", "None", "_hand"):
        assert data not in "".join(said(text)), data


# --- each game's words ------------------------------------------------------------------------------


def test_marriage_tells_status_maal_dublee_foul_and_sitting_out():
    assert told("marriage", 1) == [
        ("Asha", "winner, maal 3, dublee"),
        ("Bikash", "seen, maal 0"),
        ("Chandra", "seen, maal 7"),
        ("दीपा", "seen, maal 2"),
    ]
    assert told("marriage", 2)[3] == ("दीपा", "sat out")
    assert told("marriage", 3)[2] == ("Chandra", "seen, maal 2, foul")


def test_marriage_tells_counted_maal_with_the_best_split_under_the_table_s_maal_table(owner, client):
    hand = marriage_inputs("sWsu", (0, 4, 6, 5), players=("Sita", "Bikash", "Chandra", "Dipa"))
    hand["Sita"] = {"status": "seen", "maal_counts": MAAL_COUNTS}
    table = tables.create_table(
        game="marriage", name="Maal", players=["Sita", "Bikash", "Chandra", "Dipa"], rules={}, owner=owner
    )
    recording.record_hand(table, hand, 1)
    assert "<li>Sita: seen, maal counted — 2 tiplu, 1 poplu, 1 jhiplu = 13</li>" in history_page(client, table)

    own = {**table.rules["maal_table"], "marriage": [15, 30]}  # the table's own maal values count
    table = Table(game="marriage", rules={**table.rules, "maal_table": own}, players=table.players)
    tunnellas = {"tiplu": 0, "poplu": 0, "jhiplu": 0, "tunnellas": {"ordinary": 2, "joker": 1, "poplu_jhiplu": 0}}
    assert history.words(table, "maal_counts", MAAL_COUNTS) == "maal counted — 2 tiplu, 1 poplu, 1 jhiplu = 18"
    assert history.words(table, "maal_counts", tunnellas) == "maal counted — 2 tunnellas, 1 joker tunnella = 20"


def test_marriage_correction_from_typed_to_counted_maal_and_a_mark_taken_off(owner):
    table = tables.create_table(game="marriage", name="M", players=["Sita", "Ram"], rules={}, owner=owner)
    before = {
        "Sita": {"status": "winner", "maal": 12, "dublee": True, "foul": False},
        "Ram": {"status": "seen", "maal": 0, "dublee": False, "foul": False},
    }
    after = {
        "Sita": {"status": "winner", "maal_counts": MAAL_COUNTS, "dublee": False, "foul": False},
        "Ram": before["Ram"],
    }
    [line] = history.corrections(table, before, after)
    assert (line.who, line.old, line.new) == (
        "Sita",
        "maal 12, dublee",
        "maal counted — 2 tiplu, 1 poplu, 1 jhiplu = 13, no dublee",
    )


def test_marriage_with_honors_tells_outcomes_honors_marriages_and_hand_points():
    assert told("marriage-honors", 0) == [
        ("Asha", "declared, 2 honors"),
        ("Bina", "played on, 1 honor, 1 marriage, 17 points in hand"),
        ("Chet", "surrendered on the first move"),
        ("Dev", "sat out"),
        ("Ema", "never got a turn, 30 points in hand"),
    ]
    assert told("marriage-honors", 1)[0] == ("Asha", "surrendered later, 1 honor")


def test_konkan_tells_sets_penalties_cards_failed_wins_and_the_joker_discard():
    assert told("konkan", 0) == [("Asha", "had set, penalty 68"), ("Bina", "winner"), ("Chet", "had not set")]
    assert told("konkan", 1) == [
        ("", "the winner discarded a joker"),
        ("Asha", "winner"),
        ("Bina", "had set, cards left A♠ 7♥ joker = 68, 1 failed win"),
        ("Chet", "had not set"),
    ]


def test_thirteen_tells_bids_books_and_trump():
    assert told("thirteen", 1) == [
        ("", "trump ♥"),
        ("Asha", "bid 0, took 0 books"),
        ("Bikram", "bid 1, took 1 book"),
        ("Charlie", "bid 0, took 1 book"),
        ("David", "bid 1, took 0 books"),
    ]
    assert told("thirteen", 3)[1] == ("Asha", "bid 2")  # bids in, books not yet


def test_the_24_race_tells_the_cards_the_answer_and_who_won():
    assert told("twentyfour", 0) == [("", "cards 8♠ 3♥ 8♦ 3♣, answer 8 ÷ (3 − 8 ÷ 3)"), ("A", "won the deal")]


def test_a_game_that_words_nothing_of_its_own_gets_readable_generic_words():
    assert told("highcard", 0) == [("Asha", "card 9"), ("Bikash", "card 12"), ("Chandra", "card 3")]
    table = Table(game="highcard", rules={}, players=["Asha"])
    assert history.words(table, "lucky", True) == "lucky yes"
    assert history.words(table, "drawn", ["AS", 3]) == "drawn AS, 3"
    assert history.words(table, "deck", {"jokers": 0, "packs": None}) == "deck (jokers 0, packs –)"


# --- undo ------------------------------------------------------------------------------------------

MARRIAGE_HANDS = [
    marriage_inputs("sWsu", (12, 4, 6, 0)),
    marriage_inputs("Wsus", (3, 0, 0, 2)),
    marriage_inputs("sWss", (0, 9, 1, 1)),
]


def undo(client, table, number):
    return csrf_post(client, reverse("delete_hand", args=[table.keeper_token, number]))


def restore(client, table, number):
    return csrf_post(client, reverse("restore_hand", args=[table.keeper_token, number]))


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (3, "Hand 3 deleted."),
        (2, "Hand 2 deleted; the hand after it moved up."),
        (1, "Hand 1 deleted; the 2 hands after it moved up."),
    ],
)
def test_undo_says_later_hands_moved_up_only_when_there_were_some(client, owner, number, message):
    table = played(owner, "marriage", MARRIAGE_HANDS)
    response = undo(client, table, number)
    assert response.status_code == 302
    board = page(client.get(response["Location"]))
    assert message in board
    if number == 3:
        assert "moved up" not in board


# --- redo ------------------------------------------------------------------------------------------


def test_redo_puts_the_undone_hand_back_exactly_and_the_history_says_so(client, owner, django_assert_max_num_queries):
    table = played(owner, "marriage", MARRIAGE_HANDS)
    before = list(table.hands.values_list("number", "inputs", "points"))
    totals, series = table.totals, running_totals(table)
    undo(client, table, 3)
    client.get(table_url(table))  # the undo's message is shown once
    with django_assert_max_num_queries(8):  # as many as any board: offering the redo costs no more
        board = page(client.get(table_url(table)))
    redo = reverse("restore_hand", args=[table.keeper_token, 3])
    assert f'action="{redo}"' in board and "Redo hand 3" in board

    response = restore(client, table, 3)  # a plain form post: no JavaScript needed
    assert response.status_code == 302 and response["Location"] == table_url(table)
    board = page(client.get(response["Location"]))
    assert "Hand 3 restored." in board and "Redo hand" not in board
    table.refresh_from_db()
    assert list(table.hands.values_list("number", "inputs", "points")) == before
    assert (table.totals, running_totals(table)) == (totals, series)
    text = history_page(client, table, hand=3)
    assert "<strong>Hand 3 restored</strong>" in text and "<strong>Hand 3 entered</strong>" in text
    assert "<li>Asha: seen, maal 0</li>" in text


@pytest.mark.parametrize("game", EDITABLE)
def test_every_game_s_last_hand_comes_back_by_redo_as_it_was(client, owner, game):
    table = played(owner, game)
    kept = snapshot(table)
    last = recording.next_entry(table)
    number = last.number if last.inputs else last.number - 1  # the board's last row
    assert undo(client, table, number).status_code == 302
    assert restore(client, table, number).status_code == 302
    table.refresh_from_db()
    stored, hands = snapshot(table)
    assert [(hand["number"], hand["inputs"], hand["points"]) for hand in hands] == [
        (hand["number"], hand["inputs"], hand["points"]) for hand in kept[1]
    ]
    for field in ("totals", "progress", "state", "opening"):
        assert stored[field] == kept[0][field], field
    assert (stored["current_hand"] or {}).get("inputs") == (kept[0]["current_hand"] or {}).get("inputs")
    assert HandChange.objects.filter(table=table).latest("pk").action == HandChange.RESTORED


def test_redo_is_gone_once_a_new_hand_is_entered_and_refused_with_409(client, owner):
    table = played(owner, "marriage", MARRIAGE_HANDS)
    undo(client, table, 3)
    recording.record_hand(table, marriage_inputs("Wsss", (1, 1, 1, 1)), 3)  # another hand 3, on another phone
    kept = snapshot(table)
    assert "Redo hand" not in page(client.get(table_url(table)))
    response = restore(client, table, 3)
    assert response.status_code == 409
    assert "Hand 3 can no longer be restored: the table changed since it was deleted." in page(response)
    assert snapshot(table) == kept


@pytest.mark.parametrize("change", ["renamed", "finished", "another undo"])
def test_a_redo_after_another_change_is_refused_without_saving_anything(client, owner, change):
    table = played(owner, "marriage", MARRIAGE_HANDS)
    undo(client, table, 3)
    if change == "renamed":
        seating.rename_players(table, ["Asha", "Bikash", "Chandra", "Dev"])
    elif change == "finished":
        tables.set_finished(table, True)
    else:
        undo(client, table, 2)
    kept = snapshot(table)
    response = restore(client, table, 3)
    assert response.status_code == 409 and "restored." not in page(response)
    assert snapshot(table) == kept


def test_redo_of_a_thirteen_round_s_bids_puts_them_back_as_the_round_being_played(client, owner):
    table = played(owner, "thirteen", [thirteen_round([1, 0, 0, 0], [1, 0, 0, 0]), thirteen_round([2, 0, 0, 0])])
    assert undo(client, table, 2).status_code == 302
    assert "Redo round 2" in page(client.get(table_url(table)))
    assert restore(client, table, 2).status_code == 302
    table.refresh_from_db()
    assert tables.played_inputs(table) == thirteen_round([2, 0, 0, 0])
    assert "<strong>Round 2 · bids restored</strong>" in history_page(client, table)


def test_the_race_offers_no_undo_or_redo(client, owner):
    table = played(owner, "twentyfour")
    assert restore(client, table, 3).status_code == 404
    assert Hand.objects.filter(table=table).count() == 3
