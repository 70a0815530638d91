"""A score shown worked out: one hand's terms per player (from the engine's explain) and how a
player's total was reached, hand by hand. The arithmetic is the engine's; this gathers it for
the pages, in seat order, with the totals before and after."""

from dataclasses import dataclass

from games.pages import board, events
from games.pages.history import separator, told
from games.pages.numbers import table_points
from games.pages.teams import teams


@dataclass
class HandExplained:
    number: int
    entered: str  # what was entered for the hand as a whole, in words ("" for nothing)
    players: list  # per player: the board's cell, what was entered, the terms, the totals before and after
    note: str  # the hand's note ("misdeal, replayed"), or ""
    photo: str = ""  # the name of the hand's photo (games/plumbing/photos.py), or ""


def hand(table, number):
    """Hand `number` worked out, or None when there is no such recorded hand.

    The earlier hands are folded to find where the table stood (Konkan's eliminations,
    Thirteen's sandbags): one query for them and the hand."""
    hands = list(table.hands.filter(number__lte=number))
    if not hands or hands[-1].number != number:
        return None
    engine, recorded = table.engine, hands[-1]
    before = table.state_before(earlier.inputs for earlier in hands[:-1])
    explained = engine.explain(table.rules, before["seated"], before, recorded.inputs)
    entered = {line.who: line.words for line in told(table, recorded.inputs)}
    players = []
    for cell in board.cells(table, recorded.inputs, recorded.points):
        name = cell["name"]
        if name not in before["seated"]:
            continue
        total_before = before["totals"][name]
        players.append(
            {
                **cell,
                "entered": entered.get(name, ""),
                "terms": explained.get(name, []),
                "before": table.game_descriptor.shown(total_before),
                "after": table.game_descriptor.shown(total_before + recorded.points.get(name, 0)),
            }
        )
    if table.engine.TEAM_SEATS:
        said = separator().join(board.players_in_words(table, recorded))
        return HandExplained(number, said, _by_team(table, number, players), recorded.note, recorded.photo)
    return HandExplained(number, entered.get("", ""), players, recorded.note, recorded.photo)


def _by_team(table, number, players):
    """A hand's players worked out, one per team (as the teams sat for it), named for the team:
    the one who had something entered (a bidding game's bidder), else its first; partners score alike."""
    by_name = {player["name"]: player for player in players}
    shown = []
    for team in teams(table, table.seated_for(number)):
        told = [by_name[name] for name in team.players if by_name[name]["entered"]] or [by_name[team.players[0]]]
        shown.append({**told[0], "name": team.name})
    return shown


def total(table, name):
    """Each hand's points of one player and the running total after it (a dash where they were
    not in the hand), and each event that gave them points (their start, an adjustment) in its
    place, told in words."""
    signed = not table.lower_wins
    waiting = [event for event in table.events if events.points_of(event, name) is not None]
    rows, running = [], 0

    def events_after(number):
        nonlocal running
        while waiting and waiting[0]["after"] == number:
            event = waiting.pop(0)
            running += events.points_of(event, name)
            rows.append(
                {
                    "event": events.said(table, event),
                    "shown": table_points(table, events.points_of(event, name), signed),
                    "running": table.game_descriptor.shown(running),
                }
            )

    events_after(0)
    for number, inputs, hand_points in table.hands.values_list("number", "inputs", "points"):
        if name in hand_points:  # seated for the hand (a hand before they sat down or after they left: none)
            cell = next(cell for cell in board.cells(table, inputs, hand_points) if cell["name"] == name)
            running += hand_points.get(name, 0)
            rows.append({**cell, "number": number, "running": table.game_descriptor.shown(running)})
        events_after(number)
    return rows
