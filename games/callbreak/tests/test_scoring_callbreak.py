"""Call Break rules engine, feature by feature (spec: docs/rules/callbreak.md). Points are counted
in tenths inside the engine (3.2 is 32); ENGINE.shown gives the number people read."""

import copy
import json
from decimal import Decimal
from types import SimpleNamespace

import pytest
from hypothesis import given, settings

from games.checks import game_problems
from scoring import base, checks
from scoring import callbreak as cb
from scoring.errors import InputError

from .strategies import CALLBREAK_PLAYERS as PLAYERS
from .strategies import callbreak_calls_only as calls_only
from .strategies import callbreak_complete as complete
from .strategies import callbreak_games as games

ENGINE = cb.ENGINE
DEFAULTS = {"rounds": 5, "call_eight_wins": False}
EIGHT = {**DEFAULTS, "call_eight_wins": True}
# The worked examples of docs/rules/callbreak.md
FIRST = complete([3, 4, 2, 3], [5, 3, 2, 3])
SECOND = complete([1, 1, 8, 2], [0, 2, 8, 3])
QUIET = complete([1, 1, 1, 1], [4, 3, 3, 3])  # every call made: 1.3, 1.2, 1.2, 1.2


def run(hands, rules=None, events=()):
    clean_rules = ENGINE.validate_rules(rules or {})
    clean_hands, clean_events = base.validate_table(ENGINE, clean_rules, PLAYERS, hands, events)
    return ENGINE.score(clean_rules, PLAYERS, clean_hands, clean_events)


def error_of(hands, rules=None, events=()):
    with pytest.raises(InputError) as caught:
        ENGINE.validate(ENGINE.validate_rules(rules or {}), PLAYERS, hands, events)
    return caught.value


def shown(points):
    """Tenths as the numbers people read, player -> text."""
    return {name: str(ENGINE.shown(units)) for name, units in points.items()}


def spec_score(call, tricks):
    """docs/rules/callbreak.md "Score for a round", written out independently in Decimal."""
    if tricks >= call:
        return Decimal(call) + Decimal("0.1") * (tricks - call)
    return Decimal(-call)


def test_the_system_check_finds_the_engine_keeps_the_contract():
    assert game_problems(SimpleNamespace(engine=ENGINE, name="Call Break")) == []


# --- the game's shape ------------------------------------------------------------------------


def test_the_game_is_for_exactly_four_players_counted_in_tenths():
    assert (ENGINE.SLUG, ENGINE.MIN_PLAYERS, ENGINE.MAX_PLAYERS, ENGINE.POINT_DECIMALS) == ("callbreak", 4, 4, 1)
    assert ENGINE.CHANGES == ("replace",)
    assert [stage.name for stage in ENGINE.STAGES] == ["calls", "tricks"]


def test_the_rule_defaults():
    assert ENGINE.validate_rules({}) == DEFAULTS
    assert ENGINE.validate_rules({"rounds": 20, "call_eight_wins": True}) == {"rounds": 20, "call_eight_wins": True}


@pytest.mark.parametrize(
    ("rules", "field", "message"),
    [
        ({"rounds": 0}, "rounds", "must be at least 1"),
        ({"rounds": 21}, "rounds", "must be at most 20"),
        ({"rounds": 5.0}, "rounds", "must be a whole number"),
        ({"call_eight_wins": 1}, "call_eight_wins", "must be true or false"),
        ({"sandbag_penalty": True}, "sandbag_penalty", "unknown key 'sandbag_penalty'"),
    ],
)
def test_bad_rules_are_refused_naming_the_key(rules, field, message):
    with pytest.raises(InputError) as caught:
        ENGINE.validate_rules(rules)
    assert (caught.value.field, caught.value.text) == (field, message)


def test_player_four_deals_round_one_and_player_one_calls_first():
    progress = run([]).progress
    assert (progress["round"], progress["rounds"], progress["dealer"]) == (1, 5, "David")
    assert progress["calling_order"] == PLAYERS


@pytest.mark.parametrize(
    ("number", "dealer", "first"),
    [
        (1, "David", "Asha"),
        (2, "Asha", "Bikram"),
        (3, "Bikram", "Charlie"),
        (4, "Charlie", "David"),
        (5, "David", "Asha"),
    ],
)
def test_the_deal_passes_to_the_next_player_every_round(number, dealer, first):
    progress = run([QUIET] * (number - 1)).progress
    assert (progress["round"], progress["dealer"], progress["calling_order"][0]) == (number, dealer, first)


