"""Marriage with honors rules engine (spec: docs/rules/marriage-honors.md)."""

import copy
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import checks
from scoring import marriage_honors as mh
from scoring.errors import InputError
from tests.fixtures import hand_error, rule_error, scored, where

from .strategies import HONORS_NAMES as NAMES
from .strategies import honors_games as games

OUTCOME = {
    "D": "declared",
    "P": "played",
    "F": "surrendered_first",
    "L": "surrendered_later",
    "N": "no_turn",
    "I": "inactive",
}


def round_of(deal):
    """(round, deal within it) of a game's deal: the rules' "round 2.4" is (3, 4)."""
    return deal["round_number"], deal["deal_number"]


def entry(letter, honors=0, marriages=0, hand_points=0):
    """A raw entry with only the fields its outcome takes."""
    outcome = OUTCOME[letter]
    if outcome == "inactive":
        return {"outcome": outcome}
    raw = {"outcome": outcome, "honors": honors, "marriages": marriages}
    if outcome in ("played", "no_turn"):
        raw["hand_points"] = hand_points
    return raw


def game(letters, honors=None, marriages=None, hand_points=None):
    """Players and raw inputs for one game: outcome letters (D P F L N I) and per-seat lists."""
    players = NAMES[: len(letters)]
    size = len(letters)
    honors, marriages, hand_points = (list(x) if x else [0] * size for x in (honors, marriages, hand_points))
    inputs = {
        name: entry(letter, h, m, p) for name, letter, h, m, p in zip(players, letters, honors, marriages, hand_points)
    }
    return players, inputs


def points(letters, honors=None, marriages=None, hand_points=None, rules=None):
    """Points of one game, in seat order, through the public functions."""
    clean_rules = mh.ENGINE.validate_rules(rules or {})
    players, inputs = game(letters, honors, marriages, hand_points)
    hand = mh.ENGINE.validate_hand(clean_rules, players, inputs)
    result = mh.ENGINE.score(clean_rules, players, [hand])
    return [result.points[0][name] for name in players]


# --- the worked example and each outcome ----------------------------------------------------


def test_worked_example():
    # A: 2 honors, declared. B: 1 marriage + 1 honor, 17 in hand. C: no honors, surrendered first.
    assert points("DPF", honors=[2, 1, 0], marriages=[0, 1, 0], hand_points=[0, 17, 0]) == [30, 6, -36]


def test_worked_example_parts():
    rules = mh.ENGINE.validate_rules({})
    players, inputs = game("DPF", honors=[2, 1, 0], marriages=[0, 1, 0], hand_points=[0, 17, 0])
    clean = mh.ENGINE.validate_hand(rules, players, inputs)
    assert [mh.honor_total(rules, clean[name]) for name in players] == [8, 24, 0]
    assert [mh.twice_points_in_hand(rules, clean[name]) for name in players] == [0, 34, 4]


def test_played_pays_twice_its_hand_points():
    assert points("DP", hand_points=[0, 17]) == [34, -34]
    assert points("DP", hand_points=[0, 0]) == [0, 0]


def test_surrendered_first_and_later():
    assert points("DFL") == [4 + 10, -4, -10]
    assert points("DFL", rules={"surrender_first_points": 3, "surrender_later_points": 8}) == [22, -6, -16]


def test_no_turn_halves_the_hand_points_without_a_fraction():
    # points_in_hand = 17/2, PART_B = -17
    assert points("DN", hand_points=[0, 17]) == [17, -17]
    assert points("DNP", hand_points=[0, 21, 4]) == [29, -21, -8]


def test_declarer_collects_twice_everyones_points_in_hand():
    # 2*(10 + 2 + 5 + 7) = 48; no honors anywhere
    assert points("PFLND", hand_points=[10, 0, 0, 14, 0]) == [-20, -4, -10, -14, 48]


def test_honors_and_marriages_part_a():
    # n = 2: h_B = 4, H = 4 -> B +4, A -4
    assert points("DP", honors=[0, 1]) == [-4, 4]
    # h = 2*4 + 1*20 = 28 for A, 0 for B, C: PART_A = 3*28 - 28 = 56, -28, -28
    assert points("DFF", honors=[2, 0, 0], marriages=[1, 0, 0]) == [56 + 8, -28 - 4, -28 - 4]


def test_honor_and_marriage_values_from_the_rules():
    rules = {"honor_value": 5, "marriage_points": 30}
    # h: A 5, B 30; n = 2, H = 35: A 10 - 35 = -25, B 60 - 35 = 25
    assert points("DP", honors=[1, 0], marriages=[0, 1], rules=rules) == [-25, 25]


