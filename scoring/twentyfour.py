"""The 24 Game: exact expressions, a solver listing distinct solutions, and dealing (rules/twentyfour.md).

Expressions are checked and evaluated exactly with Fraction (never `eval`). The solver builds,
for every sub-hand, each distinct expression once; two expressions are the same when they are
equal after flattening every chain of + and - into sorted added and subtracted terms, and every
chain of * and / into sorted multiplied and divided factors (so a-(b-c) = a-b+c and
a/(b/c) = a/b*c). An expression is named by its canonical text, which writes those sorted parts
with minimal brackets, so distinct texts are distinct solutions. The 1820 hands of four values
are classified once per process, on first use, and dealing picks from that table.
"""

import bisect
import functools
import itertools
import operator
import random
import re
import sys
from collections import Counter
from fractions import Fraction
from math import comb
from typing import NamedTuple

from . import base, checks
from .errors import InputError

SLUG = "twentyfour"
TARGET = 24
SUITS = ("S", "H", "D", "C")
DIFFICULTIES = ("easy", "medium", "hard")
# Hands with at least this many distinct solutions, one of them free of fractions, are easy.
# Weighted by card deals: about 24 % of solvable deals are hard, 41 % medium, 35 % easy.
EASY_SOLUTIONS = 4
# Every one of the 1820 hands of four values 1..13, as a sorted tuple.
HANDS = tuple(itertools.combinations_with_replacement(range(1, 14), 4))
MAX_LENGTH = 200  # characters of a typed expression
MAX_TOKENS = 40  # four cards, three operators, "=" and plenty of brackets

_NAMED = {"A": 1, "J": 11, "Q": 12, "K": 13}
_RANKS = {value: name for name, value in _NAMED.items()}
_SYMBOLS = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "/": "/", "÷": "/", "(": "(", ")": ")", "=": "="}
_APPLY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}
# The solver keeps whole values as ints (faster) and divides into a Fraction.
_EXACT = {**_APPLY, "/": Fraction}
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_TOKEN = re.compile(r"\d+|[A-Za-z]+|\S")


def _error(message):
    return InputError(message, field="expression")


# --- cards and expressions ------------------------------------------------------------------


def card_value(card, field="expression"):
    """The value 1..13 of a card written as a number or as A, J, Q, K; raises InputError."""
    text = str(card).strip()
    if text.upper() in _NAMED:
        return _NAMED[text.upper()]
    digits = text.isascii() and text.isdigit()
    if digits and len(text) <= 2 and text[0] != "0" and int(text) <= 13:
        return int(text)
    if field == "expression" and not digits:
        raise InputError(f"unknown symbol {text!r}: use the cards, + - * / and brackets", field=field)
    raise InputError(f"{text!r} is not a card: values are 1 to 13 (or A, J, Q, K)", field=field)


def _token(raw):
    """One token: a card value (int) or one of + - * / ( ) =; display symbols become ASCII."""
    text = str(raw).strip()
    return _SYMBOLS[text] if text in _SYMBOLS else card_value(text)


def _tokens(raw_tokens):
    """A list of raw tokens, each normalised by _token; raises InputError."""
    if not isinstance(raw_tokens, (list, tuple)):
        raise _error("the expression must be a list of tokens")
    if len(raw_tokens) > MAX_TOKENS:
        raise _error(f"the expression is too long (at most {MAX_TOKENS} symbols)")
    return [_token(raw) for raw in raw_tokens]


