"""Players across the tables of one account: the roster and each player's record per game."""

from decimal import Decimal

from .board import standings
from .models import Hand


def roster(tables):
    """Every name that sat at these tables, in alphabetical order."""
    return sorted({name for table in tables for name in table.players}, key=str.casefold)


def record(name, tables):
    """Per game: tables played, wins (first place at a finished table), total points, money per
    currency (tables in rupees and tables in euros are never added up), best and worst hand."""
    tables = [table for table in tables if name in table.players]
    points = {}
    for table_id, hand_points in Hand.objects.filter(table__in=tables).values_list("table_id", "points"):
        points.setdefault(table_id, []).append(hand_points.get(name, 0))
    games = {}
    for table in tables:
        row = games.setdefault(table.get_game_display(), {"game": table.game_descriptor, "tables": 0, "wins": 0,
                                                          "total": 0, "money": {}, "best": None, "worst": None})
        row["tables"] += 1
        row["total"] += table.totals.get(name, 0)
        if "point_rate" in table.rules:
            currency = table.rules.get("currency", "")
            won = table.totals.get(name, 0) * Decimal(str(table.rules["point_rate"]))
            row["money"][currency] = row["money"].get(currency, Decimal(0)) + won
        over = table.finished or table.progress.get("game_over")
        if over and standings(table)[0]["name"] == name and standings(table)[0]["leader"]:
            row["wins"] += 1
        hands = points.get(table.pk, [])
        if hands:
            row["best"] = max(hands) if row["best"] is None else max(row["best"], max(hands))
            row["worst"] = min(hands) if row["worst"] is None else min(row["worst"], min(hands))
    return tables, games
