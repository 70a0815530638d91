"""Players across a set of tables (an account's, or a group's season): the roster and each
player's record per game, from the stored points and inputs: no hand is scored again."""

from decimal import Decimal
from itertools import groupby

from games.models import Hand
from games.pages import ratings
from games.pages.board import hand_marks, points_in_hand, standings
from games.pages.teams import players_named, teams
from games.services import clock


def roster(tables):
    """Every name that sat at these tables, in alphabetical order."""
    return sorted({name for table in tables for name in table.players}, key=str.casefold)


def records(tables):
    """Per game (its name as the tables call it, in the order first played: score sheets of
    different titles are different games): {"game": its descriptor, "signed": whether its points
    are signed (not penalties), "players": each player's record, best first (most wins, then the
    best points, the lowest first where the game's first table says the lowest wins)}.

    A record: tables played, wins (first place at a finished table), total points, money per
    currency (tables in rupees and tables in euros are never added up), the best and the worst
    hand ({"points", "table", "number"}), the longest run of wins and the one still going, and
    the rival: the player they lost the most points to ({"name", "points"}), where in every hand
    what a player did worse than the hand's average goes to those who did better, in proportion
    to how much better (at a game played in teams, to the pair of partners: "Bikash & Dipa").
    One query (the hands' inputs and points), whatever the number of tables and hands.

    At a game played in teams, "teams" too: each pair of partners' record (tables, wins, total
    points), best first; else none.

    And "average_seconds": how long a hand took on average, of the hands whose time is known (None
    if none is). And "ratings": each player's skill rating over the season's tables, best first, with how it
    moved at each table they sat at (ratings.season), the tables rated in the order they were
    created, each by its standings, from the stored totals: no more queries.
    """
    tables = sorted(tables, key=lambda table: table.created)
    hands, seconds = {}, {}
    for table_id, *hand, hand_seconds in (
        Hand.objects.filter(table__in=tables).order_by("number").values_list("table_id", "inputs", "points", "seconds")
    ):
        hands.setdefault(table_id, []).append(hand)
        seconds.setdefault(table_id, []).append(hand_seconds)
    games = {}
    for table in tables:
        title = str(table.game_title)
        game = games.setdefault(
            (table.game, title),
            {
                "title": title,
                "game": table.game_descriptor,
                "lower_wins": table.lower_wins,
                "rows": {},
                "teams": {},
                "matches": [],
                "seconds": [],
            },
        )
        game["seconds"] += seconds.get(table.pk, [])
        if table.hands_played and len(table.players) > 1:  # a table where no hand was played says nothing of skill
            game["matches"].append((table, places(table)))
        rows = game["rows"]
        for name in table.players:
            rows.setdefault(
                name,
                {
                    "name": name,
                    "tables": 0,
                    "wins": 0,
                    "total": 0,
                    "money": {},
                    "best": None,
                    "worst": None,
                    "results": [],
                    "lost_to": {},
                },
            )
        winners = _winners(table)
        _add_table(rows, table, winners)
        _add_teams(game["teams"], table, winners)
        for number, (hand_inputs, points) in enumerate(hands.get(table.pk, []), 1):
            _add_hand(rows, table, number, hand_inputs, points)
    titles = [game["title"] for game in games.values()]
    return {
        # a sheet called by another game's name is told apart by what it is
        _season_name(game, titles): {
            "game": game["game"],
            "signed": not game["lower_wins"],
            "players": _ranked(game["lower_wins"], game["rows"].values()),
            "teams": _ranked_teams(game["lower_wins"], game["teams"].values()),
            "ratings": ratings.season(game["matches"]),
            "average_seconds": clock.average_seconds(game["seconds"]),
        }
        for game in games.values()
    }


def _season_name(game, titles):
    """A game's title; where another game has the same title, the one that is not its game's own
    name says what game it is ("Konkan · Any other game")."""
    title, name = game["title"], str(game["game"].name)
    return title if titles.count(title) == 1 or title == name else f"{title} · {name}"


def record(name, tables):
    """The tables `name` sat at, and their record per game (as records() gives it)."""
    tables = [table for table in tables if name in table.players]
    return tables, {
        game: next(row for row in season["players"] if row["name"] == name)
        | {"game": season["game"], "signed": season["signed"]}
        for game, season in records(tables).items()
    }


