"""A score shown worked out: each player's points of a hand as terms, the rule beside its numbers.

A term is plain data: its `kind` (which rule it is), the `values` that rule used, and the
`points` it adds to the player's points for the hand. A game module writes each of its rules once,
as the formula of a kind (its FORMULAS: kind -> function of the values), and builds a hand's
terms with it; its fold adds the terms up, so what is shown is what is scored. A kind whose
formula gives 0 is a note: something the rule did without adding points (a murdered maal, a
player out of the game).

    explain(rules, players, state, clean_hand) -> {player: [Term, ...]}, in seat order, the
        player's points for the hand being the sum of their terms' points
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

Formula = Callable[..., int]  # a rule: the points a term adds, from its values


@dataclass(frozen=True)
class Term:
    kind: str
    values: dict[str, Any]
    points: int


def maker(formulas: dict[str, Formula]) -> Callable[..., Term]:
    """A game's term builder: term(kind, **values) with its points from that kind's formula."""

    def term(kind: str, **values: Any) -> Term:
        return Term(kind, values, formulas[kind](**values))

    return term


def note(**_values: Any) -> int:
    """The formula of a note: it adds nothing."""
    return 0


def evaluate(formulas: dict[str, Formula], terms: Iterable[Term]) -> int:
    """The points a player's terms add up to, each worked out again from its values."""
    return sum(formulas[term.kind](**term.values) for term in terms)


def points(explained: dict[str, list[Term]]) -> dict[str, int]:
    """Points per player of an explained hand."""
    return {name: sum(term.points for term in terms) for name, terms in explained.items()}
