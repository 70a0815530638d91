"""Who pays whom: the fewest transfers that settle every balance, in bounded time."""

from typing import Any, NamedTuple, TypeAlias

# The most people the exact search takes on (once pairs that cancel are settled): its time grows
# as people × 2^people, 10 ms at 12 on a small server's core. A table of ten players always fits;
# beyond that (a season of guests who came and went) a good settlement is given instead, in
# time that grows as people², and it says it may not be the fewest.
EXACT_LIMIT = 12


Transfer: TypeAlias = tuple[str, str, int]  # (payer, payee, amount)


class Settlement(NamedTuple):
    groups: list[dict[str, Any]]  # [{"balances": {name: balance}, "transfers": [(payer, payee, amount)]}]
    fewest: bool  # whether no settlement takes fewer transfers


def settle(balances: dict[str, int]) -> list[Transfer]:
    """Transfers (payer, payee, amount) that bring every balance to 0, as few as can be found."""
    return [transfer for group in explain(balances).groups for transfer in group["transfers"]]


def explain(balances: dict[str, int]) -> Settlement:
    """The settlement worked out: the people who owe or are owed, split into groups whose
    balances cancel, each settled inside itself in one transfer fewer than its size.

    Why that is the fewest when the groups are as many as can be: the transfers of any
    settlement link the people into groups that each settle among themselves, so each such
    group's balances cancel, and linking s people takes at least s − 1 transfers. So a
    settlement takes at least (people) − (groups) transfers.

    Two people whose balances cancel (5 and −5) are a group of their own in some settlement with
    the most groups (taking them out of theirs leaves groups that still cancel), so they are
    paired first. The most groups among the rest are searched for exactly up to EXACT_LIMIT
    people; past it the rest are one group, and the settlement may not be the fewest.
    """
    if sum(balances.values()):
        raise ValueError("balances must sum to 0")
    pairs, rest = _cancelling_pairs([name for name, amount in balances.items() if amount], balances)
    fewest = len(rest) <= EXACT_LIMIT
    groups = pairs + (_most_zero_sum_groups(rest, balances) if fewest else [rest] if rest else [])
    return Settlement(
        [
            {
                "balances": {name: balances[name] for name in group},
                "transfers": _settle_group({name: balances[name] for name in group}),
            }
            for group in groups
        ],
        fewest,
    )


def _cancelling_pairs(names: list[str], balances: dict[str, int]) -> tuple[list[list[str]], list[str]]:
    """[[debtor, creditor]] whose balances cancel, and the names left over, in their order."""
    waiting: dict[int, list[str]] = {}  # balance -> names with it not yet paired
    paired: dict[str, str] = {}
    for name in names:
        partners = waiting.get(-balances[name])
        if partners:
            paired[partners.pop(0)] = name
        else:
            waiting.setdefault(balances[name], []).append(name)
    partnered = set(paired) | set(paired.values())
    return [[first, second] for first, second in paired.items()], [name for name in names if name not in partnered]


def _most_zero_sum_groups(names: list[str], balances: dict[str, int]) -> list[list[str]]:
    """`names` (whose balances cancel) split into as many groups whose balances cancel as there can be.

    most[mask]: the most zero-sum groups the people of mask, taken in the best order, close one
    after another; each step adds one person, and a group closes whenever what is taken so far
    cancels out.
    """
    size = len(names)
    full = (1 << size) - 1
    bits = [1 << index for index in range(size)]
    sums = [0] * (full + 1)
    most = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + balances[names[low.bit_length() - 1]]
        most[mask] = max(most[mask ^ bit] for bit in bits if mask & bit) + (not sums[mask])
    # Walk back from everyone, taking away one person at a time along a best order; a group
    # ends each time the people left cancel out.
    groups: list[list[str]] = []
    group: list[str] = []
    mask = full
    while mask:
        before = most[mask] - (not sums[mask])
        bit = next(bit for bit in bits if mask & bit and most[mask ^ bit] == before)
        mask ^= bit
        group.append(names[bit.bit_length() - 1])
        if not sums[mask]:
            groups.append(sorted(group, key=names.index))
            group = []
    return groups[::-1]


def _settle_group(balances: dict[str, int]) -> list[Transfer]:
    """Inside a group whose balances cancel: the largest debtor pays the largest creditor."""
    transfers: list[Transfer] = []
    balances = dict(balances)
    while any(balances.values()):
        payer = min(balances, key=lambda name: (balances[name], name))
        payee = max(balances, key=lambda name: (balances[name], name))
        amount = min(-balances[payer], balances[payee])
        transfers.append((payer, payee, amount))
        balances[payer] += amount
        balances[payee] -= amount
    return transfers
