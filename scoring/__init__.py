"""The rules engine: pure Python, one module per game (the web side's registry, games/registry.py,
names each game's module).

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
    explain(rules, players, state, clean_hand) -> {player: [Term, ...]}: one hand's points worked
        out, each rule a term (terms.py) with the values it used; fold() adds the same terms up
    FORMULAS -> {term kind: formula}: each rule of the game's score written once, as what its
        term adds from its values
"""

from .errors import InputError

__all__ = ["InputError"]