def test_the_first_deal_can_be_given_before_round_one_only():
    progress = run([], events=[{"after": 0, "kind": "dealer", "player": "Bikram"}]).progress
    assert (progress["dealer"], progress["calling_order"][0]) == ("Bikram", "Charlie")
    error = error_of([QUIET], events=[{"after": 1, "kind": "dealer", "player": "Bikram"}])
    assert error.text == "event 1, Bikram, player: the deal can only be chosen before round 1"


# --- score rule ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "tricks", "tenths", "text"),
    [
        (3, 3, 30, "3"),
        (3, 5, 32, "3.2"),
        (1, 13, 22, "2.2"),
        (13, 13, 130, "13"),
        (4, 3, -40, "-4"),
        (1, 0, -10, "-1"),
        (8, 8, 80, "8"),
        (2, 3, 21, "2.1"),
    ],
)
def test_round_score_rule(call, tricks, tenths, text):
    assert cb.round_score(call, tricks) == tenths
    assert str(ENGINE.shown(tenths)) == text
    assert ENGINE.shown(tenths) == spec_score(call, tricks)


def test_worked_example_first_round():
    # calls A=3, B=4, C=2, D=3; tricks A=5, B=3, C=2, D=3: A = 3.2, B = -4, C = 2, D = 3.
    result = run([FIRST])
    assert result.points == [{"Asha": 32, "Bikram": -40, "Charlie": 20, "David": 30}]
    assert shown(result.points[0]) == {"Asha": "3.2", "Bikram": "-4", "Charlie": "2", "David": "3"}


def test_worked_example_second_round():
    # calls A=1, B=1, C=8, D=2; tricks A=0, B=2, C=8, D=3: A = -1, B = 1.1, C = 8, D = 2.1.
    result = run([SECOND])
    assert shown(result.points[0]) == {"Asha": "-1", "Bikram": "1.1", "Charlie": "8", "David": "2.1"}
    assert not result.progress["game_over"]  # call_eight_wins is off by default


def test_worked_example_two_rounds_together():
    # totals A = 2.2, B = -2.9, C = 10, D = 5.1
    result = run([FIRST, SECOND])
    assert result.totals == {"Asha": 22, "Bikram": -29, "Charlie": 100, "David": 51}
    assert shown(result.totals) == {"Asha": "2.2", "Bikram": "-2.9", "Charlie": "10", "David": "5.1"}


def test_the_calls_may_add_up_to_anything():
    result = run([complete([13, 13, 13, 13], [13, 0, 0, 0]), complete([1, 1, 1, 1], [13, 0, 0, 0])])
    assert result.points == [
        {"Asha": 130, "Bikram": -130, "Charlie": -130, "David": -130},
        {"Asha": 22, "Bikram": -10, "Charlie": -10, "David": -10},
    ]


# --- call_eight_wins (house rule) ------------------------------------------------------------


def test_with_call_eight_wins_a_made_call_of_eight_ends_the_game_after_that_round():
    result = run([FIRST, SECOND], EIGHT)
    progress = result.progress
    assert (progress["game_over"], progress["winner"], progress["winners"]) == (True, "Charlie", ["Charlie"])
    assert base.winners(progress) == ["Charlie"]
    error = error_of([FIRST, SECOND, QUIET], EIGHT)
    assert (error.hand, error.field, error.text) == (3, "round", "the game is over after round 2")


def test_a_missed_call_of_eight_does_not_end_the_game():
    result = run([complete([8, 1, 1, 1], [7, 2, 2, 2])], EIGHT)
    assert not result.progress["game_over"] and result.progress["winners"] == []


def test_two_made_calls_of_eight_the_higher_call_then_the_higher_total_wins_then_they_share():
    # Two players cannot both take 8 of 13 tricks at one table, but the rule is written for it: its
    # tie-breaks are checked on the rule's own function, with the totals after the round.
    hand = {"Asha": {"call": 8, "tricks": 8}, "Bikram": {"call": 9, "tricks": 9}, "Chandra": {"call": 8, "tricks": 7}}
    assert cb.eight_winners(["Asha", "Bikram", "Chandra"], hand, {"Asha": 200, "Bikram": 90, "Chandra": 0}) == [
        "Bikram"
    ]
    equal = {"Asha": {"call": 8, "tricks": 8}, "Bikram": {"call": 8, "tricks": 9}}
    assert cb.eight_winners(["Asha", "Bikram"], equal, {"Asha": 95, "Bikram": 91}) == ["Asha"]
    assert cb.eight_winners(["Asha", "Bikram"], equal, {"Asha": 90, "Bikram": 90}) == ["Asha", "Bikram"]


