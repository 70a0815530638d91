"""Marriage's sample data for the tests that cover every game (the keys: SAMPLES in
tests/fixtures.py, which imports this module: nothing here may import tests.fixtures)."""

from tests.inputs import CREATED, document, hand_edit_form, hand_form, marriage_inputs

from .strategies import marriage_games


def phone_hand(seats, table):
    """The next hand as a phone enters it (tests/fixtures.py): the first player wins, the others
    have seen the joker, everyone with 3 maal."""
    shown = seats("status")
    return (
        {f"status-{seat}": "seen" for seat in shown[1:]}
        | {f"status-{shown[0]}": "winner"}
        | {f"maal-{seat}": "3" for seat in shown}
    )


STATUSES = {"W": "winner", "s": "seen", "u": "unseen"}


def numbered_hand(number, edit=False):
    """Hand `number` as the form posts it, for the save-answer test (tests/browser/); `edit`: its
    correction. The winner goes round the table."""
    statuses = ["sWsu", "Wsss", "ssWs", "ussW"][(number + edit) % 4]
    fields = {f"status-{seat}": STATUSES[code] for seat, code in enumerate(statuses)}
    return [{**fields, **{f"maal-{seat}": str((number + seat) % 7) for seat in range(4)}}]


SAMPLES = {
    "marriage": {
        "words": ["marriage", "maal", "tiplu", "poplu", "jhiplu", "tunnellas?", "dublee", "unseen", "murder", "kidnap"],
        "first_step": None,
        "phone_hand": phone_hand,
        "twenty_saves": (numbered_hand, {}, 20),
        "to_the_edge": None,
        "players": ["Asha", "Bikash", "Chandra", "Dipa"],
        "colors": None,
        "first_hand": marriage_inputs("sWsu", (12, 4, 6, 5)),
        "between_hands": None,
        "seats": 6,
        "new_table": {
            "name": "Friday night",
            "seen_points": "3",
            "unseen_points": "10",
            "dublee_bonus": "5",
            "dublee_seen_points": "0",
            "foul_fine": "15",
            "point_rate": "1",
            "currency": "",
        },
        "add_hand": hand_form("sWsu", (12, 4, 6, 0), next_number=2),
        "edit_hand": hand_edit_form("Wsss", (0, 0, 0, 0), version=1),
        "seat_fields": [
            "status",
            "maal",
            "dublee",
            "foul",
            "tiplu",
            "poplu",
            "jhiplu",
            "tunnella_ordinary",
            "tunnella_joker",
            "tunnella_poplu_jhiplu",
        ],
        "hand_fields": [],
        "one_hand_document": document(
            "marriage",
            ["Asha", "Bikash", "Chandra", "Dipa"],
            [marriage_inputs("sWsu", (12, 4, 6, 5))],
            created=CREATED,
            rules={"murder": True},
        ),
        "document": document(
            "marriage",
            ["Asha", "Bikash", "Chandra", "दीपा"],
            [
                marriage_inputs("sWsu", (12, 4, 6, 5), players=["Asha", "Bikash", "Chandra", "दीपा"]),
                marriage_inputs(
                    "Wsss", (3, 0, 7, 2), players=["Asha", "Bikash", "Chandra", "दीपा"], Asha={"dublee": True}
                ),
                marriage_inputs("suWo", (9, 0, 14, 0), players=["Asha", "Bikash", "Chandra", "दीपा"]),
                {
                    "Asha": {
                        "status": "seen",
                        "maal_counts": {
                            "tiplu": 1,
                            "poplu": 0,
                            "jhiplu": 1,
                            "tunnellas": {"ordinary": 0, "joker": 0, "poplu_jhiplu": 0},
                        },
                    },
                    "Bikash": {"status": "winner", "maal": 0},
                    "Chandra": {"status": "seen", "maal": 2, "foul": True},
                    "दीपा": {"status": "unseen", "maal": 0},
                },
            ],
            name="marriage at Asha's",
            created=CREATED,
            rules={
                "murder": True,
                "kidnap": False,
                "foul_fine": 15,
                "dublee_bonus": 5,
                "point_rate": 0.25,
                "currency": "NPR",
            },
        ),
        "tables": marriage_games(),
    },
}
