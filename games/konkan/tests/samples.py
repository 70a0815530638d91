"""Konkan's sample data for the tests that cover every game (the keys: SAMPLES in
tests/fixtures.py, which imports this module: nothing here may import tests.fixtures)."""

from games.services import recording
from tests.inputs import CREATED, document

from .strategies import konkan_games

KONKAN_HAND_FORM = {
    "outcome-0": "set",
    "penalty-0": "68",
    "failed_wins-0": "0",
    "outcome-1": "winner",
    "failed_wins-1": "0",
    "outcome-2": "not_set",
    "failed_wins-2": "0",
}


def phone_hand(seats, table):
    """The next hand as a phone enters it (tests/fixtures.py): the first player still in wins, the
    others had set with 5 points left."""
    first, *others = seats("outcome")
    return (
        {f"outcome-{first}": "winner"}
        | {f"outcome-{seat}": "set" for seat in others}
        | {f"penalty-{seat}": "5" for seat in others}
    )


def to_the_edge(table):
    """Hands recorded on `table` (the sample's, after its hand 1) until Chet stands at 300: the next
    hand he does not win puts him over 301, out of the game. Who that is."""
    while table.totals["Chet"] < 300:
        hand = {
            "Asha": {"outcome": "winner"},
            "Bina": {"outcome": "set", "hand_penalty": 1},
            "Chet": {"outcome": "not_set"},
        }
        recording.record_hand(table, hand, table.state["hands"] + 1)
        table.refresh_from_db()
    return "Chet"


def numbered_hand(number, edit=False):
    """Hand `number` as the form posts it, for the save-answer test (tests/browser/); `edit`: its
    correction. The winner goes round the table; the others set down with a small penalty each."""
    winner = (number + edit) % 3
    fields = {}
    for seat in range(3):
        fields[f"failed_wins-{seat}"] = "0"
        fields[f"outcome-{seat}"] = "winner" if seat == winner else "set"
        fields[f"penalty-{seat}"] = "" if seat == winner else str(2 + (number + seat) % 5)
    return [fields]


SAMPLES = {
    "konkan": {
        "words": ["konkan", "joker_discard"],
        "first_step": None,
        "phone_hand": phone_hand,
        "twenty_saves": (numbered_hand, {}, 20),
        "to_the_edge": to_the_edge,
        "players": ["Asha", "Bina", "Chet"],
        "colors": None,
        "first_hand": {
            "_hand": {"joker_discard": False},
            "Asha": {"outcome": "set", "hand_penalty": 68},
            "Bina": {"outcome": "winner"},
            "Chet": {"outcome": "not_set"},
        },
        "between_hands": None,
        "seats": 4,
        "new_table": {
            "name": "Konkan night",
            "set_threshold": "52",
            "not_set_penalty": "100",
            "joker_discard_penalty": "200",
            "failed_win_penalty": "50",
            "elimination_over": "301",
        },
        "add_hand": {"hand_number": "2", **KONKAN_HAND_FORM},
        "edit_hand": {"version": "1", **KONKAN_HAND_FORM, "penalty-0": "10"},
        "seat_fields": ["outcome", "penalty", "cards", "failed_wins"],
        "hand_fields": ["joker_discard"],
        "one_hand_document": document(
            "konkan",
            ["Asha", "Bina", "Chet"],
            [
                {
                    "_hand": {"joker_discard": False},
                    "Asha": {"outcome": "set", "cards": ["AS", "7H", "JK"]},
                    "Bina": {"outcome": "winner"},
                    "Chet": {"outcome": "not_set"},
                },
            ],
            created=CREATED,
        ),
        "document": document(
            "konkan",
            ["Asha", "Bina", "Chet"],
            [
                {
                    "_hand": {"joker_discard": False},
                    "Asha": {"outcome": "set", "hand_penalty": 68},
                    "Bina": {"outcome": "winner"},
                    "Chet": {"outcome": "not_set"},
                },
                {
                    "_hand": {"joker_discard": True},
                    "Asha": {"outcome": "winner"},
                    "Bina": {"outcome": "set", "cards": ["AS", "7H", "JK"], "failed_wins": 1},
                    "Chet": {"outcome": "not_set"},
                },
                {
                    "_hand": {"joker_discard": False},
                    "Asha": {"outcome": "not_set"},
                    "Bina": {"outcome": "set", "hand_penalty": 12},
                    "Chet": {"outcome": "winner"},
                },
            ],
            name="konkan at Asha's",
            created=CREATED,
            rules={"failed_win_penalty": 50, "joker_discard_penalty": 200},
        ),
        "tables": konkan_games().map(lambda game: (game[1], game[0], game[2])),  # drawn as (players, rules, hands)
    },
}
