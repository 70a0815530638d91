"""Who pays whom: the fewest transfers that settle every balance."""


def settle(balances):
    """Transfers (payer, payee, amount) that bring every balance to 0, as few as possible.

    Balances must sum to 0. People whose balances cancel within a group can settle inside it
    with one transfer fewer than its size, so the fewest transfers come from splitting everyone
    into as many zero-sum groups as possible (exact search over subsets; a table has at most 10).
    """
    return [transfer for group in explain(balances) for transfer in group["transfers"]]


def explain(balances):
    """The settlement worked out: the people who owe or are owed, split into as many groups whose
    balances cancel as there can be, each group {"balances": {name: balance}, "transfers": [...]}.

    Why no fewer transfers can do: the transfers of any settlement link the people into groups
    that each settle among themselves, so each such group's balances cancel, and linking s people
    takes at least s − 1 transfers. So a settlement takes at least (people) − (groups) transfers,
    and a group of s people settles here in s − 1 (each transfer but the last clears one person).
    """
    names = [name for name, amount in balances.items() if amount]
    if sum(balances.values()):
        raise ValueError("balances must sum to 0")
    return [{"balances": {name: balances[name] for name in group},
             "transfers": _settle_group({name: balances[name] for name in group})}
            for group in _zero_sum_groups(names, balances)]


def _zero_sum_groups(names, balances):
    size = len(names)
    full = (1 << size) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + balances[names[low]]
    # most[mask]: the most zero-sum groups the people in mask (a zero-sum set) split into
    most = [0] * (full + 1)
    best_part = [0] * (full + 1)
    for mask in range(1, full + 1):
        if sums[mask]:
            continue
        low_bit = mask & -mask
        sub = mask
        most[mask], best_part[mask] = 1, mask
        while sub:
            # Enumerate zero-sum parts that hold the lowest person, to count each split once.
            if sub & low_bit and sub != mask and not sums[sub] and most[mask ^ sub] + 1 > most[mask]:
                most[mask], best_part[mask] = most[mask ^ sub] + 1, sub
            sub = (sub - 1) & mask
    groups = []
    mask = full
    while mask:
        part = best_part[mask]
        groups.append([names[i] for i in range(size) if part >> i & 1])
        mask ^= part
    return groups


def _settle_group(balances):
    """Inside a group whose balances cancel: the largest debtor pays the largest creditor."""
    transfers = []
    balances = dict(balances)
    while any(balances.values()):
        payer = min(balances, key=lambda name: (balances[name], name))
        payee = max(balances, key=lambda name: (balances[name], name))
        amount = min(-balances[payer], balances[payee])
        transfers.append((payer, payee, amount))
        balances[payer] += amount
        balances[payee] -= amount
    return transfers
