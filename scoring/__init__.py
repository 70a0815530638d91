"""The rules engine: pure Python, one module per game, looked up by slug.

Every game module has the same surface:
    SLUG, MIN_PLAYERS, MAX_PLAYERS, LOWER_WINS (whether the lowest total is best)
    default_rules() -> dict
    validate_rules(rules) -> full rules (defaults overlaid), raises InputError
    validate_hand(rules, players, inputs, hand=None, previous=()) -> one hand's clean inputs,
        given the earlier clean hands (a hand may depend on them: rounds, eliminations)
    validate(rules, players, hands) -> every hand's clean inputs
    score(rules, players, clean_hands) -> Result; Result.progress["pending"] is true when the
        last hand is saved but not complete yet (Thirteen's bids before its books)
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
