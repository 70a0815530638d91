"""What a table's page shows, gathered once from the stored (derived) points."""

from decimal import Decimal

from scoring.settle import settle


def standings(table):
    """Players with total and money, best first."""
    rate = Decimal(str(table.rules.get("point_rate", 1)))
    ranked = sorted(table.players, key=lambda name: -table.totals.get(name, 0))
    return [{"name": name, "total": table.totals.get(name, 0), "money": table.totals.get(name, 0) * rate}
            for name in ranked]


def transfers(table):
    """Who pays whom, in money, with the fewest transfers."""
    rate = Decimal(str(table.rules.get("point_rate", 1)))
    return [{"payer": payer, "payee": payee, "points": amount, "money": amount * rate}
            for payer, payee, amount in settle(table.totals)]


def grid(table, hands):
    """One row per hand: its number and each player's points in seat order (none while pending)."""
    pending = hands[-1] if hands and table.progress.get("pending") else None
    return [{"hand": hand, "pending": hand is pending, "points": [hand.points.get(name, 0) for name in table.players]}
            for hand in hands]