def _hand(values):
    """Four card values as a sorted tuple; raises InputError."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise InputError("a deal is a list of four cards", field="deal")
    values = list(values)
    if len(values) != 4:
        raise InputError(f"a deal has four cards, not {len(values)}", field="deal")
    return tuple(sorted(card_value(value, field="deal") for value in values))


def tokenize(text):
    """The tokens of a typed expression: card values as ints, operators and brackets as ASCII."""
    if not isinstance(text, str):
        raise _error("the expression must be text")
    if len(text) > MAX_LENGTH:
        raise _error(f"the expression is too long (at most {MAX_LENGTH} characters)")
    return [_token(part) for part in _TOKEN.findall(text)]


def _name(token):
    return "a card" if isinstance(token, int) else f"'{token}'"


def _check(tokens, deal_values, finished):
    """Raise InputError at the first thing wrong with normalised `tokens` (no "=").

    Cards are counted against `deal_values` unless it is None. A bracket right after "/" is
    evaluated as soon as it closes, so a division by zero is reported at once. `finished`: the
    expression must also be complete and, with a deal, use every card.
    """
    unused = None if deal_values is None else Counter(_hand(deal_values))
    opened = []  # positions of the "(" not closed yet
    previous = None
    for position, token in enumerate(tokens):
        after_operand = isinstance(previous, int) or previous == ")"
        if token == ")" and not opened:
            raise _error("')' without '('")
        if previous is None and token in _APPLY:
            raise _error(f"the expression cannot start with '{token}' (there is no unary minus)")
        if previous == "(" and token == ")":
            raise _error("empty brackets '()'")
        if after_operand != (token in _APPLY or token == ")"):
            raise _error(f"{_name(token)} cannot follow {_name(previous)}")
        if isinstance(token, int) and unused is not None:
            if not unused[token]:
                dealt = token in unused
                raise _error(f"{token} is used more times than dealt" if dealt else f"{token} is not a dealt card")
            unused[token] -= 1
        elif token == "(":
            opened.append(position)
        elif token == ")":
            start = opened.pop()
            if start and tokens[start - 1] == "/" and evaluate(_build(tokens[start + 1:position])) == 0:
                raise _error("division by zero: the bracket after '/' is worth 0")
        previous = token
    if finished:
        if previous is None:
            raise _error("the expression is empty")
        if previous in _APPLY:
            raise _error(f"the expression cannot end with '{previous}'")
        if opened:
            raise _error("'(' is not closed")
        if unused is not None and +unused:
            missing = ", ".join(str(value) for value in sorted(unused.elements()))
            raise _error(f"every card must be used; not used yet: {missing}")


def _build(tokens):
    """The tree of well-formed tokens: a card value or (operator, left, right)."""
    trees, pending = [], []

    def reduce():
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


def parse(tokens):
    """The tree of a complete expression (card value, or (operator, left, right)); raises InputError."""
    tokens = _tokens(tokens)
    if "=" in tokens:
        raise _error("'=' can only end the expression")
    _check(tokens, None, finished=True)
    return _build(tokens)


def evaluate(tree):
    """The exact value (Fraction) of a tree from parse(); raises InputError on division by zero."""
    if isinstance(tree, int):
        return Fraction(tree)
    op, left, right = tree
    a, b = evaluate(left), evaluate(right)
    if op == "/" and b == 0:
        raise _error("division by zero")
    return _APPLY[op](a, b)


def check_partial(tokens, deal_values):
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
        raise _error("'=' can only end the expression")
    _check(tokens, deal_values, finished)
    return evaluate(_build(tokens)) if finished else None


def check_answer(expression, deal_values):
    """The exact value (Fraction) of a typed answer that uses each dealt card once; raises InputError.

    A final "=" is optional.
    """
    tokens = tokenize(expression)
    return check_partial(tokens if tokens[-1:] == ["="] else tokens + ["="], deal_values)


# --- the solver -----------------------------------------------------------------------------


class _Form(NamedTuple):
    """One distinct expression, with its parts when it stands in a chain of + and -, or of * and /."""

    text: str  # canonical ASCII: the parts of each chain sorted, minimal brackets
    value: Fraction | int
    whole: bool  # some way of writing it has only whole-number intermediate values
    terms: tuple  # (added, subtracted) canonical texts, as a term of a chain of + and -
    factors: tuple  # (multiplied, divided) canonical texts, as a factor of a chain of * and /


def _card(value):
    text = str(value)
    return _Form(text, value, True, ((text,), ()), ((text,), ()))


def _join(a, op, b):
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


def _chain(text, op, parts, value, whole):
    """A new expression whose last operation is `op`; `parts` are its chain's (up, down)."""
    if op in "+-":
        return _Form(text, value, whole, parts, ((f"({text})",), ()))
    return _Form(text, value, whole, ((text,), ()), parts)


def _pairings(a, b):
    """The six ways to combine a and b; + and * need one order."""
    return (a, "+", b), (a, "-", b), (b, "-", a), (a, "*", b), (a, "/", b), (b, "/", a)