def test_declarer_can_hold_honors_and_lose():
    # n = 2, h_B = 20, H = 20: B 40 - 20 - 2 = 18, A -18
    assert points("DP", honors=[0, 5], hand_points=[0, 1]) == [-18, 18]


def test_inactive_players_score_zero_and_are_not_counted_in_n():
    # the worked example with an inactive player in the third seat: n stays 3
    assert points("DPIF", honors=[2, 1, 0, 0], marriages=[0, 1, 0, 0], hand_points=[0, 17, 0, 0]) == [30, 6, 0, -36]
    assert points("IDP", hand_points=[0, 0, 5]) == [0, 10, -10]


def test_totals_add_up_games():
    rules = mh.ENGINE.validate_rules({})
    players, one = game("DPF", honors=[2, 1, 0], marriages=[0, 1, 0], hand_points=[0, 17, 0])
    _, two = game("FDI")
    result = mh.ENGINE.score(rules, players, mh.ENGINE.validate(rules, players, [one, two]))
    assert result.points == [{"Asha": 30, "Bikram": 6, "Chandra": -36}, {"Asha": -4, "Bikram": 4, "Chandra": 0}]
    assert result.totals == {"Asha": 26, "Bikram": 10, "Chandra": -36}


def test_score_of_no_games():
    rules = mh.ENGINE.validate_rules({})
    result = mh.ENGINE.score(rules, NAMES[:3], [])
    assert result.points == [] and result.totals == dict.fromkeys(NAMES[:3], 0)
    assert result.progress.pop("stats") == {name: dict.fromkeys(mh.STAT_KEYS, 0) for name in NAMES[:3]}
    assert result.progress == {
        "dealer": "Asha",
        "cutter": "Chandra",
        "leader": "Bikram",
        "round_number": 1,
        "deal_number": 1,
        "game_over": False,
        "winner": None,
    }


def test_clean_entries_hold_only_what_applies():
    rules = mh.ENGINE.validate_rules({})
    players, inputs = game("DPNFLI", honors=[1, 2, 3, 0, 0, 0], hand_points=[0, 9, 7, 0, 0, 0])
    del inputs["Asha"]["marriages"]  # defaults to 0
    clean = mh.ENGINE.validate_hand(rules, players, inputs)
    assert clean == {
        "Asha": {"outcome": "declared", "honors": 1, "marriages": 0},
        "Bikram": {"outcome": "played", "honors": 2, "marriages": 0, "hand_points": 9},
        "Chandra": {"outcome": "no_turn", "honors": 3, "marriages": 0, "hand_points": 7},
        "Dipa": {"outcome": "surrendered_first", "honors": 0, "marriages": 0},
        "Eka": {"outcome": "surrendered_later", "honors": 0, "marriages": 0},
        "Gita": {"outcome": "inactive"},
    }
    assert mh.ENGINE.validate_hand(rules, players, clean) == clean
    assert mh.ENGINE.validate_hand(rules, players, {**clean, "_hand": {}}) == clean


def test_limits_up_to_the_bounds_are_fine():
    rules = mh.ENGINE.validate_rules({})
    players, inputs = game("DPN", honors=[22, 0, 0], marriages=[1, 1, 1], hand_points=[0, 210, 210])
    mh.ENGINE.validate_hand(rules, players, inputs)


# --- deals, cuts, leads and rounds ----------------------------------------------------------


def active_game(players, inactive=()):
    """Clean inputs of a game where `inactive` sit out (the first active player declares)."""
    active = [name for name in players if name not in inactive]
    return {
        name: {"outcome": "inactive"}
        if name in inactive
        else {"outcome": "declared" if name == active[0] else "surrendered_first", "honors": 0, "marriages": 0}
        for name in players
    }


def state_after(rules, players, hands):
    """The fold state after these validated games."""
    return mh.ENGINE.score(rules, players, hands).state


def rotate(players, sat_out, direction="clockwise"):
    """rotation() before each game: sat_out lists, per game, who is inactive in it."""
    rules = mh.ENGINE.validate_rules({"direction": direction})
    hands, turns = [], []
    for inactive in sat_out:
        turns.append(mh.rotation(rules, players, state_after(rules, players, hands), inactive=inactive))
        hands.append(active_game(players, inactive))
    assert mh.deals(rules, players, hands) == turns
    return [(turn["dealer"], turn["cutter"], turn["leader"], "round %s, deal %s" % round_of(turn)) for turn in turns]


