"""High card's sample data for the tests that cover every game (the keys: tests/fixtures.py).

tests/fixtures.py imports this module: nothing here may import tests.fixtures.
"""

from .strategies import highcard_tables

PLAYERS = ["Asha", "Bikash", "Chandra"]


def _document(hands, **extra):
    return {
        "format": "cardscore-table/1",
        "game": "highcard",
        "players": PLAYERS,
        "created": "2026-11-20T19:30:00Z",
        "hands": [{"inputs": {name: {"card": card} for name, card in zip(PLAYERS, cards)}} for cards in hands],
        **extra,
    }


def phone_hand(seats, table):
    """The next hand as a phone enters it (tests/fixtures.py): cards 2, 3, 4…"""
    return {f"card-{seat}": str(2 + place) for place, seat in enumerate(seats("card"))}


def numbered_hand(number, edit=False):
    """Hand `number` as the form posts it, for the save-answer test (tests/browser/); `edit`: its
    correction."""
    return [{f"card-{seat}": str(1 + (number + 3 * seat + edit) % 13) for seat in range(3)}]


SAMPLES = {
    "highcard": {
        "words": [],
        "first_step": None,
        "phone_hand": phone_hand,
        "twenty_saves": (numbered_hand, {}, 20),
        "to_the_edge": None,
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
        "tables": highcard_tables(),
    },
}
