"""The 24 Game engine: expressions, solver, table, dealing and solve24 (rules/twentyfour.md)."""

import io
import itertools
import random
import subprocess
import sys
from fractions import Fraction

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import twentyfour as t
from scoring.errors import InputError
from tests.fixtures import PROJECT_DIR

HANDS = st.lists(st.integers(1, 13), min_size=4, max_size=4)
SOLVABLE = st.sampled_from([values for values, entry in t.table().items() if entry.solvable])


def value_of(text):
    return t.evaluate(t.parse(t.tokenize(text)))


def error_of(action, *args):
    with pytest.raises(InputError) as caught:
        action(*args)
    return caught.value


# --- an independent reference: the rules file's definition of "distinct", by brute force --------


def canonical(tree):
    """Flatten chains of + - and of * / into sorted (kind, added/multiplied, subtracted/divided)."""
    if isinstance(tree, int):
        return ("n", tree)
    kind = "+" if tree[0] in "+-" else "*"
    up, down = [], []

    def collect(node, positive):
        if not isinstance(node, int) and (node[0] in "+-") == (kind == "+"):
            op, left, right = node
            collect(left, positive)
            collect(right, positive if op in "+*" else not positive)
        else:
            (up if positive else down).append(canonical(node))

    collect(tree, True)
    return kind, tuple(sorted(up, key=repr)), tuple(sorted(down, key=repr))


def exact(tree):
    """Value of a tree, or None when it divides by zero."""
    if isinstance(tree, int):
        return Fraction(tree)
    op, left, right = tree
    a, b = exact(left), exact(right)
    if a is None or b is None or (op == "/" and b == 0):
        return None
    return {"+": a + b, "-": a - b, "*": a * b}[op] if op != "/" else a / b


def reference_solutions(values):
    """Canonical forms of every card order x operator choice x bracketing that makes 24."""
    found = set()
    for a, b, c, d in set(itertools.permutations(values)):
        for x, y, z in itertools.product("+-*/", repeat=3):
            for tree in ((z, (y, (x, a, b), c), d), (z, (x, a, (y, b, c)), d), (y, (x, a, b), (z, c, d)),
                         (x, a, (z, (y, b, c), d)), (x, a, (y, b, (z, c, d)))):
                if exact(tree) == 24:
                    found.add(canonical(tree))
    return found


# --- tokenizer, parser, evaluator ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [
        ("2+3*4", 14),
        ("(2+3)*4", 20),
        ("8-3-2", 3),
        ("8-(3-2)", 7),
        ("8/4/2", 1),
        ("8/(4/2)", 4),
        ("2*3+4*5", 26),
        ("13-2*(3+4)", -1),
        ("1/3+1/6", Fraction(1, 2)),
        ("((7))", 7),
        ("12 \u00d7 2 \u00f7 1 \u2212 1", 23),
        ("K - A * J", 2),
    ],
)
def test_precedence_brackets_and_symbols(text, value):
    assert value_of(text) == value


def test_exact_division():
    value = t.check_answer("8/(3-8/3)", [3, 3, 8, 8])
    assert value == 24 and isinstance(value, Fraction)
    assert t.check_answer("8 \u00f7 (3 \u2212 8 \u00f7 3)", ["8", "3", "8", "3"]) == 24
    assert t.check_answer("1/3+4+6", [6, 4, 3, 1]) == Fraction(31, 3)
    assert t.check_answer("8/(3-8/3) =", [3, 3, 8, 8]) == 24


def test_tokens():
    assert t.tokenize(" 13\u00d7(A \u2212 2)") == [13, "*", "(", 1, "-", 2, ")"]
    assert t.parse(["8", "/", "(", "3", "-", "8", "/", "3", ")"]) == ("/", 8, ("-", 3, ("/", 8, 3)))


