"""Tarneeb rules engine, feature by feature (spec: docs/rules/tarneeb.md): two teams, partners
opposite, a bid of 7 to 13 and the bidding team's tricks."""

from types import SimpleNamespace

import pytest
from hypothesis import given, settings

from games.checks import game_problems
from scoring import base
from scoring import tarneeb as tb
from scoring.errors import InputError

from .strategies import TARNEEB_PLAYERS as PLAYERS
from .strategies import tarneeb_games as games
from .strategies import tarneeb_hand as hand

ENGINE = tb.ENGINE
DEFAULTS = {"target": 31, "others_always_score": False, "team_names": []}
ALWAYS = {"others_always_score": True}
# The worked examples of docs/rules/tarneeb.md: Asha & Chandra against Bikash & Dipa, to 31.
WORKED = [
    hand("Asha", 8, 9),
    hand("Bikash", 10, 9),
    hand("Chandra", 9, 13),
    hand("Dipa", 13, 12),
    hand("Asha", 7, 7),
]


def run(hands, rules=None, events=()):
    clean_rules = ENGINE.validate_rules(rules or {})
    clean_hands, clean_events = base.validate_table(ENGINE, clean_rules, PLAYERS, hands, events)
    return ENGINE.score(clean_rules, PLAYERS, clean_hands, clean_events)


def error_of(hands, rules=None, events=()):
    with pytest.raises(InputError) as caught:
        ENGINE.validate(ENGINE.validate_rules(rules or {}), PLAYERS, hands, events)
    return caught.value


def team_points(points):
    """(Asha & Chandra's, Bikash & Dipa's) points, checking that partners hold the same."""
    assert points["Asha"] == points["Chandra"] and points["Bikash"] == points["Dipa"]
    return points["Asha"], points["Bikash"]


def spec_score(bid, tricks, others_always_score=False):
    """docs/rules/tarneeb.md "Score for a hand", written out again: (bidding team, other team)."""
    others = 13 - tricks
    if bid == 13:
        return (26, others if others_always_score else 0) if tricks == 13 else (-16, others)
    if tricks < bid:
        return -bid, others
    return (16 if tricks == 13 else tricks), (others if others_always_score else 0)


def test_the_system_check_finds_the_engine_keeps_the_contract():
    assert game_problems(SimpleNamespace(engine=ENGINE, name="Tarneeb")) == []


# --- the game's shape ------------------------------------------------------------------------


def test_four_players_in_two_teams_of_partners_opposite():
    assert (ENGINE.SLUG, ENGINE.MIN_PLAYERS, ENGINE.MAX_PLAYERS, ENGINE.POINT_DECIMALS) == ("tarneeb", 4, 4, 0)
    assert ENGINE.TEAM_SEATS == ((0, 2), (1, 3))
    assert ENGINE.CHANGES == ("replace",)
    assert [tb.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]


def test_the_rule_defaults():
    assert ENGINE.validate_rules({}) == DEFAULTS
    named = {"target": 61, "others_always_score": True, "team_names": ["Cedars", "Olives"]}
    assert ENGINE.validate_rules(named) == named


@pytest.mark.parametrize(
    ("rules", "field", "message"),
    [
        ({"target": 0}, "target", "must be at least 1"),
        ({"target": 501}, "target", "must be at most 500"),
        ({"target": 31.5}, "target", "must be a whole number"),
        ({"others_always_score": "yes"}, "others_always_score", "must be true or false"),
        ({"team_names": ["Cedars"]}, "team_names", "give both teams a name, or neither"),
        ({"team_names": ["Cedars", "Cedars"]}, "team_names", "the two teams need different names"),
        ({"team_names": ["Cedars", "  "]}, "team_names", "a team's name cannot be blank"),
        ({"rounds": 5}, "rounds", "unknown key 'rounds'"),
    ],
)
def test_bad_rules_are_refused_naming_the_key(rules, field, message):
    with pytest.raises(InputError) as caught:
        ENGINE.validate_rules(rules)
    assert (caught.value.field, caught.value.text) == (field, message)


@pytest.mark.parametrize(
    ("number", "dealer", "first"),
    [(1, "Dipa", "Asha"), (2, "Asha", "Bikash"), (3, "Bikash", "Chandra"), (4, "Chandra", "Dipa"), (5, "Dipa", "Asha")],
)
def test_the_last_player_deals_hand_one_and_the_deal_passes_on(number, dealer, first):
    progress = run([hand("Asha", 7, 7)] * (number - 1), {"target": 500}).progress
    assert (progress["hand"], progress["dealer"], progress["bidding_order"][0]) == (number, dealer, first)
    assert sorted(progress["bidding_order"]) == sorted(PLAYERS)