def test_clockwise_everyone_active():
    players = NAMES[:4]
    assert rotate(players, [()] * 6) == [
        ("Asha", "Dipa", "Bikram", "round 1, deal 1"),
        ("Bikram", "Asha", "Chandra", "round 1, deal 2"),
        ("Chandra", "Bikram", "Dipa", "round 1, deal 3"),
        ("Dipa", "Chandra", "Asha", "round 1, deal 4"),
        ("Asha", "Dipa", "Bikram", "round 2, deal 1"),
        ("Bikram", "Asha", "Chandra", "round 2, deal 2"),
    ]


def test_anticlockwise_everyone_active():
    players = NAMES[:4]
    assert rotate(players, [()] * 5, "anticlockwise") == [
        ("Asha", "Bikram", "Dipa", "round 1, deal 1"),
        ("Dipa", "Asha", "Chandra", "round 1, deal 2"),
        ("Chandra", "Dipa", "Bikram", "round 1, deal 3"),
        ("Bikram", "Chandra", "Asha", "round 1, deal 4"),
        ("Asha", "Bikram", "Dipa", "round 2, deal 1"),
    ]


def test_clockwise_skips_inactive_dealer_cutter_and_leader():
    players = NAMES[:5]  # Asha Bikram Chandra Dipa Eka
    assert rotate(players, [(), ("Bikram",), ("Eka",), ("Asha",), (), ()]) == [
        ("Asha", "Eka", "Bikram", "round 1, deal 1"),
        ("Chandra", "Asha", "Dipa", "round 1, deal 2"),  # Bikram skipped as dealer and cutter
        ("Dipa", "Chandra", "Asha", "round 1, deal 3"),  # Eka skipped as leader
        ("Eka", "Dipa", "Bikram", "round 1, deal 4"),  # Asha skipped as leader
        ("Asha", "Eka", "Bikram", "round 2, deal 1"),  # back at the first dealer's seat
        ("Bikram", "Asha", "Chandra", "round 2, deal 2"),
    ]


def test_anticlockwise_skips_inactive_players():
    players = NAMES[:5]  # play order Asha Eka Dipa Chandra Bikram
    assert rotate(players, [(), ("Eka",), ("Asha", "Chandra"), ()], "anticlockwise") == [
        ("Asha", "Bikram", "Eka", "round 1, deal 1"),
        ("Dipa", "Asha", "Chandra", "round 1, deal 2"),  # Eka skipped as dealer and cutter
        ("Bikram", "Dipa", "Eka", "round 1, deal 3"),  # Chandra skipped as dealer, Asha as leader
        ("Asha", "Bikram", "Eka", "round 2, deal 1"),
    ]


def test_first_player_inactive_in_the_first_game():
    # the round starts with Bikram and Asha deals its last game
    players = NAMES[:4]
    assert rotate(players, [("Asha",), (), (), (), (), ()]) == [
        ("Bikram", "Dipa", "Chandra", "round 1, deal 1"),
        ("Chandra", "Bikram", "Dipa", "round 1, deal 2"),
        ("Dipa", "Chandra", "Asha", "round 1, deal 3"),
        ("Asha", "Dipa", "Bikram", "round 1, deal 4"),
        ("Bikram", "Asha", "Chandra", "round 2, deal 1"),
        ("Chandra", "Bikram", "Dipa", "round 2, deal 2"),
    ]


def test_round_starting_seat_inactive_starts_the_round_at_the_next_seat():
    players = NAMES[:3]
    assert rotate(players, [(), (), (), ("Asha",), (), (), ()]) == [
        ("Asha", "Chandra", "Bikram", "round 1, deal 1"),
        ("Bikram", "Asha", "Chandra", "round 1, deal 2"),
        ("Chandra", "Bikram", "Asha", "round 1, deal 3"),
        ("Bikram", "Chandra", "Chandra", "round 2, deal 1"),  # 2 active: cutter and leader are one
        ("Chandra", "Bikram", "Asha", "round 2, deal 2"),
        ("Asha", "Chandra", "Bikram", "round 2, deal 3"),
        ("Bikram", "Asha", "Chandra", "round 3, deal 1"),
    ]


def test_two_players():
    assert rotate(NAMES[:2], [()] * 3) == [
        ("Asha", "Bikram", "Bikram", "round 1, deal 1"),
        ("Bikram", "Asha", "Asha", "round 1, deal 2"),
        ("Asha", "Bikram", "Bikram", "round 2, deal 1"),
    ]