@pytest.mark.parametrize("text", ["3/(8-8)+3", "(3+3)/(8-8)", "3/(3/(8-8))", "8/(3-3)/8"])
def test_division_by_zero(text):
    assert "division by zero" in str(error_of(t.check_answer, text, [3, 3, 8, 8]))
    assert "division by zero" in str(error_of(t.parse, t.tokenize(text)))


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("8+", "cannot end with '+'"),
        ("(8+3", "'(' is not closed"),
        ("8+3)", "')' without '('"),
        ("8 3", "a card cannot follow a card"),
        ("()", "empty brackets"),
        ("8(3+1)", "'(' cannot follow a card"),
        ("(3+1)8", "a card cannot follow ')'"),
        ("8+*3", "'*' cannot follow '+'"),
        ("(+8)", "'+' cannot follow '('"),
        ("(8+)", "')' cannot follow '+'"),
        ("-8+3", "no unary minus"),
        ("8=3", "'=' can only end"),
    ],
)
def test_malformed(text, message):
    error = error_of(lambda: t.parse(t.tokenize(text)))
    assert message in error.message and error.field == "expression"


@pytest.mark.parametrize(
    "text, message",
    [
        ("8%3", "unknown symbol '%'"),
        ("2^3", "unknown symbol '^'"),
        ("8x3", "unknown symbol 'x'"),
        ("sqrt(9)", "unknown symbol 'sqrt'"),
        ("8.5+1", "unknown symbol '.'"),
        ("14+10", "'14' is not a card"),
        ("0+8", "'0' is not a card"),
        ("08+8", "'08' is not a card"),
        ("35-11", "'35' is not a card"),
    ],
)
def test_unknown_tokens(text, message):
    assert message in error_of(t.tokenize, text).message


def test_over_long():
    assert "too long" in error_of(t.tokenize, "(" * 150 + "8" + ")" * 150).message
    assert "too long" in error_of(t.parse, t.tokenize("(" * 20 + "8" + ")" * 20)).message
    assert "too long" in error_of(t.check_partial, ["("] * 100, [1, 2, 3, 4]).message
    assert "too long" in error_of(t.check_answer, "1+" * 150 + "1", [1, 2, 3, 4]).message


@pytest.mark.parametrize(
    "text, deal, message",
    [
        ("6*4*1*1", [1, 3, 4, 6], "1 is used more times than dealt"),
        ("6*4*1*2", [1, 3, 4, 6], "2 is not a dealt card"),
        ("8/(3-8/8)", [3, 3, 8, 8], "8 is used more times than dealt"),
        ("6*4", [1, 3, 4, 6], "not used yet: 1, 3"),
        ("8*3", [3, 3, 8, 8], "not used yet: 3, 8"),
    ],
)
def test_cards_must_be_the_deal_each_once(text, deal, message):
    assert message in error_of(t.check_answer, text, deal).message


def test_wrong_answers_have_their_value():
    assert t.check_answer("6*4*(3-1)", [1, 3, 4, 6]) == 48


@pytest.mark.parametrize("expression, deal", [(None, [1, 2, 3, 4]), ("1+2+3+4", [1, 2, 3]),
                                              ("1+2+3+4", [1, 2, 3, 14]), ("1+2+3+4", "1234")])
def test_bad_call(expression, deal):
    error_of(t.check_answer, expression, deal)


# --- checking as the expression grows ----------------------------------------------------------


@pytest.mark.parametrize(
    "tokens, message",
    [
        (["8", "+", "\u00d7"], "'*' cannot follow '+'"),
        (["8", "3"], "a card cannot follow a card"),
        (["8", ")"], "')' without '('"),
        (["8", "+", "3", "="], "not used yet: 3, 8"),
        (["8", "/", "(", "3", "-", "8", "/", "3", "="], "'(' is not closed"),
        (["8", "/", "(", "3", "-", "3", ")"], "division by zero"),
        (["8", "+", "="], "cannot end with '+'"),
        (["8", "=", "+"], "'=' can only end"),
        (["9"], "9 is not a dealt card"),
        (["8", "+", "8", "+", "8"], "8 is used more times than dealt"),
        (["?"], "unknown symbol '?'"),
    ],
)
def test_partial_says_what_is_wrong_at_once(tokens, message):
    assert message in error_of(t.check_partial, tokens, [3, 3, 8, 8]).message


