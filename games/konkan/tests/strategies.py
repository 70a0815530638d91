"""Hypothesis strategies for valid tables of Konkan: its players, rules and raw hands. Its property
tests draw from them, and so do the tests for every game (through its samples.py's "tables", and
tests/strategies.py's of_game). Nothing here may import tests.fixtures (which loads samples.py)."""

from hypothesis import strategies as st

from scoring import konkan as k

# --- Konkan: (players, rules, raw hands) -------------------------------------------------------

KONKAN_NAMES = ["Asha", "Bina", "Chet", "Dev"]
KONKAN_CARD_CODES = [rank + suit for rank in k.RANKS for suit in k.SUITS] + ["JK"]


@st.composite
def konkan_games(draw, max_hands=8):
    """(players, rules, raw hands): a valid game, played hand by hand."""
    n = draw(st.integers(2, 4))
    players = KONKAN_NAMES[:n]
    rules = k.ENGINE.validate_rules(
        {
            "not_set_penalty": draw(st.integers(0, 150)),
            "joker_discard_penalty": draw(st.sampled_from([0, 200, 120])),
            "failed_win_penalty": draw(st.sampled_from([0, 50, 20])),
            "elimination_over": draw(st.sampled_from([301, 150, 500])),
        }
    )
    hands = []
    for _ in range(draw(st.integers(0, max_hands))):
        # tests.fixtures.scored(k.ENGINE, rules, players, hands), written out: tests.fixtures imports this module
        standing = k.ENGINE.score(rules, players, k.ENGINE.validate(rules, players, hands)).progress
        if standing["game_over"]:
            break
        playing = [name for name in players if name not in standing["out"]]
        winner = draw(st.sampled_from(playing))
        inputs = {}
        deck = dict.fromkeys(KONKAN_CARD_CODES, 2)  # two packs, two jokers
        for name in players:
            if name not in playing:
                inputs[name] = {"outcome": "out"}
                continue
            entry = {"outcome": "winner" if name == winner else draw(st.sampled_from(["set", "not_set"]))}
            if entry["outcome"] == "set":
                if draw(st.booleans()):
                    entry["hand_penalty"] = draw(st.integers(0, 200))
                else:
                    available = [code for code, left in deck.items() if left]
                    cards = draw(st.lists(st.sampled_from(available), max_size=6))
                    kept = []
                    for code in cards:
                        if deck[code]:
                            deck[code] -= 1
                            kept.append(code)
                    entry["cards"] = kept
            if draw(st.booleans()):
                entry["failed_wins"] = draw(st.integers(0, 3))
            inputs[name] = entry
        if draw(st.booleans()):
            inputs["_hand"] = {"joker_discard": draw(st.booleans())}
        hands.append(inputs)
    return players, rules, hands


@st.composite
def konkan_hand_inputs(draw, state):
    living = k.living(state)
    winner = draw(st.sampled_from(living))
    return {
        name: {"outcome": "out"}
        if name not in living
        else {"outcome": "winner"}
        if name == winner
        else {"outcome": draw(st.sampled_from(["set", "not_set"])), **({"hand_penalty": draw(st.integers(0, 120))})}
        for name in state["seated"]
    }


def clean_konkan(hand):
    return {
        name: {key: value for key, value in entry.items() if not (key == "hand_penalty" and entry["outcome"] != "set")}
        for name, entry in hand.items()
    }


def seated_hand(rules, state):
    """A hand of the players seated in `state` (the tests of events between hands draw them)."""
    return konkan_hand_inputs(state).map(clean_konkan)