def test_explain_names_the_made_call_of_eight_that_wins():
    rules = ENGINE.validate_rules(EIGHT)
    state = ENGINE.start(rules, PLAYERS)
    explained = ENGINE.explain(rules, PLAYERS, state, ENGINE.validate_hand(rules, PLAYERS, SECOND))
    assert [(term.kind, term.values, term.points) for term in explained["Charlie"]] == [
        ("call_made", {"call": 8, "tricks": 8}, 80),
        ("eight_won", {"call": 8}, 0),
    ]
    assert [term.kind for term in explained["David"]] == ["call_made"]


# --- the end and the winners -----------------------------------------------------------------


def test_the_game_is_over_after_the_last_round_and_the_highest_total_wins():
    result = run([FIRST] * 5)
    assert (result.progress["game_over"], result.progress["winner"], result.progress["winners"]) == (
        True,
        "Asha",
        ["Asha"],
    )
    error = error_of([FIRST] * 6)
    assert (error.hand, error.field, error.text) == (6, "round", "the game is over after round 5")


def test_equal_highest_totals_share_the_win():
    # Five rounds of calls of 1: Asha and Bikram take 4 and 3 tricks, then 3 and 4, twice, and
    # then 3 each: 6.2 each, joint winners.
    hands = [QUIET, complete([1, 1, 1, 1], [3, 4, 3, 3])] * 2 + [complete([1, 1, 1, 1], [3, 3, 4, 3])]
    result = run(hands)
    assert shown(result.totals) == {"Asha": "6.2", "Bikram": "6.2", "Charlie": "6.1", "David": "6"}
    assert result.progress["game_over"]
    assert (result.progress["winner"], result.progress["winners"]) == (None, ["Asha", "Bikram"])
    assert base.winners(result.progress) == ["Asha", "Bikram"]


def test_the_table_s_number_of_rounds():
    assert run([QUIET], {"rounds": 1}).progress["game_over"]
    assert not run([QUIET] * 4).progress["game_over"]


def test_not_over_while_the_last_round_waits_for_its_tricks():
    progress = run([QUIET] * 4 + [calls_only([1, 2, 3, 4])]).progress
    assert (progress["game_over"], progress["pending"], progress["round"]) == (False, True, 5)
    assert progress["calls"] == {"Asha": 1, "Bikram": 2, "Charlie": 3, "David": 4}
    assert progress["winners"] == [] and progress["winner"] is None


# --- two steps -------------------------------------------------------------------------------


def test_a_pending_round_scores_zero_and_waits_for_its_tricks():
    result = run([FIRST, calls_only([2, 2, 2, 2])])
    assert result.points[1] == dict.fromkeys(PLAYERS, 0)
    assert ENGINE.pending(result.state)
    assert ENGINE.stage(ENGINE.validate(ENGINE.validate_rules({}), PLAYERS, [calls_only([2, 2, 2, 2])])[0]) == "calls"
    assert ENGINE.next_stage(calls_only([2, 2, 2, 2])) == "tricks"
    assert ENGINE.next_stage(FIRST) is None
    error = error_of([calls_only([2, 2, 2, 2]), FIRST])
    assert (error.hand, error.field, error.text) == (2, "tricks", "enter the tricks of round 1 first")


