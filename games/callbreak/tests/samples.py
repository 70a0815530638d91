"""Call Break's sample data for the tests that cover every game (the keys: SAMPLES in
tests/fixtures.py, which imports this module: nothing here may import tests.fixtures)."""

from tests.inputs import CREATED, document

from .strategies import CALLBREAK_PLAYERS, callbreak_calls_only, callbreak_complete, callbreak_games

COLORS = ["red", "yellow", "green", "blue"]
# The worked examples of docs/rules/callbreak.md: scores 3.2, −4, 2, 3, then −1, 1.1, 8, 2.1.
FIRST = callbreak_complete([3, 4, 2, 3], [5, 3, 2, 3])
SECOND = callbreak_complete([1, 1, 8, 2], [0, 2, 8, 3])


def phone_hand(seats, table):
    """The step of a round the form waits for, as a phone enters it (tests/fixtures.py): everyone
    calls 3, then the tricks are 4, 3, 3 and 3."""
    if taking := seats("tricks"):
        return dict(zip((f"tricks-{seat}" for seat in taking), ["4", "3", "3", "3"], strict=True))
    return {f"call-{seat}": "3" for seat in seats("call")}


def numbered_hand(number, edit=False):
    """Round `number` as the forms post it, for the save-answer test (tests/browser/): its calls,
    then its tricks; `edit`: its correction, calls and tricks in one form."""
    calls = {f"call-{seat}": str(1 + (number + seat + edit) % 4) for seat in range(4)}
    tricks = {f"tricks-{seat}": str([4, 3, 3, 3][(number + seat + edit) % 4]) for seat in range(4)}
    return [{**calls, **tricks}] if edit else [calls, tricks]


SAMPLES = {
    "callbreak": {
        "words": ["call break", "calls?", "tricks?", "call_eight_wins"],
        "first_step": "call",
        "phone_hand": phone_hand,
        "twenty_saves": (numbered_hand, {"rounds": 12}, 10),
        "to_the_edge": None,
        "players": CALLBREAK_PLAYERS,
        "colors": COLORS,
        "first_hand": FIRST,
        "between_hands": None,
        "seats": 4,
        "new_table": {"name": "Call Break night", "rounds": "5"},
        "add_hand": {"hand_number": "2", "call-0": "1", "call-1": "1", "call-2": "8", "call-3": "2"},
        "edit_hand": {
            "version": "2",
            "call-0": "3",
            "call-1": "4",
            "call-2": "2",
            "call-3": "3",
            "tricks-0": "4",
            "tricks-1": "4",
            "tricks-2": "2",
            "tricks-3": "3",
        },
        "seat_fields": ["call", "tricks"],
        "hand_fields": [],
        "one_hand_document": document(
            "callbreak", CALLBREAK_PLAYERS, [FIRST], created=CREATED, colors=dict(zip(CALLBREAK_PLAYERS, COLORS))
        ),
        "document": document(
            "callbreak",
            CALLBREAK_PLAYERS,
            [FIRST, SECOND, callbreak_calls_only([2, 3, 4, 2])],  # round 3: calls saved, tricks not yet
            name="Call Break at Asha's",
            created=CREATED,
            colors=dict(zip(CALLBREAK_PLAYERS, COLORS)),
            rules={"rounds": 6},
        ),
        "tables": callbreak_games(),
    },
}
