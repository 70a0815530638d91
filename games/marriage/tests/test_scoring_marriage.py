"""Marriage rules engine, feature by feature (spec: docs/rules/marriage.md)."""

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import checks
from scoring import marriage as m
from scoring.errors import InputError
from tests.fixtures import hand_error, rule_error, scored

from .strategies import MARRIAGE_NAMES as NAMES
from .strategies import marriage_games as games

STATUS = {"W": "winner", "s": "seen", "u": "unseen", "o": "out"}


def entries(maal, statuses, extra=None):
    """Players and raw inputs for one hand: maal list, status letters, {seat: more keys}."""
    players = NAMES[: len(maal)]
    inputs = {name: {"status": STATUS[letter], "maal": value} for name, value, letter in zip(players, maal, statuses)}
    for seat, more in (extra or {}).items():
        inputs[players[seat]].update(more)
    return players, inputs


def points(maal, statuses, rules=None, extra=None):
    """Points of one hand, in seat order, through the public functions."""
    clean_rules = m.ENGINE.validate_rules(rules or {})
    players, inputs = entries(maal, statuses, extra)
    hand = m.ENGINE.validate_hand(clean_rules, players, inputs)
    result = m.ENGINE.score(clean_rules, players, [hand])
    return [result.points[0][name] for name in players]


def counts(tiplu=0, poplu=0, jhiplu=0, tunnellas=None):
    return {"tiplu": tiplu, "poplu": poplu, "jhiplu": jhiplu, "tunnellas": tunnellas or {}}


def counted(status="seen", **kw):
    return {"status": status, "maal_counts": counts(**kw)}


# --- worked examples ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("maal", "statuses", "expected"),
    [
        ([10, 3, 0, 5, 2, 0], "Wsussu", [69, -5, -30, 7, -11, -30]),
        ([0, 7, 0, 0, 0, 0], "Wsuuuu", [36, 32, -17, -17, -17, -17]),
        ([12, 4, 6, 0], "sWsu", [23, 10, -1, -32]),
    ],
)
def test_settlement_worked_examples(maal, statuses, expected):
    assert points(maal, statuses) == expected


def test_murder_worked_example_unseen_maal_counts_zero():
    assert points([12, 4, 6, 5], "sWsu", {"murder": True}) == [23, 10, -1, -32]


def test_without_murder_unseen_maal_counts():
    # P = 27, n = 4: 48-3-27, 16-27+(3+3+10), 24-3-27, 20-10-27
    assert points([12, 4, 6, 5], "sWsu") == [18, 5, -6, -17]


def test_kidnap_worked_example_unseen_maal_goes_to_winner():
    assert points([12, 4, 6, 5], "sWsu", {"kidnap": True}) == [18, 25, -6, -37]


def test_kidnap_acts_as_murder_whatever_murder_says():
    assert points([12, 4, 6, 5], "sWsu", {"kidnap": True, "murder": False}) == [18, 25, -6, -37]
    assert points([12, 4, 6, 5], "sWsu", {"kidnap": True, "murder": True}) == [18, 25, -6, -37]


@pytest.mark.parametrize(
    ("t", "p", "j", "expected"),
    [(2, 1, 1, 13), (2, 2, 2, 30), (1, 1, 1, 10), (1, 0, 2, 8)],
)
def test_maal_counter_worked_examples(t, p, j, expected):
    table = m.ENGINE.validate_rules({})["maal_table"]
    assert m.count_maal(table, m.validate_counts({"tiplu": t, "poplu": p, "jhiplu": j})) == expected


def test_maal_counter_singles_doubles_triples():
    table = m.ENGINE.validate_rules({})["maal_table"]
    assert m.count_maal(table, m.validate_counts({})) == 0
    assert m.count_maal(table, m.validate_counts({"tiplu": 2})) == 7
    assert m.count_maal(table, m.validate_counts({"poplu": 3})) == 10
    assert m.count_maal(table, m.validate_counts({"jhiplu": 2, "poplu": 1})) == 7


def test_maal_counter_uses_the_edited_table():
    table = m.ENGINE.validate_rules({"maal_table": {"marriage": [4, 30]}})["maal_table"]
    # marriage now 4: 7 + 2 + 2 = 11 beats 4 + 3 = 7
    assert m.count_maal(table, m.validate_counts({"tiplu": 2, "poplu": 1, "jhiplu": 1})) == 11


