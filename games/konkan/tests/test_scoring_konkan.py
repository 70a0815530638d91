"""Konkan rules engine, feature by feature (spec: docs/rules/konkan.md)."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import konkan as k
from scoring.errors import InputError
from tests.fixtures import scored, where

from .strategies import KONKAN_NAMES as NAMES
from .strategies import konkan_games as games

RULES = k.ENGINE.validate_rules({})


def W(**more):
    return {"outcome": "winner", **more}


def S(penalty=None, cards=None, **more):
    entry = {"outcome": "set", **more}
    if penalty is not None:
        entry["hand_penalty"] = penalty
    if cards is not None:
        entry["cards"] = cards
    return entry


def N(**more):
    return {"outcome": "not_set", **more}


def O(**more):  # noqa: E743 (O for out, beside W for winner and N for not set)
    return {"outcome": "out", **more}


def hand(*entries, joker=None, players=None):
    """Raw inputs for one hand: entries in seat order; joker=True/False adds "_hand"."""
    players = players or NAMES[: len(entries)]
    inputs = dict(zip(players, entries))
    if joker is not None:
        inputs["_hand"] = {"joker_discard": joker}
    return inputs


def run(hands, rules=None, players=None):
    """Validate and score a list of hands through the public functions."""
    clean_rules = k.ENGINE.validate_rules(rules or {})
    if players is None:
        players = NAMES[: len([key for key in hands[0] if key != "_hand"])]
    clean = k.ENGINE.validate(clean_rules, players, hands)
    return k.ENGINE.score(clean_rules, players, clean)


def points(*entries, joker=None, rules=None):
    """Penalties of one hand, in seat order."""
    players = NAMES[: len(entries)]
    result = run([hand(*entries, joker=joker)], rules, players)
    return [result.points[0][name] for name in players]


def error(hands, rules=None, players=None):
    players = players or NAMES[: len([key for key in hands[0] if key != "_hand"])]
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate(k.ENGINE.validate_rules(rules or {}), players, hands)
    return caught.value


# --- surface ----------------------------------------------------------------------------------


def test_module_surface():
    assert k.ENGINE.SLUG == "konkan"
    assert (k.ENGINE.MIN_PLAYERS, k.ENGINE.MAX_PLAYERS) == (2, 4)
    assert k.ENGINE.default_rules() == {
        "set_threshold": 52,
        "not_set_penalty": 100,
        "joker_discard_penalty": 200,
        "failed_win_penalty": 50,
        "elimination_over": 301,
        "join_at_highest": True,
        "card_penalties": {"A": 11, "J": 10, "Q": 10, "K": 10, "JK": 50},
    }


def test_default_rules_is_a_fresh_copy():
    rules = k.ENGINE.default_rules()
    rules["card_penalties"]["JK"] = 1
    assert k.ENGINE.default_rules()["card_penalties"]["JK"] == 50


def test_no_hands_yet():
    result = k.ENGINE.score(RULES, NAMES[:3], [])
    assert result.points == []
    assert result.totals == {"Asha": 0, "Bina": 0, "Chet": 0}
    assert result.progress == {"dealer": "Asha", "game_over": False, "winner": None, "out": []}


# --- worked example ---------------------------------------------------------------------------


def test_worked_example():
    assert points(S(cards=["AS", "7H", "JK"]), W(), N()) == [68, 0, 100]


def test_worked_example_with_typed_penalty():
    assert points(S(68), W(), N()) == [68, 0, 100]


# --- rules ------------------------------------------------------------------------------------


def test_validate_rules_overlays_defaults():
    rules = k.ENGINE.validate_rules({"not_set_penalty": 80, "card_penalties": {"JK": 25}})
    assert rules["not_set_penalty"] == 80
    assert rules["set_threshold"] == 52
    assert rules["card_penalties"] == {"A": 11, "J": 10, "Q": 10, "K": 10, "JK": 25}


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"bogus": 1}, "bogus"),
        ({"set_threshold": -1}, "set_threshold"),
        ({"set_threshold": 2.5}, "set_threshold"),
        ({"not_set_penalty": True}, "not_set_penalty"),
        ({"not_set_penalty": "100"}, "not_set_penalty"),
        ({"joker_discard_penalty": -5}, "joker_discard_penalty"),
        ({"failed_win_penalty": None}, "failed_win_penalty"),
        ({"failed_win_penalty": 10_001}, "failed_win_penalty"),
        ({"elimination_over": 0}, "elimination_over"),
        ({"elimination_over": False}, "elimination_over"),
        ({"card_penalties": {"Z": 3}}, "Z"),
        ({"card_penalties": {"A": -1}}, "card_penalties"),
        ({"card_penalties": {"JK": True}}, "card_penalties"),
        ({"card_penalties": [50]}, "card_penalties"),
    ],
)
def test_bad_rules_name_the_key(rules, field):
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate_rules(rules)
    assert caught.value.field == field


def test_rules_must_be_an_object():
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate_rules([])
    assert caught.value.field == "rules"


def test_rules_validation_is_idempotent():
    rules = k.ENGINE.validate_rules({"card_penalties": {"A": 1}})
    assert k.ENGINE.validate_rules(rules) == rules


def test_zero_rule_values_allowed():
    rules = k.ENGINE.validate_rules({"joker_discard_penalty": 0, "failed_win_penalty": 0, "set_threshold": 0})
    assert rules["joker_discard_penalty"] == 0


# --- penalties --------------------------------------------------------------------------------


def test_winner_gets_zero_and_not_set_gets_100():
    assert points(W(), N()) == [0, 100]


def test_not_set_penalty_editable():
    assert points(W(), N(), rules={"not_set_penalty": 75}) == [0, 75]


def test_set_player_with_cards_counted():
    # A 11, 2-10 face, J Q K 10, JK 50
    assert points(W(), S(cards=["AH", "2C", "10D", "JS", "QH", "KC", "JK"])) == [0, 11 + 2 + 10 + 30 + 50]


def test_card_penalties_editable():
    rules = {"card_penalties": {"A": 1, "K": 5, "JK": 20}}
    assert points(W(), S(cards=["AH", "KD", "JK", "9S"]), rules=rules) == [0, 1 + 5 + 20 + 9]


def test_set_everything_but_the_discard():
    assert points(W(), S(cards=[]), S(0)) == [0, 0, 0]


def test_joker_discard_every_other_player_gets_200_and_nothing_else():
    assert points(S(cards=["JK", "JK"]), W(), N(), S(5), joker=True) == [200, 0, 200, 200]


def test_joker_discard_skips_out_players():
    hands = [hand(N(), W(), N(), S(250)), hand(N(), W(), N(), S(60))]  # Dev 310: out
    hands.append(hand(N(), W(), N(), O(), joker=True))
    result = run(hands)
    assert result.points[2] == {"Asha": 200, "Bina": 0, "Chet": 200, "Dev": 0}


def test_joker_discard_penalty_editable():
    assert points(W(), N(), joker=True, rules={"joker_discard_penalty": 150}) == [0, 150]


def test_joker_discard_rule_off_changes_nothing():
    rules = {"joker_discard_penalty": 0}
    assert points(W(), N(), S(7), joker=True, rules=rules) == points(W(), N(), S(7), joker=False, rules=rules)
    assert points(W(), N(), S(7), joker=True, rules=rules) == [0, 100, 7]


def test_joker_discard_false_and_absent_are_the_same():
    assert points(W(), N(), S(7), joker=False) == points(W(), N(), S(7)) == [0, 100, 7]


def test_failed_wins_add_50_each_for_anyone():
    assert points(W(failed_wins=1), N(failed_wins=2), S(7, failed_wins=1)) == [50, 200, 57]


def test_failed_wins_also_in_joker_discard_hand():
    assert points(W(failed_wins=1), N(failed_wins=1), S(7), joker=True) == [50, 250, 200]


def test_failed_win_penalty_editable_and_off():
    assert points(W(failed_wins=2), N(), rules={"failed_win_penalty": 30}) == [60, 100]
    assert points(W(failed_wins=2), N(), rules={"failed_win_penalty": 0}) == [0, 100]


def test_out_player_scores_zero():
    hands = [hand(N(), W(), S(302)), hand(N(), W(), O())]
    result = run(hands)
    assert result.points[1] == {"Asha": 100, "Bina": 0, "Chet": 0}


def test_clean_hand_shape_and_idempotent_validation():
    raw = hand(S(cards=["AS"]), W(), N(), S(4, failed_wins=1))
    clean = k.ENGINE.validate(RULES, NAMES, [raw])
    assert clean[0] == {
        "_hand": {"joker_discard": False},
        "Asha": {"outcome": "set", "cards": ["AS"], "failed_wins": 0},
        "Bina": {"outcome": "winner", "failed_wins": 0},
        "Chet": {"outcome": "not_set", "failed_wins": 0},
        "Dev": {"outcome": "set", "hand_penalty": 4, "failed_wins": 1},
    }
    assert k.ENGINE.validate(RULES, NAMES, clean) == clean
    assert raw == hand(S(cards=["AS"]), W(), N(), S(4, failed_wins=1))  # input untouched


# --- bad input --------------------------------------------------------------------------------


def test_no_winner():
    assert where(error([hand(N(), N(), S(3))])) == (1, None, "outcome")


def test_two_winners_names_the_second():
    assert where(error([hand(W(), N(), W())])) == (1, "Chet", "outcome")


def test_bad_outcome():
    assert where(error([hand(W(), {"outcome": "seen"})])) == (1, "Bina", "outcome")


def test_missing_player():
    assert where(error([{"Asha": W(), "_hand": {}}], players=NAMES[:2])) == (1, "Bina", "outcome")


def test_entry_not_an_object():
    assert where(error([hand(W(), None)])) == (1, "Bina", "outcome")


def test_unknown_player():
    assert where(error([{**hand(W(), N()), "Zed": N()}], players=NAMES[:2])) == (1, "Zed", None)


def test_unknown_entry_key():
    assert where(error([hand(W(), N(maal=3))])) == (1, "Bina", "maal")


def test_unknown_hand_key():
    inputs = hand(W(), N())
    inputs["_hand"] = {"joker_discard": False, "trump": "S"}
    assert where(error([inputs])) == (1, None, "trump")


@pytest.mark.parametrize("bad", [1, 0, "yes", None])
def test_joker_discard_must_be_bool(bad):
    inputs = hand(W(), N())
    inputs["_hand"] = {"joker_discard": bad}
    assert where(error([inputs])) == (1, None, "joker_discard")


def test_hand_options_must_be_an_object():
    inputs = hand(W(), N())
    inputs["_hand"] = True
    assert where(error([inputs])) == (1, None, "_hand")


def test_inputs_must_be_an_object():
    assert where(error([["Asha"]], players=NAMES[:2])) == (1, None, "inputs")


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        (N(hand_penalty=5), "hand_penalty"),
        (N(cards=["AS"]), "cards"),
        (W(hand_penalty=0), "hand_penalty"),
        (W(cards=[]), "cards"),
    ],
)
def test_penalty_only_for_set_players(entry, field):
    assert where(error([hand(N(), entry, N())])) == (1, "Bina", field)


def test_penalty_refused_for_out_player():
    hands = [hand(N(), W(), S(302)), hand(N(), W(), O(hand_penalty=0))]
    assert where(error(hands)) == (2, "Chet", "hand_penalty")


def test_set_player_without_penalty():
    assert where(error([hand(W(), S())])) == (1, "Bina", "hand_penalty")


def test_set_player_needs_penalty_in_joker_hand_too():
    assert where(error([hand(W(), S(), joker=True)])) == (1, "Bina", "hand_penalty")


def test_both_penalty_and_cards():
    assert where(error([hand(W(), S(5, cards=["5H"]))])) == (1, "Bina", "hand_penalty")


@pytest.mark.parametrize("code", ["1S", "11H", "ZS", "as", "7X", "7", "", "JK=7H", "JKS", 7, None, "10"])
def test_unknown_card(code):
    assert where(error([hand(W(), S(cards=["AS", code]))])) == (1, "Bina", "cards")


def test_cards_must_be_a_list():
    assert where(error([hand(W(), S(cards="AS 7H"))])) == (1, "Bina", "cards")


def test_too_many_cards_for_one_player():
    cards = [rank + "S" for rank in ("2", "3", "4", "5", "6", "7", "8", "9")] * 2  # 16 cards
    assert where(error([hand(W(), S(cards=cards))])) == (1, "Bina", "cards")


def test_third_copy_of_a_card_across_players():
    hands = [hand(W(), S(cards=["7H", "7H"]), S(cards=["2C", "7H"]))]
    assert where(error(hands)) == (1, "Chet", "cards")


def test_third_joker_across_players():
    hands = [hand(W(), S(cards=["JK"]), S(cards=["JK", "JK"]))]
    assert where(error(hands)) == (1, "Chet", "cards")


def test_two_copies_and_two_jokers_allowed():
    assert points(W(), S(cards=["7H", "JK"]), S(cards=["7H", "JK"])) == [0, 57, 57]


@pytest.mark.parametrize("bad", [-1, True, False, 2.0, "5", None, [5]])
def test_hand_penalty_must_be_a_whole_number(bad):
    assert where(error([hand(W(), S(bad))])) == (1, "Bina", "hand_penalty")


@pytest.mark.parametrize("bad", [-1, True, 1.0, "1", None])
def test_failed_wins_must_be_a_whole_number(bad):
    assert where(error([hand(W(), N(failed_wins=bad))])) == (1, "Bina", "failed_wins")


def test_out_player_cannot_fail_a_win():
    hands = [hand(N(), W(), S(302)), hand(N(), W(), O(failed_wins=1))]
    assert where(error(hands)) == (2, "Chet", "failed_wins")


def test_eliminated_player_must_be_out():
    hands = [hand(N(), W(), S(302)), hand(N(), W(), N())]
    assert where(error(hands)) == (2, "Chet", "outcome")


def test_player_not_eliminated_cannot_be_out():
    assert where(error([hand(W(), N(), O())])) == (1, "Chet", "outcome")
    hands = [hand(N(), W(), S(301)), hand(N(), W(), O())]  # 301 is not over 301
    assert where(error(hands)) == (2, "Chet", "outcome")


def test_hand_after_game_over():
    hands = [hand(W(), S(302)), hand(W(), O())]
    assert where(error(hands)) == (2, None, None)


def test_error_names_first_bad_hand():
    hands = [hand(W(), N()), hand(W(), N()), hand(W(), W())]
    assert error(hands).hand == 3


def test_hands_must_be_a_list():
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate(RULES, NAMES[:2], {"1": {}})
    assert caught.value.field == "hands"


# --- validate_hand and earlier hands ----------------------------------------------------------


def test_validate_hand_without_previous_is_the_first_hand():
    clean = k.ENGINE.validate_hand(RULES, NAMES[:3], hand(W(), N(), S(3)))
    assert clean["Asha"] == {"outcome": "winner", "failed_wins": 0}
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate_hand(RULES, NAMES[:3], hand(W(), N(), O()), hand=1)
    assert where(caught.value) == (1, "Chet", "outcome")


def test_validate_hand_with_previous_knows_eliminations():
    players = NAMES[:3]
    previous = k.ENGINE.validate(RULES, players, [hand(N(), W(), S(302))])
    state = k.ENGINE.score(RULES, players, previous).state
    clean = k.ENGINE.validate_hand(RULES, players, hand(N(), W(), O()), hand=2, state=state)
    assert clean["Chet"] == {"outcome": "out", "failed_wins": 0}
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate_hand(RULES, players, hand(N(), W(), N()), hand=2, state=state)
    assert where(caught.value) == (2, "Chet", "outcome")
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate_hand(RULES, players, hand(N(), W(), N()), state=state)
    assert caught.value.hand == 2


def test_validate_hand_refuses_a_hand_after_game_over():
    previous = k.ENGINE.validate(RULES, NAMES[:2], [hand(W(), S(302))])
    state = k.ENGINE.score(RULES, NAMES[:2], previous).state
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate_hand(RULES, NAMES[:2], hand(W(), N()), hand=2, state=state)
    assert where(caught.value) == (2, None, None)


def test_validate_hand_marriage_style_call_for_a_later_hand():
    # No earlier hands given for hand 5: what depends on them is left to validate().
    clean = k.ENGINE.validate_hand(RULES, NAMES[:3], hand(N(), W(), O()), hand=5)
    assert clean["Chet"]["outcome"] == "out"
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate_hand(RULES, NAMES[:3], hand(W(), W(), N()), hand=5)
    assert where(caught.value) == (5, "Bina", "outcome")


def test_validate_hand_needs_two_players_playing():
    with pytest.raises(InputError) as caught:
        k.ENGINE.validate_hand(RULES, NAMES[:3], hand(W(), O(), O()), hand=4)
    assert where(caught.value) == (4, None, "outcome")


# --- elimination, game end, dealer ------------------------------------------------------------


def test_elimination_over_301_across_hands():
    hands = [hand(S(200), W(), N()), hand(S(101), W(), N()), hand(S(1), W(), N())]
    result = run(hands)
    assert result.totals == {"Asha": 302, "Bina": 0, "Chet": 300}
    assert result.progress["out"] == ["Asha"]
    assert result.progress["game_over"] is False
    hands.append(hand(O(), W(), N()))
    assert run(hands).totals == {"Asha": 302, "Bina": 0, "Chet": 400}


def test_elimination_over_editable():
    result = run([hand(S(101), W(), N())], rules={"elimination_over": 100})  # Chet's 100 is not over
    assert result.progress["out"] == ["Asha"]
    assert result.progress["game_over"] is False
    result = run([hand(S(101), W(), N(failed_wins=1))], rules={"elimination_over": 100})
    assert result.progress["out"] == ["Asha", "Chet"]
    assert result.progress["game_over"] is True
    assert result.progress["winner"] == "Bina"


def test_last_player_standing_wins():
    hands = [hand(N(), W(), N()), hand(N(), W(), N()), hand(S(102), N(), W())]
    result = run(hands)
    assert result.totals == {"Asha": 302, "Bina": 100, "Chet": 200}
    assert result.progress == {"dealer": "Bina", "game_over": False, "winner": None, "out": ["Asha"]}
    hands.append(hand(O(), S(202), W()))
    result = run(hands)
    assert result.totals == {"Asha": 302, "Bina": 302, "Chet": 200}
    assert result.progress == {"dealer": "Chet", "game_over": True, "winner": "Chet", "out": ["Asha", "Bina"]}


def test_two_players_game_ends_at_first_elimination():
    result = run([hand(W(), S(150)), hand(W(), S(152))])
    assert result.progress["game_over"] is True
    assert result.progress["winner"] == "Asha"
    assert result.progress["out"] == ["Bina"]


def test_all_remaining_over_in_same_hand_lowest_wins():
    # Hand 2: everyone goes over, the winner too (by failed wins): Asha's 310 is the lowest.
    hands = [hand(S(290), S(295), W()), hand(S(20), W(failed_wins=7), S(400))]
    result = run(hands)
    assert result.totals == {"Asha": 310, "Bina": 645, "Chet": 400}
    assert result.progress["game_over"] is True
    assert result.progress["winner"] == "Asha"
    assert result.progress["out"] == ["Bina", "Chet"]


def test_all_over_with_a_tie_has_no_winner():
    hands = [hand(W(failed_wins=7), S(350))]
    result = run(hands)
    assert result.totals == {"Asha": 350, "Bina": 350}
    assert result.progress["game_over"] is True
    assert result.progress["winner"] is None
    assert result.progress["out"] == ["Asha", "Bina"]


def test_dealer_rotates_seats():
    players = NAMES[:3]
    hands = []
    dealers = []
    for _ in range(5):
        dealers.append(run(hands, players=players).progress["dealer"])
        hands.append(hand(W(), S(0), S(1)))
    assert dealers == ["Asha", "Bina", "Chet", "Asha", "Bina"]


def test_dealer_skips_eliminated_players():
    # Bina is out after hand 1 (Asha dealt it): Chet deals hand 2, then Dev, then Asha, Chet...
    hands = [hand(N(), S(302), W(), N())]
    assert run(hands).progress["dealer"] == "Chet"
    hands.append(hand(N(), O(), W(), N()))
    assert run(hands).progress["dealer"] == "Dev"
    hands.append(hand(N(), O(), W(), N()))
    assert run(hands).progress["dealer"] == "Asha"
    hands.append(hand(N(), O(), W(), N()))
    assert run(hands).progress["dealer"] == "Chet"


def test_dealer_eliminated_in_own_hand_passes_on():
    # Bina deals hand 2 and goes out in it: Chet deals hand 3.
    hands = [hand(W(), N(), N()), hand(W(), S(300), N())]
    result = run(hands)
    assert result.progress["out"] == ["Bina"]
    assert result.progress["dealer"] == "Chet"


def test_score_points_cover_every_player():
    result = run([hand(W(), N(), S(3), N())])
    assert set(result.points[0]) == set(NAMES)


# --- cards and groups -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "parsed"),
    [
        ("AS", ("A", "S")),
        ("10H", ("10", "H")),
        ("QD", ("Q", "D")),
        ("2C", ("2", "C")),
        ("JK", ("JK", None)),
    ],
)
def test_parse_card(code, parsed):
    assert k.parse_card(code) == parsed


@pytest.mark.parametrize("code", ["1S", "JKH", "KK", "10", "qs", " AS", "AS ", 5, None, ""])
def test_parse_card_refuses(code):
    with pytest.raises(InputError) as caught:
        k.parse_card(code)
    assert caught.value.field == "cards"


def test_card_penalty():
    assert k.card_penalty(RULES, ["AS", "7H", "JK"]) == 68
    assert k.card_penalty(RULES, []) == 0
    assert k.card_penalty(RULES, ["2S", "10D", "JC", "QS", "KH"]) == 42
    assert k.card_penalty(k.ENGINE.validate_rules({"card_penalties": {"JK": 0}}), ["JK"]) == 0


@pytest.mark.parametrize(
    ("group", "value"),
    [
        (["AH", "2H", "3H"], 11 + 2 + 3),  # A low
        (["QS", "KS", "AS"], 10 + 10 + 11),  # A high
        (["3H", "AH", "2H"], 16),  # any order
        (["9D", "10D", "JD", "QD", "KD", "AD"], 9 + 10 + 10 + 10 + 10 + 11),
        (["7S", "7H", "7D"], 21),  # 3 of a rank
        (["KS", "KH", "KD", "KC"], 40),  # 4 of a rank
        (["AS", "AH", "AC"], 33),
        (["5C", "JK=6C", "7C"], 18),  # joker in a run, worth the 6
        (["JK=AS", "KS", "QS"], 31),  # joker standing for a high ace
        (["7S", "7H", "JK=7D"], 21),  # joker in a set of one rank
        (["JK=7S", "JK=7H", "7D"], 21),  # two jokers
        ([k.RANKS[i] + "C" for i in range(13)], 11 + sum(range(2, 11)) + 30),  # A to K
    ],
)
def test_valid_groups(group, value):
    assert k.validate_group(group) == value


@pytest.mark.parametrize(
    "group",
    [
        ["KH", "AH", "2H"],  # K-A-2 wrap
        ["QH", "KH", "AH", "2H"],
        ["AH", "2H", "3H", "QH", "KH"],
        ["7S", "7S", "7H"],  # same suit twice
        ["7S", "7H", "JK=7H"],  # joker repeating a suit
        ["7S", "7H", "7D", "7C", "7S"],  # 5 of a rank
        ["7S", "7H"],  # too short
        ["5C", "6C", "8C"],  # gap
        ["5C", "6C", "6C", "7C"],  # duplicate in a run
        ["5C", "6D", "7C"],  # mixed suits, not a run
        ["5C", "6C", "JK"],  # bare joker: what does it stand for?
        ["5C", "6C", "JK=JK"],
        ["5C", "6C", "JK=7X"],
        ["5C", "6C", "8"],
        [],
        "5C 6C 7C",
        ["AC"] + [k.RANKS[i] + "C" for i in range(1, 13)] + ["AC"],  # A low and high at once
    ],
)
def test_invalid_groups(group):
    with pytest.raises(InputError) as caught:
        k.validate_group(group)
    assert caught.value.field == "groups"


def test_group_error_can_carry_where():
    with pytest.raises(InputError) as caught:
        k.validate_group(["KH", "AH", "2H"], hand=3, player="Asha")
    assert where(caught.value) == (3, "Asha", "groups")


def test_set_value_sums_groups():
    assert k.set_value([["AH", "2H", "3H"], ["KS", "KH", "JK=KD"]]) == 16 + 30


def test_set_value_names_the_bad_group():
    with pytest.raises(InputError) as caught:
        k.set_value([["AH", "2H", "3H"], ["KH", "AH", "2H"]])
    assert caught.value.field == "groups"
    assert "group 2" in caught.value.text


def test_set_value_counts_physical_cards_across_groups():
    with pytest.raises(InputError):
        k.set_value([["AH", "2H", "3H"], ["AH", "2H", "3H"], ["AS", "AH", "AD"]])
    with pytest.raises(InputError):
        k.set_value([["JK=AH", "2H", "3H"], ["JK=5S", "6S", "7S"], ["JK=9D", "10D", "JD"]])
    # a joker's stand-in card is not a physical copy
    assert k.set_value([["AH", "2H", "3H"], ["AH", "2H", "3H"], ["JK=AH", "AS", "AD"]]) == 16 + 16 + 33


def test_set_value_needs_groups():
    for bad in ([], None, "AH"):
        with pytest.raises(InputError):
            k.set_value(bad)


def test_set_threshold_needed_rises_to_highest_set_so_far():
    assert k.set_threshold_needed(RULES, []) == 52
    assert k.set_threshold_needed(RULES, [40]) == 52
    assert k.set_threshold_needed(RULES, [55, 70, 60]) == 70
    assert k.set_threshold_needed(k.ENGINE.validate_rules({"set_threshold": 60}), [55]) == 60


def test_check_set_threshold():
    groups = [["QS", "KS", "AS"], ["10H", "JH", "QH"]]  # 31 + 30 = 61
    assert k.check_set(RULES, groups, 0) == 61
    assert k.check_set(RULES, groups, 61) == 61  # equal to the highest is enough
    with pytest.raises(InputError) as caught:
        k.check_set(RULES, groups, 62)  # threshold rose above it
    assert caught.value.field == "groups"
    with pytest.raises(InputError):
        k.check_set(RULES, [["AH", "2H", "3H"], ["7S", "7H", "7D"]], 0)  # 37 < 52
    low_threshold = k.ENGINE.validate_rules({"set_threshold": 30})
    assert k.check_set(low_threshold, [["AH", "2H", "3H"], ["7S", "7H", "7D"]]) == 37


def test_check_set_refuses_invalid_group():
    with pytest.raises(InputError) as caught:
        k.check_set(RULES, [["KH", "AH", "2H"], ["QS", "KS", "AS"], ["QD", "KD", "AD"]], 0)
    assert caught.value.field == "groups"


def test_threshold_walkthrough_in_one_hand():
    sets = []
    first = k.check_set(RULES, [["QS", "KS", "AS"], ["10H", "JH", "QH"]], k.set_threshold_needed(RULES, sets))
    sets.append(first)
    assert k.set_threshold_needed(RULES, sets) == 61
    with pytest.raises(InputError):
        k.check_set(RULES, [["KD", "KH", "KC"], ["9S", "10S", "JS"]], max(sets))  # 30 + 29 = 59
    sets.append(k.check_set(RULES, [["KD", "KH", "KC", "KS"], ["9S", "10S", "JS"]], max(sets)))  # 69
    assert k.set_threshold_needed(RULES, sets) == 69


# --- properties -------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(games())
def test_property_penalties_never_negative(game):
    players, rules, hands = game
    result = scored(k.ENGINE, rules, players, hands)
    for hand_points in result.points:
        assert all(isinstance(value, int) and value >= 0 for value in hand_points.values())


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(games())
def test_property_totals_are_sum_of_hands(game):
    players, rules, hands = game
    result = scored(k.ENGINE, rules, players, hands)
    assert len(result.points) == len(hands)
    assert result.totals == {name: sum(p[name] for p in result.points) for name in players}


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(games())
def test_property_score_and_validate_idempotent(game):
    players, rules, hands = game
    original = copy.deepcopy(hands)
    clean = k.ENGINE.validate(rules, players, hands)
    assert hands == original
    assert k.ENGINE.validate(rules, players, clean) == clean
    assert k.ENGINE.score(rules, players, clean) == k.ENGINE.score(rules, players, copy.deepcopy(clean))
    assert k.ENGINE.score(rules, players, clean) == k.ENGINE.score(rules, players, clean)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_property_seat_order_does_not_change_penalties(game, rnd):
    players, rules, hands = game
    seated = list(players)
    rnd.shuffle(seated)
    first = scored(k.ENGINE, rules, players, hands)
    second = scored(k.ENGINE, rules, seated, hands)
    assert first.points == second.points
    assert first.totals == second.totals
    for key in ("game_over", "winner"):
        assert first.progress[key] == second.progress[key]
    assert set(first.progress["out"]) == set(second.progress["out"])


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(games())
def test_property_validate_hand_with_previous_agrees_with_validate(game):
    players, rules, hands = game
    clean = k.ENGINE.validate(rules, players, hands)
    for number, inputs in enumerate(hands, 1):
        state = k.ENGINE.score(rules, players, clean[: number - 1]).state
        again = k.ENGINE.validate_hand(rules, players, inputs, hand=number, state=state)
        assert again == clean[number - 1]


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(games())
def test_property_eliminated_are_over_the_limit(game):
    players, rules, hands = game
    result = scored(k.ENGINE, rules, players, hands)
    progress = result.progress
    for name in progress["out"]:
        assert result.totals[name] > rules["elimination_over"]
    if progress["winner"] is not None:
        assert progress["game_over"]
        assert progress["winner"] not in progress["out"]
    assert progress["dealer"] in players
    if not progress["game_over"]:
        assert progress["dealer"] not in progress["out"]


# --- the score worked out (explain) ---------------------------------------------------------


def explained(hands, rules=None, players=None):
    """Each player's terms of the last of `hands`, as (kind, values, points)."""
    clean_rules = k.ENGINE.validate_rules(rules or {})
    players = players or NAMES[: len([key for key in hands[0] if key != "_hand"])]
    clean = k.ENGINE.validate(clean_rules, players, hands)
    state = k.ENGINE.score(clean_rules, players, clean[:-1]).state
    return {
        name: [(term.kind, term.values, term.points) for term in terms]
        for name, terms in k.ENGINE.explain(clean_rules, players, state, clean[-1]).items()
    }


