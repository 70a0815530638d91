"""Hypothesis strategies for valid tables of each game: the rules, the players and raw hands that
the game's engine accepts, played hand by hand.

The game's own property tests (games/<game>/tests/test_scoring_<game>.py) draw from them, and so
does every "for each game" test, through SAMPLES[slug]["tables"] (each game's tests/samples.py,
loaded by tests/fixtures.py, imports this module: nothing here may import tests.fixtures).
"""

from hypothesis import strategies as st

from scoring import konkan as k
from scoring import marriage as m
from scoring import marriage_honors as mh
from scoring import scoresheet as ss
from scoring import solver24, twentyfour
from scoring import thirteen as t

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


# --- Thirteen: raw hands of its four players, and rule sets not yet validated ------------------

# Player 1 .. player 4 in seat order: player 4 (David) deals round 1, player 1 (Asha) bids first.
THIRTEEN_PLAYERS = ["Asha", "Bikram", "Charlie", "David"]


def thirteen_bids_only(bids, trump=None):
    """A pending round: the bids are in, the books are not."""
    inputs = {name: {"bid": bid} for name, bid in zip(THIRTEEN_PLAYERS, bids)}
    if trump is not None:
        inputs["_hand"] = {"trump": trump}
    return inputs


def thirteen_complete(bids, books, trump=None):
    inputs = {name: {"bid": bid, "books": took} for name, bid, took in zip(THIRTEEN_PLAYERS, bids, books)}
    if trump is not None:
        inputs["_hand"] = {"trump": trump}
    return inputs


@st.composite
def thirteen_a_round(draw, number, pending=False):
    cards = t.cards_in_round(number)
    bids = draw(st.lists(st.integers(0, cards), min_size=4, max_size=4))
    trump = draw(st.sampled_from([None, "S"] if number == 13 else [None, *t.SUITS]))
    if pending:
        return thirteen_bids_only(bids, trump)
    cuts = sorted(draw(st.lists(st.integers(0, cards), min_size=3, max_size=3)))
    books = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], cards - cuts[2]]
    return thirteen_complete(bids, books, trump)


@st.composite
def thirteen_games(draw, length=None):
    """Raw hands of a game: `length` rounds (drawn if None), the last one possibly pending."""
    count = draw(st.integers(0, 25)) if length is None else length
    pending_last = count > 0 and draw(st.booleans())
    return [draw(thirteen_a_round(number, pending=pending_last and number == count)) for number in range(1, count + 1)]


thirteen_rule_sets = st.builds(
    lambda penalty, limit, points: {
        "sandbag_penalty": penalty,
        "sandbag_limit": limit,
        "sandbag_penalty_points": points,
    },
    st.booleans(),
    st.integers(1, 15),
    st.integers(0, 200),
)


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