def test_the_first_deal_is_round_1_deal_1():
    # Not "round 0.1": the rules' "round 2.4" means round 3's 4th deal, so the first is round 1's 1st.
    players = NAMES[:4]
    rules = mh.ENGINE.validate_rules({})
    assert round_of(mh.rotation(rules, players, mh.ENGINE.start(rules, players))) == (1, 1)
    assert round_of(mh.ENGINE.score(rules, players, [active_game(players)]).progress) == (1, 2)


def test_round_label_like_the_spec():
    # 4 players, 11 games (2 full rounds and 3 deals): the next game is round 3's 4th deal
    players = NAMES[:4]
    rules = mh.ENGINE.validate_rules({})
    hands = [active_game(players)] * 11
    assert round_of(mh.rotation(rules, players, state_after(rules, players, hands))) == (3, 4)


def test_score_progress_assumes_everyone_active_next():
    rules = mh.ENGINE.validate_rules({})
    players = NAMES[:4]
    hands = [active_game(players), active_game(players, ("Bikram",))]
    progress = mh.ENGINE.score(rules, players, hands).progress
    assert progress.pop("stats") == mh.stats(players, hands)
    assert progress == {
        "dealer": "Dipa",
        "cutter": "Chandra",
        "leader": "Asha",
        "round_number": 1,
        "deal_number": 3,
        "game_over": False,
        "winner": None,
    }
    # Dipa sitting out: the deal reaches Asha's seat (the round's first dealer), a new round
    assert mh.rotation(rules, players, state_after(rules, players, hands), inactive=["Dipa"]) == {
        "dealer": "Asha",
        "cutter": "Chandra",
        "leader": "Bikram",
        "round_number": 2,
        "deal_number": 1,
    }
    # Dipa and Asha sitting out: the deal passes Asha's seat, a new round too
    assert mh.rotation(rules, players, state_after(rules, players, hands), inactive={"Dipa", "Asha"}) == {
        "dealer": "Bikram",
        "cutter": "Chandra",
        "leader": "Chandra",
        "round_number": 2,
        "deal_number": 1,
    }


def test_rotation_rejects_unknown_names_and_too_few_active():
    rules = mh.ENGINE.validate_rules({})
    with pytest.raises(InputError) as caught:
        mh.rotation(rules, NAMES[:3], mh.ENGINE.start(rules, NAMES[:3]), inactive=["Zara"])
    assert (caught.value.player, caught.value.field) == ("Zara", "outcome")
    with pytest.raises(InputError) as caught:
        mh.rotation(rules, NAMES[:3], mh.ENGINE.start(rules, NAMES[:3]), inactive=["Asha", "Bikram"])
    assert (caught.value.player, caught.value.field) == (None, "outcome")


# --- statistics -----------------------------------------------------------------------------


def test_stats():
    rules = mh.ENGINE.validate_rules({})
    players = NAMES[:3]
    hands = mh.ENGINE.validate(
        rules,
        players,
        [
            game("DPF", honors=[2, 1, 0], marriages=[0, 1, 0], hand_points=[0, 17, 0])[1],
            game("LDI", honors=[0, 3, 0], marriages=[1, 0, 0])[1],
            game("NFD", honors=[0, 0, 1], hand_points=[5, 0, 0])[1],
        ],
    )
    assert mh.stats(players, hands) == {
        "Asha": {
            "marriages": 1,
            "honors": 2,
            "declarations": 1,
            "games_without_honors": 1,
            "surrenders": 1,
            "games_played": 3,
        },
        "Bikram": {
            "marriages": 1,
            "honors": 4,
            "declarations": 1,
            "games_without_honors": 1,
            "surrenders": 1,
            "games_played": 3,
        },
        "Chandra": {
            "marriages": 0,
            "honors": 1,
            "declarations": 1,
            "games_without_honors": 1,
            "surrenders": 1,
            "games_played": 2,
        },
    }
    assert mh.stats(players, []) == {name: dict.fromkeys(mh.STAT_KEYS, 0) for name in players}


# --- card points ----------------------------------------------------------------------------


def test_hand_points_from_cards():
    assert mh.hand_points_from_cards(["AS", "10H", "JK", "7C", "KD", "QS", "JH", "2D"]) == 59
    assert mh.hand_points_from_cards([]) == 0
    assert mh.hand_points_from_cards(["JK", "JK"]) == 0
    assert [mh.hand_points_from_cards([f"{rank}H"]) for rank in ("2", "3", "9", "10")] == [2, 3, 9, 10]


@pytest.mark.parametrize("bad", ["1H", "AX", "as", "11S", "", "JKH", "10", "H", 5, None])
def test_bad_card_code(bad):
    with pytest.raises(InputError) as caught:
        mh.hand_points_from_cards(["AS", bad], hand=2, player="Asha")
    assert where(caught.value) == (2, "Asha", "cards")


