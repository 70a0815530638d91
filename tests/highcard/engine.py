"""The rules of high card: an engine as every game in scoring/ writes one (scoring/base.py)."""

from scoring import base, checks, terms
from scoring.base import Hand, Rules, State
from scoring.errors import InputError, gettext_noop

HIGHEST_CARD = 13
FORMULAS: dict[str, terms.Formula] = {
    "highest": lambda card: 1,
    "not_highest": terms.note,
}  # a tie for the highest card: nobody
term = terms.maker(FORMULAS)


def _validate_entry(entry: object, name: str, hand: int | None) -> dict[str, int]:
    if not isinstance(entry, dict) or "card" not in entry:
        raise InputError(gettext_noop("the card is missing"), hand=hand, player=name, field="card")
    checks.only_keys(entry, ("card",), hand=hand, player=name)
    return {
        "card": checks.whole_number(
            entry["card"], minimum=1, maximum=HIGHEST_CARD, hand=hand, player=name, field="card"
        )
    }


class HighCard(base.DealerGoesRound):
    SLUG = "highcard"
    LOWER_WINS = False
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    CHANGES = ("join", "leave")
    ZERO_SUM = False
    FORMULAS = FORMULAS
    DEFAULT_RULES = {}

    def validate_rules(self, rules: Rules) -> Rules:
        return checks.overlay(self.DEFAULT_RULES, rules)

    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        checks.hand_inputs(inputs, players, hand)
        return self.each_player(players, inputs, hand, lambda entry, name: _validate_entry(entry, name, hand))

    def explain(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> base.Explained:
        highest = max(clean_hand[name]["card"] for name in players)
        winners = [name for name in players if clean_hand[name]["card"] == highest]
        return {
            name: [term("highest" if winners == [name] else "not_highest", card=clean_hand[name]["card"])]
            for name in players
        }


ENGINE = HighCard()
