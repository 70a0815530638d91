"""Tarneeb's sample data for the tests that cover every game (the keys: SAMPLES in
tests/fixtures.py, which imports this module: nothing here may import tests.fixtures)."""

from tests.inputs import CREATED, document

from .strategies import TARNEEB_PLAYERS, tarneeb_games, tarneeb_hand

# The worked examples of docs/rules/tarneeb.md: Asha & Chandra 30, Bikash & Dipa −26 after four hands.
FIRST = tarneeb_hand("Asha", 8, 9)
WORKED = [FIRST, tarneeb_hand("Bikash", 10, 9), tarneeb_hand("Chandra", 9, 13, "H"), tarneeb_hand("Dipa", 13, 12)]


def phone_hand(seats, table):
    """The hand as a phone enters it (tests/fixtures.py): the first player bids 7 and takes 7."""
    return {"bidder": table.seated_for(table.state["hands"] + 1)[0], "bid": "7", "tricks": "7"}


def numbered_hand(number, edit=False):
    """Hand `number` as the form posts it, for the save-answer test (tests/browser/); `edit`: its correction."""
    return [{"bidder": TARNEEB_PLAYERS[(number + edit) % 4], "bid": "7", "tricks": str(6 + (number + edit) % 3)}]


SAMPLES = {
    "tarneeb": {
        "words": ["tarneeb", "bidding", "others_always_score", "kaboot"],
        "first_step": None,
        "phone_hand": phone_hand,
        "twenty_saves": (numbered_hand, {"target": 500}, 20),
        "to_the_edge": None,
        "players": TARNEEB_PLAYERS,
        "colors": None,
        "first_hand": FIRST,
        "between_hands": None,
        "seats": 4,
        "new_table": {"name": "Tarneeb night", "target": "31"},
        "add_hand": {"hand_number": "2", "bidder": "Bikash", "bid": "10", "tricks": "9"},
        "edit_hand": {"version": "1", "bidder": "Asha", "bid": "8", "tricks": "10", "trump": "S"},
        "seat_fields": [],
        "hand_fields": ["bid", "bidder", "trump", "tricks"],  # the numbers first and last: tests/test_fuzz.py
        "one_hand_document": document("tarneeb", TARNEEB_PLAYERS, [FIRST], created=CREATED),
        "document": document(
            "tarneeb",
            ["أسماء", "Bikash", "شادي", "दीपा"],
            [
                {"أسماء": {"bid": 8, "tricks": 9}},
                tarneeb_hand("Bikash", 10, 9),
                {"شادي": {"bid": 9, "tricks": 13, "trump": "H"}},
                {"दीपा": {"bid": 13, "tricks": 12}},
            ],
            name="طرنيب عند أسماء",
            created=CREATED,
            rules={"target": 41, "others_always_score": True, "team_names": ["الأرز", "Olives"]},
        ),
        "tables": tarneeb_games(),
    },
}
