"""Scoring as a fold, shared by every game module.

A game's state (a JSON-serialisable dict) holds what later hands depend on. Every state has
"hands" (how many hands were folded) and "totals" (player -> running total), kept here for all
the games; a game adds its own keys (Konkan's eliminations, Thirteen's sandbags...).
"""

from dataclasses import dataclass, field

from .errors import InputError, gettext_noop


@dataclass
class Result:
    """Points per hand (player -> int, 0 for a player not in it), running totals and progress.

    progress holds what the table shows next: "dealer" (name of who deals next), "game_over",
    "winner" (a name or None), and anything game-specific such as "round" or "out".
    state is the fold state after the last hand: fold the next hand onto it.
    """

    points: list = field(default_factory=list)
    totals: dict = field(default_factory=dict)
    progress: dict = field(default_factory=dict)
    state: dict = field(default_factory=dict)


def start(players, **game_state):
    """The state before the first hand: no hands, every total 0, and the game's own keys."""
    return {"hands": 0, "totals": dict.fromkeys(players, 0), **game_state}


def after(state, points, **game_state):
    """A new state: one more hand, its points added to the totals, the game's own keys replaced."""
    totals = {name: total + points.get(name, 0) for name, total in state["totals"].items()}
    return {**state, "hands": state["hands"] + 1, "totals": totals, **game_state}


def fold_all(game, rules, players, hands):
    """score(): every validated hand folded in order from the game's start state."""
    state = game.start(rules, players)
    points = []
    for hand in hands:
        hand_points, state = game.fold(rules, players, state, hand)
        points.append(hand_points)
    return Result(points=points, totals=dict(state["totals"]), progress=game.progress(rules, players, state),
                  state=state)


def validate_all(game, rules, players, hands):
    """validate(): each hand checked against the state the hands before it leave."""
    if not isinstance(hands, (list, tuple)):
        raise InputError(gettext_noop("must be a list"), field="hands")
    state = game.start(rules, players)
    clean_hands = []
    for number, inputs in enumerate(hands, 1):
        clean = game.validate_hand(rules, players, inputs, hand=number, state=state)
        _points, state = game.fold(rules, players, state, clean)
        clean_hands.append(clean)
    return clean_hands