def test_counted_maal_scores_like_typed_maal():
    rules = m.ENGINE.validate_rules({})
    players = NAMES[:3]
    typed = {
        "Asha": {"status": "winner", "maal": 0},
        "Bikram": {"status": "seen", "maal": 13},
        "Chandra": {"status": "unseen", "maal": 0},
    }
    by_counts = dict(typed, Bikram=counted(tiplu=2, poplu=1, jhiplu=1))
    assert (
        m.ENGINE.score(rules, players, m.ENGINE.validate(rules, players, [by_counts])).points
        == m.ENGINE.score(rules, players, m.ENGINE.validate(rules, players, [typed])).points
    )


# --- tunnellas ------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "value"), [("ordinary", 5), ("joker", 10), ("poplu_jhiplu", 20)])
def test_each_tunnella_kind(kind, value):
    table = m.ENGINE.validate_rules({})["maal_table"]
    assert m.count_maal(table, m.validate_counts({"tunnellas": {kind: 1}})) == value


def test_several_tunnellas_each_count_on_top_of_cards():
    table = m.ENGINE.validate_rules({})["maal_table"]
    several = m.validate_counts({"tiplu": 1, "tunnellas": {"ordinary": 2, "joker": 1, "poplu_jhiplu": 1}})
    assert m.count_maal(table, several) == 3 + 2 * 5 + 10 + 20


def test_tunnellas_in_a_hand():
    rules = m.ENGINE.validate_rules({})
    players = NAMES[:2]
    inputs = {"Asha": {"status": "winner", "maal": 0}, "Bikram": counted(tunnellas={"ordinary": 3})}
    # s = 15, P = 15, n = 2: Bikram 30 - 3 - 15 = 12
    assert m.ENGINE.score(rules, players, m.ENGINE.validate(rules, players, [inputs])).points == [
        {"Asha": -12, "Bikram": 12}
    ]


# --- dublee, foul, sitting out --------------------------------------------------------------


def test_dublee_winner_gets_bonus_from_every_other_player():
    # without dublee: 6, -3, -3; bonus 5 from each of 2 others
    assert points([0, 0, 0], "Wss", extra={0: {"dublee": True}}) == [16, -8, -8]
    assert points([0, 0, 0], "Wss", {"dublee_bonus": 7}, extra={0: {"dublee": True}}) == [20, -10, -10]


def test_seen_by_dublee_pays_dublee_seen_points():
    assert points([0, 0, 0], "Wss", extra={1: {"dublee": True}}) == [3, 0, -3]
    assert points([0, 0, 0], "Wss", {"dublee_seen_points": 1}, extra={1: {"dublee": True}}) == [4, -1, -3]


def test_dublee_bonus_zero_neutralises_it():
    assert points([0, 0, 0], "Wss", {"dublee_bonus": 0}, extra={0: {"dublee": True}}) == [6, -3, -3]


def test_foul_pays_the_fine_to_each_other_player():
    # base 9, -3, -3, -3; the fouler pays 15 to each of the 3 others
    assert points([0, 0, 0, 0], "Wsss", extra={3: {"foul": True}}) == [24, 12, 12, -48]
    # an unseen fouler, fine 10, 3 players
    assert points([0, 0, 0], "Wsu", {"foul_fine": 10}, extra={2: {"foul": True}}) == [23, 7, -30]


def test_sitting_out_is_not_in_n_and_scores_zero():
    assert points([12, 4, 0, 6, 0, 0], "sWosuo") == [23, 10, 0, -1, -32, 0]


def test_sitting_out_not_in_n_for_dublee_and_foul():
    assert points([0, 0, 0], "Wso", extra={0: {"dublee": True}}) == [8, -8, 0]
    assert points([0, 0, 0], "Wso", extra={1: {"foul": True}}) == [18, -18, 0]


def test_missing_dublee_and_foul_are_false():
    players, inputs = entries([0, 0], "Ws")
    clean = m.ENGINE.validate_hand(m.ENGINE.validate_rules({}), players, inputs)
    assert clean["Bikram"]["dublee"] is False and clean["Bikram"]["foul"] is False


