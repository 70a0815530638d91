"""The rules engine: pure Python, one module per game (the web side's registry, games/registry.py,
names each game's module).

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

from .errors import InputError

__all__ = ["InputError"]
