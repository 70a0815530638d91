"""The score sheet's rules engine, feature by feature (spec: docs/rules/scoresheet.md)."""

import copy
import json
from types import SimpleNamespace

import pytest
from hypothesis import given, settings

from games.checks import game_problems
from scoring import base
from scoring import scoresheet as ss
from scoring.errors import InputError

from .strategies import games

ENGINE = ss.ENGINE
PLAYERS = ["Asha", "Bikram", "Chandra", "Dipa"]
DEFAULTS = {"title": "Score sheet", "lowest_wins": False, "target": None, "hands": None, "zero_sum": False}
HEARTS = {"title": "Hearts", "lowest_wins": True, "target": 100}


def hand(**points):
    return {name: {"points": value} for name, value in points.items()}


def run(hands, rules=None, players=PLAYERS, events=()):
    clean_rules = ENGINE.validate_rules(rules or {})
    clean_hands, clean_events = base.validate_table(ENGINE, clean_rules, players, hands, events)
    return ENGINE.score(clean_rules, players, clean_hands, clean_events)


def error_of(hands, rules=None, players=PLAYERS, events=()):
    with pytest.raises(InputError) as caught:
        base.validate_table(ENGINE, ENGINE.validate_rules(rules or {}), players, hands, events)
    return caught.value


def test_the_system_check_finds_the_engine_keeps_the_contract():
    assert game_problems(SimpleNamespace(engine=ENGINE, name="Score sheet")) == []


# --- the game's shape and its rules ----------------------------------------------------------


def test_the_sheet_is_for_two_to_twenty_players_and_takes_every_change():
    assert (ENGINE.SLUG, ENGINE.MIN_PLAYERS, ENGINE.MAX_PLAYERS, ENGINE.POINT_DECIMALS) == ("scoresheet", 2, 20, 0)
    assert ENGINE.CHANGES == ("join", "leave", "replace")


def test_the_rule_defaults():
    assert ENGINE.validate_rules({}) == DEFAULTS
    assert ENGINE.validate_rules({"title": "  "})["title"] == "Score sheet"
    assert ENGINE.validate_rules({"title": " Hearts "})["title"] == "Hearts"


def test_the_rules_say_whether_the_lowest_wins_and_whether_hands_add_up_to_zero():
    assert (ENGINE.lower_wins(ENGINE.validate_rules({})), ENGINE.zero_sum(ENGINE.validate_rules({}))) == (False, False)
    rules = ENGINE.validate_rules({"lowest_wins": True, "zero_sum": True})
    assert (ENGINE.lower_wins(rules), ENGINE.zero_sum(rules)) == (True, True)


@pytest.mark.parametrize(
    ("rules", "field", "message"),
    [
        ({"title": "x" * 41}, "title", "must be at most 40 characters"),
        ({"title": 3}, "title", "must be text"),
        ({"title": "Hea\u200brts"}, "title", "a name cannot contain control or invisible characters"),
        ({"lowest_wins": "yes"}, "lowest_wins", "must be true or false"),
        ({"zero_sum": 0}, "zero_sum", "must be true or false"),
        ({"target": 0}, "target", "must be at least 1"),
        ({"target": 10.5}, "target", "must be a whole number"),
        ({"target": 10_000_001}, "target", "must be at most 10000000"),
        ({"hands": 0}, "hands", "must be at least 1"),
        ({"hands": 501}, "hands", "must be at most 500"),
        ({"rounds": 5}, "rounds", "unknown key 'rounds'"),
    ],
)
def test_bad_rules_are_refused_naming_the_key(rules, field, message):
    with pytest.raises(InputError) as caught:
        ENGINE.validate_rules(rules)
    assert (caught.value.field, caught.value.text) == (field, message)


# --- hands -----------------------------------------------------------------------------------


def test_each_player_s_points_are_what_the_table_wrote_down():
    result = run([hand(Asha=10, Bikram=-5, Chandra=0, Dipa=100_000), hand(Asha=-100_000, Bikram=3, Chandra=4, Dipa=5)])
    assert result.points == [
        {"Asha": 10, "Bikram": -5, "Chandra": 0, "Dipa": 100_000},
        {"Asha": -100_000, "Bikram": 3, "Chandra": 4, "Dipa": 5},
    ]
    assert result.totals == {"Asha": -99_990, "Bikram": -2, "Chandra": 4, "Dipa": 100_005}
    assert not result.progress["game_over"]  # with no target and no number of hands, it goes on