def test_missing_maal_count_is_zero():
    clean = m.validate_counts({"poplu": 2})
    assert clean == {"tiplu": 0, "poplu": 2, "jhiplu": 0, "tunnellas": {"ordinary": 0, "joker": 0, "poplu_jhiplu": 0}}


def test_totals_add_up_hands_and_dealer_moves_on():
    rules = m.ENGINE.validate_rules({})
    players = NAMES[:4]
    hand1 = entries([12, 4, 6, 0], "sWsu")[1]
    hand2 = entries([0, 0, 0, 0], "Wsss")[1]
    result = m.ENGINE.score(rules, players, m.ENGINE.validate(rules, players, [hand1, hand2]))
    assert result.totals == {"Asha": 23 + 9, "Bikram": 10 - 3, "Chandra": -1 - 3, "Dipa": -32 - 3}
    assert result.progress["dealer"] == "Chandra"


# --- bad hand inputs ------------------------------------------------------------------------


def test_no_winner():
    err = hand_error(m.ENGINE, *entries([0, 0, 0], "sss"))
    assert (err.hand, err.player, err.field) == (1, None, "status")


def test_two_winners():
    err = hand_error(m.ENGINE, *entries([0, 0, 0], "WsW"))
    assert (err.hand, err.field) == (1, "status")
    assert err.player == "Chandra"


def test_missing_player_entry():
    players, inputs = entries([0, 0, 0], "Wss")
    del inputs["Chandra"]
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.hand, err.player, err.field) == (1, "Chandra", "status")


def test_missing_status():
    players, inputs = entries([0, 0, 0], "Wss")
    del inputs["Bikram"]["status"]
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.player, err.field) == ("Bikram", "status")


def test_unknown_status():
    players, inputs = entries([0, 0, 0], "Wss")
    inputs["Bikram"]["status"] = "lost"
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.player, err.field) == ("Bikram", "status")


@pytest.mark.parametrize("bad", [-1, 2.5, True, False, "5", None])
def test_bad_maal(bad):
    players, inputs = entries([0, 0, 0], "Wss")
    inputs["Chandra"]["maal"] = bad
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.hand, err.player, err.field) == (1, "Chandra", "maal")


def test_maal_and_maal_counts_not_both():
    players, inputs = entries([0, 0], "Ws")
    inputs["Bikram"]["maal_counts"] = {"tiplu": 1}
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.player, err.field) == ("Bikram", "maal")


def test_three_tiplu_for_one_player():
    players, inputs = entries([0, 0], "Ws")
    inputs["Bikram"] = counted(tiplu=3)
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.hand, err.player, err.field) == (1, "Bikram", "tiplu")


@pytest.mark.parametrize(
    ("item", "bad"), [("poplu", 4), ("jhiplu", 4), ("poplu", True), ("jhiplu", 1.0), ("tiplu", -1)]
)
def test_bad_count_for_one_player(item, bad):
    players, inputs = entries([0, 0], "Ws")
    inputs["Bikram"] = {"status": "seen", "maal_counts": {item: bad}}
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.player, err.field) == ("Bikram", item)


@pytest.mark.parametrize(
    ("item", "first", "second"), [("tiplu", 2, 1), ("tiplu", 1, 2), ("poplu", 2, 2), ("jhiplu", 3, 1)]
)
def test_more_cards_across_the_hand_than_the_packs_hold(item, first, second):
    players = NAMES[:3]
    inputs = {
        "Asha": {"status": "winner", "maal_counts": {item: first}},
        "Bikram": {"status": "seen", "maal_counts": {item: second}},
        "Chandra": {"status": "unseen", "maal": 0},
    }
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.hand, err.field) == (1, item)


def test_cards_across_the_hand_up_to_the_limit_are_fine():
    players = NAMES[:3]
    inputs = {
        "Asha": counted("winner", tiplu=1, poplu=2, jhiplu=1),
        "Bikram": counted("seen", tiplu=1, poplu=1, jhiplu=2),
        "Chandra": {"status": "unseen", "maal": 0},
    }
    m.ENGINE.validate(m.ENGINE.validate_rules({}), players, [inputs])


def test_poplu_jhiplu_tunnella_with_both_kinds_held_elsewhere():
    # the tunnella needs all three poplu or all three jhiplu; one of each is held by others
    players = NAMES[:3]
    inputs = {
        "Asha": counted("winner", tunnellas={"poplu_jhiplu": 1}),
        "Bikram": counted("seen", poplu=1),
        "Chandra": counted("unseen", jhiplu=1),
    }
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.hand, err.field) == (1, "tunnella_poplu_jhiplu")


