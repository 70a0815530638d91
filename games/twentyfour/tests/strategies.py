"""Hypothesis strategies for valid tables of the 24 Game race: its rules, players and raw hands.
Its property tests draw from them, and so do the tests for every game (through its samples.py's
"tables", and tests/strategies.py's of_game). Nothing here may import tests.fixtures (which
loads samples.py)."""

from hypothesis import strategies as st

from scoring import solver24, twentyfour

# --- the 24 Game race: (rules, players, raw hands) ---------------------------------------------

RACE_NAMES = ["Asha", "Bikram", "Chandra", "Dipa", "Eka", "Faris", "Gita", "Hari", "Indra", "Jaya"]


@st.composite
def race_tables(draw):
    """(rules, players, raw hands) of a 24 Game race: real deals, each won with a solution."""
    players = RACE_NAMES[: draw(st.integers(twentyfour.ENGINE.MIN_PLAYERS, twentyfour.ENGINE.MAX_PLAYERS))]
    hands = []
    for _ in range(draw(st.integers(0, 6))):
        deal = solver24.deal(draw(st.randoms(use_true_random=False)))
        winner = draw(st.sampled_from(players))
        hands.append(
            {
                "_hand": {"cards": [rank + suit for rank, suit in deal.cards], "answer": deal.solution},
                **{name: {"won": name == winner} for name in players},
            }
        )
    return twentyfour.ENGINE.validate_rules({}), players, hands


@st.composite
def race_hand_inputs(draw, seated):
    deal = solver24.deal(draw(st.randoms(use_true_random=False)))
    winner = draw(st.sampled_from(seated))
    return {
        "_hand": {"cards": [rank + suit for rank, suit in deal.cards], "answer": deal.solution},
        **{name: {"won": name == winner} for name in seated},
    }


def seated_hand(rules, state):
    """A hand of the players seated in `state` (the tests of events between hands draw them)."""
    return race_hand_inputs(state["seated"])