# For each length, every way to cut positions 0..n-1 into two non-empty groups, smaller first.
_CUTS = {n: [(chosen, tuple(i for i in range(n) if i not in chosen))
             for size in range(1, n // 2 + 1) for chosen in itertools.combinations(range(n), size)]
         for n in (2, 3, 4)}


@functools.cache
def _splits(values):
    """Each distinct way to cut a sorted tuple into two non-empty sorted parts, smaller first."""
    splits = set()
    for left, right in _CUTS[len(values)]:
        left, right = tuple(values[i] for i in left), tuple(values[i] for i in right)
        splits.add((left, right) if len(left) < len(right) or left <= right else (right, left))
    return sorted(splits)


@functools.cache
def _forms(values):
    """Every distinct expression using each of the sorted `values` once, by canonical text."""
    if len(values) == 1:
        return {str(values[0]): _card(values[0])}
    forms = {}
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
def _by_value(values):
    """The expressions over `values` grouped by exact value, as (numerator, denominator)."""
    groups = {}
    for form in _forms(values).values():
        groups.setdefault((form.value.numerator, form.value.denominator), []).append(form)
    return groups


@functools.cache
def _needs(values):
    """For each expression a over `values`: (a, op, value) such that a op b = 24 when b has that
    value, as (numerator, denominator); op "r-" and "r/" stand for b - a and b / a."""
    needs = []
    for a in _forms(values).values():
        x = a.value
        wanted = [("+", TARGET - x), ("-", x - TARGET), ("r-", x + TARGET)]
        if x:
            wanted += [("*", Fraction(TARGET, x)), ("/", Fraction(x, TARGET)), ("r/", TARGET * x)]
        needs += [(a, op, (b.numerator, b.denominator)) for op, b in wanted]
    return needs


def _solutions(values):
    """{canonical text: whether it can be written without fractions} of the ways to make 24."""
    found = {}
    for left, right in _splits(values):
        groups = _by_value(right)
        for a, op, value in _needs(left):
            for b in groups.get(value, ()):
                text = _join(b, op[1], a)[0] if op[0] == "r" else _join(a, op, b)[0]
                found[text] = found.get(text, False) or (a.whole and b.whole)
    return found


def forget():
    """Empty the solver's memory of sub-hands, so that the next call starts cold (for timing)."""
    for memo in (_splits, _forms, _by_value, _needs):
        memo.cache_clear()


def _ranked(found):
    """Solution texts, simplest first: those free of fractions, then shorter ones."""
    return sorted(found, key=lambda text: (not found[text], len(text), text))


def solve(values):
    """Every distinct solution for four card values, in ASCII, simplest first ([] if none).

    Raises InputError on bad values.
    """
    return _ranked(_solutions(_hand(values)))


class Entry(NamedTuple):
    """What the table knows about one hand of four values."""

    solvable: bool
    solution: str | None  # the simplest solution (see solve), shown on "give up"
    count: int  # number of distinct solutions
    fractions: bool  # every solution needs a fraction along the way
    difficulty: str | None  # easy, medium or hard; None when unsolvable


def difficulty_of(count, fractions):
    """How hard a hand is from its number of distinct solutions and whether every one needs a fraction.

    hard: a single solution, or a fraction is unavoidable; easy: EASY_SOLUTIONS or more; None: no solution.
    """
    if count == 0:
        return None
    if fractions or count == 1:
        return "hard"
    return "easy" if count >= EASY_SOLUTIONS else "medium"


def classify(values):
    """The table entry of four card values: solvable?, a solution, how many, how hard."""
    found = _solutions(_hand(values))
    solutions = _ranked(found)
    fractions = bool(found) and not any(found.values())
    return Entry(bool(found), solutions[0] if found else None, len(found), fractions,
                 difficulty_of(len(found), fractions))


def build_table():
    """Classify all 1820 hands from a cold start: {sorted values: Entry}."""
    forget()
    return {values: classify(values) for values in HANDS}


@functools.cache
def table():
    """The table of all 1820 hands, built once per process."""
    return build_table()


def deals_of(values):
    """How many four-card deals from a 52-card pack show these four values."""
    return functools.reduce(operator.mul, (comb(4, n) for n in Counter(values).values()))


@functools.cache
def _deck(difficulty):
    """Solvable hands (of one difficulty, or all for None) and their cumulative deal counts."""
    hands = [values for values, entry in table().items()
             if entry.solvable and difficulty in (None, entry.difficulty)]
    return hands, list(itertools.accumulate(deals_of(values) for values in hands))


class Deal(NamedTuple):
    """One deal, with what the table knows about it."""

    cards: list  # four (rank, suit) pairs such as ("8", "S"), ("K", "H")
    values: list  # their values, in the same order
    difficulty: str
    count: int  # number of distinct solutions
    solution: str  # one solution, for "give up"


def deal(rng=None, difficulty=None):
    """Four different cards from a 52-card pack, every solvable deal (of `difficulty`) equally likely."""
    if difficulty not in (None, *DIFFICULTIES):
        raise InputError(f"unknown difficulty {difficulty!r}: easy, medium or hard", field="difficulty")
    rng = random if rng is None else rng
    hands, cumulative = _deck(difficulty)
    values = hands[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
    cards = []
    for value, count in Counter(values).items():
        rank = _RANKS.get(value, str(value))
        cards += [(rank, suit) for suit in rng.sample(SUITS, count)]
    rng.shuffle(cards)
    entry = table()[values]
    return Deal(cards, [card_value(rank) for rank, _suit in cards], entry.difficulty, entry.count, entry.solution)


# --- the table race: every phone gets the same deal; the first correct answer wins it ----------
#
# A race table is scored like every other game (see scoring/__init__.py). One hand is one deal:
#     {"_hand": {"cards": ["8S", "3H", "8D", "3C"], "answer": "8/(3-8/3)"},
#      "Asha": {"won": true}, "Bikash": {"won": false}}
# The winner scores 1 point; the answer must make 24 with exactly those cards.

MIN_PLAYERS = 2
MAX_PLAYERS = 10
LOWER_WINS = False
_DEFAULT_RULES = {"difficulty": ""}


def default_rules():
    return dict(_DEFAULT_RULES)


def validate_rules(rules):
    checks.only_keys(rules, _DEFAULT_RULES, field="rules")
    clean = {**default_rules(), **rules}
    if clean["difficulty"] not in ("", *DIFFICULTIES):
        raise InputError("must be easy, medium, hard or empty (any)", field="difficulty")
    return clean


def card_code(card):
    """ "8S" for ("8", "S")."""
    rank, suit = card
    return rank + suit


def _race_cards(codes, hand):
    if not isinstance(codes, list) or len(codes) != 4 or len(set(map(str, codes))) != 4:
        raise InputError("a deal is four different cards", hand=hand, field="cards")
    cards = []
    for code in codes:
        if not isinstance(code, str) or code[-1:] not in SUITS:
            raise InputError(f"unknown card {code!r}", hand=hand, field="cards")
        cards.append((code[:-1], code[-1]))
        card_value(code[:-1], field="cards")
    return cards


def validate_hand(rules, players, inputs, hand=None, state=None):
    """One deal of a race: its cards, the winning answer, and who won it (no deal depends on another)."""
    checks.hand_inputs(inputs, players, hand)
    deal_info = inputs.get("_hand")
    checks.only_keys(deal_info, ("cards", "answer"), hand=hand, field="_hand")
    cards = _race_cards(deal_info.get("cards"), hand)
    answer = deal_info.get("answer")
    try:
        value = check_answer(answer, [card_value(rank) for rank, _suit in cards])
    except InputError as error:
        raise InputError(error.message, hand=hand, field="answer") from None
    if value != TARGET:
        raise InputError(f"the answer makes {value}, not {TARGET}", hand=hand, field="answer")
    clean = {"_hand": {"cards": [card_code(card) for card in cards], "answer": answer}}
    for name in players:
        entry = inputs.get(name, {})
        checks.only_keys(entry, ("won",), hand=hand, player=name)
        clean[name] = {"won": checks.boolean(entry.get("won", False), hand=hand, player=name, field="won")}
    winners = [name for name in players if clean[name]["won"]]
    if len(winners) != 1:
        raise InputError("exactly one player wins a deal", hand=hand, field="won")
    return clean


def validate(rules, players, hands):
    return base.validate_all(sys.modules[__name__], rules, players, hands)


def start(rules, players):
    return base.start(players)


def fold(rules, players, state, clean_hand):
    """The deal's point goes to its winner; a race keeps nothing but the count and the totals."""
    points = {name: int(clean_hand[name]["won"]) for name in players}
    return points, base.after(state, points)


def progress(rules, players, state):
    return {"dealer": None, "game_over": False, "winner": None}


def score(rules, players, hands):
    return base.fold_all(sys.modules[__name__], rules, players, hands)
