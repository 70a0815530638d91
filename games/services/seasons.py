"""A table among the owner's others: its group, and the rematch that follows it."""

import re
from collections.abc import Collection
from typing import Any, cast

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Group, Table
from games.services import draw
from games.services.tables import Conflict, create_table, locked
from scoring import base, checks
from scoring.errors import InputError, gettext_noop


def set_group(table: Table, group_id: str, new_name: str = "") -> Group | None:
    """Put the table in one of its owner's groups, or in a new one named `new_name` (a name the
    owner already uses is that group), or in none (no id, no name). Returns the group or None."""
    length = cast(int, Group._meta.get_field("name").max_length)  # a CharField: its max_length is set
    new_name = checks.text(new_name, max_length=length, name=True, field="new_group")
    group: Group | None
    if new_name:
        group, _created = Group.objects.get_or_create(owner=table.owner, name=new_name)
    elif group_id:
        group = Group.objects.filter(
            owner=table.owner,
            # Django's stubs refuse pk=None, which matches no row here on purpose (an id that is no number).
            pk=group_id if re.fullmatch("[0-9]{1,18}", group_id) else None,  # type: ignore[misc]
        ).first()
        if group is None:
            raise InputError(gettext_noop("choose one of your groups"), field="group")
    else:
        group = None
    Table.objects.filter(pk=table.pk).update(group=group)
    return group


def rematch(table: Table, drawing: Collection[str] = ()) -> tuple[Table, bool]:
    """The next game of the same players, in the same group: their seats, colours and rules, the
    owner, the deal moved one seat on (the second player deals first). `drawing`: what the server
    draws instead ("seats"; "dealer", in a game where somebody deals). Made once: a second tap, on
    any phone, gets the same table. The game it follows is finished, if it was not yet. Returns
    (the rematch, whether this call made it)."""
    with transaction.atomic():
        table = locked(table)  # two taps at once: the second waits here, then finds the first's table
        _previous, following = games_around(table)
        if following is not None:
            return following, False
        if not table.hands.exists():
            # Else a script could chain empty games without end, pushing the real ones off the home page.
            raise Conflict(
                _("Play a %(hand)s first: a rematch follows a game that was played.")
                % {"hand": table.game_descriptor.hand_word},
                table,
            )
        table.finished = table.finished or timezone.now()
        table.revision += 1  # every phone's board now links to the next game
        table.save(update_fields=["finished", "revision"])
        drawn: dict[str, Any]
        players, drawn = table.seated, {}
        if "seats" in drawing:
            players = drawn["seats"] = draw.seats(players)
        if "dealer" in drawing and draw.deals(table.engine, table.rules):
            drawn["dealer"] = draw.dealer(players)
        return create_table(
            game=table.game,
            name=rematch_name(table.name),
            players=players,
            rules={**table.rules, "team_names": _team_names_kept(table, players)}
            if table.rules.get("team_names")
            else table.rules,
            owner=table.owner,
            previous=table,
            group=table.group,
            colors={name: color for name, color in table.colors.items() if name in table.seated},
            language=table.language,
            first_dealer=next_first_dealer(table),
            draw=drawn,
        ), True


def _team_names_kept(table: Table, players: list[str]) -> list[str]:
    """The names of `table`'s teams for its players in these seats (a draw may move them): each pair
    of partners keeps its name where the pairs still sit together, none where the draw split them."""
    seats = table.engine.TEAM_SEATS
    named = dict(zip((frozenset(table.seated[seat] for seat in team) for team in seats), table.rules["team_names"]))
    pairs = [frozenset(players[seat] for seat in team) for team in seats]
    return [named[pair] for pair in pairs] if all(pair in named for pair in pairs) else []


def next_first_dealer(table: Table) -> str | None:
    """Who deals first in a rematch: whoever's deal it is next here, so that the evening's deal
    goes on round the table; when the game's end names nobody, whoever sits next after the one
    who dealt first here (None in a game where nobody deals)."""
    if table.progress.get("dealer") in table.seated:
        dealer: str = table.progress["dealer"]
        return dealer
    opening = table.engine.score(
        table.rules, table.starting_players, [], [event for event in table.events if event["after"] == 0]
    )
    first, seated = opening.progress.get("dealer"), table.seated
    if first is None:
        return None
    if first in seated:
        return seated[(seated.index(first) + 1) % len(seated)]
    return base.next_seated(first, opening.state["seated"], seated)


def games_around(table: Table) -> tuple[Table | None, Table | None]:
    """(the game this table is a rematch of, its rematch), each None when there is none, in one
    query. Both are the same owner's (an import links only those). Its rematch is the first table
    made as its next game (an imported copy of it starts at the same time: then one of the two,
    always the same)."""
    around = list(
        Table.objects.filter(Q(pk=table.previous_id) | Q(previous=table), owner=table.owner_id)
        .order_by("created", "pk")
        .only("previous", "keeper_token", "viewer_token", "created")
    )
    return (
        next((other for other in around if other.pk == table.previous_id), None),
        next((other for other in around if other.previous_id == table.pk), None),
    )


def rematch_name(name: str) -> str:
    """ "Friday" is followed by "Friday (2)", "Friday (2)" by "Friday (3)"."""
    match = re.fullmatch(r"(.*) \((\d+)\)", name)
    base, number = (match[1], int(match[2]) + 1) if match else (name, 2)
    suffix = f" ({number})"
    length = cast(int, Table._meta.get_field("name").max_length)  # a CharField: its max_length is set
    return base[: length - len(suffix)] + suffix
