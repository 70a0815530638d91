"""High card's sample data for the tests that cover every game (the keys: tests/fixtures.py).

tests/fixtures.py imports this module: nothing here may import tests.fixtures.
"""

from hypothesis import strategies as st

from .. import engine

PLAYERS = ["Asha", "Bikash", "Chandra"]
NAMES = PLAYERS + ["Dipa", "Eka", "Faris"]  # as many as a table may seat (engine.ENGINE.MAX_PLAYERS)


def _document(hands, **extra):
    return {
        "format": "cardscore-table/1",
        "game": "highcard",
        "players": PLAYERS,
        "created": "2026-11-20T19:30:00Z",
        "hands": [{"inputs": {name: {"card": card} for name, card in zip(PLAYERS, cards)}} for cards in hands],
        **extra,
    }


@st.composite
def _tables(draw):
    """(rules, players, raw hands) of a high card table: as many players as the engine seats (2 to 6),
    up to 6 hands, each player's card 1 to 13."""
    players = NAMES[: draw(st.integers(engine.ENGINE.MIN_PLAYERS, engine.ENGINE.MAX_PLAYERS))]
    cards = st.integers(1, engine.HIGHEST_CARD)
    hands = draw(
        st.lists(st.fixed_dictionaries({name: st.fixed_dictionaries({"card": cards}) for name in players}), max_size=6)
    )
    return {}, players, hands


SAMPLES = {
    "highcard": {
        "players": PLAYERS,
        "colors": None,
        "first_hand": {"Asha": {"card": 9}, "Bikash": {"card": 12}, "Chandra": {"card": 3}},
        "between_hands": None,
        "seats": 6,
        "new_table": {"name": "High card night"},
        "add_hand": {"hand_number": "2", "card-0": "4", "card-1": "5", "card-2": "13"},
        "edit_hand": {"version": "1", "card-0": "13", "card-1": "12", "card-2": "3"},
        "seat_fields": ["card"],
        "hand_fields": [],
        "one_hand_document": _document([(9, 12, 3)]),
        "document": _document([(9, 12, 3), (7, 7, 2), (1, 13, 5)], name="highcard at Asha's"),
        "tables": _tables(),
    },
}