def test_poplu_jhiplu_tunnella_with_its_holders_own_poplu_and_jhiplu():
    players = NAMES[:2]
    inputs = {"Asha": counted("winner", poplu=1, jhiplu=1, tunnellas={"poplu_jhiplu": 1}), "Bikram": counted("seen")}
    err = hand_error(m.ENGINE, players, inputs)
    assert err.field == "tunnella_poplu_jhiplu"


def test_two_poplu_jhiplu_tunnellas_with_poplu_held_elsewhere():
    players = NAMES[:2]
    inputs = {
        "Asha": counted("winner", tunnellas={"poplu_jhiplu": 1}),
        "Bikram": counted("seen", poplu=1, tunnellas={"poplu_jhiplu": 1}),
    }
    err = hand_error(m.ENGINE, players, inputs)
    assert err.field == "tunnella_poplu_jhiplu"


def test_poplu_jhiplu_tunnellas_that_fit_are_fine():
    rules = m.ENGINE.validate_rules({})
    players = NAMES[:2]
    # poplu held elsewhere: the tunnella is of jhiplu
    one = {"Asha": counted("winner", tunnellas={"poplu_jhiplu": 1}), "Bikram": counted("seen", poplu=3)}
    # no poplu or jhiplu held: one tunnella of each
    two = {
        "Asha": counted("winner", tunnellas={"poplu_jhiplu": 1}),
        "Bikram": counted("seen", tunnellas={"poplu_jhiplu": 1}),
    }
    m.ENGINE.validate(rules, players, [one, two])


def test_three_poplu_jhiplu_tunnellas_never_fit():
    players = NAMES[:2]
    inputs = {
        "Asha": counted("winner", tunnellas={"poplu_jhiplu": 2}),
        "Bikram": counted("seen", tunnellas={"poplu_jhiplu": 1}),
    }
    assert hand_error(m.ENGINE, players, inputs).field == "tunnella_poplu_jhiplu"


def test_dublee_for_unseen():
    err = hand_error(m.ENGINE, *entries([0, 0, 0], "Wsu", {2: {"dublee": True}}))
    assert (err.hand, err.player, err.field) == (1, "Chandra", "dublee")


def test_foul_by_winner():
    err = hand_error(m.ENGINE, *entries([0, 0, 0], "Wsu", {0: {"foul": True}}))
    assert (err.hand, err.player, err.field) == (1, "Asha", "foul")


@pytest.mark.parametrize("key", ["dublee", "foul"])
def test_dublee_and_foul_must_be_booleans(key):
    err = hand_error(m.ENGINE, *entries([0, 0, 0], "Wss", {1: {key: 1}}))
    assert (err.player, err.field) == ("Bikram", key)


def test_unknown_entry_key():
    err = hand_error(m.ENGINE, *entries([0, 0, 0], "Wss", {1: {"bonus": 3}}))
    assert (err.hand, err.player, err.field) == (1, "Bikram", "bonus")


def test_unknown_player_key():
    players, inputs = entries([0, 0, 0], "Wss")
    inputs["Zara"] = {"status": "seen", "maal": 0}
    err = hand_error(m.ENGINE, players, inputs)
    assert (err.hand, err.player) == (1, "Zara")


def test_fewer_than_two_playing():
    err = hand_error(m.ENGINE, *entries([0, 0, 0], "Woo"))
    assert (err.hand, err.field) == (1, "status")


def test_error_names_the_bad_hand():
    rules = m.ENGINE.validate_rules({})
    players, good = entries([0, 0, 0], "Wss")
    bad = copy.deepcopy(good)
    bad["Bikram"]["status"] = "winner"
    with pytest.raises(InputError) as caught:
        m.ENGINE.validate(rules, players, [good, good, bad])
    assert (caught.value.hand, caught.value.field) == (3, "status")


# --- bad rules ------------------------------------------------------------------------------


def test_default_rules():
    rules = m.ENGINE.validate_rules({})
    assert rules == m.ENGINE.default_rules()
    assert (rules["seen_points"], rules["unseen_points"], rules["murder"], rules["kidnap"]) == (3, 10, False, False)
    assert (rules["dublee_bonus"], rules["dublee_seen_points"], rules["foul_fine"]) == (5, 0, 15)
    assert (rules["point_rate"], rules["currency"]) == (1, "")