def test_the_first_deal_can_be_given_before_hand_one_only():
    progress = run([], events=[{"after": 0, "kind": "dealer", "player": "Bikash"}]).progress
    assert (progress["dealer"], progress["bidding_order"][0]) == ("Bikash", "Chandra")
    error = error_of([hand("Asha", 7, 7)], events=[{"after": 1, "kind": "dealer", "player": "Bikash"}])
    assert error.text == "event 1, Bikash, player: the deal can only be chosen before hand 1"


# --- the score of a hand ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "bidders", "others", "kind"),
    [
        (7, 7, 7, 0, "made"),
        (8, 9, 9, 0, "made"),
        (12, 12, 12, 0, "made"),
        (9, 13, 16, 0, "kaboot"),
        (7, 13, 16, 0, "kaboot"),
        (10, 9, -10, 4, "set"),
        (7, 0, -7, 13, "set"),
        (13, 13, 26, 0, "all_made"),
        (13, 12, -16, 1, "all_set"),
        (13, 0, -16, 13, "all_set"),
    ],
)
def test_each_row_of_the_score_table(bid, tricks, bidders, others, kind):
    """Bikash bids: Bikash & Dipa are the bidding team, Asha & Chandra the other."""
    result = run([hand("Bikash", bid, tricks)], {"target": 500})
    theirs, ours = team_points(result.points[0])
    assert (ours, theirs) == (bidders, others) == spec_score(bid, tricks)
    rules = ENGINE.validate_rules({"target": 500})
    explained = ENGINE.explain(rules, PLAYERS, ENGINE.start(rules, PLAYERS), {"Bikash": {"bid": bid, "tricks": tricks}})
    assert [term.kind for term in explained["Bikash"]] == [term.kind for term in explained["Dipa"]] == [kind]


@pytest.mark.parametrize(("bid", "tricks"), [(7, 7), (8, 9), (9, 13), (10, 9), (13, 13), (13, 12), (7, 0)])
def test_the_house_rule_gives_the_other_team_its_tricks_in_every_hand(bid, tricks):
    result = run([hand("Asha", bid, tricks)], {**ALWAYS, "target": 500})
    assert team_points(result.points[0]) == spec_score(bid, tricks, others_always_score=True)


def test_the_worked_examples_hand_by_hand():
    result = run(WORKED)
    assert [team_points(points) for points in result.points] == [(9, 0), (4, -10), (16, 0), (1, -16), (7, 0)]
    assert [team_points(totals) for totals in result.steps] == [
        (0, 0),
        (9, 0),
        (13, -10),
        (29, -10),
        (30, -26),
        (37, -26),
    ]
    assert team_points(result.totals) == (37, -26)
    assert result.progress["team_totals"] == [37, -26]


def test_the_worked_examples_end_with_asha_and_chandra_past_31():
    assert not run(WORKED[:4]).progress["game_over"]
    progress = run(WORKED).progress
    assert (progress["game_over"], progress["winners"]) == (True, ["Asha", "Chandra"])
    assert base.winners(progress) == ["Asha", "Chandra"]


def test_the_worked_examples_with_the_house_rule():
    result = run(WORKED[:4], ALWAYS)
    assert team_points(result.points[0]) == (9, 4)
    assert team_points(result.points[2]) == (16, 0)


def test_totals_may_go_below_zero_and_the_higher_total_past_the_target_wins():
    result = run([hand("Bikash", 13, 0), hand("Asha", 7, 12)], {"target": 31})
    assert team_points(result.totals) == (25, -16)
    assert not result.progress["game_over"]
    over = run([hand("Bikash", 13, 0), hand("Asha", 7, 12), hand("Chandra", 7, 7)], {"target": 31})
    assert over.progress["winners"] == ["Asha", "Chandra"]


def test_equal_totals_past_the_target_play_on_until_one_is_higher():
    # With the house rule both teams score every hand: 10 + 3 and 3 + 10, both at the target of 13.
    hands = [hand("Asha", 7, 10), hand("Bikash", 7, 10)]
    tied = run(hands, {**ALWAYS, "target": 13})
    assert team_points(tied.totals) == (13, 13)
    assert not tied.progress["game_over"]
    decided = run([*hands, hand("Chandra", 7, 7)], {**ALWAYS, "target": 13})
    assert team_points(decided.totals) == (20, 19)
    assert decided.progress["winners"] == ["Asha", "Chandra"]


# --- what is refused -------------------------------------------------------------------------


def problems_of(raw, hands=(), rules=None):
    error = error_of([*hands, raw], rules)
    return [(problem.player, problem.field, problem.text.split(": ")[-1]) for problem in error.problems]


