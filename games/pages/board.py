"""What a table's page shows, gathered once from the stored (derived) points."""

import hashlib
import json
from decimal import Decimal
from functools import partial

from django.core.cache import cache
from django.utils.translation import gettext_lazy as _

from games.pages import events, fragments
from games.pages.history import between, separator
from games.pages.numbers import points as signed_points
from games.pages.numbers import table_points
from games.pages.teams import columns, teams
from scoring import settle

# A player marked `sat_out` or `out` was not in the hand: the board shows a dash for them, not a 0.
# (The marks themselves are each game's, with the board's own: games.sdk.registry.Game.mark.)
ABSENT = {"sat_out", "out"}
# How long a worked-out settlement is kept: a table's evening.
SETTLEMENT_SECONDS = 6 * 3600


def standings(table):
    """Players with total, money and whether they are out, best first (lowest first where the
    lowest wins); the leaders are marked once someone is ahead (players level at the top are all
    marked: a game's joint winners)."""
    out = set(table.progress.get("out", ()))
    return _ranked(
        table,
        [
            (name, table.totals.get(name, 0), name in out and name in table.seated, name not in table.seated)
            for name in table.players
        ],
    )


def shown_standings(table):
    """The standings a page shows: by team where players play in teams, else by player."""
    found = teams(table)
    if not found:
        return standings(table)
    return _ranked(table, [(team.name, team.total, False, False) for team in found])


def _ranked(table, entries):
    """The standings' rows of `entries` (name, total in the game's units, out, left), best first."""
    rate = Decimal(str(table.rules.get("point_rate", 1)))
    sign = 1 if table.lower_wins else -1
    shown = table.game_descriptor.shown
    ranked = sorted(entries, key=lambda entry: sign * entry[1])
    ahead = len({total for _name, total, _out, _left in entries}) > 1
    return [
        {
            "name": name,
            "total": shown(total),
            "money": shown(total) * rate,
            "out": out,
            "left": left,
            "leader": ahead and total == ranked[0][1],
        }
        for name, total, out, left in ranked
    ]


def totals(table):
    """The board's last row: each column's total as shown (a player's, or a team's), with its colour
    class and the seat of the player whose hand-by-hand total it links to (at a team game, the
    partner seated longest: games.pages.teams.columns)."""
    signed = not table.lower_wins
    return [
        {
            "name": column.name,
            "seat": table.players.index(column.players[0]),
            "shown": table_points(table, table.totals[column.players[0]], signed),
            "css": _cell_class(table.totals[column.players[0]], signed),
        }
        for column in columns(table)
    ]


def transfers(table):
    """Who pays whom, in money, in as few transfers as can be found (games played for money only)."""
    return [transfer for group in settlement(table).groups for transfer in group["transfers"]]


def settlement(table):
    """Who pays whom worked out (at a table whose hands add up to 0, in points, and in money where
    it has a rate): the groups of players whose balances cancel (scoring.settle.explain), each with
    its balances (in seat order) and its transfers, in points and money; and whether no settlement
    takes fewer transfers."""
    # Totals that do not cancel (a newcomer seated with points before that was refused) cannot be settled.
    if not table.zero_sum or sum(table.totals.values()):
        return settle.Settlement([], True)
    rate = Decimal(str(table.rules.get("point_rate", 1)))
    shown = table.game_descriptor.shown
    worked_out = _settled(table.totals)  # in the game's units: whole numbers, exact
    groups = []
    for group in worked_out.groups:
        names = [name for name in table.players if name in group["balances"]]
        groups.append(
            {
                # money: what the player owes or is owed, the sign said in words
                "balances": [
                    {
                        "name": name,
                        "points": shown(group["balances"][name]),
                        "money": abs(shown(group["balances"][name])) * rate,
                    }
                    for name in names
                ],
                "amounts": [shown(group["balances"][name]) for name in names],
                "transfers": [
                    {"payer": payer, "payee": payee, "points": shown(amount), "money": shown(amount) * rate}
                    for payer, payee, amount in group["transfers"]
                ],
            }
        )
    return settle.Settlement(groups, worked_out.fewest)


def _settled(totals):
    """scoring.settle.explain of these totals, worked out once: every poll, page and save of the
    table until its totals change asks for the same."""
    key = "settle:" + hashlib.blake2b(json.dumps(totals, sort_keys=True).encode(), digest_size=12).hexdigest()
    worked_out = cache.get(key)
    if worked_out is None:
        worked_out = settle.explain(totals)
        cache.set(key, worked_out, SETTLEMENT_SECONDS)
    return worked_out


def cells(table, inputs, points, details=None):
    """Each player's cell of a hand, in seat order: points (None for a player not in the hand),
    marks [(symbol, meaning)] and the game's detail (how the score was made up), if any."""
    game = table.game_descriptor
    marks = hand_marks(game, inputs, table.players)
    values = {
        name: None if value is None else game.shown(value)
        for name, value in points_in_hand(table.players, marks, points).items()
    }
    signed = not table.lower_wins
    result = []
    for name in table.players:
        value = values[name]
        result.append(
            {
                "name": name,
                "value": value,
                "shown": "–" if value is None else signed_points(value, signed),
                "css": _cell_class(value, signed),
                "marks": [game.mark(key) for key in marks.get(name, ())],
                "detail": (details or {}).get(name),
            }
        )
    return result