def test_rules_are_overlaid_on_defaults():
    rules = m.ENGINE.validate_rules({"seen_points": 4, "point_rate": 0.25, "currency": "NPR"})
    assert (rules["seen_points"], rules["unseen_points"], rules["point_rate"], rules["currency"]) == (
        4,
        10,
        0.25,
        "NPR",
    )


def test_unknown_rule_key():
    assert rule_error(m.ENGINE, {"murderr": True}).field == "murderr"


@pytest.mark.parametrize("key", ["seen_points", "unseen_points", "dublee_bonus", "dublee_seen_points", "foul_fine"])
def test_negative_rule_value(key):
    assert rule_error(m.ENGINE, {key: -1}).field == key


@pytest.mark.parametrize("key", ["seen_points", "foul_fine"])
@pytest.mark.parametrize("bad", [True, 2.5, "3"])
def test_rule_points_must_be_whole_numbers(key, bad):
    assert rule_error(m.ENGINE, {key: bad}).field == key


@pytest.mark.parametrize("bad", [0, -0.25, 0.125, True, "abc"])
def test_bad_point_rate(bad):
    assert rule_error(m.ENGINE, {"point_rate": bad}).field == "point_rate"


@pytest.mark.parametrize("key", ["murder", "kidnap"])
def test_murder_and_kidnap_are_booleans(key):
    assert rule_error(m.ENGINE, {key: 1}).field == key


@pytest.mark.parametrize(
    "table", [{"tiplu": [3, True]}, {"poplu": [2, 5]}, {"marriage": [10, -1]}, {"tunnella": {"joker": 1.5}}]
)
def test_bad_maal_table(table):
    assert rule_error(m.ENGINE, {"maal_table": table}).field == "maal_table"


# --- player list ----------------------------------------------------------------------------


def player_error(names):
    with pytest.raises(InputError) as caught:
        checks.players(names, minimum=m.ENGINE.MIN_PLAYERS, maximum=m.ENGINE.MAX_PLAYERS)
    return caught.value


def test_marriage_player_limits():
    assert (m.ENGINE.MIN_PLAYERS, m.ENGINE.MAX_PLAYERS) == (2, 6)
    assert checks.players(NAMES[:2], minimum=m.ENGINE.MIN_PLAYERS, maximum=m.ENGINE.MAX_PLAYERS) == NAMES[:2]
    assert checks.players(NAMES, minimum=m.ENGINE.MIN_PLAYERS, maximum=m.ENGINE.MAX_PLAYERS) == NAMES


@pytest.mark.parametrize("names", [[], ["Asha"], [*NAMES, "Hari"]])
def test_too_few_or_too_many_players(names):
    assert player_error(names).field == "players"


def test_duplicate_names_case_insensitive():
    err = player_error(["asha", "Bikram", "ASHA"])
    assert (err.player, err.field) == ("ASHA", "players")
    assert player_error(["Bikram", "Bikram"]).player == "Bikram"


@pytest.mark.parametrize("blank", ["", "   "])
def test_blank_name(blank):
    assert player_error(["Asha", blank]).field == "players"


def test_name_starting_with_underscore():
    err = player_error(["Asha", "_hand"])
    assert (err.player, err.field) == ("_hand", "players")


# --- properties -----------------------------------------------------------------------------


