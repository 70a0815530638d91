"""Who sits at the table: the players' names and colours corrected, and the events between hands
(a player joins, leaves or is replaced, points adjusted, the deal given) added or taken back."""

from typing import Any, cast

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import HandChange, Table
from games.services.tables import (
    Change,
    Conflict,
    check_open,
    clean_colors,
    finished_conflict,
    locked,
    log,
    played_inputs,
    recompute,
    save_state,
    validate_all,
    write_back,
)
from scoring import base, checks
from scoring.errors import InputError


def rename_players(table: Table, names: list[str], colors: list[str] | None = None) -> Table:
    """Correct the players' names (everyone who sat at the table, seats stay) and the colours of
    those seated (a colour is a seat's: in `table.players` order); every hand and event follows."""
    count = len(table.players)
    names = checks.players(names, minimum=count, maximum=count)
    renamed = dict(zip(table.players, names))
    seat_colors = None  # `colors` comes as a list in seat order, the table keeps player -> colour
    if colors is not None:
        seated = [renamed[name] for name in table.players if name in table.seated]
        seat_colors = dict(zip(seated, clean_colors(table.game, colors, len(seated))))

    def rename(mapping: dict[str, Any]) -> dict[str, Any]:
        return {renamed.get(key, key): value for key, value in mapping.items()}

    def rename_event(event: base.Event) -> base.Event:
        names: dict[str, str] = {key: renamed[event[key]] for key in ("player", "by") if key in event}
        return {**event, **names, **({"points": rename(event["points"])} if "points" in event else {})}

    with transaction.atomic():
        table = locked(table)
        hands = list(table.hands.all())
        for hand in hands:
            hand.inputs, hand.points, hand.totals = rename(hand.inputs), rename(hand.points), rename(hand.totals)
        write_back(hands, ["inputs", "points", "totals"])
        table.players = names
        table.events = [rename_event(event) for event in table.events]
        table.colors = rename(table.colors) if seat_colors is None else seat_colors
        if played_inputs(table):
            playing = cast(base.Hand, played_inputs(table))  # not None: tested just above
            table.current_hand = {**table.current_hand, "inputs": rename(playing)}
        table.save(update_fields=["players", "events", "colors", "current_hand"])
        recompute(table, hands)
    return table


def after_last_hand(table: Table, totals: dict[str, int]) -> None:
    """Keep the totals an event leaves with the hand before it, for the chart (or as the totals
    before the first hand): one row written, whatever the table's length."""
    if table.state["hands"]:
        table.hands.filter(number=table.state["hands"]).update(totals=dict(totals))
    else:
        table.opening = dict(totals)


def add_event(table: Table, event: base.Event, by: str = "") -> Table:
    """Fold an event (scoring/base.py: a player joins, leaves or is replaced, points adjusted, the
    deal given) onto the table after its last hand, and keep it in the history. Conflict while
    part of a hand is entered (Thirteen's bids: they are the seats' as they are)."""
    try:
        with transaction.atomic():
            table = locked(table)
            check_open(table)
            if played_inputs(table):
                raise Conflict(_("Finish the %(hand)s being played first.") % {"hand": table.game_descriptor.hand_word})
            base.check_room(len(table.events) + 1, "events")
            clean = base.validate_event(table.engine, table.rules, table.state, event)
            state = base.apply_event(table.engine, table.rules, table.state, clean)
            table.players = base.columns(table.starting_players, [*table.events, clean])
            table.events = [*table.events, clean]
            if clean["kind"] == "replace" and clean["player"] in table.colors:  # a colour is the seat's
                colors = dict(table.colors)
                colors[clean["by"]] = colors.pop(clean["player"])
                table.colors = colors
            after_last_hand(table, state["totals"])
            log(table, None, Change(HandChange.EVENT, by, after=clean, number=clean["after"]))
            save_state(table, state, "events", "players", "colors")
    except Conflict as conflict:
        raise Conflict(str(conflict), Table.objects.get(pk=table.pk)) from None
    return table


def remove_event(table: Table, index: int, by: str = "") -> Table:
    """Take back event `index` (a join only while the newcomer has played no hand); totals follow."""
    try:
        with transaction.atomic():
            table = locked(table)
            if table.finished:
                raise finished_conflict(table)
            if not 0 <= index < len(table.events):
                raise Conflict(_("This change no longer exists."))
            removed = table.events[index]
            starting = table.starting_players
            table.events = table.events[:index] + table.events[index + 1 :]
            table.players = base.columns(starting, table.events)
            hands = list(table.hands.all())
            try:
                validate_all(table, hands)
            except InputError:
                raise Conflict(
                    _("This change cannot be taken back: the %(hands)s after it need it.")
                    % {"hands": table.game_descriptor.hands_word}
                ) from None
            log(table, None, Change(HandChange.EVENT_TAKEN_BACK, by, before=removed, number=removed["after"]))
            colors = dict(table.colors)
            if removed["kind"] == "replace" and removed["by"] in colors:  # the seat's colour goes back
                colors[removed["player"]] = colors.pop(removed["by"])
            table.colors = {name: color for name, color in colors.items() if name in table.players}
            table.save(update_fields=["events", "players", "colors"])
            recompute(table, hands)
    except Conflict as conflict:
        raise Conflict(str(conflict), Table.objects.get(pk=table.pk)) from None
    return table
