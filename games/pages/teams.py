"""Teams, where a game's players play in fixed teams (its engine's TEAM_SEATS, such as partners
sitting opposite): what each team is called and what it holds, for the pages that speak of teams."""

from dataclasses import dataclass
from functools import partial

from django.utils.translation import gettext as _

from games.pages.events import sat_down_after


@dataclass(frozen=True)
class Team:
    name: str
    players: tuple[str, ...]  # seated now, in seat order: a replacement plays on in the team
    total: int  # in the game's units: every player of a team holds the team's total


def teams(table, seated=None):
    """The table's teams in the order of their first seat, each called by the name the table gave
    it (the rule team_names, which a team game's engine takes) or by its players ("Asha &
    Chandra"); none in a game without teams. `seated`: who sat where (table.seated_for a hand), by
    default who sits now."""
    seated = table.seated if seated is None else seated
    given = table.rules.get("team_names") or []
    found = []
    for index, seats in enumerate(table.engine.TEAM_SEATS):
        players = tuple(seated[seat] for seat in seats)
        found.append(Team(given[index] if given else players_named(players), players, table.totals[players[0]]))
    return found


def players_named(players):
    """A team called by its players: "Asha & Chandra"."""
    name = players[0]
    for player in players[1:]:
        # Translators: a team called by its two players, partners at a team game: "Asha & Chandra".
        name = _("%(first)s & %(second)s") % {"first": name, "second": player}
    return name


@dataclass(frozen=True)
class Column:
    """One of the board's columns: a player's, or at a team game a team's."""

    name: str
    # Whose points it shows: the player, or the team's seated now (partners hold the same), the one
    # seated longest first (a replacement's own hand-by-hand total begins when they sat down).
    players: tuple[str, ...]


def columns(table):
    """The board's columns, in seat order: one per player who played at the table, or at a team game
    one per team."""
    found = teams(table)
    if not found:
        return [Column(name, (name,)) for name in table.players]
    return [Column(team.name, tuple(sorted(team.players, key=partial(sat_down_after, table)))) for team in found]


def points_by_team(table, number, points):
    """Hand `number`'s points per team, as the teams sat for it (partners score alike)."""
    return [points[team.players[0]] for team in teams(table, table.seated_for(number))]


def totals_by_team_after(table, number, totals):
    """Each team's total after hand `number` and the events right after it, from the players'
    `totals` then (Hand.totals; Table.opening before the first hand): a replacement took over the
    team's total, an adjustment moved it."""
    return [totals[team.players[0]] for team in teams(table, table.seated_for(number + 1))]
