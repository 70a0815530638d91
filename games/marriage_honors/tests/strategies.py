"""Hypothesis strategies for valid tables of Marriage with honors: its rules, players and raw
hands. Its property tests draw from them, and so do the tests for every game (through its
samples.py's "tables", and tests/strategies.py's of_game). Nothing here may import
tests.fixtures (which loads samples.py)."""

from hypothesis import strategies as st

from scoring import marriage_honors as mh

# --- Marriage with honors: (rules, players, raw hands) -----------------------------------------

HONORS_NAMES = ["Asha", "Bikram", "Chandra", "Dipa", "Eka", "Gita", "Hari", "Indra", "Jamuna", "Kiran"]


@st.composite
def honors_rule_sets(draw):
    rules = {key: draw(st.integers(0, 40)) for key in mh.POINT_KEYS}
    rules.update(
        decks=draw(st.integers(3, 5)),
        cards_per_hand=draw(st.integers(3, 30)),
        direction=draw(st.sampled_from(mh.DIRECTIONS)),
        point_rate=draw(st.sampled_from([1, 0.25, 2.5])),
    )
    return mh.ENGINE.validate_rules(rules)


@st.composite
def honors_hand_inputs(draw, rules, players):
    outcomes = {name: draw(st.sampled_from(mh.OUTCOMES[1:])) for name in players}
    declarer = draw(st.sampled_from(players))
    outcomes[declarer] = "declared"
    if all(outcomes[name] == "inactive" for name in players if name != declarer):
        outcomes[draw(st.sampled_from([name for name in players if name != declarer]))] = "played"
    marriages_left = rules["decks"]
    inputs = {}
    for name in players:
        raw = {"outcome": outcomes[name]}
        if outcomes[name] != "inactive":
            raw["honors"] = draw(st.integers(0, rules["cards_per_hand"] + 1))
            marriages = draw(st.integers(0, marriages_left))
            marriages_left -= marriages
            if marriages or draw(st.booleans()):
                raw["marriages"] = marriages
            if outcomes[name] in ("played", "no_turn"):
                raw["hand_points"] = draw(st.integers(0, 10 * rules["cards_per_hand"]))
        inputs[name] = raw
    return inputs


@st.composite
def honors_games(draw):
    rules = draw(honors_rule_sets())
    players = HONORS_NAMES[: draw(st.integers(2, 10))]
    hands = draw(st.lists(honors_hand_inputs(rules, players), min_size=1, max_size=5))
    return rules, players, hands


def seated_hand(rules, state):
    """A hand of the players seated in `state` (the tests of events between hands draw them)."""
    return honors_hand_inputs(rules, state["seated"])