@pytest.mark.parametrize("bad", ["AS", None, {"AS": 1}])
def test_cards_must_be_a_list(bad):
    with pytest.raises(InputError) as caught:
        mh.hand_points_from_cards(bad)
    assert caught.value.field == "cards"


# --- bad game inputs ------------------------------------------------------------------------


def test_missing_entry():
    players, inputs = game("DPF", hand_points=[0, 3, 0])
    del inputs["Chandra"]
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Chandra", "outcome")


@pytest.mark.parametrize("bad", [None, "declared", 3, []])
def test_entry_not_an_object(bad):
    players, inputs = game("DF")
    inputs["Bikram"] = bad
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Bikram", "outcome")


@pytest.mark.parametrize("bad", ["won", "Declared", None, "out", True])
def test_unknown_outcome(bad):
    players, inputs = game("DF")
    inputs["Bikram"]["outcome"] = bad
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Bikram", "outcome")


def test_missing_outcome():
    players, inputs = game("DF")
    del inputs["Bikram"]["outcome"]
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Bikram", "outcome")


def test_no_declarer():
    assert where(hand_error(mh.ENGINE, *game("FLP", hand_points=[0, 0, 4]))) == (1, None, "outcome")


def test_two_declarers():
    assert where(hand_error(mh.ENGINE, *game("DFD"))) == (1, "Chandra", "outcome")


@pytest.mark.parametrize("letters", ["DI", "DII", "IID"])
def test_fewer_than_two_active(letters):
    assert where(hand_error(mh.ENGINE, *game(letters))) == (1, None, "outcome")


@pytest.mark.parametrize("letter", ["P", "N"])
def test_hand_points_missing_where_needed(letter):
    players, inputs = game("D" + letter)
    del inputs["Bikram"]["hand_points"]
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Bikram", "hand_points")


@pytest.mark.parametrize("letter", ["P", "N"])
@pytest.mark.parametrize("bad", [-1, 2.5, 4.0, True, False, "5", None, 211])
def test_bad_hand_points(letter, bad):
    players, inputs = game("D" + letter)
    inputs["Bikram"]["hand_points"] = bad
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Bikram", "hand_points")


def test_hand_points_bound_follows_cards_per_hand():
    players, inputs = game("DP", hand_points=[0, 101])
    assert where(hand_error(mh.ENGINE, players, inputs, {"cards_per_hand": 10})) == (1, "Bikram", "hand_points")
    inputs["Bikram"]["hand_points"] = 100
    mh.ENGINE.validate(mh.ENGINE.validate_rules({"cards_per_hand": 10}), players, [inputs])


@pytest.mark.parametrize("letter", ["D", "F", "L"])
@pytest.mark.parametrize("value", [0, 7])
def test_hand_points_where_meaningless(letter, value):
    players, inputs = game("DP" + letter if letter != "D" else "DP", hand_points=[0, 3, 0])
    seat = players[2] if letter != "D" else players[0]
    inputs[seat]["hand_points"] = value
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, seat, "hand_points")


@pytest.mark.parametrize("key", ["honors", "marriages"])
@pytest.mark.parametrize("bad", [-1, 1.5, 1.0, True, False, "2", None])
def test_bad_honors_and_marriages(key, bad):
    players, inputs = game("DF")
    inputs["Bikram"][key] = bad
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Bikram", key)


def test_honors_missing_for_an_active_player():
    players, inputs = game("DF")
    del inputs["Asha"]["honors"]
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Asha", "honors")


def test_too_many_honors_for_one_hand():
    players, inputs = game("DF", honors=[0, 23])
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Bikram", "honors")
    assert where(hand_error(mh.ENGINE, *game("DF", honors=[0, 8]), {"cards_per_hand": 6})) == (1, "Bikram", "honors")


def test_more_marriages_than_the_decks_hold():
    assert where(hand_error(mh.ENGINE, *game("DF", marriages=[0, 4]))) == (1, "Bikram", "marriages")
    assert where(hand_error(mh.ENGINE, *game("DFP", marriages=[2, 1, 1]))) == (1, None, "marriages")
    players, inputs = game("DFP", marriages=[2, 1, 1])
    mh.ENGINE.validate(mh.ENGINE.validate_rules({"decks": 4}), players, [inputs])


@pytest.mark.parametrize(
    ("key", "value"),
    [("honors", 2), ("honors", 0), ("marriages", 1), ("marriages", 0), ("hand_points", 0), ("hand_points", 12)],
)
def test_inactive_player_with_honors_or_points(key, value):
    players, inputs = game("DFI")
    inputs["Chandra"][key] = value
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Chandra", key)


