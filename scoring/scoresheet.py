"""The score sheet: any game the table plays, a number per player per hand (docs/rules/scoresheet.md).

Its rules say what other games fix in their code: whether the lowest total wins (lower_wins) and
whether every hand adds up to 0 (zero_sum), and the table's own ending.
"""

import re
from typing import Any

from . import base, checks, terms
from .base import Hand, Progress, Rules, State
from .errors import InputError, Problems, gettext_noop

MAX_POINTS = 100_000  # a player's points in one hand, either way
MAX_TITLE = 40
MAX_HANDS = 500  # the most a table's `hands` rule can ask for
MAX_TARGET = 10_000_000
MAX_TYPED = 60  # characters of a sum typed in a box: a dozen numbers
# A sum as typed at the table: whole numbers joined by + and -, the first one signed or not.
_SUM = re.compile(r"[+-]?[0-9]+(?:[+-][0-9]+)*", re.ASCII)
_TERM = re.compile(r"[+-]?[0-9]+", re.ASCII)

_DEFAULT_RULES: Rules = {"title": "Score sheet", "lowest_wins": False, "target": None, "hands": None, "zero_sum": False}
# Played for money only when the table sets a rate: the rules then hold it, and its currency.
_MONEY_RULES = ("point_rate", "currency")

# Each rule of a hand's score, as the formula of its term (scoring/terms.py).
FORMULAS: dict[str, terms.Formula] = {
    "points": lambda points: points,  # what the table wrote down for the player
    "sum": lambda typed, points: points,  # a sum typed in the box ("12+11+7"): its result
    "sat_out": terms.note,  # left blank: the player sat the hand out
}
term = terms.maker(FORMULAS)


def added_up(typed: str, **where: Any) -> int:
    """What a box holds: a whole number or a sum as typed at the table ("12+11+7", "-5+20", spaces
    and a typographic minus allowed), added up; anything else is refused (InputError)."""
    text = typed.replace("\u2212", "-").replace(" ", "")
    if len(typed) > MAX_TYPED or not _SUM.fullmatch(text):
        raise InputError(gettext_noop("write a whole number, or a sum such as 12+11+7 (only + and −)"), **where)
    return sum(int(number) for number in _TERM.findall(text))


def is_sum(typed: str) -> bool:
    """Whether what a box holds is a sum of several numbers, kept as typed, rather than one number."""
    return len(_TERM.findall(typed.replace("\u2212", "-").replace(" ", ""))) > 1


def _validate_entry(entry: Any, **where: Any) -> dict[str, Any]:
    checks.only_keys(entry, ("points", "typed"), **where)
    if "points" not in entry:
        raise InputError(gettext_noop("the points are missing"), **where, field="points")
    points = checks.whole_number(entry["points"], minimum=-MAX_POINTS, maximum=MAX_POINTS, **where, field="points")
    if "typed" not in entry:
        return {"points": points}
    typed = entry["typed"]
    if not isinstance(typed, str) or not is_sum(typed):
        raise InputError(gettext_noop("must be a sum such as 12+11+7"), **where, field="typed")
    if (result := added_up(typed, **where, field="typed")) != points:
        raise InputError(
            gettext_noop("%(typed)s adds up to %(sum)s, not %(points)s"),
            params={"typed": typed, "sum": result, "points": points},
            **where,
            field="typed",
        )
    return {"points": points, "typed": typed}


def _optional_number(value: Any, *, minimum: int, maximum: int, field: str) -> int | None:
    """A rule that is a whole number within bounds, or None (not set)."""
    return None if value is None else checks.whole_number(value, minimum=minimum, maximum=maximum, field=field)