def test_a_pending_round_refuses_a_replacement_until_its_tricks_are_in():
    error = error_of(
        [calls_only([2, 2, 2, 2])], events=[{"after": 1, "kind": "replace", "player": "Asha", "by": "Eka"}]
    )
    assert error.text == "event 1, kind: finish the hand being played first"


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("inputs", "where", "message"),
    [
        ({**FIRST, "Asha": {}}, ("Asha", "call"), "the call is missing"),
        ({**FIRST, "Asha": {"tricks": 5}}, ("Asha", "call"), "calls come before tricks"),
        ({name: FIRST[name] for name in PLAYERS[1:]}, ("Asha", "call"), "the call is missing"),
        ({**FIRST, "Asha": {"call": 0, "tricks": 5}}, ("Asha", "call"), "must be at least 1"),
        ({**FIRST, "Asha": {"call": 14, "tricks": 5}}, ("Asha", "call"), "must be at most 13"),
        ({**FIRST, "Asha": {"call": 2.5, "tricks": 5}}, ("Asha", "call"), "must be a whole number"),
        ({**FIRST, "Asha": {"call": 3, "tricks": 14}}, ("Asha", "tricks"), "must be at most 13"),
        ({**FIRST, "Asha": {"call": 3, "tricks": -1}}, ("Asha", "tricks"), "must be at least 0"),
        ({**FIRST, "Asha": {"call": 3, "tricks": True}}, ("Asha", "tricks"), "must be a whole number"),
        ({**FIRST, "Asha": {"call": 3, "tricks": 5, "bid": 3}}, ("Asha", "bid"), "unknown key 'bid'"),
        ({**FIRST, "Asha": {"call": 3}}, ("Asha", "tricks"), "the tricks are missing"),
        (
            {**FIRST, "Asha": {"call": 3, "tricks": 4}},
            (None, "tricks"),
            "the tricks add up to 12, but 13 tricks were played",
        ),
        ({**FIRST, "Eka": {"call": 1}}, ("Eka", None), "is not a player at this table"),
        ({**FIRST, "_hand": {"trump": "S"}}, (None, "trump"), "unknown key 'trump'"),
    ],
)
def test_bad_input_is_refused_naming_round_player_and_field(inputs, where, message):
    error = error_of([QUIET, inputs])
    assert (error.hand, error.player, error.field, error.text) == (2, *where, message)


def test_every_problem_of_a_round_is_reported_at_once():
    inputs = {
        "Asha": {"call": 0, "tricks": 5},
        "Bikram": {"tricks": 3},
        "Charlie": {"call": 2, "tricks": 14},
        "David": {"call": 14, "tricks": -1},
    }
    error = error_of([inputs])
    assert [(problem.player, problem.field, problem.text) for problem in error.problems] == [
        ("Asha", "call", "must be at least 1"),
        ("Bikram", "call", "calls come before tricks"),
        ("Charlie", "tricks", "must be at most 13"),
        ("David", "call", "must be at most 13"),
        ("David", "tricks", "must be at least 0"),
    ]


def test_missing_tricks_are_reported_with_the_other_problems():
    inputs = {**FIRST, "Asha": {"call": 0, "tricks": 5}, "Bikram": {"call": 2}, "Charlie": {"call": 2, "tricks": 14}}
    error = error_of([inputs])
    assert [(problem.player, problem.field, problem.text) for problem in error.problems] == [
        ("Asha", "call", "must be at least 1"),
        ("Charlie", "tricks", "must be at most 13"),
        ("Bikram", "tricks", "the tricks are missing"),
    ]


def test_every_missing_trick_count_is_reported_at_once():
    error = error_of([{**calls_only([1, 2, 3, 4]), "Asha": {"call": 1, "tricks": 13}}])
    assert [(problem.player, problem.text) for problem in error.problems] == [
        ("Bikram", "the tricks are missing"),
        ("Charlie", "the tricks are missing"),
        ("David", "the tricks are missing"),
    ]


@pytest.mark.parametrize("names", [PLAYERS[:3], [*PLAYERS, "Eka"]])
def test_a_table_needs_exactly_four_players(names):
    with pytest.raises(InputError) as caught:
        checks.players(names, minimum=ENGINE.MIN_PLAYERS, maximum=ENGINE.MAX_PLAYERS)
    assert caught.value.text == "a table needs exactly 4 players"


# --- events: only replace, scores in tenths --------------------------------------------------


def test_a_replacement_takes_the_seat_and_starts_at_zero_or_at_a_score_in_tenths():
    events = [{"after": 1, "kind": "replace", "player": "Bikram", "by": "Eka", "score": 3.2}]
    result = run(
        [FIRST, {("Eka" if name == "Bikram" else name): entry for name, entry in SECOND.items()}], events=events
    )
    assert result.state["seated"] == ["Asha", "Eka", "Charlie", "David"]
    assert result.totals == {"Asha": 22, "Bikram": -40, "Charlie": 100, "David": 51, "Eka": 32 + 11}
    assert shown(result.totals)["Eka"] == "4.3"
    default = run([FIRST], events=[{"after": 1, "kind": "replace", "player": "Bikram", "by": "Eka"}])
    assert default.totals["Eka"] == 0


@pytest.mark.parametrize(
    ("score", "message"),
    [
        (3.25, "may have at most one decimal"),
        (True, "must be a number"),
        ("3.2", "must be a number"),
        (100_000.1, "must be at most 100000"),
        (float("nan"), "must be a number"),
    ],
)
def test_a_replacement_s_score_has_at_most_one_decimal(score, message):
    error = error_of([FIRST], events=[{"after": 1, "kind": "replace", "player": "Bikram", "by": "Eka", "score": score}])
    assert error.text == f"event 1, score: {message}"


