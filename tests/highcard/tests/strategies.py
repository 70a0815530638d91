"""Hypothesis strategies for valid tables of high card, the game that exists only for the tests
(its samples.py's "tables" draws from them). Nothing here may import tests.fixtures."""

from hypothesis import strategies as st

from .. import engine

NAMES = ["Asha", "Bikash", "Chandra", "Dipa", "Eka", "Faris"]  # as many as a table may seat (engine.ENGINE.MAX_PLAYERS)


@st.composite
def highcard_tables(draw):
    """(rules, players, raw hands) of a high card table: as many players as the engine seats (2 to 6),
    up to 6 hands, each player's card 1 to 13."""
    players = NAMES[: draw(st.integers(engine.ENGINE.MIN_PLAYERS, engine.ENGINE.MAX_PLAYERS))]
    cards = st.integers(1, engine.HIGHEST_CARD)
    hands = draw(
        st.lists(st.fixed_dictionaries({name: st.fixed_dictionaries({"card": cards}) for name in players}), max_size=6)
    )
    return {}, players, hands
