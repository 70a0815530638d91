"""Marriage with honors's sample data for the tests that cover every game (the keys: SAMPLES in
tests/fixtures.py, which imports this module: nothing here may import tests.fixtures)."""

from tests.inputs import CREATED, document

from .strategies import honors_games

HONORS_FIRST_HAND = {
    "Asha": {"outcome": "declared", "honors": 2, "marriages": 0},
    "Bina": {"outcome": "played", "honors": 1, "marriages": 1, "hand_points": 17},
    "Chet": {"outcome": "surrendered_first", "honors": 0, "marriages": 0},
    "Dev": {"outcome": "inactive"},
}
HONORS_HAND_FORM = {
    "outcome-0": "declared",
    "honors-0": "2",
    "marriages-0": "0",
    "hand_points-0": "",
    "outcome-1": "played",
    "honors-1": "1",
    "marriages-1": "1",
    "hand_points-1": "17",
    "outcome-2": "surrendered_first",
    "honors-2": "0",
    "marriages-2": "0",
    "hand_points-2": "",
    "outcome-3": "inactive",
}


def phone_hand(seats, table):
    """The next game as a phone enters it (tests/fixtures.py): the first player declares, the
    others play on with 10 points in hand."""
    first, *others = seats("outcome")
    return (
        {f"outcome-{first}": "declared"}
        | {f"outcome-{seat}": "played" for seat in others}
        | {f"hand_points-{seat}": "10" for seat in others}
    )


def numbered_hand(number, edit=False):
    """Game `number` as the form posts it, for the save-answer test (tests/browser/); `edit`: its
    correction. The sample's hand, Bina's points changing from game to game."""
    return [{**HONORS_HAND_FORM, "hand_points-1": str(10 + (number + edit) % 9)}]


SAMPLES = {
    "marriage-honors": {
        "words": ["honors", "surrender"],
        "first_step": None,
        "phone_hand": phone_hand,
        "twenty_saves": (numbered_hand, {}, 20),
        "to_the_edge": None,
        "players": ["Asha", "Bina", "Chet", "Dev"],
        "colors": None,
        "first_hand": HONORS_FIRST_HAND,
        "between_hands": None,
        "seats": 10,
        "new_table": {
            "name": "Honors night",
            "decks": "3",
            "cards_per_hand": "21",
            "direction": "clockwise",
            "honor_value": "4",
            "marriage_points": "20",
            "surrender_first_points": "2",
            "surrender_later_points": "5",
            "point_rate": "1",
            "currency": "",
        },
        "add_hand": {"hand_number": "2", **HONORS_HAND_FORM},
        "edit_hand": {"version": "1", **HONORS_HAND_FORM, "hand_points-1": "12"},
        "seat_fields": ["outcome", "honors", "marriages", "hand_points", "cards"],
        "hand_fields": [],
        "one_hand_document": document(
            "marriage-honors", ["Asha", "Bina", "Chet", "Dev"], [HONORS_FIRST_HAND], created=CREATED
        ),
        "document": document(
            "marriage-honors",
            ["Asha", "Bina", "Chet", "Dev", "Ema"],
            [
                {
                    "Asha": {"outcome": "declared", "honors": 2, "marriages": 0},
                    "Bina": {"outcome": "played", "honors": 1, "marriages": 1, "hand_points": 17},
                    "Chet": {"outcome": "surrendered_first", "honors": 0, "marriages": 0},
                    "Dev": {"outcome": "inactive"},
                    "Ema": {"outcome": "no_turn", "honors": 0, "marriages": 0, "hand_points": 30},
                },
                {
                    "Asha": {"outcome": "surrendered_later", "honors": 1, "marriages": 0},
                    "Bina": {"outcome": "declared", "honors": 3, "marriages": 1},
                    "Chet": {"outcome": "played", "honors": 0, "marriages": 0, "hand_points": 40},
                    "Dev": {"outcome": "played", "honors": 2, "marriages": 1, "hand_points": 25},
                    "Ema": {"outcome": "inactive"},
                },
            ],
            name="marriage-honors at Asha's",
            created=CREATED,
            rules={"honor_value": 4, "marriage_points": 20, "point_rate": 1, "currency": "€"},
        ),
        "tables": honors_games(),
    },
}
