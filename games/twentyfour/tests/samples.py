"""The 24 Game's sample data for the tests that cover every game (the keys: SAMPLES in
tests/fixtures.py, which imports this module: nothing here may import tests.fixtures)."""

from tests.inputs import CREATED, EIGHTS_AND_THREES, document, race_deal

from .strategies import race_tables

SAMPLES = {
    "twentyfour": {
        "words": ["24 game", "puzzles?", "solver24", "expressions24", "race pad"],
        "first_step": None,
        "phone_hand": None,  # its deals are won on a pad, not entered on a hand form
        "twenty_saves": None,  # no hand form: see phone_hand
        "to_the_edge": None,
        "players": ["Asha", "Bikash", "Chandra"],
        "colors": None,
        "first_hand": race_deal(["8S", "3H", "8D", "3C"], "8/(3-8/3)", "Asha", ["Asha", "Bikash", "Chandra"]),
        "between_hands": {"deal": 2, "cards": EIGHTS_AND_THREES},
        "seats": 4,
        "new_table": {"name": "24 night", "difficulty": ""},
        "add_hand": {"hand_number": "2"},
        "edit_hand": {"version": "1"},
        "seat_fields": ["won", "answer", "cards"],
        "hand_fields": [],
        "one_hand_document": document(
            "twentyfour",
            ["A", "B"],
            [race_deal(["8S", "3H", "8D", "3C"], "8/(3-8/3)", "A", ["A", "B"])],
            created=CREATED,
        ),
        "document": document(
            "twentyfour",
            ["A", "B", "C"],
            [
                race_deal(["8S", "3H", "8D", "3C"], "8/(3-8/3)", "A", ["A", "B", "C"]),
                race_deal(["AS", "2H", "3D", "4C"], "1*2*3*4", "C", ["A", "B", "C"]),
                race_deal(["6H", "6D", "6S", "6C"], "6+6+6+6", "A", ["A", "B", "C"]),
            ],
            name="twentyfour at Asha's",
            created=CREATED,
            rules={"difficulty": "hard"},
        ),
        "tables": race_tables(),
    },
}
