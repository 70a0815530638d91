"""The 24 Game as a table race: the game module that scoring/ registers (docs/rules/twentyfour.md).

It has the surface every game module shares (scoring/__init__.py). The puzzle itself is in two
modules of its own: expressions24 reads, checks and values what a player types, and solver24
finds every distinct solution, knows how hard each hand is and deals solvable cards.
"""

from typing import Any

from . import base, checks, terms
from .base import Hand, Progress, Rules, State
from .errors import InputError, gettext_noop
from .expressions24 import card_value, check_answer
from .solver24 import DIFFICULTIES, SUITS, TARGET

# --- the table race: every phone gets the same deal; the first correct answer wins it ----------
#
# A race table is scored like every other game (see scoring/__init__.py). One hand is one deal:
#     {"_hand": {"cards": ["8S", "3H", "8D", "3C"], "answer": "8/(3-8/3)"},
#      "Asha": {"won": true}, "Bikash": {"won": false}}
# The winner scores 1 point; the answer must make 24 with exactly those cards.

_DEFAULT_RULES: Rules = {"difficulty": ""}


def card_code(card: tuple[str, str]) -> str:
    """ "8S" for ("8", "S")."""
    rank, suit = card
    return rank + suit


def _race_cards(codes: Any, hand: int | None) -> list[tuple[str, str]]:
    if not isinstance(codes, list) or len(codes) != 4 or len(set(map(str, codes))) != 4:
        raise InputError(gettext_noop("a deal is four different cards"), hand=hand, field="cards")
    cards = []
    for code in codes:
        if not isinstance(code, str) or code[-1:] not in SUITS:
            raise InputError(
                gettext_noop("unknown card %(code)s"), params={"code": repr(code)}, hand=hand, field="cards"
            )
        cards.append((code[:-1], code[-1]))
        card_value(code[:-1], field="cards")
    return cards


# The race's one rule, as the formula of its terms (scoring/terms.py).
FORMULAS: dict[str, terms.Formula] = {
    "won_deal": lambda answer: 1,  # the first correct answer wins the deal's point
    "lost_deal": terms.note,
}
term = terms.maker(FORMULAS)


class TwentyFour(base.Engine):
    """A race keeps nothing per player but the count and the totals; nobody deals, and it has no end."""

    SLUG = "twentyfour"
    LOWER_WINS = False
    MIN_PLAYERS = 2
    MAX_PLAYERS = 10
    # Anyone may join the race or leave it between deals: each deal is won on its own.
    CHANGES = ("join", "leave")
    ZERO_SUM = False
    FORMULAS = FORMULAS
    DEFAULT_RULES = _DEFAULT_RULES

    def validate_rules(self, rules: Rules) -> Rules:
        checks.only_keys(rules, _DEFAULT_RULES, field="rules")
        clean = {**_DEFAULT_RULES, **rules}
        if clean["difficulty"] not in ("", *DIFFICULTIES):
            raise InputError(gettext_noop("must be easy, medium, hard or empty (any)"), field="difficulty")
        return clean

    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        """One deal of a race: its cards, the winning answer, and who won it (no deal depends on another)."""
        checks.hand_inputs(inputs, players, hand)
        deal_info = checks.only_keys(inputs.get("_hand"), ("cards", "answer"), hand=hand, field="_hand")
        cards = _race_cards(deal_info.get("cards"), hand)
        answer = deal_info.get("answer")
        try:
            value = check_answer(answer, [card_value(rank) for rank, _suit in cards])
        except InputError as error:
            raise InputError(error.message, params=error.params, hand=hand, field="answer") from None
        if value != TARGET:
            raise InputError(
                gettext_noop("the answer makes %(value)s, not %(target)s"),
                params={"value": value, "target": TARGET},
                hand=hand,
                field="answer",
            )
        clean = {"_hand": {"cards": [card_code(card) for card in cards], "answer": answer}}
        for name in players:
            entry = inputs.get(name, {})
            checks.only_keys(entry, ("won",), hand=hand, player=name)
            clean[name] = {"won": checks.boolean(entry.get("won", False), hand=hand, player=name, field="won")}
        winners = [name for name in players if clean[name]["won"]]
        if len(winners) != 1:
            raise InputError(gettext_noop("exactly one player wins a deal"), hand=hand, field="won")
        return clean

    def explain(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> base.Explained:
        """The deal's point, to the player whose answer won it."""
        winner = next(name for name in players if clean_hand[name]["won"])
        answer = clean_hand["_hand"]["answer"]
        return {
            name: [term("won_deal", answer=answer) if name == winner else term("lost_deal", winner=winner)]
            for name in players
        }

    def progress(self, rules: Rules, players: list[str], state: State) -> Progress:
        return {"dealer": None, "game_over": False, "winner": None}

    def deal_to(self, rules: Rules, state: State, name: str) -> State:
        raise InputError(gettext_noop("nobody deals in this game"), player=name, field="player")


ENGINE = TwentyFour()
