"""Hands and table files of each game as the engines take them and the pages post them: plain data
and the functions that build it. tests/fixtures.py and each game's sample data (games/<game>/tests/
samples.py, which tests/fixtures.py imports) build on it: nothing here may import tests.fixtures.
"""

CREATED = "2026-11-20T19:30:00Z"
EIGHTS_AND_THREES = [["8", "S"], ["3", "H"], ["8", "D"], ["3", "C"]]  # 24 only as 8 ÷ (3 − 8 ÷ 3)
EIGHTS_AND_THREES_KEYS = "c0 / ( c1 - c2 / c3 )"  # the pad's keys for it
ACE_TO_FOUR = [["A", "S"], ["2", "H"], ["3", "D"], ["4", "C"]]  # A × 2 × 3 × 4: what next_deal deals


MARRIAGE_STATUSES = {"W": "winner", "s": "seen", "u": "unseen", "o": "out"}


def marriage_inputs(statuses, maal, players=("Asha", "Bikash", "Chandra", "Dipa"), **extra):
    """A Marriage hand's engine inputs: statuses like "sWsu" (W winner, s seen, u unseen, o out), maal by
    seat; `extra` adds fields to a player's entry, e.g. Asha={"dublee": True}."""
    hand = {
        name: {"status": MARRIAGE_STATUSES[code], "maal": value} for name, code, value in zip(players, statuses, maal)
    }
    for name, fields in extra.items():
        hand[name].update(fields)
    return hand


def hand_form(statuses, maal=(), next_number=1, **fields):
    """Form data for a Marriage hand: statuses like "sWsu" (W winner, s seen, u unseen, o out)."""
    data = {"hand_number": str(next_number)}
    for seat, code in enumerate(statuses):
        if code != "-":
            data[f"status-{seat}"] = MARRIAGE_STATUSES[code]
    for seat, value in enumerate(maal):
        data[f"maal-{seat}"] = str(value)
    data.update(fields)
    return data


def hand_edit_form(statuses, maal, version):
    """Form data for correcting a Marriage hand: hand_form's fields and the version the page showed."""
    data = hand_form(statuses, maal)
    del data["hand_number"]
    data["version"] = str(version)
    return data


def thirteen_round(bids, books=None, trump=None, players=("Asha", "Bikram", "Charlie", "David")):
    """A Thirteen round's engine inputs: bids and books by seat, or only the bids (books None) while
    the round is being played."""
    hand = {
        name: {"bid": bid} if books is None else {"bid": bid, "books": took}
        for name, bid, took in zip(players, bids, books or bids)
    }
    if trump:
        hand["_hand"] = {"trump": trump}
    return hand


def race_deal(cards, answer, winner, players):
    """A 24 race hand's engine inputs: the cards dealt, the winning answer and who gave it."""
    return {"_hand": {"cards": cards, "answer": answer}, **{name: {"won": name == winner} for name in players}}


def document(game, players, hands, **extra):
    """A table file (docs/FORMAT.md): `hands` are engine inputs, one dict a hand."""
    return {
        "format": "cardscore-table/1",
        "game": game,
        "name": f"{game} night",
        "players": list(players),
        "hands": [{"inputs": inputs} for inputs in hands],
        **extra,
    }