def test_a_player_left_blank_sat_the_hand_out_and_explain_says_so():
    result = run([hand(Asha=7, Chandra=3)])
    assert result.points == [{"Asha": 7, "Bikram": 0, "Chandra": 3, "Dipa": 0}]
    rules = ENGINE.validate_rules({})
    clean = ENGINE.validate_hand(rules, PLAYERS, hand(Asha=7, Chandra=3))
    assert clean == {"Asha": {"points": 7}, "Chandra": {"points": 3}}
    explained = ENGINE.explain(rules, PLAYERS, ENGINE.start(rules, PLAYERS), clean)
    assert {name: [(term.kind, term.values, term.points) for term in terms] for name, terms in explained.items()} == {
        "Asha": [("points", {"points": 7}, 7)],
        "Bikram": [("sat_out", {}, 0)],
        "Chandra": [("points", {"points": 3}, 3)],
        "Dipa": [("sat_out", {}, 0)],
    }


def test_the_deal_moves_one_seat_on_each_hand():
    assert [run([hand(Asha=1)] * count).progress["dealer"] for count in range(5)] == [*PLAYERS, "Asha"]


@pytest.mark.parametrize(
    ("inputs", "where", "message"),
    [
        ({}, (None, "points"), "enter at least one player's points"),
        ({"Asha": {}}, ("Asha", "points"), "the points are missing"),
        ({"Asha": {"points": 1.5}}, ("Asha", "points"), "must be a whole number"),
        ({"Asha": {"points": "12+11"}}, ("Asha", "points"), "must be a whole number"),
        ({"Asha": {"points": 100_001}}, ("Asha", "points"), "must be at most 100000"),
        ({"Asha": {"points": -100_001}}, ("Asha", "points"), "must be at least -100000"),
        ({"Asha": {"points": 1, "bid": 2}}, ("Asha", "bid"), "unknown key 'bid'"),
        ({"Asha": 5}, ("Asha", None), "must be an object"),
        ({"Eka": {"points": 1}}, ("Eka", None), "is not a player at this table"),
        ({"Asha": {"points": 1}, "_hand": {"title": "x"}}, (None, "title"), "unknown key 'title'"),
    ],
)
def test_bad_input_is_refused_naming_hand_player_and_field(inputs, where, message):
    error = error_of([hand(Asha=1), inputs])
    assert (error.hand, error.player, error.field, error.text) == (2, *where, message)


def test_every_player_s_problem_in_a_hand_is_reported_at_once():
    error = error_of([{"Asha": {"points": 1.5}, "Bikram": {}, "Chandra": {"points": 3}, "Dipa": {"points": 10**6}}])
    assert [(problem.player, problem.text) for problem in error.problems] == [
        ("Asha", "must be a whole number"),
        ("Bikram", "the points are missing"),
        ("Dipa", "must be at most 100000"),
    ]


def test_with_zero_sum_a_hand_that_does_not_add_up_to_zero_is_refused_naming_the_difference():
    rules = {"zero_sum": True}
    assert run([hand(Asha=10, Bikram=-4, Chandra=-6)], rules).totals == {
        "Asha": 10,
        "Bikram": -4,
        "Chandra": -6,
        "Dipa": 0,
    }
    error = error_of([hand(Asha=10, Bikram=-4, Chandra=-5)], rules)
    assert (error.hand, error.field, error.text) == (1, "points", "the points add up to 1, but every hand adds up to 0")
    error = error_of([hand(Asha=-3)], rules)
    assert error.text == "the points add up to -3, but every hand adds up to 0"
    assert run([hand(Asha=10, Bikram=-4, Chandra=-5)]).totals["Asha"] == 10  # without zero_sum: anything


# --- a sum typed in a box --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "points"),
    [("12+11+7", 30), ("-5+20", 15), ("+5", 5), ("-5", -5), ("007", 7), (" 12 − 3 ", 9), ("10-10", 0)],
)
def test_a_box_holds_a_number_or_a_sum_of_whole_numbers(typed, points):
    assert ss.added_up(typed) == points


@pytest.mark.parametrize("typed", ["12*3", "+", "-", "", "abc", "1++2", "12+", "1.5", "१२", "1/2", "(1+2)", "1" * 61])
def test_anything_else_in_a_box_is_refused_with_what_it_may_hold(typed):
    with pytest.raises(InputError) as caught:
        ss.added_up(typed, player="Asha", field="points")
    assert (caught.value.player, caught.value.field) == ("Asha", "points")
    assert caught.value.text == "write a whole number, or a sum such as 12+11+7 (only + and −)"


