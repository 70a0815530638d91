"""The 24 Game's solver: every distinct solution of four cards, the table of all hands, dealing.

The solver builds, for every sub-hand, each distinct expression once; two expressions are the
same when they are equal after flattening every chain of + and - into sorted added and
subtracted terms, and every chain of * and / into sorted multiplied and divided factors (so
a-(b-c) = a-b+c and a/(b/c) = a/b*c). An expression is named by its canonical text, which writes
those sorted parts with minimal brackets, so distinct texts are distinct solutions. The 1820
hands of four values are classified once per process, on first use, and dealing picks from that
table (docs/rules/twentyfour.md). A hand is as hard as its easiest solution is to find: the
operations that solution needs (Effort), and for a single product how many solutions there are.

Named solver24 for what it does and for which game, like the solve24 command that prints its
answers. The table and dealing live here because both are the solver's answers put to use.
"""

import bisect
import functools
import itertools
import operator
import random
from collections import Counter
from collections.abc import Callable, Iterable
from enum import IntEnum
from fractions import Fraction
from math import comb
from typing import Any, NamedTuple, TypeAlias

from .errors import InputError, gettext_noop
from .expressions24 import OPERATIONS, card_rank, card_value, sorted_hand

TARGET = 24
SUITS = ("S", "H", "D", "C")
DIFFICULTIES = ("easy", "medium", "hard")
# A hand whose easiest solution needs one product is easy with at least this many solutions
# (one of them is then quick to find), else medium. Weighted by card deals, this makes about
# 41 % of solvable deals easy, 47 % medium and 12 % hard.
EASY_SOLUTIONS = 4
# Every one of the 1820 hands of four values 1..13, as a sorted tuple.
HANDS = tuple(itertools.combinations_with_replacement(range(1, 14), 4))
# The solver keeps whole values as ints (faster) and divides into a Fraction.
_EXACT: dict[str, Callable[[Any, Any], Fraction | int]] = {**OPERATIONS, "/": Fraction}


class Effort(IntEnum):
    """How hard one solution is to find, from what it needs, easiest first."""

    SUMS = 0  # only + and -: 9+12+10-7
    ONE_PRODUCT = 1  # one *: (4+2)*(3+1)
    PRODUCTS = 2  # two or three *: 4*3*(1+1)
    DIVISION = 3  # a /, every intermediate value whole: 8*(10-1)/3
    FRACTION = 4  # a fraction along the way, however it is written: 8/(3-8/3)


def effort_of(text: str, whole: bool) -> Effort:
    """The Effort of one solution, from its canonical text and whether it can be written without fractions."""
    if not whole:
        return Effort.FRACTION
    if "/" in text:
        return Effort.DIVISION
    products = text.count("*")
    if products == 0:
        return Effort.SUMS
    return Effort.ONE_PRODUCT if products == 1 else Effort.PRODUCTS


Values: TypeAlias = tuple[int, ...]  # card values, sorted
Parts: TypeAlias = tuple[tuple[str, ...], tuple[str, ...]]


class _Form(NamedTuple):
    """One distinct expression, with its parts when it stands in a chain of + and -, or of * and /."""

    text: str  # canonical ASCII: the parts of each chain sorted, minimal brackets
    value: Fraction | int
    whole: bool  # some way of writing it has only whole-number intermediate values
    terms: Parts  # (added, subtracted) canonical texts, as a term of a chain of + and -
    factors: Parts  # (multiplied, divided) canonical texts, as a factor of a chain of * and /


def _card(value: int) -> _Form:
    text = str(value)
    return _Form(text, value, True, ((text,), ()), ((text,), ()))


def _join(a: _Form, op: str, b: _Form) -> tuple[str, Parts]:
    """Canonical text of `a op b` and its new chain's (up, down) parts, flattened and sorted."""
    if op in "+-":
        (a_up, a_down), (b_up, b_down), sign, inverse = a.terms, b.terms, "+", "-"
    else:
        (a_up, a_down), (b_up, b_down), sign, inverse = a.factors, b.factors, "*", "/"
    if op in "+*":
        up, down = sorted(a_up + b_up, reverse=True), sorted(a_down + b_down, reverse=True)
    else:
        up, down = sorted(a_up + b_down, reverse=True), sorted(a_down + b_up, reverse=True)
    text = sign.join(up) + inverse + inverse.join(down) if down else sign.join(up)
    return text, (tuple(up), tuple(down))