@pytest.mark.parametrize("letter", ["D", "I", "P"])
def test_unknown_entry_key(letter):
    players, inputs = game({"D": "FD", "I": "FID", "P": "FPD"}[letter], hand_points=[0, 1, 0])
    inputs["Bikram"]["cards"] = ["AS"]
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Bikram", "cards")


def test_unknown_player():
    players, inputs = game("DF")
    inputs["Zara"] = entry("F")
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, "Zara", None)


def test_per_hand_inputs_are_refused():
    players, inputs = game("DF")
    inputs["_hand"] = {"joker": "7H"}
    assert where(hand_error(mh.ENGINE, players, inputs)) == (1, None, "_hand")


@pytest.mark.parametrize("bad", [None, [], "x"])
def test_inputs_not_an_object(bad):
    assert where(hand_error(mh.ENGINE, NAMES[:2], bad)) == (1, None, "inputs")


def test_error_names_the_bad_hand():
    rules = mh.ENGINE.validate_rules({})
    players, good = game("DFL")
    bad = copy.deepcopy(good)
    bad["Bikram"]["outcome"] = "declared"
    with pytest.raises(InputError) as caught:
        mh.ENGINE.validate(rules, players, [good, good, bad])
    assert where(caught.value) == (3, "Bikram", "outcome")


def test_validate_hand_takes_previous_hands():
    rules = mh.ENGINE.validate_rules({})
    players, inputs = game("DF")
    state = state_after(rules, players, [mh.ENGINE.validate_hand(rules, players, inputs)])
    clean = mh.ENGINE.validate_hand(rules, players, inputs, hand=2, state=state)
    assert clean == mh.ENGINE.validate_hand(rules, players, inputs)


# --- rules ----------------------------------------------------------------------------------


def test_default_rules():
    rules = mh.ENGINE.validate_rules({})
    assert (
        rules
        == mh.ENGINE.default_rules()
        == {
            "honor_value": 4,
            "marriage_points": 20,
            "surrender_first_points": 2,
            "surrender_later_points": 5,
            "decks": 3,
            "cards_per_hand": 21,
            "direction": "clockwise",
            "point_rate": 1,
            "currency": "",
        }
    )
    assert (mh.ENGINE.SLUG, mh.ENGINE.MIN_PLAYERS, mh.ENGINE.MAX_PLAYERS) == ("marriage-honors", 2, 10)


def test_rules_are_overlaid_on_defaults():
    rules = mh.ENGINE.validate_rules(
        {"decks": 5, "direction": "anticlockwise", "point_rate": 0.25, "currency": " NPR "}
    )
    assert (rules["decks"], rules["direction"], rules["point_rate"], rules["currency"], rules["honor_value"]) == (
        5,
        "anticlockwise",
        0.25,
        "NPR",
        4,
    )
    assert mh.ENGINE.validate_rules(rules) == rules


def test_default_rules_is_a_fresh_copy():
    mh.ENGINE.default_rules()["decks"] = 5
    assert mh.ENGINE.default_rules()["decks"] == 3


def test_unknown_rule_key():
    assert rule_error(mh.ENGINE, {"honour_value": 4}).field == "honour_value"


@pytest.mark.parametrize("bad", [None, [], "x"])
def test_rules_not_an_object(bad):
    assert rule_error(mh.ENGINE, bad).field == "rules"


@pytest.mark.parametrize("key", mh.POINT_KEYS)
@pytest.mark.parametrize("bad", [-1, True, 2.5, "3", None, 10_001])
def test_bad_rule_points(key, bad):
    assert rule_error(mh.ENGINE, {key: bad}).field == key


@pytest.mark.parametrize("bad", [2, 6, 0, True, 3.0, "3"])
def test_decks_out_of_range(bad):
    assert rule_error(mh.ENGINE, {"decks": bad}).field == "decks"


@pytest.mark.parametrize("good", [3, 4, 5])
def test_decks_in_range(good):
    assert mh.ENGINE.validate_rules({"decks": good})["decks"] == good


@pytest.mark.parametrize("bad", [2, 53, 21.0, False])
def test_bad_cards_per_hand(bad):
    assert rule_error(mh.ENGINE, {"cards_per_hand": bad}).field == "cards_per_hand"


@pytest.mark.parametrize("bad", ["left", "Clockwise", "", None, 1])
def test_bad_direction(bad):
    assert rule_error(mh.ENGINE, {"direction": bad}).field == "direction"


