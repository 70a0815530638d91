"""settle(): who pays whom, in as few transfers as possible."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.settle import EXACT_LIMIT, explain, settle


def after(balances, transfers):
    """Balances once every transfer (payer, payee, amount) is paid."""
    left = dict(balances)
    for payer, payee, amount in transfers:
        left[payer] += amount
        left[payee] -= amount
    return left


def set_partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [first] + partition[i], *partition[i + 1 :]]


def brute_force_minimum(balances):
    """Nonzero people minus the most groups they split into with every group summing to 0."""
    owing = [name for name, amount in balances.items() if amount]
    most_groups = max(
        (
            len(partition)
            for partition in set_partitions(owing)
            if all(sum(balances[name] for name in group) == 0 for group in partition)
        ),
        default=0,
    )
    return len(owing) - most_groups


def check_settles(balances, transfers):
    assert all(value == 0 for value in after(balances, transfers).values())
    for payer, payee, amount in transfers:
        assert amount > 0
        assert payer != payee
        assert balances[payer] < 0 < balances[payee]  # debtors pay, creditors are paid


def test_known_case_two_pairs():
    balances = {"A": 5, "B": -5, "C": 3, "D": -3}
    transfers = settle(balances)
    check_settles(balances, transfers)
    assert sorted(transfers) == [("B", "A", 5), ("D", "C", 3)]


def test_case_where_largest_debtor_to_largest_creditor_alone_needs_more():
    # Greedy over everyone takes 4 transfers; {A, C} and {B, D, E} settle in 1 + 2.
    balances = {"A": 5, "B": 6, "C": -5, "D": -4, "E": -2}
    transfers = settle(balances)
    check_settles(balances, transfers)
    assert len(transfers) == 3 == brute_force_minimum(balances)


def test_one_debtor_many_creditors():
    balances = {"A": -9, "B": 2, "C": 3, "D": 4}
    transfers = settle(balances)
    check_settles(balances, transfers)
    assert sorted(transfers) == [("A", "B", 2), ("A", "C", 3), ("A", "D", 4)]


def test_all_zero_needs_no_transfers():
    assert settle({"A": 0, "B": 0, "C": 0}) == []
    assert settle({}) == []


def test_people_at_zero_are_left_out():
    transfers = settle({"A": 4, "B": 0, "C": -4})
    assert transfers == [("C", "A", 4)]


def test_non_zero_sum_is_an_error():
    with pytest.raises(ValueError, match="must sum to 0"):
        settle({"A": 5, "B": -4})


def test_brute_force_helper_itself():
    assert brute_force_minimum({"A": 5, "B": -5, "C": 3, "D": -3}) == 2
    assert brute_force_minimum({"A": 1, "B": 1, "C": -2}) == 2
    assert brute_force_minimum({"A": 0}) == 0


@st.composite
def balance_sets(draw):
    size = draw(st.integers(1, 6))
    amounts = draw(st.lists(st.integers(-6, 6), min_size=size - 1, max_size=size - 1))
    amounts.append(-sum(amounts))
    return {f"P{i}": amount for i, amount in enumerate(amounts)}


@given(balance_sets())
def test_transfers_settle_everyone_in_the_fewest_steps(balances):
    transfers = settle(balances)
    check_settles(balances, transfers)
    assert len(transfers) == brute_force_minimum(balances)


@given(balance_sets(), st.integers(1, 100))
def test_non_zero_sum_always_raises(balances, off):
    balances["P0"] += off
    with pytest.raises(ValueError, match="must sum to 0"):
        settle(balances)


def test_explained_the_groups_whose_balances_cancel_each_settle_in_one_transfer_fewer_than_their_size():
    balances = {"A": 5, "B": 6, "C": -5, "D": -4, "E": -2, "F": 0}
    groups = explain(balances).groups
    assert sorted(sorted(group["balances"].items()) for group in groups) == [
        [("A", 5), ("C", -5)],
        [("B", 6), ("D", -4), ("E", -2)],
    ]
    for group in groups:
        assert sum(group["balances"].values()) == 0
        assert len(group["transfers"]) == len(group["balances"]) - 1
    assert [transfer for group in groups for transfer in group["transfers"]] == settle(balances)


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=7))
def test_explained_groups_are_the_fewest_transfers(amounts):
    balances = {f"P{i}": amount for i, amount in enumerate(amounts)}
    balances["last"] = -sum(amounts)
    groups = explain(balances).groups
    people = sum(len(group["balances"]) for group in groups)
    assert people - len(groups) == brute_force_minimum(balances) == len(settle(balances))


def test_balances_that_cancel_in_pairs_settle_apart_however_many_people():
    balances = {f"P{i}": (i // 2 + 1) * (1 if i % 2 else -1) for i in range(60)}
    settlement = explain(balances)
    assert settlement.fewest
    assert len(settle(balances)) == 30
    check_settles(balances, settle(balances))


def beyond_the_exact_search():
    """More people than the exact search takes, no two of whom cancel out."""
    amounts = [3 * i + 1 for i in range(EXACT_LIMIT)] + [-(3 * i + 2) for i in range(EXACT_LIMIT)]
    amounts.append(-sum(amounts))
    return {f"P{i}": amount for i, amount in enumerate(amounts)}


def test_past_the_exact_search_everyone_still_settles_and_it_says_it_may_not_be_the_fewest():
    balances = beyond_the_exact_search()
    settlement = explain(balances)
    assert not settlement.fewest
    transfers = settle(balances)
    check_settles(balances, transfers)
    assert len(transfers) <= len(balances) - 1


def test_sixty_players_who_came_and_went_settle():
    amounts = [(-1) ** i * (17 * i % 97 + 1) for i in range(59)]
    balances = {f"Guest {i}": amount for i, amount in enumerate(amounts)}
    balances["Host"] = -sum(amounts)
    transfers = settle(balances)
    check_settles(balances, transfers)
    assert len(transfers) <= 59


def test_the_exact_search_at_its_limit_finds_the_groups_that_cancel():
    # Four groups of three, no two people cancelling out: 12 people settle in 12 − 4 transfers.
    triples = [(1, 2, -3), (4, 6, -10), (7, 11, -18), (13, 19, -32)]
    balances = {f"P{i}": amount for i, amount in enumerate(amount for triple in triples for amount in triple)}
    assert len(balances) == EXACT_LIMIT
    settlement = explain(balances)
    assert settlement.fewest
    assert sorted(sorted(group["balances"].values()) for group in settlement.groups) == sorted(
        sorted(triple) for triple in triples
    )
    assert len(settle(balances)) == 8