def spec_points(rules, inputs):
    """The spec's settlement written out independently, for one hand of raw inputs."""
    table = rules["maal_table"]

    def value(item, k):
        return table[item][k - 1] if k else 0

    def maal_of(entry):
        if "maal" in entry:
            return entry["maal"]
        c = entry["maal_counts"]
        t, p, j = c["tiplu"], c["poplu"], c["jhiplu"]
        best = max(
            value("marriage", k) + value("tiplu", t - k) + value("poplu", p - k) + value("jhiplu", j - k)
            for k in range(min(t, p, j, 2) + 1)
        )
        return best + sum(table["tunnella"][kind] * c["tunnellas"].get(kind, 0) for kind in table["tunnella"])

    playing = {name: e for name, e in inputs.items() if e["status"] != "out"}
    n = len(playing)
    winner = next(name for name, e in playing.items() if e["status"] == "winner")
    s = {name: maal_of(e) for name, e in playing.items()}
    for name, e in playing.items():
        if e["status"] == "unseen" and rules["kidnap"]:
            s[winner] += s[name]
        if e["status"] == "unseen" and (rules["murder"] or rules["kidnap"]):
            s[name] = 0
    total = sum(s.values())
    g = {
        name: rules["unseen_points"]
        if e["status"] == "unseen"
        else rules["dublee_seen_points"]
        if e.get("dublee")
        else rules["seen_points"]
        for name, e in playing.items()
        if name != winner
    }
    result = dict.fromkeys(inputs, 0)
    for name in g:
        result[name] = n * s[name] - g[name] - total
    result[winner] = n * s[winner] - total + sum(g.values())
    if playing[winner].get("dublee"):
        for name in g:
            result[name] -= rules["dublee_bonus"]
        result[winner] += rules["dublee_bonus"] * (n - 1)
    for name, e in playing.items():
        if e.get("foul"):
            for other in playing:
                if other != name:
                    result[other] += rules["foul_fine"]
            result[name] -= rules["foul_fine"] * (n - 1)
    return result


@pytest.mark.slow
@given(games())
def test_every_hand_sums_to_zero_and_out_players_score_zero(game):
    rules, players, hands = game
    result = scored(m.ENGINE, rules, players, hands)
    assert len(result.points) == len(hands)
    for hand_points, inputs in zip(result.points, hands):
        assert set(hand_points) == set(players)
        assert sum(hand_points.values()) == 0
        assert all(hand_points[name] == 0 for name in players if inputs[name]["status"] == "out")


@pytest.mark.slow
@given(games())
def test_points_follow_the_spec_formula(game):
    rules, players, hands = game
    result = scored(m.ENGINE, rules, players, hands)
    assert result.points == [spec_points(rules, inputs) for inputs in hands]


@pytest.mark.slow
@given(games(), st.data())
def test_seat_order_does_not_change_anyones_points(game, data):
    rules, players, hands = game
    seats = data.draw(st.permutations(players))
    original, permuted = scored(m.ENGINE, rules, players, hands), scored(m.ENGINE, rules, seats, hands)
    assert permuted.points == original.points
    assert permuted.totals == original.totals


@pytest.mark.slow
@given(games())
def test_score_is_idempotent_and_leaves_inputs_alone(game):
    rules, players, hands = game
    before = copy.deepcopy(hands)
    clean = m.ENGINE.validate(rules, players, hands)
    clean_before = copy.deepcopy(clean)
    first = m.ENGINE.score(rules, players, clean)
    assert m.ENGINE.score(rules, players, clean) == first
    assert clean == clean_before
    assert hands == before
    assert scored(m.ENGINE, rules, players, hands) == first


@pytest.mark.slow
@given(games())
def test_totals_are_the_sum_of_hand_points(game):
    rules, players, hands = game
    result = scored(m.ENGINE, rules, players, hands)
    assert result.totals == {name: sum(hp[name] for hp in result.points) for name in players}
    assert sum(result.totals.values()) == 0


# --- the score worked out (explain) ---------------------------------------------------------


def explained(maal, statuses, rules=None, extra=None):
    """Each player's terms of one hand, as (kind, values, points)."""
    clean_rules = m.ENGINE.validate_rules(rules or {})
    players, inputs = entries(maal, statuses, extra)
    hand = m.ENGINE.validate_hand(clean_rules, players, inputs)
    return {
        name: [(term.kind, term.values, term.points) for term in terms]
        for name, terms in m.ENGINE.explain(clean_rules, players, m.ENGINE.start(clean_rules, players), hand).items()
    }


def test_explain_worked_example_every_line():
    # maal 10, 3, 0, 5, 2, 0 with W s u s s u: n = 6, P = 20
    lines = explained([10, 3, 0, 5, 2, 0], "Wsussu")

    def settlement(maal, game_points, paid_for, points):
        return [
            (
                "settlement",
                {"n": 6, "maal": maal, "game_points": game_points, "total_maal": 20, "paid_for": paid_for},
                points,
            )
        ]

    assert lines == {
        "Asha": [("winner", {"others": [-5, -30, 7, -11, -30]}, 69)],
        "Bikram": settlement(3, 3, "seen", -5),
        "Chandra": settlement(0, 10, "unseen", -30),
        "Dipa": settlement(5, 3, "seen", 7),
        "Eka": settlement(2, 3, "seen", -11),
        "Gita": settlement(0, 10, "unseen", -30),
    }