class ScoreSheet(base.DealerGoesRound):
    """The deal moves one seat on each hand, from the first player."""

    SLUG = "scoresheet"
    LOWER_WINS = False  # by default: the rule `lowest_wins` says it for a table (lower_wins())
    MIN_PLAYERS = 2
    MAX_PLAYERS = 20
    # Whatever the game, a player may sit down, get up or hand their seat on between hands: every
    # hand is written down on its own, and nothing carries over but the totals.
    CHANGES = ("join", "leave", "replace")
    ZERO_SUM = False  # by default: the rule `zero_sum` says it for a table (zero_sum())
    FORMULAS = FORMULAS
    DEFAULT_RULES = _DEFAULT_RULES

    def validate_rules(self, rules: Rules) -> Rules:
        """The full rules; a blank title is the default one, and money only with a rate."""
        checks.only_keys(rules, (*_DEFAULT_RULES, *_MONEY_RULES), field="rules")
        clean = {**_DEFAULT_RULES, **rules}
        if clean.get("point_rate") is None:
            clean.pop("point_rate", None)
            clean.pop("currency", None)
        else:
            clean["point_rate"] = checks.rate(clean["point_rate"], field="point_rate")
            clean["currency"] = checks.text(clean.get("currency", ""), max_length=10, field="currency")
        clean["title"] = checks.text(clean["title"], max_length=MAX_TITLE, name=True, field="title") or str(
            _DEFAULT_RULES["title"]
        )
        for key in ("lowest_wins", "zero_sum"):
            checks.boolean(clean[key], field=key)
        clean["target"] = _optional_number(clean["target"], minimum=1, maximum=MAX_TARGET, field="target")
        clean["hands"] = _optional_number(clean["hands"], minimum=1, maximum=MAX_HANDS, field="hands")
        return clean

    def zero_sum(self, rules: Rules) -> bool:
        return bool(rules["zero_sum"])

    def lower_wins(self, rules: Rules) -> bool:
        return bool(rules["lowest_wins"])

    def validate_hand(
        self, rules: Rules, players: list[str], inputs: Hand, hand: int | None = None, state: State | None = None
    ) -> Hand:
        """One hand: the points of each player who played it, in seat order (a seated player left
        out sat it out). `state` (after the earlier hands) says whether the game is over."""
        if state is not None and self.progress(rules, players, state)["game_over"]:
            raise InputError(gettext_noop("the game is over"), hand=hand, field="hand")
        checks.hand_inputs(inputs, players, hand)
        checks.only_keys(
            inputs.get("_hand", {}), (), hand=hand, field="_hand"
        )  # nothing belongs to the hand as a whole
        problems, clean = Problems(), {}
        for name in players:
            if name in inputs:
                with problems.check():
                    clean[name] = _validate_entry(inputs[name], hand=hand, player=name)
        problems.raise_found()
        if not clean:
            raise InputError(gettext_noop("enter at least one player's points"), hand=hand, field="points")
        total = sum(entry["points"] for entry in clean.values())
        if self.zero_sum(rules) and total:
            raise InputError(
                gettext_noop("the points add up to %(sum)s, but every hand adds up to 0"),
                params={"sum": total},
                hand=hand,
                field="points",
            )
        return clean

    def start(self, rules: Rules, players: list[str]) -> State:
        return base.start_state(players, dealer=players[0], ended=False)

    def explain(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> base.Explained:
        """Each player's points as written down (a sum as it was typed); a player left blank sat the
        hand out (0)."""
        return {name: [_term(clean_hand[name]) if name in clean_hand else term("sat_out")] for name in players}

    def moved_on(self, rules: Rules, players: list[str], state: State, clean_hand: Hand) -> dict[str, Any]:
        """The deal moves on, and the game ends after this hand when a total reached the target or
        the table's number of hands is played."""
        totals = [state["totals"][name] + clean_hand.get(name, {}).get("points", 0) for name in players]
        reached = rules["target"] is not None and any(total >= rules["target"] for total in totals)
        played = rules["hands"] is not None and state["hands"] + 1 >= rules["hands"]
        return {**super().moved_on(rules, players, state, clean_hand), "ended": reached or played}

    def progress(self, rules: Rules, players: list[str], state: State) -> Progress:
        """Who deals next, the end, and the winners: the best total of the players seated (the
        highest, or the lowest with `lowest_wins`), several when equal ("winner" then None)."""
        winners = []
        if state["ended"]:
            best = (min if self.lower_wins(rules) else max)(state["totals"][name] for name in players)
            winners = [name for name in players if state["totals"][name] == best]
        return {
            "dealer": state["dealer"],
            "game_over": bool(state["ended"]),
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
        }


def _term(entry: dict[str, Any]) -> terms.Term:
    if "typed" in entry:
        return term("sum", typed=entry["typed"], points=entry["points"])
    return term("points", points=entry["points"])


ENGINE = ScoreSheet()