def test_a_sum_is_kept_as_typed_and_the_hand_explains_it():
    rules = ENGINE.validate_rules({})
    inputs = {"Asha": {"points": 30, "typed": "12+11+7"}, "Bikram": {"points": -5}}
    clean = ENGINE.validate_hand(rules, PLAYERS, inputs)
    assert clean == inputs
    explained = ENGINE.explain(rules, PLAYERS, ENGINE.start(rules, PLAYERS), clean)
    assert [(term.kind, term.values, term.points) for term in explained["Asha"]] == [
        ("sum", {"typed": "12+11+7", "points": 30}, 30)
    ]
    assert run([inputs]).totals["Asha"] == 30


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"points": 31, "typed": "12+11+7"}, "12+11+7 adds up to 30, not 31"),
        ({"points": 30, "typed": "30"}, "must be a sum such as 12+11+7"),
        ({"points": 30, "typed": 30}, "must be a sum such as 12+11+7"),
        ({"points": 36, "typed": "12*3"}, "write a whole number, or a sum such as 12+11+7 (only + and −)"),
    ],
)
def test_a_typed_sum_that_is_not_the_points_is_refused(entry, message):
    error = error_of([{"Asha": entry}])
    assert (error.player, error.field, error.text) == ("Asha", "typed", message)


# --- money -----------------------------------------------------------------------------------


def test_a_sheet_is_played_for_money_only_with_a_rate():
    assert "point_rate" not in ENGINE.validate_rules({"point_rate": None, "currency": "Rs"})
    assert ENGINE.validate_rules({"point_rate": 0.5, "currency": "Rs"}) == {
        **DEFAULTS,
        "point_rate": 0.5,
        "currency": "Rs",
    }
    assert ENGINE.validate_rules({"point_rate": 2})["currency"] == ""
    with pytest.raises(InputError) as caught:
        ENGINE.validate_rules({"point_rate": 0})
    assert (caught.value.field, caught.value.text) == ("point_rate", "must be more than 0")


# --- the end and the winners -----------------------------------------------------------------


def test_worked_example_hearts_ends_on_the_hand_that_reaches_the_target():
    # Totals before the hand A 95, B 40, C 60, D 70; hand A +10, B 0, C +13, D +3: totals 105,
    # 40, 73, 73 -> A reached 100: the game is over, B wins with 40.
    before = [hand(Asha=95, Bikram=40, Chandra=60, Dipa=70)]
    assert not run(before, HEARTS).progress["game_over"]
    result = run([*before, hand(Asha=10, Bikram=0, Chandra=13, Dipa=3)], HEARTS)
    assert result.totals == {"Asha": 105, "Bikram": 40, "Chandra": 73, "Dipa": 73}
    assert result.progress["game_over"]
    assert (result.progress["winner"], result.progress["winners"]) == ("Bikram", ["Bikram"])
    error = error_of([*before, hand(Asha=10, Bikram=0, Chandra=13, Dipa=3), hand(Asha=1)], HEARTS)
    assert (error.hand, error.field, error.text) == (3, "hand", "the game is over")


def test_worked_example_three_hands_highest_wins_and_equal_totals_share():
    # hands (A 10, B 20), (A 15, B 5), (A 0, B 0) -> 25 and 25: A and B share the win.
    players = ["Asha", "Bikram"]
    hands = [hand(Asha=10, Bikram=20), hand(Asha=15, Bikram=5), hand(Asha=0, Bikram=0)]
    assert not run(hands[:2], {"hands": 3}, players).progress["game_over"]
    result = run(hands, {"hands": 3}, players)
    assert result.totals == {"Asha": 25, "Bikram": 25}
    assert (result.progress["game_over"], result.progress["winner"], result.progress["winners"]) == (
        True,
        None,
        ["Asha", "Bikram"],
    )
    assert base.winners(result.progress) == ["Asha", "Bikram"]
    error = error_of([*hands, hand(Asha=1)], {"hands": 3}, players)
    assert (error.hand, error.text) == (4, "the game is over")


def test_a_total_exactly_at_the_target_ends_the_game_and_the_first_limit_reached_ends_it():
    assert run([hand(Asha=50, Bikram=10)], {"target": 50}).progress["game_over"]
    assert not run([hand(Asha=49, Bikram=10)], {"target": 50}).progress["game_over"]
    both = {"target": 50, "hands": 2}
    assert run([hand(Asha=1), hand(Asha=1)], both).progress["game_over"]  # the hands came first
    assert run([hand(Asha=60)], both).progress["game_over"]  # the target came first
    assert run([hand(Asha=60)], both).progress["winners"] == ["Asha"]


def test_without_an_ending_the_sheet_goes_on():
    result = run([hand(Asha=100_000)] * 30)
    assert (result.progress["game_over"], result.progress["winners"], result.progress["winner"]) == (False, [], None)


