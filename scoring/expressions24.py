"""Typed expressions of the 24 Game: tokens, parsing, exact values, checks against the deal.

An expression comes as text or as the keys pressed so far. It is checked as it grows, so the pad
can say at once what is wrong (and, against a deal, which card is missing or used twice), and it
is valued exactly with Fraction, never `eval` (docs/rules/twentyfour.md).

Named expressions24: it is about expressions, and the 24 says whose. Its cards (A..K), its four
operators and its messages are the 24 Game's, not a general calculator's; solver24 beside it and
the solve24 command are named the same way.
"""

import operator
import re
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, TypeAlias

from .errors import InputError, gettext_noop

MAX_LENGTH = 200  # characters of a typed expression
MAX_TOKENS = 40  # four cards, three operators, "=" and plenty of brackets

_NAMED = {"A": 1, "J": 11, "Q": 12, "K": 13}
_RANKS = {value: name for name, value in _NAMED.items()}
_SYMBOLS = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "/": "/", "÷": "/", "(": "(", ")": ")", "=": "="}
OPERATIONS: dict[str, Callable[[Fraction, Fraction], Fraction]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
}
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_TOKEN = re.compile(r"\d+|[A-Za-z]+|\S")
Token: TypeAlias = int | str  # a card value, or one of + - * / ( ) =
Tree: TypeAlias = "int | tuple[str, Tree, Tree]"  # a card value, or (operator, left, right)


def _error(message: str, **params: Any) -> InputError:
    return InputError(message, params=params, field="expression")


# "x cannot follow y", by whether x and y are cards (True) or symbols.
_CANNOT_FOLLOW = {
    (True, True): gettext_noop("a card cannot follow a card"),
    (True, False): gettext_noop("a card cannot follow '%(previous)s'"),
    (False, True): gettext_noop("'%(token)s' cannot follow a card"),
    (False, False): gettext_noop("'%(token)s' cannot follow '%(previous)s'"),
}


def card_value(card: Any, field: str = "expression") -> int:
    """The value 1..13 of a card written as a number or as A, J, Q, K; raises InputError."""
    text = str(card).strip()
    if text.upper() in _NAMED:
        return _NAMED[text.upper()]
    digits = text.isascii() and text.isdigit()
    if digits and len(text) <= 2 and text[0] != "0" and int(text) <= 13:
        return int(text)
    if field == "expression" and not digits:
        raise InputError(
            gettext_noop("unknown symbol %(text)s: use the cards, + - * / and brackets"),
            params={"text": repr(text)},
            field=field,
        )
    raise InputError(
        gettext_noop("%(text)s is not a card: values are 1 to 13 (or A, J, Q, K)"),
        params={"text": repr(text)},
        field=field,
    )


def card_rank(value: int) -> str:
    """How a card of this value is written: A, 2..10, J, Q or K (the inverse of card_value)."""
    return _RANKS.get(value, str(value))


def _token(raw: Any) -> Token:
    """One token: a card value (int) or one of + - * / ( ) =; display symbols become ASCII."""
    text = str(raw).strip()
    return _SYMBOLS[text] if text in _SYMBOLS else card_value(text)


def _tokens(raw_tokens: Any) -> list[Token]:
    """A list of raw tokens, each normalised by _token; raises InputError."""
    if not isinstance(raw_tokens, (list, tuple)):
        raise _error(gettext_noop("the expression must be a list of tokens"))
    if len(raw_tokens) > MAX_TOKENS:
        raise _error(gettext_noop("the expression is too long (at most %(count)s symbols)"), count=MAX_TOKENS)
    return [_token(raw) for raw in raw_tokens]


