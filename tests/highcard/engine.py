"""The rules of high card, with the same surface as every engine in scoring/."""

import sys

from scoring import base, checks, terms
from scoring.errors import InputError

SLUG = "highcard"
LOWER_WINS = False
MIN_PLAYERS = 2
MAX_PLAYERS = 6
HIGHEST_CARD = 13
CHANGES = ("join", "leave")
ZERO_SUM = False


def default_rules():
    return {}


def validate_rules(rules):
    return checks.overlay(default_rules(), rules)


def validate_hand(rules, players, inputs, hand=None, state=None):
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


def validate(rules, players, hands, events=()):
    return base.validate_all(sys.modules[__name__], rules, players, hands, events)


FORMULAS = {"highest": lambda card: 1, "not_highest": terms.note}  # a tie for the highest card: nobody
term = terms.maker(FORMULAS)


def explain(rules, players, state, clean):
    highest = max(clean[name]["card"] for name in players)
    winners = [name for name in players if clean[name]["card"] == highest]
    return {name: [term("highest" if winners == [name] else "not_highest", card=clean[name]["card"])]
            for name in players}


def start(rules, players):
    return base.start(players, dealer=players[0])


def fold(rules, players, state, clean_hand):
    points = terms.points(explain(rules, players, state, clean_hand))
    return points, base.after(state, points, dealer=players[(players.index(state["dealer"]) + 1) % len(players)])


def progress(rules, players, state):
    return {"dealer": state["dealer"], "game_over": False, "winner": None}


def score(rules, players, hands, events=()):
    return base.fold_all(sys.modules[__name__], rules, players, hands, events)


def joining_score(rules, state):
    return 0


def changed(rules, state, before):
    return {**state, "dealer": base.next_seated(state["dealer"], before["seated"], state["seated"])}


def deal_to(rules, state, name):
    return {**state, "dealer": name}
