"""What a table's page shows, gathered once from the stored (derived) points."""

from decimal import Decimal

from scoring.settle import settle


def standings(table):
    """Players with total, money and whether they are out, best first (lowest first where the
    lowest wins); the leader is marked once someone is ahead."""
    rate = Decimal(str(table.rules.get("point_rate", 1)))
    sign = 1 if table.engine.LOWER_WINS else -1
    ranked = sorted(table.players, key=lambda name: sign * table.totals.get(name, 0))
    out = set(table.progress.get("out", ()))
    ahead = len({table.totals.get(name, 0) for name in table.players}) > 1
    return [{"name": name, "total": table.totals.get(name, 0), "money": table.totals.get(name, 0) * rate,
             "out": name in out, "leader": ahead and seat == 0}
            for seat, name in enumerate(ranked)]


def transfers(table):
    """Who pays whom, in money, with the fewest transfers (games played for money only)."""
    if "point_rate" not in table.rules:
        return []
    rate = Decimal(str(table.rules.get("point_rate", 1)))
    return [{"payer": payer, "payee": payee, "points": amount, "money": amount * rate}
            for payer, payee, amount in settle(table.totals)]


def grid(table, hands, cell_details, entry):
    """One row per hand: its number and each player's (points, detail) in seat order, then a
    row for the hand being played when part of it is entered (Thirteen's bids), with no points.

    The detail (e.g. how a score was made up) comes from the game's `cell_details` where it has one.
    """
    rows = []
    for hand in hands:
        details = cell_details(table, hand) if cell_details else {}
        rows.append({"number": hand.number, "pending": False,
                     "cells": [(hand.points.get(name, 0), details.get(name)) for name in table.players]})
    if entry.inputs:
        rows.append({"number": entry.number, "pending": True, "cells": []})
    return rows
