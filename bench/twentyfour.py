"""How fast The 24 Game solves and deals, against the original phone app's brute force (one run).

    .venv/bin/python bench/twentyfour.py

Prints: the time to classify all 1820 hands of four values with the solver from a cold start
(solvable, a solution, number of distinct solutions, difficulty), and to decide the same hands
with a plain brute force (every card order x operator choice x bracketing, stopping at the first
24, as the original app did); the time to list every distinct solution of every hand; and the
median and p99 time of one deal from the table against the app's way (draw four cards, re-draw
until the brute force finds a solution). Goals: solver >= 10x faster than the brute force,
listing under 3 s, a deal under 20 us median and 100 us p99.
"""

import itertools
import operator
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import solver24

COLD_RUNS = 5
DEALS = 20000
APP_DEALS = 500
OPERATORS = (operator.add, operator.sub, operator.mul, operator.truediv)
BRACKETINGS = (
    lambda a, b, c, d, f, g, h: h(g(f(a, b), c), d),
    lambda a, b, c, d, f, g, h: h(f(a, g(b, c)), d),
    lambda a, b, c, d, f, g, h: g(f(a, b), h(c, d)),
    lambda a, b, c, d, f, g, h: f(a, h(g(b, c), d)),
    lambda a, b, c, d, f, g, h: f(a, g(b, h(c, d))),
)


def brute_force_solvable(values):
    """The original app's check: try every order, operator choice and bracketing until one is 24."""
    for cards in itertools.permutations([Fraction(value) for value in values]):
        for ops in itertools.product(OPERATORS, repeat=3):
            for bracketing in BRACKETINGS:
                try:
                    if bracketing(*cards, *ops) == 24:
                        return True
                except ZeroDivisionError:
                    pass
    return False


def app_deal(rng):
    """Draw four different cards from 52; draw again until the hand has a solution."""
    while True:
        values = [card % 13 + 1 for card in rng.sample(range(52), 4)]
        if brute_force_solvable(values):
            return values


def seconds(action):
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def deal_times_us(action, runs):
    timings = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        action()
        timings.append((time.perf_counter_ns() - start) / 1000)
    timings.sort()
    return statistics.median(timings), timings[min(len(timings) - 1, int(len(timings) * 0.99))]


def main():
    cold = []
    for _ in range(COLD_RUNS):
        took, table = seconds(solver24.build_table)
        cold.append(took)
    solver = statistics.median(cold)
    solvable = sum(entry.solvable for entry in table.values())
    reference, decided = seconds(lambda: [brute_force_solvable(values) for values in solver24.HANDS])
    assert sum(decided) == solvable == 1362, (sum(decided), solvable)

    solver24.forget()
    listing, solutions = seconds(lambda: [solver24.solve(values) for values in solver24.HANDS])

    rng = random.Random(24)
    solver24.table()
    solver24.deal(rng)  # builds the cumulative weights once
    table_median, table_p99 = deal_times_us(lambda: solver24.deal(rng), DEALS)
    app_median, app_p99 = deal_times_us(lambda: app_deal(rng), APP_DEALS)

    print(
        f"classify all 1820 hands, cold: solver {solver:.3f} s (median of {COLD_RUNS}, "
        f"min {min(cold):.3f} s); brute force {reference:.2f} s; ratio {reference / solver:.0f}x; "
        f"{solvable} solvable"
    )
    print(f"list every distinct solution of every hand, cold: {listing:.3f} s ({sum(map(len, solutions))} solutions)")
    print(f"{'one deal (us)':24}{'median':>10}{'p99':>10}")
    print(f"{'from the table':24}{table_median:>10.1f}{table_p99:>10.1f}   ({DEALS} deals)")
    print(f"{'app: re-draw until ok':24}{app_median:>10.1f}{app_p99:>10.1f}   ({APP_DEALS} deals)")
    print(f"{'ratio':24}{app_median / table_median:>9.0f}x{app_p99 / table_p99:>9.0f}x")
    goals = [
        ("solver >= 10x brute force", reference / solver >= 10),
        ("listing < 3 s", listing < 3),
        ("deal median < 20 us", table_median < 20),
        ("deal p99 < 100 us", table_p99 < 100),
    ]
    print("goals: " + "; ".join(f"{name}: {'met' if met else 'MISSED'}" for name, met in goals))


if __name__ == "__main__":
    main()
