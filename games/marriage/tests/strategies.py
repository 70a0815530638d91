"""Hypothesis strategies for valid tables of Nepali Marriage: its rules, players and raw hands. Its
property tests draw from them, and so do the tests for every game (through its samples.py's
"tables", and tests/strategies.py's of_game). Nothing here may import tests.fixtures (which
loads samples.py)."""

from hypothesis import strategies as st

from scoring import marriage as m

# --- Marriage: (rules, players, raw hands) -----------------------------------------------------

MARRIAGE_NAMES = ["Asha", "Bikram", "Chandra", "Dipa", "Eka", "Gita"]

marriage_amounts = st.integers(0, 40)


@st.composite
def marriage_rule_sets(draw):
    table = {
        "tiplu": draw(st.lists(marriage_amounts, min_size=2, max_size=2)),
        "poplu": draw(st.lists(marriage_amounts, min_size=3, max_size=3)),
        "jhiplu": draw(st.lists(marriage_amounts, min_size=3, max_size=3)),
        "marriage": draw(st.lists(marriage_amounts, min_size=2, max_size=2)),
        "tunnella": {kind: draw(marriage_amounts) for kind in m.TUNNELLA_KINDS},
    }
    rules = {key: draw(marriage_amounts) for key in m.POINT_KEYS}
    rules.update(
        maal_table=table,
        murder=draw(st.booleans()),
        kidnap=draw(st.booleans()),
        point_rate=draw(st.sampled_from([1, 0.25, 2.5])),
    )
    return m.ENGINE.validate_rules(rules)


@st.composite
def marriage_hand_inputs(draw, players):
    winner = draw(st.sampled_from(players))
    status = {
        name: "winner" if name == winner else draw(st.sampled_from(["seen", "unseen", "out"])) for name in players
    }
    if all(status[name] == "out" for name in players if name != winner):
        status[draw(st.sampled_from([name for name in players if name != winner]))] = "seen"
    left = {"tiplu": 2, "poplu": 3, "jhiplu": 3}
    joker_left = m.JOKER_TUNNELLAS_PER_HAND
    inputs = {}
    for name in players:
        entry = {"status": status[name]}
        if status[name] != "out":
            if draw(st.booleans()):
                held = {}
                for item in left:
                    held[item] = draw(st.integers(0, min(left[item], m.COUNT_LIMITS[item])))
                    left[item] -= held[item]
                joker = draw(st.integers(0, joker_left))
                joker_left -= joker
                held["tunnellas"] = {"ordinary": draw(st.integers(0, 3)), "joker": joker}
                entry["maal_counts"] = held
            else:
                entry["maal"] = draw(st.integers(0, 120))
            if status[name] in ("winner", "seen") and draw(st.booleans()):
                entry["dublee"] = draw(st.booleans())
            if status[name] != "winner" and draw(st.booleans()):
                entry["foul"] = draw(st.booleans())
        inputs[name] = entry
    return inputs


@st.composite
def marriage_games(draw):
    players = MARRIAGE_NAMES[: draw(st.integers(2, 6))]
    hands = draw(st.lists(marriage_hand_inputs(players), min_size=1, max_size=4))
    return draw(marriage_rule_sets()), players, hands


def seated_hand(rules, state):
    """A hand of the players seated in `state` (the tests of events between hands draw them)."""
    return marriage_hand_inputs(state["seated"])
