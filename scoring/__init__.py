"""The rules engine: pure Python, one module per game, looked up by slug.

Every game module has the same surface:
    SLUG, MIN_PLAYERS, MAX_PLAYERS
    default_rules() -> dict
    validate_rules(rules) -> full rules (defaults overlaid), raises InputError
    validate_hand(rules, players, inputs, hand=None) -> one hand's clean inputs
    validate(rules, players, hands) -> every hand's clean inputs
    score(rules, players, clean_hands) -> Result
"""

from . import marriage
from .errors import InputError

GAMES = {module.SLUG: module for module in (marriage,)}


def get_game(slug):
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise InputError(f"unknown game {slug!r}", field="game") from None


__all__ = ["GAMES", "InputError", "get_game"]