@pytest.mark.parametrize("tokens", [None, "8+3", 8])
def test_partial_wants_a_list(tokens):
    assert "list of tokens" in error_of(t.check_partial, tokens, [3, 3, 8, 8]).message


def test_partial_accepts_a_growing_expression():
    tokens = ["8", "\u00f7", "(", "3", "\u2212", "8", "\u00f7", "3", ")"]
    for end in range(len(tokens) + 1):
        assert t.check_partial(tokens[:end], [3, 3, 8, 8]) is None
    assert t.check_partial(tokens + ["="], [3, 3, 8, 8]) == 24
    assert t.check_partial([8, "+", 8, "+", 3, "+", 3, "="], [3, 3, 8, 8]) == 22
    assert t.check_partial(["K", "*", "2", "-", "A", "-", "A", "="], ["K", "2", "A", "A"]) == 24


# --- the solver --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "values, solution",
    [([1, 5, 5, 5], "5*(5-1/5)"), ([3, 3, 8, 8], "8/(3-8/3)"), ([1, 3, 4, 6], "6/(1-3/4)")],
)
def test_hard_classics_have_one_solution(values, solution):
    assert t.solve(values) == [solution]
    assert len(reference_solutions(values)) == 1
    entry = t.classify(values)
    assert entry == t.Entry(True, solution, 1, True, "hard")


def test_unsolvable():
    assert t.solve([1, 1, 1, 1]) == []
    assert t.classify([1, 1, 1, 1]) == t.Entry(False, None, 0, False, None)


def test_solutions_free_of_fractions_come_first():
    assert t.solve(["A", "2", "3", "4"]) == ["4*3*2*1", "4*3*2/1", "4*(3+2+1)", "(4+2)*(3+1)"]
    assert t.classify([1, 2, 3, 4]) == t.Entry(True, "4*3*2*1", 4, False, "easy")


@pytest.mark.parametrize("count, fractions, difficulty",
                         [(0, False, None), (1, False, "hard"), (2, True, "hard"), (2, False, "medium"),
                          (3, False, "medium"), (4, False, "easy"), (22, False, "easy")])
def test_difficulty(count, fractions, difficulty):
    assert t.difficulty_of(count, fractions) == difficulty


@pytest.mark.parametrize("values", [[1, 2, 3], [1, 2, 3, 4, 5], [0, 1, 2, 3], [1, 2, 3, 14], "1234", 5])
def test_solver_refuses_bad_hands(values):
    assert error_of(t.solve, values).field == "deal"


def test_table_counts():
    table = t.table()
    assert len(table) == 1820
    assert sum(entry.solvable for entry in table.values()) == 1362
    assert sum(entry.solvable for values, entry in table.items() if max(values) <= 9) == 404
    assert sum(t.deals_of(values) for values in table) == 270725
    assert sum(t.deals_of(values) for values, entry in table.items() if entry.solvable) == 217817
    assert {entry.difficulty for entry in table.values()} == {None, "easy", "medium", "hard"}


def test_table_entries_agree_with_the_solver():
    for values, entry in t.table().items():
        assert entry.count == len(t.solve(values))
        assert entry.solvable == (entry.count > 0) == (entry.solution is not None)
        assert entry.difficulty == t.difficulty_of(entry.count, entry.fractions)


@settings(max_examples=60, deadline=None)
@given(HANDS)
def test_every_solution_makes_24_with_each_card_once_and_is_distinct(values):
    solutions = t.solve(values)
    for solution in solutions:
        assert t.check_answer(solution, values) == 24
    forms = {canonical(t.parse(t.tokenize(solution))) for solution in solutions}
    assert len(forms) == len(solutions)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(HANDS)
def test_solutions_are_exactly_the_distinct_ones(values):
    listed = {canonical(t.parse(t.tokenize(solution))) for solution in t.solve(values)}
    assert listed == reference_solutions(values)


