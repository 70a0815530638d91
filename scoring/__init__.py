"""The rules engine: pure Python, one module per game (the web side's registry, games/sdk/registry.py,
names each game's module).

Scoring is a fold: a state (a JSON-serialisable dict: the hands folded so far, the totals, and
whatever later hands depend on) plus the next hand gives that hand's points and the next state.
Every game is a subclass of base.Engine, which owns what the games share (validating and folding
a whole table, the per-player problem loop, events between hands, the stages of a hand); its
module exposes one instance, ENGINE, and keeps the game's own helpers (Thirteen's cards_in_round,
Marriage's count_maal...) as functions beside it. The contract (`players`: who is seated for the
hand):
    SLUG, MIN_PLAYERS, MAX_PLAYERS, LOWER_WINS (whether the lowest total is best)
    CHANGES (which seat changes the game allows between hands: "join", "leave", "replace", and
        why, in a comment), ZERO_SUM (whether every hand adds up to 0, and so must an adjustment)
    lower_wins(rules), zero_sum(rules) -> LOWER_WINS, ZERO_SUM, unless the table's rules say
        (the score sheet): what the rest of the code asks
    POINT_DECIMALS (0, or 1 in Call Break): points, totals and terms are whole numbers in the game's
        units (a tenth in Call Break: 3.2 points are 32); read_points(value, minimum, maximum)
        reads a number of points given from outside into units (InputError past the decimals),
        shown(units) -> Decimal gives them back as people read them (32 -> 3.2, 40 -> 4)
    FORMULAS -> {term kind: formula}: each rule of the game's score written once, as what its
        term adds from its values
    DEFAULT_RULES, default_rules() -> dict
    validate_rules(rules) -> full rules (defaults overlaid), raises InputError
    STAGES: the steps a hand is entered in; stage(clean_hand), next_stage(clean_hand),
        complete(clean_hand), and pending(state): whether the last hand folded is saved but not
        complete yet (Thirteen's bids before its books); progress["pending"] says the same
    start(rules, players) -> the state before the first hand; state["hands"] counts the hands
        folded and state["totals"] holds the running totals
    fold(rules, players, state, clean_hand) -> (that hand's points, the state after it);
        `state` is left unchanged
    progress(rules, players, state) -> what the table shows next (dealer, game over, winner...);
        a game whose win can be shared gives "winners" too, and base.winners(progress) reads
        who won in every game
    validate_hand(rules, players, inputs, hand=None, state=None) -> one hand's clean inputs,
        given the state after the earlier hands (None: no earlier hands), since a hand may
        depend on them (rounds, eliminations)
    validate(rules, players, hands, events=()) -> every hand's clean inputs
    score(rules, players, clean_hands, events=()) -> Result (points per hand, totals, progress,
        state, steps): the same fold from start(), with the events between hands (players
        joining, leaving, adjustments: events.py) folded in their place
    joining_score(rules, state) -> the total a newcomer starts with unless told otherwise
    changed(rules, state, before) -> the state after an event moved seats or totals, with the
        game's own keys put right (who deals next, eliminations...); `before`: the state before it
    deal_to(rules, state, name) -> the state in which `name` deals the next hand, or InputError
    explain(rules, players, state, clean_hand) -> {player: [Term, ...]}: one hand's points worked
        out, each rule a term (terms.py) with the values it used; fold() adds the same terms up
The web side checks every registered game against this at start (games/checks.py).
"""

from .errors import InputError

__all__ = ["InputError"]
