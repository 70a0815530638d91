"""The rules of high card, with the same surface as every engine in scoring/."""

from scoring import checks
from scoring.base import Result
from scoring.errors import InputError

SLUG = "highcard"
LOWER_WINS = False
MIN_PLAYERS = 2
MAX_PLAYERS = 6
HIGHEST_CARD = 13


def default_rules():
    return {}


def validate_rules(rules):
    return checks.overlay(default_rules(), rules)


def validate_hand(rules, players, inputs, hand=None, previous=()):
    checks.hand_inputs(inputs, players, hand)
    clean = {}
    for name in players:
        entry = inputs.get(name)
        if not isinstance(entry, dict) or "card" not in entry:
            raise InputError("the card is missing", hand=hand, player=name, field="card")
        checks.only_keys(entry, ("card",), hand=hand, player=name)
        card = checks.whole_number(entry["card"], minimum=1, maximum=HIGHEST_CARD, hand=hand, player=name,
                                   field="card")
        clean[name] = {"card": card}
    return clean


def validate(rules, players, hands):
    return [validate_hand(rules, players, inputs, number) for number, inputs in enumerate(hands, 1)]


def score_hand(players, clean):
    highest = max(clean[name]["card"] for name in players)
    winners = [name for name in players if clean[name]["card"] == highest]
    return {name: int(winners == [name]) for name in players}


def score(rules, players, hands):
    points = [score_hand(players, clean) for clean in hands]
    totals = {name: sum(hand[name] for hand in points) for name in players}
    return Result(points=points, totals=totals,
                  progress={"dealer": players[len(hands) % len(players)], "game_over": False, "winner": None})