def places(table):
    """A table's sides from the first place down (the lowest total first where the lowest wins), a
    list of the sides level at each place; a side is the players who play as one: a player, or at a
    game played in teams the partners seated at its end (a player who left a team game is a side of
    their own, at the total they left with)."""
    sides = [(team.total, list(team.players)) for team in teams(table)]
    in_teams = {name for _total, side in sides for name in side}
    sides += [(table.totals.get(name, 0), [name]) for name in table.players if name not in in_teams]
    sign = 1 if table.lower_wins else -1
    sides.sort(key=lambda side: sign * side[0])
    return [[side for _total, side in level] for _total, level in groupby(sides, key=lambda side: side[0])]


def _add_table(rows, table, winners):
    rate = Decimal(str(table.rules["point_rate"])) if "point_rate" in table.rules else None
    over = table.is_over
    shown = table.game_descriptor.shown
    for name in table.players:
        row = rows[name]
        row["tables"] += 1
        row["total"] += shown(table.totals.get(name, 0))
        if rate is not None:
            currency = table.rules.get("currency", "")
            row["money"][currency] = row["money"].get(currency, Decimal(0)) + shown(table.totals.get(name, 0)) * rate
        if over:
            row["results"].append(name in winners)
            row["wins"] += name in winners


def _winners(table):
    """Who won the table: none before it is over or while nobody leads; else its first player, or
    at a team game the players of the one team ahead (partners are level)."""
    if not table.is_over:
        return set()
    found = teams(table)
    if found:
        sign = -1 if table.lower_wins else 1
        best = max(sign * team.total for team in found)
        ahead = [team for team in found if sign * team.total == best]
        return set(ahead[0].players) if len(ahead) == 1 else set()
    first = standings(table)[0]
    return {first["name"]} if first["leader"] else set()


def _add_teams(records, table, winners):
    """Each team of a table played in teams added to its partners' record, whatever seats they took."""
    for team in teams(table):
        record = records.setdefault(frozenset(team.players), {"name": team.name, "tables": 0, "wins": 0, "total": 0})
        record["tables"] += 1
        record["wins"] += bool(winners.intersection(team.players))
        record["total"] += table.game_descriptor.shown(team.total)


def _ranked_teams(lower_wins, records):
    sign = -1 if lower_wins else 1
    return sorted(records, key=lambda record: (-record["wins"], -sign * record["total"], record["name"].casefold()))


def _add_hand(rows, table, number, inputs, points):
    sign = -1 if table.lower_wins else 1
    played = {
        name: table.game_descriptor.shown(value)
        for name, value in points_in_hand(
            table.players, hand_marks(table.game_descriptor, inputs, table.players), points
        ).items()
        if value is not None
    }
    if not played:
        return
    for name, value in played.items():
        row, hand = rows[name], {"points": value, "table": table, "number": number}
        if row["best"] is None or sign * value > sign * row["best"]["points"]:
            row["best"] = hand
        if row["worst"] is None or sign * value < sign * row["worst"]["points"]:
            row["worst"] = hand
    average = sum(sign * value for value in played.values()) / len(played)
    better = {name: sign * value - average for name, value in played.items() if sign * value > average}
    gained = sum(better.values())
    side = _sides(table, number)
    for name, value in played.items():
        lost, lost_to = average - sign * value, rows[name]["lost_to"]
        if lost > 0:
            for other, share in better.items():
                rival = side.get(other, other)
                lost_to[rival] = lost_to.get(rival, 0) + lost * share / gained


def _sides(table, number):
    """At a team game, each player of hand `number` and the name of their team as a rival: its
    partners, in alphabetical order ("Bikash & Dipa"), whatever seats they took; else nothing."""
    if not table.engine.TEAM_SEATS:
        return {}
    return {
        player: players_named(sorted(team.players, key=str.casefold))
        for team in teams(table, table.seated_for(number))
        for player in team.players
    }


def _ranked(lower_wins, rows):
    sign = -1 if lower_wins else 1
    ranked = []
    for row in rows:
        results, lost_to = row.pop("results"), row.pop("lost_to")
        row["longest_run"] = row["run"] = 0
        for won in results:
            row["run"] = row["run"] + 1 if won else 0
            row["longest_run"] = max(row["longest_run"], row["run"])
        rival = max(lost_to, key=lost_to.get, default=None)
        row["rival"] = {"name": rival, "points": round(lost_to[rival])} if rival else None
        ranked.append(row)
    return sorted(ranked, key=lambda row: (-row["wins"], -sign * row["total"], row["name"].casefold()))
