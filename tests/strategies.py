"""Hypothesis strategies shared by the tests, and each game's own (<app>/tests/strategies.py, found
by of_game): valid tables, the rules, the players and raw hands that the game's engine accepts,
played hand by hand.

The game's own property tests draw from them, and so does every "for each game" test, through
SAMPLES[slug]["tables"] (each game's tests/samples.py, loaded by tests/fixtures.py, imports its
strategies: nothing here may import tests.fixtures).
"""

from importlib import import_module

from django.apps import apps
from hypothesis import strategies as st

from games import registry
from scoring import scoresheet as ss


def of_game(slug):
    """The strategies module of the game `slug`, in its own folder (<app>/tests/strategies.py)."""
    app = apps.get_containing_app_config(registry.get_game(slug).form_class.__module__)
    return import_module(f"{app.name}.tests.strategies")


# --- the score sheet: (rules, players, raw hands) -----------------------------------------------

SHEET_NAMES = ["Asha", "Bikram", "Chandra", "Dipa", "Eka", "Faris", "Gita", "Hari"]


@st.composite
def scoresheet_rule_sets(draw):
    return ss.ENGINE.validate_rules(
        {
            "lowest_wins": draw(st.booleans()),
            "target": draw(st.sampled_from([None, 1, 50, 100, 500])),
            "hands": draw(st.sampled_from([None, 1, 3, 10])),
            "zero_sum": draw(st.booleans()),
        }
    )


@st.composite
def scoresheet_hand_inputs(draw, rules, players):
    """One hand: a number for each player who played it (at least one), the others absent; with
    zero_sum, the last of them evens the hand out."""
    playing = draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
    points = {name: draw(st.integers(-60, 60)) for name in playing}
    if rules["zero_sum"]:
        points[playing[-1]] -= sum(points.values())
    return {name: {"points": points[name]} for name in players if name in points}


@st.composite
def scoresheet_games(draw):
    """(rules, players, raw hands): a valid sheet, played hand by hand until it ends."""
    rules = draw(scoresheet_rule_sets())
    players = SHEET_NAMES[: draw(st.integers(2, len(SHEET_NAMES)))]
    hands: list = []
    for _ in range(draw(st.integers(0, 8))):
        if ss.ENGINE.score(rules, players, ss.ENGINE.validate(rules, players, hands)).progress["game_over"]:
            break
        hands.append(draw(scoresheet_hand_inputs(rules, players)))
    return rules, players, hands