def test_explain_worked_example():
    # A had set and holds A♠, 7♥, joker → 11 + 7 + 50 = 68; C never set → 100
    lines = explained([hand(S(cards=["AS", "7H", "JK"]), W(), N())])
    assert lines == {
        "Asha": [("cards_left", {"cards": [["AS", 11], ["7H", 7], ["JK", 50]]}, 68)],
        "Bina": [("winner", {}, 0)],
        "Chet": [("not_set", {"penalty": 100}, 100)],
    }


def test_explain_joker_discard_failed_wins_and_typed_penalty():
    lines = explained([hand(S(penalty=12, failed_wins=1), W(failed_wins=2), N(), joker=True)])
    assert lines["Asha"] == [
        ("joker_discard", {"penalty": 200, "winner": "Bina"}, 200),
        ("failed_wins", {"count": 1, "penalty": 50}, 50),
    ]
    assert lines["Bina"] == [("winner", {}, 0), ("failed_wins", {"count": 2, "penalty": 50}, 100)]
    lines = explained([hand(S(penalty=12), W(), N(), joker=False)])
    assert lines["Asha"] == [("hand_penalty", {"penalty": 12}, 12)]


def test_explain_elimination_and_the_game_won():
    # Chet: 100 + 100 + 100 + 50 = 350 > 301: out; Asha and Bina are left
    game = [
        hand(W(), S(penalty=10), N()),
        hand(W(), S(penalty=10), N()),
        hand(W(), S(penalty=10), N()),
        hand(W(), S(penalty=10), S(penalty=50)),
    ]
    lines = explained(game)
    assert lines["Chet"] == [("hand_penalty", {"penalty": 50}, 50), ("eliminated", {"total": 350, "limit": 301}, 0)]
    assert lines["Asha"] == [("winner", {}, 0)]
    last = explained([*game, hand(W(), S(penalty=300), O())])
    assert last["Chet"] == [("out", {}, 0)]
    assert last["Bina"][-1] == ("eliminated", {"total": 340, "limit": 301}, 0)
    assert last["Asha"] == [("winner", {}, 0), ("game_won", {}, 0)]