def test_an_adjustment_is_in_tenths_too():
    events = [
        {
            "after": 1,
            "kind": "adjust",
            "points": {"Asha": -0.3, "Bikram": 1, "Charlie": Decimal("0.5")},
            "reason": "spilt tea",
        }
    ]
    result = run([FIRST], events=events)
    assert result.totals == {"Asha": 29, "Bikram": -30, "Charlie": 25, "David": 30}
    error = error_of([FIRST], events=[{"after": 1, "kind": "adjust", "points": {"Asha": 0.05}, "reason": "tea"}])
    assert error.text == "event 1, Asha, points: may have at most one decimal"


@pytest.mark.parametrize("kind", ["join", "leave"])
def test_nobody_joins_or_leaves(kind):
    error = error_of([FIRST], events=[{"after": 1, "kind": kind, "player": "Eka" if kind == "join" else "Asha"}])
    assert error.text == "event 1, kind: this game does not allow it"


# --- properties ------------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(games())
def test_totals_are_the_exact_sums_of_the_round_scores_in_tenths(game):
    rules, players, hands = game
    result = ENGINE.score(rules, players, ENGINE.validate(rules, players, hands))
    expected = dict.fromkeys(players, Decimal(0))
    for inputs in hands:
        for name in players:
            if "tricks" in inputs[name]:
                expected[name] += spec_score(inputs[name]["call"], inputs[name]["tricks"])
    assert {name: ENGINE.shown(total) for name, total in result.totals.items()} == expected
    assert all(isinstance(total, int) for total in result.totals.values())


@settings(max_examples=60, deadline=None)
@given(games())
def test_folding_round_by_round_gives_what_score_gives(game):
    rules, players, hands = game
    clean = ENGINE.validate(rules, players, hands)
    whole = ENGINE.score(rules, players, clean)
    state = ENGINE.start(rules, players)
    for number, hand in enumerate(clean, 1):
        before = copy.deepcopy(state)
        points, state = ENGINE.fold(rules, players, state, hand)
        assert before == ENGINE.score(rules, players, clean[: number - 1]).state
        assert points == whole.points[number - 1]
        assert ENGINE.validate_hand(rules, players, hands[number - 1], hand=number, state=before) == hand
        assert json.loads(json.dumps(state)) == state  # stored with the table as it is
    assert (state, ENGINE.progress(rules, players, state)) == (whole.state, whole.progress)


@settings(max_examples=40, deadline=None)
@given(games())
def test_the_winners_have_the_highest_total_unless_a_call_of_eight_won(game):
    rules, players, hands = game
    result = ENGINE.score(rules, players, ENGINE.validate(rules, players, hands))
    progress, totals = result.progress, result.totals
    if not progress["game_over"]:
        assert progress["winners"] == []
    elif not rules["call_eight_wins"]:
        assert progress["winners"] == [name for name in players if totals[name] == max(totals.values())]
    assert progress["winner"] == (progress["winners"][0] if len(progress["winners"]) == 1 else None)


# --- points with decimals, for every game ----------------------------------------------------


def test_a_number_with_one_decimal_is_read_exactly_in_tenths():
    assert checks.tenths(3.2, minimum=-10, maximum=10) == 32
    assert checks.tenths(Decimal("-2.90"), minimum=-10, maximum=10) == -29
    assert checks.tenths(4, minimum=-10, maximum=10) == 40
    assert checks.tenths(-10, minimum=-10, maximum=10) == -100
    with pytest.raises(InputError) as caught:
        checks.tenths(0.1 + 0.2, minimum=0, maximum=1, field="points")
    assert (caught.value.field, caught.value.text) == ("points", "may have at most one decimal")
    with pytest.raises(InputError) as caught:
        checks.tenths(-10.1, minimum=-10, maximum=10)
    assert caught.value.text == "must be at least -10"


def test_a_game_without_decimals_reads_and_shows_whole_numbers_as_before():
    from scoring import thirteen

    assert thirteen.ENGINE.POINT_DECIMALS == 0
    assert thirteen.ENGINE.read_points(-30, minimum=-100, maximum=100) == -30
    assert str(thirteen.ENGINE.shown(-30)) == "-30"
    with pytest.raises(InputError) as caught:
        thirteen.ENGINE.read_points(3.0, minimum=-100, maximum=100)
    assert caught.value.text == "must be a whole number"
    assert base.winners({"winner": "Asha"}) == ["Asha"] and base.winners({"winner": None}) == []