def sorted_hand(values: Any) -> tuple[int, ...]:
    """Four card values as a sorted tuple; raises InputError."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise InputError(gettext_noop("a deal is a list of four cards"), field="deal")
    values = list(values)
    if len(values) != 4:
        raise InputError(
            gettext_noop("a deal has four cards, not %(count)s"), params={"count": len(values)}, field="deal"
        )
    return tuple(sorted(card_value(value, field="deal") for value in values))


def tokenize(text: Any) -> list[Token]:
    """The tokens of a typed expression: card values as ints, operators and brackets as ASCII."""
    if not isinstance(text, str):
        raise _error(gettext_noop("the expression must be text"))
    if len(text) > MAX_LENGTH:
        raise _error(gettext_noop("the expression is too long (at most %(count)s characters)"), count=MAX_LENGTH)
    return [_token(part) for part in _TOKEN.findall(text)]


def _check(tokens: list[Token], deal_values: Iterable[Any] | None, finished: bool) -> None:
    """Raise InputError at the first thing wrong with normalised `tokens` (no "=").

    Cards are counted against `deal_values` unless it is None. A bracket right after "/" is
    evaluated as soon as it closes, so a division by zero is reported at once. `finished`: the
    expression must also be complete and, with a deal, use every card.
    """
    unused = None if deal_values is None else Counter(sorted_hand(deal_values))
    opened: list[int] = []  # positions of the "(" not closed yet
    previous: Token | None = None
    for position, token in enumerate(tokens):
        after_operand = isinstance(previous, int) or previous == ")"
        if token == ")" and not opened:
            raise _error(gettext_noop("')' without '('"))
        if previous is None and token in OPERATIONS:
            raise _error(
                gettext_noop("the expression cannot start with '%(token)s' (there is no unary minus)"), token=token
            )
        if previous == "(" and token == ")":
            raise _error(gettext_noop("empty brackets '()'"))
        if after_operand != (token in OPERATIONS or token == ")"):
            raise _error(
                _CANNOT_FOLLOW[isinstance(token, int), isinstance(previous, int)], token=token, previous=previous
            )
        if isinstance(token, int) and unused is not None:
            if not unused[token]:
                dealt = token in unused
                raise _error(
                    gettext_noop("%(token)s is used more times than dealt")
                    if dealt
                    else gettext_noop("%(token)s is not a dealt card"),
                    token=token,
                )
            unused[token] -= 1
        elif token == "(":
            opened.append(position)
        elif token == ")":
            start = opened.pop()
            if start and tokens[start - 1] == "/" and evaluate(_build(tokens[start + 1 : position])) == 0:
                raise _error(gettext_noop("division by zero: the bracket after '/' is worth 0"))
        previous = token
    if finished:
        if previous is None:
            raise _error(gettext_noop("the expression is empty"))
        if previous in OPERATIONS:
            raise _error(gettext_noop("the expression cannot end with '%(previous)s'"), previous=previous)
        if opened:
            raise _error(gettext_noop("'(' is not closed"))
        if unused is not None and +unused:
            missing = ", ".join(str(value) for value in sorted(unused.elements()))
            raise _error(gettext_noop("every card must be used; not used yet: %(missing)s"), missing=missing)


def _build(tokens: list[Token]) -> Tree:
    """The tree of well-formed tokens: a card value or (operator, left, right)."""
    trees: list[Tree] = []
    pending: list[str] = []

    def reduce() -> None:
        right, left = trees.pop(), trees.pop()
        trees.append((pending.pop(), left, right))

    for token in tokens:
        if isinstance(token, int):
            trees.append(token)
        elif token == "(":
            pending.append(token)
        elif token == ")":
            while pending[-1] != "(":
                reduce()
            pending.pop()
        else:
            while pending and pending[-1] != "(" and _PRECEDENCE[pending[-1]] >= _PRECEDENCE[token]:
                reduce()
            pending.append(token)
    while pending:
        reduce()
    return trees[0]


def parse(tokens: Any) -> Tree:
    """The tree of a complete expression (card value, or (operator, left, right)); raises InputError."""
    tokens = _tokens(tokens)
    if "=" in tokens:
        raise _error(gettext_noop("'=' can only end the expression"))
    _check(tokens, None, finished=True)
    return _build(tokens)


def evaluate(tree: Tree) -> Fraction:
    """The exact value (Fraction) of a tree from parse(); raises InputError on division by zero."""
    if isinstance(tree, int):
        return Fraction(tree)
    op, left, right = tree
    a, b = evaluate(left), evaluate(right)
    if op == "/" and b == 0:
        raise _error(gettext_noop("division by zero"))
    return OPERATIONS[op](a, b)


def check_partial(tokens: Any, deal_values: Iterable[Any] | None) -> Fraction | None:
    """Check an expression as it grows, token by token; raise InputError naming what is wrong.

    `tokens` are what the player pressed so far (cards as values or A/J/Q/K, + - * / or the display
    symbols − × ÷, brackets, and "=" last). Returns None while the expression may
    still grow; after "=", returns its exact value once it is complete and uses every card.
    """
    tokens = _tokens(tokens)
    finished = bool(tokens) and tokens[-1] == "="
    if finished:
        tokens.pop()
    if "=" in tokens:
        raise _error(gettext_noop("'=' can only end the expression"))
    _check(tokens, deal_values, finished)
    return evaluate(_build(tokens)) if finished else None


def check_answer(expression: Any, deal_values: Iterable[Any] | None) -> Fraction | None:
    """The exact value (Fraction) of a typed answer that uses each dealt card once; raises InputError.

    A final "=" is optional.
    """
    tokens = tokenize(expression)
    return check_partial(tokens if tokens[-1:] == ["="] else [*tokens, "="], deal_values)
