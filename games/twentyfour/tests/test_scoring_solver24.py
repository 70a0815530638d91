"""The 24 Game's solver: distinct solutions, the table of hands, dealing and solve24
(docs/rules/twentyfour.md)."""

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

from scoring import expressions24, solver24
from tests.fixtures import PROJECT_DIR, error_of

HANDS = st.lists(st.integers(1, 13), min_size=4, max_size=4)
SOLVABLE = st.sampled_from([values for values, entry in solver24.table().items() if entry.solvable])


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


def trees_making_24(values):
    """Every card order x operator choice x bracketing whose value is 24."""
    for a, b, c, d in set(itertools.permutations(values)):
        for x, y, z in itertools.product("+-*/", repeat=3):
            for tree in (
                (z, (y, (x, a, b), c), d),
                (z, (x, a, (y, b, c)), d),
                (y, (x, a, b), (z, c, d)),
                (x, a, (z, (y, b, c), d)),
                (x, a, (y, b, (z, c, d))),
            ):
                if exact(tree) == 24:
                    yield tree


def reference_solutions(values):
    """Canonical forms of every tree that makes 24."""
    return {canonical(tree) for tree in trees_making_24(values)}


def operations(tree):
    """The operators of a tree and the values of its inner nodes."""
    if isinstance(tree, int):
        return [], []
    op, left, right = tree
    left_ops, left_values = operations(left)
    right_ops, right_values = operations(right)
    return [op, *left_ops, *right_ops], [exact(tree), *left_values, *right_values]


def reference_effort(values):
    """The least effort of any tree making 24, read off the tree as the Effort names say."""
    efforts = []
    for tree in trees_making_24(values):
        ops, inner = operations(tree)
        if any(value.denominator != 1 for value in inner):
            efforts.append(solver24.Effort.FRACTION)
        elif "/" in ops:
            efforts.append(solver24.Effort.DIVISION)
        else:
            efforts.append(min(ops.count("*"), solver24.Effort.PRODUCTS))
    return min(efforts, default=None)


# --- the solver --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "solution"),
    [([1, 5, 5, 5], "5*(5-1/5)"), ([3, 3, 8, 8], "8/(3-8/3)"), ([1, 3, 4, 6], "6/(1-3/4)")],
)
def test_hard_classics_have_one_solution(values, solution):
    assert solver24.solve(values) == [solution]
    assert len(reference_solutions(values)) == 1
    entry = solver24.classify(values)
    assert entry == solver24.Entry(True, solution, 1, solver24.Effort.FRACTION, "hard")


def test_unsolvable():
    assert solver24.solve([1, 1, 1, 1]) == []
    assert solver24.classify([1, 1, 1, 1]) == solver24.Entry(False, None, 0, None, None)


def test_simplest_solutions_come_first():
    """Fewest products and no division first, then shorter: "give up" shows the easiest to find."""
    assert solver24.solve(["A", "2", "3", "4"]) == ["4*(3+2+1)", "(4+2)*(3+1)", "4*3*2*1", "4*3*2/1"]
    assert solver24.classify([1, 2, 3, 4]) == solver24.Entry(True, "4*(3+2+1)", 4, solver24.Effort.ONE_PRODUCT, "easy")


@pytest.mark.parametrize(
    ("values", "effort", "count", "difficulty"),
    [
        ([10, 9, 12, 7], "SUMS", 1, "easy"),  # dealt as "hard · 1 solution" before: 9 + 12 + 10 − 7
        ([1, 1, 13, 13], "SUMS", 1, "easy"),  # 13 + 13 − 1 − 1
        ([1, 2, 3, 4], "ONE_PRODUCT", 4, "easy"),  # 4 × (3 + 2 + 1), and three more
        ([1, 1, 2, 7], "ONE_PRODUCT", 1, "medium"),  # (7 + 1) × (2 + 1) only
        ([1, 1, 3, 4], "PRODUCTS", 1, "medium"),  # 4 × 3 × (1 + 1)
        ([1, 3, 8, 10], "DIVISION", 1, "hard"),  # 8 × (10 − 1) ÷ 3
        ([3, 3, 8, 8], "FRACTION", 1, "hard"),  # 8 ÷ (3 − 8 ÷ 3)
    ],
)
def test_a_hand_is_as_hard_as_its_easiest_solution_is_to_find(values, effort, count, difficulty):
    entry = solver24.classify(values)
    assert (entry.effort, entry.count, entry.difficulty) == (solver24.Effort[effort], count, difficulty)
    assert reference_effort(values) == entry.effort


@pytest.mark.parametrize(
    ("count", "effort", "difficulty"),
    [
        (0, None, None),
        (1, "SUMS", "easy"),
        (22, "SUMS", "easy"),
        (1, "ONE_PRODUCT", "medium"),
        (3, "ONE_PRODUCT", "medium"),
        (4, "ONE_PRODUCT", "easy"),
        (1, "PRODUCTS", "medium"),
        (9, "PRODUCTS", "medium"),
        (1, "DIVISION", "hard"),
        (9, "DIVISION", "hard"),
        (2, "FRACTION", "hard"),
    ],
)
def test_difficulty(count, effort, difficulty):
    assert solver24.difficulty_of(count, effort and solver24.Effort[effort]) == difficulty