@pytest.mark.parametrize(
    ("maal", "statuses", "expected"),
    [
        ([10, 3, 0, 5, 2, 0], "Wsussu", [69, -5, -30, 7, -11, -30]),
        ([0, 7, 0, 0, 0, 0], "Wsuuuu", [36, 32, -17, -17, -17, -17]),
        ([12, 4, 6, 0], "sWsu", [23, 10, -1, -32]),
    ],
)
def test_explain_worked_examples_add_up_to_the_points(maal, statuses, expected):
    lines = explained(maal, statuses)
    assert [sum(points for _kind, _values, points in lines[name]) for name in lines] == expected


def test_explain_five_players_seen_with_maal_7():
    # the line: 5 × 7 − 3 − 24 = 8
    lines = explained([17, 7, 0, 0, 0], "Wsuss")
    assert lines["Bikram"] == [
        ("settlement", {"n": 5, "maal": 7, "game_points": 3, "total_maal": 24, "paid_for": "seen"}, 8)
    ]


def test_explain_murder_notes_the_unseen_maal():
    lines = explained([12, 4, 6, 5], "sWsu", {"murder": True})
    assert lines["Dipa"] == [
        ("murdered", {"maal": 5}, 0),
        ("settlement", {"n": 4, "maal": 0, "game_points": 10, "total_maal": 22, "paid_for": "unseen"}, -32),
    ]
    assert lines["Bikram"] == [("winner", {"others": [23, -1, -32]}, 10)]


def test_explain_kidnap_moves_the_maal_to_the_winner():
    lines = explained([12, 4, 6, 5], "sWsu", {"kidnap": True})
    assert lines["Dipa"][0] == ("kidnapped", {"maal": 5, "winner": "Bikram"}, 0)
    assert lines["Bikram"] == [
        ("kidnapper", {"maal": 5, "victim": "Dipa"}, 0),
        ("winner", {"others": [18, -6, -37]}, 25),
    ]
    assert lines["Asha"] == [
        ("settlement", {"n": 4, "maal": 12, "game_points": 3, "total_maal": 27, "paid_for": "seen"}, 18)
    ]


def test_explain_dublee_winner_and_seen_by_dublee():
    lines = explained([0, 0, 0], "Wss", extra={0: {"dublee": True}, 1: {"dublee": True}})
    assert lines["Asha"] == [("winner", {"others": [0, -3]}, 3), ("dublee_won", {"bonus": 5, "others": 2}, 10)]
    assert lines["Bikram"] == [
        ("settlement", {"n": 3, "maal": 0, "game_points": 0, "total_maal": 0, "paid_for": "dublee"}, 0),
        ("dublee_paid", {"bonus": 5, "winner": "Asha"}, -5),
    ]


def test_explain_foul_as_its_own_terms():
    # base 9, -3, -3, -3; Dipa pays 15 to each of the 3 others
    lines = explained([0, 0, 0, 0], "Wsss", extra={3: {"foul": True}})
    assert lines["Dipa"][-1] == ("foul_paid", {"fine": 15, "others": 3}, -45)
    assert lines["Asha"][-1] == ("foul_received", {"fine": 15, "fouler": "Dipa"}, 15)
    assert [sum(points for _kind, _values, points in lines[name]) for name in lines] == [24, 12, 12, -48]


def test_explain_sitting_out_has_no_terms():
    assert explained([12, 4, 0, 6], "sWos")["Chandra"] == []


def test_explain_follows_the_seats_whatever_order_a_stored_hand_keeps_its_keys_in():
    rules = m.ENGINE.validate_rules({})
    players, inputs = entries([10, 3, 0, 5, 2, 0], "Wsussu")
    hand = m.ENGINE.validate_hand(rules, players, inputs)
    shuffled = dict(reversed(list(hand.items())))  # as PostgreSQL may give a JSON object back
    explained = m.ENGINE.explain(rules, players, m.ENGINE.start(rules, players), shuffled)
    assert list(explained) == players
    assert explained["Asha"][0].values == {"others": [-5, -30, 7, -11, -30]}