@pytest.mark.parametrize("bad", [0, -1, 0.125, True, "1", None])
def test_bad_point_rate(bad):
    assert rule_error(mh.ENGINE, {"point_rate": bad}).field == "point_rate"


@pytest.mark.parametrize("bad", [5, "ABCDEFGHIJK"])
def test_bad_currency(bad):
    assert rule_error(mh.ENGINE, {"currency": bad}).field == "currency"


def test_player_limits():
    assert checks.players(NAMES, minimum=mh.ENGINE.MIN_PLAYERS, maximum=mh.ENGINE.MAX_PLAYERS) == NAMES
    with pytest.raises(InputError):
        checks.players([*NAMES, "Laxmi"], minimum=mh.ENGINE.MIN_PLAYERS, maximum=mh.ENGINE.MAX_PLAYERS)
    with pytest.raises(InputError):
        checks.players(NAMES[:1], minimum=mh.ENGINE.MIN_PLAYERS, maximum=mh.ENGINE.MAX_PLAYERS)


# --- properties -----------------------------------------------------------------------------


def spec_points(rules, inputs):
    """The spec's formula written out with exact fractions, for one game of raw inputs."""
    active = {name: raw for name, raw in inputs.items() if raw["outcome"] != "inactive"}
    n = len(active)
    h = {
        name: raw["honors"] * rules["honor_value"] + raw.get("marriages", 0) * rules["marriage_points"]
        for name, raw in active.items()
    }
    total = sum(h.values())
    in_hand = {
        "played": lambda raw: Fraction(raw["hand_points"]),
        "surrendered_first": lambda raw: Fraction(rules["surrender_first_points"]),
        "surrendered_later": lambda raw: Fraction(rules["surrender_later_points"]),
        "no_turn": lambda raw: Fraction(raw["hand_points"], 2),
    }
    result = dict.fromkeys(inputs, Fraction(0))
    others = Fraction(0)
    for name, raw in active.items():
        part_a = n * h[name] - total
        if raw["outcome"] == "declared":
            result[name] += part_a
            declarer = name
        else:
            pih = in_hand[raw["outcome"]](raw)
            others += pih
            result[name] = part_a - 2 * pih
    result[declarer] += 2 * others
    return result


@pytest.mark.slow
@given(games())
def test_every_game_sums_to_zero_and_inactive_players_score_zero(game_):
    rules, players, hands = game_
    result = scored(mh.ENGINE, rules, players, hands)
    assert len(result.points) == len(hands)
    for hand_points, inputs in zip(result.points, hands):
        assert set(hand_points) == set(players)
        assert sum(hand_points.values()) == 0
        assert all(hand_points[name] == 0 for name in players if inputs[name]["outcome"] == "inactive")
    assert sum(result.totals.values()) == 0


@pytest.mark.slow
@given(games())
def test_scores_are_always_whole_numbers(game_):
    rules, players, hands = game_
    result = scored(mh.ENGINE, rules, players, hands)
    for value in [*result.totals.values(), *(v for hand in result.points for v in hand.values())]:
        assert type(value) is int


@pytest.mark.slow
@given(games())
def test_points_follow_the_spec_formula_exactly(game_):
    rules, players, hands = game_
    result = scored(mh.ENGINE, rules, players, hands)
    for hand_points, inputs in zip(result.points, hands):
        expected = spec_points(rules, inputs)
        assert all(value.denominator == 1 for value in expected.values())
        assert hand_points == {name: int(value) for name, value in expected.items()}


@pytest.mark.slow
@given(games(), st.data())
def test_seat_order_does_not_change_anyones_points(game_, data):
    rules, players, hands = game_
    seats = data.draw(st.permutations(players))
    original, permuted = scored(mh.ENGINE, rules, players, hands), scored(mh.ENGINE, rules, seats, hands)
    assert permuted.points == original.points
    assert permuted.totals == original.totals


@pytest.mark.slow
@given(games())
def test_score_is_idempotent_and_leaves_inputs_alone(game_):
    rules, players, hands = game_
    before = copy.deepcopy(hands)
    clean = mh.ENGINE.validate(rules, players, hands)
    clean_copy = copy.deepcopy(clean)
    first, second = mh.ENGINE.score(rules, players, clean), mh.ENGINE.score(rules, players, clean)
    assert first == second
    assert hands == before and clean == clean_copy
    assert mh.ENGINE.validate(rules, players, clean) == clean
    assert scored(mh.ENGINE, rules, players, clean) == first


