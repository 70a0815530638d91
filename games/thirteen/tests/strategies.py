"""Hypothesis strategies for valid tables of Thirteen: raw hands of its four players, and rule sets
not yet validated. Its property tests draw from them, and so do the tests for every game
(through its samples.py's "tables", and tests/strategies.py's of_game). Nothing here may import
tests.fixtures (which loads samples.py)."""

from hypothesis import strategies as st

from scoring import thirteen as t

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