@pytest.mark.parametrize("values", [[1, 2, 3, 4], [6, 6, 6, 6], [4, 4, 10, 10], [1, 1, 12, 12], [2, 3, 4, 12]])
def test_solutions_match_the_reference(values):
    listed = {canonical(t.parse(t.tokenize(solution))) for solution in t.solve(values)}
    assert listed == reference_solutions(values)


@settings(max_examples=30, deadline=None)
@given(SOLVABLE)
def test_each_prefix_of_a_solution_passes_the_partial_check(values):
    for solution in t.solve(values):
        tokens = t.tokenize(solution)
        for end in range(len(tokens)):
            assert t.check_partial(tokens[:end], values) is None
        assert t.check_partial(tokens + ["="], values) == 24


# --- dealing -----------------------------------------------------------------------------------


def test_deals_are_solvable_and_four_different_cards():
    rng = random.Random(24)
    for _ in range(500):
        deal = t.deal(rng)
        assert len(set(deal.cards)) == 4
        assert all(suit in t.SUITS for _rank, suit in deal.cards)
        assert deal.values == [t.card_value(rank) for rank, _suit in deal.cards]
        entry = t.table()[tuple(sorted(deal.values))]
        assert entry.solvable and deal.difficulty == entry.difficulty and deal.count == entry.count
        assert t.check_answer(deal.solution, deal.values) == 24
    assert t.deal().count > 0


@pytest.mark.parametrize("difficulty", t.DIFFICULTIES)
def test_deal_honours_difficulty(difficulty):
    rng = random.Random(difficulty)
    assert all(t.deal(rng, difficulty).difficulty == difficulty for _ in range(200))


def test_unknown_difficulty():
    assert error_of(t.deal, None, "tricky").field == "difficulty"


def test_every_solvable_deal_is_equally_likely():
    """Deals with a repeated value are rarer than hands with one: weight is by card deals."""
    solvable = {values: t.deals_of(values) for values, entry in t.table().items() if entry.solvable}
    expected = sum(weight for values, weight in solvable.items() if len(set(values)) < 4) / 217817
    rng, runs = random.Random(7), 20000
    pairs = sum(len(set(t.deal(rng).values)) < 4 for _ in range(runs))
    tolerance = 5 * (expected * (1 - expected) / runs) ** 0.5
    assert abs(pairs / runs - expected) < tolerance
    by_hand = sum(len(set(values)) < 4 for values in solvable) / len(solvable)
    assert abs(by_hand - expected) > 10 * tolerance  # the test tells the two weightings apart


# --- the solve24 command -----------------------------------------------------------------------


def run_command(*cards):
    out = io.StringIO()
    call_command("solve24", *cards, stdout=out)
    return out.getvalue().splitlines()


def test_solve24_prints_count_then_solutions():
    assert run_command("3", "3", "8", "8") == ["1", "8/(3-8/3)"]
    assert run_command("1", "1", "1", "1") == ["0"]
    lines = run_command("12", "12", "1", "1")
    assert int(lines[0]) == len(lines) - 1 == len(set(lines[1:])) == len(reference_solutions([12, 12, 1, 1]))
    assert all(t.check_answer(line, [1, 1, 12, 12]) == 24 for line in lines[1:])
    assert all(set(line) <= set("0123456789+-*/()") for line in lines[1:])


@pytest.mark.parametrize("cards", [["1", "2", "3"], ["1", "2", "3", "14"], ["1", "2", "3", "x"]])
def test_solve24_bad_arguments(cards):
    err = io.StringIO()
    with pytest.raises(SystemExit) as caught:
        call_command("solve24", *cards, stdout=io.StringIO(), stderr=err)
    assert caught.value.code != 0
    assert len(err.getvalue().strip().splitlines()) == 1


@pytest.mark.slow
def test_solve24_command_line_errors_are_one_line():
    for cards in (["1", "2", "3", "-x"], ["1", "2", "3", "4", "5"]):
        done = subprocess.run([sys.executable, "manage.py", "solve24", *cards], cwd=PROJECT_DIR,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode != 0 and done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1
