"""The score sheet's sample data for the tests that cover every game (the keys: SAMPLES in
tests/fixtures.py, which imports this module: nothing here may import tests.fixtures)."""

from tests.inputs import CREATED, document

from .strategies import games

PLAYERS = ["Asha", "Bikash", "चन्द्र", "دانة"]
FIRST_HAND = {"Asha": {"points": 10}, "Bikash": {"points": 0}, "चन्द्र": {"points": 13, "typed": "6+7"}}  # دانة sat out


def phone_hand(seats, table):
    """The next hand as a phone enters it (tests/fixtures.py): 5 points each."""
    return {f"points-{seat}": "5" for seat in seats("points")}


def numbered_hand(number, edit=False):
    """Round `number` as the form posts it, for the save-answer test (tests/browser/); `edit`: its
    correction."""
    return [{f"points-{seat}": str((number * (seat + 1) + edit) % 11 - 3) for seat in range(4)}]


SAMPLES = {
    "scoresheet": {
        "words": [],
        "first_step": None,
        "phone_hand": phone_hand,
        "twenty_saves": (numbered_hand, {}, 20),
        "to_the_edge": None,
        "players": PLAYERS,
        "colors": None,
        "first_hand": FIRST_HAND,
        "between_hands": None,
        "seats": 20,
        "new_table": {"name": "Hearts night", "title": "Hearts", "lowest_wins": "on", "target": "100"},
        "add_hand": {"hand_number": "2", "points-0": "5", "points-1": "12+11+7", "points-2": "-3", "points-3": ""},
        "edit_hand": {"version": "1", "points-0": "9", "points-1": "", "points-2": "6+7", "points-3": "1"},
        "seat_fields": ["points"],
        "hand_fields": [],
        "one_hand_document": document(
            "scoresheet", PLAYERS, [FIRST_HAND], created=CREATED, rules={"title": "Hearts", "lowest_wins": True}
        ),
        "document": document(
            "scoresheet",
            PLAYERS,
            [
                FIRST_HAND,
                {"Asha": {"points": 26}, "Bikash": {"points": 0}, "चन्द्र": {"points": 0}, "دانة": {"points": 0}},
                {
                    "Asha": {"points": 3},
                    "Bikash": {"points": 9, "typed": "4+5"},
                    "دانة": {"points": -2, "typed": "-5+3"},
                },
            ],
            name="Hearts at Asha's",
            created=CREATED,
            rules={"title": "Hearts", "lowest_wins": True, "target": 100},
        ),
        "tables": games(),
    },
}