@pytest.mark.slow
@given(games())
def test_deals_follow_the_rotation_rules(game_):
    rules, players, hands = game_
    clean = mh.ENGINE.validate(rules, players, hands)
    dealt = mh.deals(rules, players, clean)
    order = players if rules["direction"] == "clockwise" else [players[0], *reversed(players[1:])]
    rounds = {}
    for number, (deal, entries) in enumerate(zip(dealt, clean)):
        active = [name for name in order if entries[name]["outcome"] != "inactive"]
        assert deal == mh.rotation(
            rules,
            players,
            state_after(rules, players, clean[:number]),
            inactive=[name for name in players if name not in active],
        )
        assert deal["dealer"] in active and deal["cutter"] in active and deal["leader"] in active
        at = active.index(deal["dealer"])
        assert deal["leader"] == active[(at + 1) % len(active)]
        assert deal["cutter"] == active[(at - 1) % len(active)]
        round_number, deal_number = round_of(deal)
        rounds.setdefault(round_number, []).append(deal["dealer"])
        assert len(rounds[round_number]) == deal_number
    assert list(rounds) == list(range(1, len(rounds) + 1))
    for dealers in rounds.values():
        assert len(dealers) == len(set(dealers))  # nobody deals twice in a round


@given(st.integers(2, 10), st.integers(0, 40), st.sampled_from(mh.DIRECTIONS))
def test_everyone_active_deals_in_turn(size, played, direction):
    rules = mh.ENGINE.validate_rules({"direction": direction})
    players = NAMES[:size]
    order = players if direction == "clockwise" else [players[0], *reversed(players[1:])]
    turn = mh.rotation(rules, players, state_after(rules, players, [active_game(players)] * played))
    assert turn["dealer"] == order[played % size]
    assert turn["leader"] == order[(played + 1) % size]
    assert turn["cutter"] == order[(played - 1) % size]
    assert round_of(turn) == (played // size + 1, played % size + 1)


def test_parts_of_the_worked_example():
    rules = mh.ENGINE.validate_rules({})
    entries = mh.ENGINE.validate_hand(
        rules,
        ["A", "B", "C"],
        {
            "A": {"outcome": "declared", "honors": 2},
            "B": {"outcome": "played", "honors": 1, "marriages": 1, "hand_points": 17},
            "C": {"outcome": "surrendered_first", "honors": 0},
        },
    )
    assert mh.parts(rules, ["A", "B", "C"], entries) == {"A": (-8, 38), "B": (40, -34), "C": (-32, -4)}


# --- the score worked out (explain) ---------------------------------------------------------


def explained(letters, honors=None, marriages=None, hand_points=None, rules=None):
    """Each player's terms of one game, as (kind, values, points)."""
    clean_rules = mh.ENGINE.validate_rules(rules or {})
    players, inputs = game(letters, honors, marriages, hand_points)
    hand = mh.ENGINE.validate_hand(clean_rules, players, inputs)
    return [
        [(term.kind, term.values, term.points) for term in terms]
        for terms in mh.ENGINE.explain(clean_rules, players, mh.ENGINE.start(clean_rules, players), hand).values()
    ]


def part_a(n, honors, marriages, h, total_h, points):
    return (
        "part_a",
        {
            "n": n,
            "honors": honors,
            "honor_value": 4,
            "marriages": marriages,
            "marriage_points": 20,
            "h": h,
            "total_h": total_h,
        },
        points,
    )


def test_explain_worked_example():
    # H = 32. PART_A: A 24−32 = −8, B 72−32 = 40, C −32. PART_B: B −34, C −4, A +38.
    assert explained("DPF", honors=[2, 1, 0], marriages=[0, 1, 0], hand_points=[0, 17, 0]) == [
        [part_a(3, 2, 0, 8, 32, -8), ("part_b_declarer", {"others": [-34, -4]}, 38)],
        [part_a(3, 1, 1, 24, 32, 40), ("part_b", {"outcome": "played", "points": 17}, -34)],
        [part_a(3, 0, 0, 0, 32, -32), ("part_b", {"outcome": "surrendered_first", "points": 2}, -4)],
    ]


def test_explain_no_turn_is_minus_the_hand_points_and_a_later_surrender_its_points():
    lines = explained("DNL", hand_points=[0, 31, 0])
    assert lines[1][1] == ("part_b", {"outcome": "no_turn", "points": 31}, -31)
    assert lines[2][1] == ("part_b", {"outcome": "surrendered_later", "points": 5}, -10)
    assert lines[0][1] == ("part_b_declarer", {"others": [-31, -10]}, 41)


def test_explain_an_inactive_player_has_no_terms():
    assert explained("DPI", hand_points=[0, 10, 0])[2] == []
