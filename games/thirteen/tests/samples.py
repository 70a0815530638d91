"""Thirteen's sample data for the tests that cover every game (the keys: SAMPLES in
tests/fixtures.py, which imports this module: nothing here may import tests.fixtures)."""

from hypothesis import strategies as st

from scoring import thirteen
from tests.inputs import CREATED, document, thirteen_round

from .strategies import THIRTEEN_PLAYERS, thirteen_games, thirteen_rule_sets

THIRTEEN_COLORS = ["red", "yellow", "green", "blue"]


def phone_hand(seats, table):
    """The step of a round the form waits for, as a phone enters it (tests/fixtures.py): nobody
    bids, then the first player takes every book of the round."""
    if taking := seats("books"):
        books = thirteen.cards_in_round(table.state["hands"] + 1)
        return {f"books-{seat}": "0" for seat in taking[1:]} | {f"books-{taking[0]}": str(books)}
    return {f"bid-{seat}": "0" for seat in seats("bid")}


def numbered_hand(number, edit=False):
    """Round `number` as the forms post it, for the save-answer test (tests/browser/): its bids,
    then its books; `edit`: its correction, bids and books in one form."""
    cards = number if number <= 13 else 26 - number
    bids = {"trump": "H", **{f"bid-{seat}": str(cards if seat == (number + edit) % 4 else 0) for seat in range(4)}}
    books = {f"books-{seat}": str(cards if seat == (number + edit) % 4 else 0) for seat in range(4)}
    return [{**bids, **books}] if edit else [bids, books]


SAMPLES = {
    "thirteen": {
        "words": ["sandbags?", "bids?", "bids_remaining", "trump"],
        "first_step": "bid",
        "phone_hand": phone_hand,
        "twenty_saves": (numbered_hand, {}, 10),
        "to_the_edge": None,
        "players": ["Asha", "Bikram", "Charlie", "David"],
        "colors": THIRTEEN_COLORS,
        "first_hand": thirteen_round([1, 0, 0, 0], [1, 0, 0, 0]),
        "between_hands": None,
        "seats": 4,
        "new_table": {"name": "Thirteen night", "sandbag_limit": "10", "sandbag_penalty_points": "100"},
        "add_hand": {"hand_number": "2", "trump": "H", "bid-0": "0", "bid-1": "1", "bid-2": "0", "bid-3": "1"},
        "edit_hand": {
            "version": "2",
            "trump": "",
            "bid-0": "0",
            "bid-1": "1",
            "bid-2": "0",
            "bid-3": "0",
            "books-0": "0",
            "books-1": "1",
            "books-2": "0",
            "books-3": "0",
        },
        "seat_fields": ["bid", "books"],
        "hand_fields": ["trump"],
        "one_hand_document": document(
            "thirteen",
            ["Asha", "Bikram", "Charlie", "David"],
            [thirteen_round([1, 0, 0, 0], [1, 0, 0, 0])],
            created=CREATED,
            colors=dict(zip(["Asha", "Bikram", "Charlie", "David"], THIRTEEN_COLORS)),
        ),
        "document": document(
            "thirteen",
            ["Asha", "Bikram", "Charlie", "David"],
            [
                thirteen_round([1, 0, 0, 0], [1, 0, 0, 0]),
                thirteen_round([0, 1, 0, 1], [0, 1, 1, 0], trump="H"),
                thirteen_round([1, 0, 2, 1], [1, 1, 0, 1]),
                thirteen_round([2, 1, 0, 0], trump="C"),  # round 4: bids saved, books not yet (pending)
            ],
            name="thirteen at Asha's",
            created=CREATED,
            colors={"Asha": "red", "Bikram": "yellow", "Charlie": "green", "David": "blue"},
            rules={"sandbag_limit": 5},
        ),
        "tables": st.tuples(
            thirteen_rule_sets.map(thirteen.ENGINE.validate_rules), st.just(THIRTEEN_PLAYERS), thirteen_games()
        ),
    },
}