def test_difficulty_spreads_the_deals():
    """Each level is a real share of the solvable deals, weighted as they are dealt."""
    deals = dict.fromkeys(solver24.DIFFICULTIES, 0)
    for values, entry in solver24.table().items():
        if entry.solvable:
            deals[entry.difficulty] += solver24.deals_of(values)
    assert all(share > 217817 / 10 for share in deals.values()), deals


@pytest.mark.parametrize("values", [[1, 2, 3], [1, 2, 3, 4, 5], [0, 1, 2, 3], [1, 2, 3, 14], "1234", 5])
def test_solver_refuses_bad_hands(values):
    assert error_of(solver24.solve, values).field == "deal"


def test_table_counts():
    table = solver24.table()
    assert len(table) == 1820
    assert sum(entry.solvable for entry in table.values()) == 1362
    assert sum(entry.solvable for values, entry in table.items() if max(values) <= 9) == 404
    assert sum(solver24.deals_of(values) for values in table) == 270725
    assert sum(solver24.deals_of(values) for values, entry in table.items() if entry.solvable) == 217817
    assert {entry.difficulty for entry in table.values()} == {None, "easy", "medium", "hard"}


def test_table_entries_agree_with_the_solver():
    for values, entry in solver24.table().items():
        assert entry.count == len(solver24.solve(values))
        assert entry.solvable == (entry.count > 0) == (entry.solution is not None)
        assert entry.difficulty == solver24.difficulty_of(entry.count, entry.effort)


@settings(max_examples=60, deadline=None)
@given(HANDS)
def test_every_solution_makes_24_with_each_card_once_and_is_distinct(values):
    solutions = solver24.solve(values)
    for solution in solutions:
        assert expressions24.check_answer(solution, values) == 24
    forms = {canonical(expressions24.parse(expressions24.tokenize(solution))) for solution in solutions}
    assert len(forms) == len(solutions)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(HANDS)
def test_solutions_are_exactly_the_distinct_ones(values):
    listed = {canonical(expressions24.parse(expressions24.tokenize(solution))) for solution in solver24.solve(values)}
    assert listed == reference_solutions(values)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(SOLVABLE)
def test_effort_is_the_least_of_every_way_to_make_24(values):
    assert solver24.classify(values).effort == reference_effort(values)


@pytest.mark.parametrize("values", [[1, 2, 3, 4], [6, 6, 6, 6], [4, 4, 10, 10], [1, 1, 12, 12], [2, 3, 4, 12]])
def test_solutions_match_the_reference(values):
    listed = {canonical(expressions24.parse(expressions24.tokenize(solution))) for solution in solver24.solve(values)}
    assert listed == reference_solutions(values)


@settings(max_examples=30, deadline=None)
@given(SOLVABLE)
def test_each_prefix_of_a_solution_passes_the_partial_check(values):
    for solution in solver24.solve(values):
        tokens = expressions24.tokenize(solution)
        for end in range(len(tokens)):
            assert expressions24.check_partial(tokens[:end], values) is None
        assert expressions24.check_partial([*tokens, "="], values) == 24


# --- dealing -----------------------------------------------------------------------------------


def test_deals_are_solvable_and_four_different_cards():
    rng = random.Random(24)
    for _ in range(500):
        deal = solver24.deal(rng)
        assert len(set(deal.cards)) == 4
        assert all(suit in solver24.SUITS for _rank, suit in deal.cards)
        assert deal.values == [expressions24.card_value(rank) for rank, _suit in deal.cards]
        entry = solver24.table()[tuple(sorted(deal.values))]
        assert entry.solvable and deal.difficulty == entry.difficulty and deal.count == entry.count
        assert expressions24.check_answer(deal.solution, deal.values) == 24
    assert solver24.deal().count > 0


@pytest.mark.parametrize("difficulty", solver24.DIFFICULTIES)
def test_deal_honours_difficulty(difficulty):
    rng = random.Random(difficulty)
    assert all(solver24.deal(rng, difficulty).difficulty == difficulty for _ in range(200))


def test_unknown_difficulty():
    assert error_of(solver24.deal, None, "tricky").field == "difficulty"


def test_every_solvable_deal_is_equally_likely():
    """Deals with a repeated value are rarer than hands with one: weight is by card deals."""
    solvable = {values: solver24.deals_of(values) for values, entry in solver24.table().items() if entry.solvable}
    expected = sum(weight for values, weight in solvable.items() if len(set(values)) < 4) / 217817
    rng, runs = random.Random(7), 20000
    pairs = sum(len(set(solver24.deal(rng).values)) < 4 for _ in range(runs))
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
    assert all(expressions24.check_answer(line, [1, 1, 12, 12]) == 24 for line in lines[1:])
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
        done = subprocess.run(
            [sys.executable, "manage.py", "solve24", *cards],
            cwd=PROJECT_DIR,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode != 0 and done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1