def _chain(text: str, op: str, parts: Parts, value: Fraction | int, whole: bool) -> _Form:
    """A new expression whose last operation is `op`; `parts` are its chain's (up, down)."""
    if op in "+-":
        return _Form(text, value, whole, parts, ((f"({text})",), ()))
    return _Form(text, value, whole, ((text,), ()), parts)


def _pairings(a: _Form, b: _Form) -> tuple[tuple[_Form, str, _Form], ...]:
    """The six ways to combine a and b; + and * need one order."""
    return (a, "+", b), (a, "-", b), (b, "-", a), (a, "*", b), (a, "/", b), (b, "/", a)


# For each length, every way to cut positions 0..n-1 into two non-empty groups, smaller first.
_CUTS = {
    n: [
        (chosen, tuple(i for i in range(n) if i not in chosen))
        for size in range(1, n // 2 + 1)
        for chosen in itertools.combinations(range(n), size)
    ]
    for n in (2, 3, 4)
}


@functools.cache
def _splits(values: Values) -> list[tuple[Values, Values]]:
    """Each distinct way to cut a sorted tuple into two non-empty sorted parts, smaller first."""
    splits = set()
    for left_at, right_at in _CUTS[len(values)]:
        left, right = tuple(values[i] for i in left_at), tuple(values[i] for i in right_at)
        splits.add((left, right) if len(left) < len(right) or left <= right else (right, left))
    return sorted(splits)


@functools.cache
def _forms(values: Values) -> dict[str, _Form]:
    """Every distinct expression using each of the sorted `values` once, by canonical text."""
    if len(values) == 1:
        return {str(values[0]): _card(values[0])}
    forms: dict[str, _Form] = {}
    for left, right in _splits(values):
        for x in _forms(left).values():
            for y in _forms(right).values():
                for a, op, b in _pairings(x, y):
                    if op == "/" and not b.value:
                        continue
                    text, parts = _join(a, op, b)
                    known = forms.get(text)
                    whole = a.whole and b.whole
                    if known is None:
                        value = _EXACT[op](a.value, b.value)
                        forms[text] = _chain(text, op, parts, value, whole and value.denominator == 1)
                    elif whole and not known.whole and known.value.denominator == 1:
                        forms[text] = known._replace(whole=True)
    return forms


@functools.cache
def _by_value(values: Values) -> dict[tuple[int, int], list[_Form]]:
    """The expressions over `values` grouped by exact value, as (numerator, denominator)."""
    groups: dict[tuple[int, int], list[_Form]] = {}
    for form in _forms(values).values():
        groups.setdefault((form.value.numerator, form.value.denominator), []).append(form)
    return groups


@functools.cache
def _needs(values: Values) -> list[tuple[_Form, str, tuple[int, int]]]:
    """For each expression a over `values`: (a, op, value) such that a op b = 24 when b has that
    value, as (numerator, denominator); op "r-" and "r/" stand for b - a and b / a."""
    needs: list[tuple[_Form, str, tuple[int, int]]] = []
    for a in _forms(values).values():
        x = a.value
        wanted: list[tuple[str, Fraction | int]] = [("+", TARGET - x), ("-", x - TARGET), ("r-", x + TARGET)]
        if x:
            wanted += [("*", Fraction(TARGET, x)), ("/", Fraction(x, TARGET)), ("r/", TARGET * x)]
        needs += [(a, op, (b.numerator, b.denominator)) for op, b in wanted]
    return needs


def _solutions(values: Values) -> dict[str, bool]:
    """{canonical text: whether it can be written without fractions} of the ways to make 24."""
    found: dict[str, bool] = {}
    for left, right in _splits(values):
        groups = _by_value(right)
        for a, op, value in _needs(left):
            for b in groups.get(value, ()):
                text = _join(b, op[1], a)[0] if op[0] == "r" else _join(a, op, b)[0]
                found[text] = found.get(text, False) or (a.whole and b.whole)
    return found


def forget() -> None:
    """Empty the solver's memory of sub-hands, so that the next call starts cold (for timing)."""
    for memo in (_splits, _forms, _by_value, _needs):
        memo.cache_clear()


def _ranked(found: dict[str, bool]) -> list[str]:
    """Solution texts, simplest first: by Effort, then shorter ones."""
    return sorted(found, key=lambda text: (effort_of(text, found[text]), len(text), text))


def solve(values: Iterable[Any]) -> list[str]:
    """Every distinct solution for four card values, in ASCII, simplest first ([] if none).

    Raises InputError on bad values.
    """
    return _ranked(_solutions(sorted_hand(values)))


class Entry(NamedTuple):
    """What the table knows about one hand of four values."""

    solvable: bool
    solution: str | None  # the simplest solution (see solve), shown on "give up"
    count: int  # type: ignore[assignment]  # number of distinct solutions (a field, over tuple's method)
    effort: Effort | None  # what the simplest solution needs; None when unsolvable
    difficulty: str | None  # easy, medium or hard; None when unsolvable


def difficulty_of(count: int, effort: Effort) -> str | None:
    """How hard a hand is: the Effort of its simplest solution and, for one product, the number of solutions.

    easy: only + and -, or one product among EASY_SOLUTIONS solutions or more; medium: one product
    among fewer, or several products; hard: a division or a fraction is unavoidable; None: no solution.
    """
    if count == 0:
        return None
    if effort >= Effort.DIVISION:
        return "hard"
    if effort == Effort.SUMS or (effort == Effort.ONE_PRODUCT and count >= EASY_SOLUTIONS):
        return "easy"
    return "medium"


def classify(values: Iterable[Any]) -> Entry:
    """The table entry of four card values: solvable?, a solution, how many, how hard."""
    found = _solutions(sorted_hand(values))
    if not found:
        return Entry(False, None, 0, None, None)
    simplest = _ranked(found)[0]
    effort = effort_of(simplest, found[simplest])
    return Entry(True, simplest, len(found), effort, difficulty_of(len(found), effort))


def build_table() -> dict[Values, Entry]:
    """Classify all 1820 hands from a cold start: {sorted values: Entry}."""
    forget()
    return {values: classify(values) for values in HANDS}


@functools.cache
def table() -> dict[Values, Entry]:
    """The table of all 1820 hands, built once per process."""
    return build_table()


def deals_of(values: Iterable[int]) -> int:
    """How many four-card deals from a 52-card pack show these four values."""
    return functools.reduce(operator.mul, (comb(4, n) for n in Counter(values).values()))


@functools.cache
def _deck(difficulty: str | None) -> tuple[list[Values], list[int]]:
    """Solvable hands (of one difficulty, or all for None) and their cumulative deal counts."""
    hands = [values for values, entry in table().items() if entry.solvable and difficulty in (None, entry.difficulty)]
    return hands, list(itertools.accumulate(deals_of(values) for values in hands))


class Deal(NamedTuple):
    """One deal, with what the table knows about it."""

    cards: list[tuple[str, str]]  # four (rank, suit) pairs such as ("8", "S"), ("K", "H")
    values: list[int]  # their values, in the same order
    difficulty: str
    count: int  # type: ignore[assignment]  # number of distinct solutions (a field, over tuple's method)
    solution: str  # one solution, for "give up"


def deal(rng: random.Random | None = None, difficulty: str | None = None) -> Deal:
    """Four different cards from a 52-card pack, every solvable deal (of `difficulty`) equally likely."""
    if difficulty not in (None, *DIFFICULTIES):
        raise InputError(
            gettext_noop("unknown difficulty %(difficulty)s: easy, medium or hard"),
            params={"difficulty": repr(difficulty)},
            field="difficulty",
        )
    chance: Any = random if rng is None else rng  # the random module, or a Random of the caller's
    hands, cumulative = _deck(difficulty)
    values = hands[bisect.bisect_right(cumulative, chance.randrange(cumulative[-1]))]
    cards: list[tuple[str, str]] = []
    for value, count in Counter(values).items():
        cards += [(card_rank(value), suit) for suit in chance.sample(SUITS, count)]
    chance.shuffle(cards)
    entry = table()[values]
    # Every hand dealt is solvable; the assert tells mypy so.
    assert entry.difficulty is not None and entry.solution is not None  # noqa: S101
    return Deal(cards, [card_value(rank) for rank, _suit in cards], entry.difficulty, entry.count, entry.solution)
