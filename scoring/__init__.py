"""The rules engine: pure Python, one module per game, looked up by slug.

Scoring is a fold: a state (a JSON-serialisable dict: the hands folded so far, the totals, and
whatever later hands depend on) plus the next hand gives that hand's points and the next state.
Every game module has the same surface:
    SLUG, MIN_PLAYERS, MAX_PLAYERS, LOWER_WINS (whether the lowest total is best)
    default_rules() -> dict
    validate_rules(rules) -> full rules (defaults overlaid), raises InputError
    start(rules, players) -> the state before the first hand; state["hands"] counts the hands
        folded and state["totals"] holds the running totals
    fold(rules, players, state, clean_hand) -> (that hand's points, the state after it);
        `state` is left unchanged
    progress(rules, players, state) -> what the table shows next (dealer, game over, winner...);
        progress["pending"] is true when the last hand is saved but not complete yet
        (Thirteen's bids before its books)
    validate_hand(rules, players, inputs, hand=None, state=None) -> one hand's clean inputs,
        given the state after the earlier hands (None: no earlier hands), since a hand may
        depend on them (rounds, eliminations)
    validate(rules, players, hands) -> every hand's clean inputs
    score(rules, players, clean_hands) -> Result (points per hand, totals, progress, state):
        the same fold from start(), written once in base.py
"""

from . import konkan, marriage, marriage_honors, thirteen, twentyfour
from .errors import InputError

GAMES = {module.SLUG: module for module in (marriage, marriage_honors, konkan, thirteen, twentyfour)}


def get_game(slug):
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise InputError(f"unknown game {slug!r}", field="game") from None


__all__ = ["GAMES", "InputError", "get_game"]