def test_correcting_a_hand_moves_the_end():
    assert not run([hand(Asha=95), hand(Asha=4)], HEARTS).progress["game_over"]
    assert run([hand(Asha=95), hand(Asha=5)], HEARTS).progress["game_over"]


# --- events ----------------------------------------------------------------------------------


def test_a_newcomer_joins_and_plays_the_hands_after_and_a_leaver_keeps_their_total():
    events = [
        {"after": 1, "kind": "join", "player": "Eka", "seat": 1, "score": 5},
        {"after": 2, "kind": "leave", "player": "Dipa"},
    ]
    hands = [hand(Asha=1, Dipa=50), hand(Asha=2, Eka=3), hand(Eka=4)]
    result = run(hands, {"hands": 3}, events=events)
    assert result.state["seated"] == ["Asha", "Eka", "Bikram", "Chandra"]
    assert result.totals == {"Asha": 3, "Bikram": 0, "Chandra": 0, "Dipa": 50, "Eka": 12}
    # Dipa left: she is not among the winners; Eka's total is the best of the seated.
    assert result.progress["winners"] == ["Eka"]


def test_a_replacement_takes_the_seat():
    events = [{"after": 1, "kind": "replace", "player": "Bikram", "by": "Eka"}]
    result = run([hand(Bikram=4), hand(Eka=2)], events=events)
    assert result.state["seated"] == ["Asha", "Eka", "Chandra", "Dipa"]
    assert (result.totals["Bikram"], result.totals["Eka"]) == (4, 2)


def test_with_zero_sum_a_newcomer_starts_at_zero_and_an_adjustment_adds_up_to_zero():
    rules = {"zero_sum": True}
    joined = [{"after": 0, "kind": "join", "player": "Eka", "score": 10}]
    error = error_of([], rules, events=joined)
    assert error.text == (
        "event 1, Eka, score: a newcomer starts at 0, as every hand adds up to 0: to move points, add an adjustment"
    )
    assert run([], {"zero_sum": False}, events=joined).totals["Eka"] == 10
    lopsided = [{"after": 0, "kind": "adjust", "points": {"Asha": -20, "Bikram": 15}, "reason": "pizza"}]
    error = error_of([], rules, events=lopsided)
    assert error.text == "event 1, points: the points must add up to 0, as every hand's do: they add up to -5"
    even = [{"after": 0, "kind": "adjust", "points": {"Asha": -20, "Bikram": 15, "Chandra": 5}, "reason": "pizza"}]
    assert run([], rules, events=even).totals == {"Asha": -20, "Bikram": 15, "Chandra": 5, "Dipa": 0}
    assert run([], {}, events=lopsided).totals["Asha"] == -20  # without zero_sum: anything


def test_the_dealer_can_be_given_and_moves_on_from_them():
    result = run([hand(Asha=1)], events=[{"after": 0, "kind": "dealer", "player": "Chandra"}])
    assert result.progress["dealer"] == "Dipa"


def test_no_change_once_the_game_is_over():
    error = error_of([hand(Asha=1)], {"hands": 1}, events=[{"after": 1, "kind": "leave", "player": "Asha"}])
    assert error.text == "event 1, kind: the game is over"


# --- properties ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(games())
def test_folding_hand_by_hand_gives_what_score_gives(game):
    rules, players, hands = game
    clean = ENGINE.validate(rules, players, hands)
    whole = ENGINE.score(rules, players, clean)
    state = ENGINE.start(rules, players)
    for number, clean_hand in enumerate(clean, 1):
        before = copy.deepcopy(state)
        points, state = ENGINE.fold(rules, players, state, clean_hand)
        assert before == ENGINE.score(rules, players, clean[: number - 1]).state
        assert points == whole.points[number - 1]
        assert ENGINE.validate_hand(rules, players, hands[number - 1], hand=number, state=before) == clean_hand
        assert json.loads(json.dumps(state)) == state  # stored with the table as it is
    assert (state, ENGINE.progress(rules, players, state)) == (whole.state, whole.progress)


@settings(max_examples=60, deadline=None)
@given(games())
def test_totals_are_the_sums_of_what_was_written_and_zero_sum_sheets_add_up_to_zero(game):
    rules, players, hands = game
    result = ENGINE.score(rules, players, ENGINE.validate(rules, players, hands))
    assert result.totals == {
        name: sum(inputs[name]["points"] for inputs in hands if name in inputs) for name in players
    }
    if rules["zero_sum"]:
        assert sum(result.totals.values()) == 0
    if result.progress["game_over"]:
        best = (min if rules["lowest_wins"] else max)(result.totals.values())
        assert result.progress["winners"] == [name for name in players if result.totals[name] == best]