def test_every_problem_of_a_hand_is_named_at_once():
    assert problems_of({"Asha": {"bid": 6, "tricks": 14, "trump": "X"}}) == [
        ("Asha", "bid", "must be at least 7"),
        ("Asha", "tricks", "must be at most 13"),
        ("Asha", "trump", "the trump must be one of ♠ ♥ ♦ ♣"),
    ]


@pytest.mark.parametrize(
    ("raw", "problems"),
    [
        ({}, [(None, "bidder", "say who won the bidding")]),
        ({"_hand": {}}, [(None, "bidder", "say who won the bidding")]),
        (
            {"Asha": {"bid": 7, "tricks": 7}, "Dipa": {"bid": 8, "tricks": 8}},
            [(None, "bidder", "only one player wins the bidding")],
        ),
        ({"Asha": {"tricks": 7}}, [("Asha", "bid", "the bid is missing")]),
        ({"Asha": {"bid": 7}}, [("Asha", "tricks", "the tricks are missing")]),
        (
            {"Asha": {"bid": 14, "tricks": -1}},
            [("Asha", "bid", "must be at most 13"), ("Asha", "tricks", "must be at least 0")],
        ),
        ({"Asha": {"bid": "9", "tricks": 9}}, [("Asha", "bid", "must be a whole number")]),
        ({"Asha": {"bid": 9, "tricks": 9, "books": 3}}, [("Asha", "books", "unknown key 'books'")]),
        ({"Asha": 9}, [("Asha", "bid", "must be an object")]),
    ],
)
def test_a_bad_hand_is_refused(raw, problems):
    assert problems_of(raw) == problems


def test_a_fifth_player_is_refused():
    error = error_of([{"Esha": {"bid": 7, "tricks": 7}}])
    assert (error.player, error.text) == ("Esha", "is not a player at this table")


def test_no_hand_is_recorded_after_the_game_is_over():
    problems = problems_of(hand("Bikash", 7, 7), WORKED)
    assert problems == [(None, "hand", "the game is over after hand 5")]


def test_the_trump_is_kept_and_changes_no_score():
    with_trump = run([hand("Asha", 8, 9, "H")])
    assert ENGINE.validate(DEFAULTS, PLAYERS, [hand("Asha", 8, 9, "H")]) == [
        {"Asha": {"bid": 8, "tricks": 9, "trump": "H"}}
    ]
    assert with_trump.points == run([hand("Asha", 8, 9)]).points


# --- seats -----------------------------------------------------------------------------------


def test_a_replacement_takes_the_seat_the_team_and_its_total():
    events = [{"after": 2, "kind": "replace", "player": "Chandra", "by": "Esha"}]
    result = run([*WORKED[:2], hand("Esha", 9, 13), WORKED[3]], events=events)
    assert result.progress["team_totals"] == [30, -26]
    assert result.totals["Esha"] == result.totals["Asha"] == 30
    assert result.progress["bidding_order"] == ["Asha", "Bikash", "Esha", "Dipa"]


def test_an_adjustment_moves_the_team_s_total_and_partners_stay_equal():
    events = [
        {
            "after": 1,
            "kind": "adjust",
            "points": {"Asha": 3, "Bikash": 0, "Chandra": 0, "Dipa": -2},
            "reason": "misdeal",
        }
    ]
    result = run(WORKED[:2], events=events)
    assert result.progress["team_totals"] == [9 + 3 + 4, -2 - 10]
    assert team_points(result.totals) == (16, -12)


# --- properties ------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(games())
def test_folding_hand_by_hand_equals_scoring_the_whole_table(game):
    rules, players, hands = game
    clean = ENGINE.validate(rules, players, hands)
    whole = ENGINE.score(rules, players, clean)
    state = ENGINE.start(rules, players)
    for number, clean_hand in enumerate(clean, 1):
        assert ENGINE.validate_hand(rules, players, hands[number - 1], number, state) == clean_hand
        points, state = ENGINE.fold(rules, players, state, clean_hand)
        assert points == whole.points[number - 1]
    assert state["totals"] == whole.totals
    assert ENGINE.progress(rules, players, state) == whole.progress


@settings(max_examples=150, deadline=None)
@given(games())
def test_partners_are_always_equal_and_each_hand_follows_the_score_table(game):
    rules, players, hands = game
    result = ENGINE.score(rules, players, ENGINE.validate(rules, players, hands))
    for raw, points in zip(hands, result.points):
        ((name, entry),) = raw.items()
        bidding, other = spec_score(entry["bid"], entry["tricks"], rules["others_always_score"])
        ours, theirs = team_points(points)
        assert (ours, theirs) == ((bidding, other) if tb.team_of(PLAYERS.index(name)) == 0 else (other, bidding))
    assert list(team_points(result.totals)) == result.progress["team_totals"]