def row_cells(table, number, inputs, points, details=None):
    """Hand `number`'s row on the board: its cells, or at a team game one per team (as the teams
    sat for the hand), each the cell of the team's first player, named for the team."""
    told = cells(table, inputs, points, details)
    if not table.engine.TEAM_SEATS:
        return told
    by_player = {cell["name"]: cell for cell in told}
    return [{**by_player[team.players[0]], "name": team.name} for team in teams(table, table.seated_for(number))]


def hand_marks(game, inputs, players=()):
    """Player -> the mark keys of their part of a hand; in a game where a player absent from a
    hand sat it out, each of `players` absent from it is marked so."""
    marks = game.hand_marks(inputs)
    if game.absent_sat_out:
        marks = {**marks, **{name: ["sat_out"] for name in players if name not in inputs}}
    return marks


def points_in_hand(players, marks, points):
    """Player -> points in the hand, None for a player not in it (sat out, out of the game, not
    seated at the table then)."""
    return {
        name: None if name not in points or ABSENT.intersection(marks.get(name, ())) else points[name]
        for name in players
    }


def _cell_class(value, signed):
    if value is None:
        return "absent"
    if signed and value:
        return "pos" if value > 0 else "neg"
    return ""


def grid(table, hands, cell_details, entry):
    """One row per hand: its number, its cells and its note, each event between the hands shown
    in its place (a row of words: "Eka sat down at seat 3, with 0", and where it sits in the game's
    own words, "Between round 3 and 4", for a screen reader), then a row for the hand being
    played when part of it is entered (Thirteen's bids), with no points.

    The detail (e.g. how a score was made up) comes from the game's `cell_details`.
    """
    first = hands[0].number if hands else entry.number
    shown = [
        {"event": events.said(table, event), "after": event["after"], "when": between(table, event["after"])}
        for index, event in enumerate(table.events)
    ]
    after = [event["after"] for event in table.events]
    rows = [row for row, at in zip(shown, after) if at == first - 1]
    for hand in hands:
        details = cell_details(table, hand)
        # A row is keyed on what its cells are made of; they are worked out (the template calls
        # them) only when the cache does not have the row.
        rows.append(
            {
                "number": hand.number,
                "pending": False,
                "note": hand.note,
                "photo": bool(hand.photo),
                "cells": partial(row_cells, table, hand.number, hand.inputs, hand.points, details),
                "key": fragments.key(
                    hand.number, hand.inputs, hand.points, hand.note, bool(hand.photo), details, table.players
                ),
            }
        )
        rows.extend(row for row, at in zip(shown, after) if at == hand.number)
    if entry.inputs:
        row = {"number": entry.number, "pending": True, "cells": []}
        rows.append({**row, "key": fragments.key(row, len(table.players))})
    return rows


def saved_line(recorded):
    """One line saying what a save recorded: "Hand 7 saved: Hari +51 (won, dublee) · Gita −18 …"."""
    if recorded.hand is None:
        return _("%(title)s saved.") % {"title": recorded.title}
    players = " · ".join(players_in_words(recorded.table, recorded.hand))
    return _("%(title)s saved: %(players)s") % {"title": recorded.title, "players": players}


def players_in_words(table, hand):
    """A recorded hand told player by player: ["Hari +51 (won, dublee)", "Gita −18", …]; only the
    players in the hand: one who left, sat out or is out of the game has no points in it. At a team
    game, team by team, in the game's words (its `team_words`: "Asha & Chandra bid 9 and took 10:
    +10"), else each team's points: ["Asha & Chandra +9", "Bikash & Dipa 0"]."""
    if table.engine.TEAM_SEATS:
        found = teams(table, table.seated_for(hand.number))
        told = table.game_descriptor.team_words(hand, found)
        return told or [
            f"{cell['name']} {cell['shown']}" for cell in row_cells(table, hand.number, hand.inputs, hand.points)
        ]
    parts = []
    for cell in cells(table, hand.inputs, hand.points):
        if cell["value"] is None:
            continue
        meanings = separator().join(str(meaning) for _symbol, meaning in cell["marks"])
        parts.append(
            " ".join(part for part in (cell["name"], cell["shown"], f"({meanings})" if meanings else "") if part)
        )
    return parts


def last_hand_told(table, hands):
    """The last of `hands` (recorded, oldest first) in words, for the TV board: its name ("Hand 7"),
    each player's part and its note; None before the first hand."""
    if not hands:
        return None
    hand = hands[-1]
    return {
        "title": table.game_descriptor.hand_name(hand.number),
        "players": players_in_words(table, hand),
        "note": hand.note,
    }


def legend(table, hands):
    """The marks the board shows for `hands`, once each, to explain them under it."""
    game = table.game_descriptor
    # Told apart by key: a mark's meaning is a translatable text, worked out each time it is hashed.
    shown = dict.fromkeys(
        key
        for hand in hands
        for name, keys in hand_marks(game, hand.inputs).items()
        if name in table.players
        for key in keys
        if key not in ABSENT
    )
    return [game.mark(key) for key in shown]


def last_hand(grid):
    """The number of the last hand on the board (the one an undo takes back), or None."""
    return next((row["number"] for row in reversed(grid) if "number" in row), None)
