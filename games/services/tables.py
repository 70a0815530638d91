"""A table's state, which every write shares: creating a table, the fold state after its last hand
(validate, recompute, save), the row lock a change holds, the history log, and the table's own
settings (its language, finished, its clock's pauses, its links).

A table stores the engine's fold state after its last hand: a new hand is folded onto it
without reading the earlier hands; edits, deletions and renames fold every hand again."""

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from games.models import Group, Hand, HandChange, PointTable, Table, new_token
from games.sdk.registry import get_game
from games.services import clock
from scoring import base, checks
from scoring.errors import InputError, gettext_noop

if TYPE_CHECKING:  # the account model Django's stubs give a table's owner
    from django.contrib.auth.models import User


class Conflict(Exception):
    """The table changed since the page was loaded (another phone was quicker); `table`, where
    known, is the table as it is now, to show instead."""

    def __init__(self, message: str, table: Table | None = None) -> None:
        super().__init__(message)
        self.table = table
        self.saved_by = ""  # who entered the hand a phone sent, if another phone saved it first


def clean_players(game: str, players: Any) -> list[str]:
    engine = get_game(game).engine
    return checks.players(players, minimum=engine.MIN_PLAYERS, maximum=engine.MAX_PLAYERS)


def clean_colors(game: str, colors: list[str], seats: int) -> list[str]:
    """The players' colours in seat order: one of the game's colours for each seat, and no two
    players in the same colour (the colour is how the table tells them apart)."""
    choices = dict(get_game(game).color_choices)
    if len(colors) != seats or not set(colors) <= set(choices):
        raise InputError(gettext_noop("choose a colour for each player"), field="color")
    for color in colors:
        if colors.count(color) > 1:
            raise InputError(
                gettext_noop("two players wear %(color)s: give each player a colour of their own"),
                params={"color": str(choices[color]).lower()},
                field="color",
            )
    return colors


def create_table(
    *,
    game: str,
    name: str,
    players: list[str],
    rules: base.Rules,
    owner: "User | None" = None,
    created: datetime | None = None,
    colors: dict[str, str] | None = None,
    previous: Table | None = None,
    group: Group | None = None,
    language: str = "",
    first_dealer: str | None = None,
    draw: dict[str, Any] | None = None,
) -> Table:
    """A new table; `rules` overlays the admin's point table for this game. `first_dealer`: who
    deals first, where not the first player (a rematch moves the deal on). `draw`: what the server
    drew for it (games/services/draw.py), kept with it; a drawn dealer deals first."""
    engine = get_game(game).engine
    players = clean_players(game, players)
    draw = draw or {}
    if draw.get("dealer") is not None:
        first_dealer = draw["dealer"]
    full_rules = engine.validate_rules({**PointTable.rules_for(game), **rules})
    state, events = engine.start(full_rules, players), []
    if first_dealer is not None:
        events.append(base.validate_event(engine, full_rules, state, {"kind": "dealer", "player": first_dealer}))
        state = base.apply_event(engine, full_rules, state, events[0])
    table = Table(
        game=game,
        name=name,
        players=players,
        rules=full_rules,
        owner=owner,
        previous=previous,
        group=group,
        created=created or timezone.now(),
        colors=colors or {},
        opening=dict(state["totals"]),
        clock_started=timezone.now(),
        clock_at_last_hand=0,
        language=clean_language(language),
        events=events,
        draw=draw,
    )
    derive(table, state)
    table.save()
    return table


def next_hand_number(table: Table) -> int:
    """The number a new hand gets: one more than the hands folded into the table's state."""
    hands: int = table.state["hands"]
    return hands + 1


def played_inputs(table: Table) -> base.Hand | None:
    """What is entered so far of the hand being played and not complete yet (Thirteen's bids)."""
    inputs: base.Hand | None = table.current_hand.get("inputs")
    return inputs


def all_inputs(table: Table, hands: Iterable[Hand]) -> list[base.Hand]:
    """The inputs of `hands` (the table's, in order) and of the hand being played, if any."""
    return [hand.inputs for hand in hands] + ([played_inputs(table)] if played_inputs(table) else [])


@dataclass(frozen=True)
class Change:
    """One line of a table's history (HandChange): what was done, by whom, the inputs before and
    after it, and what a post sent again is known by (its key and fingerprint)."""

    action: str
    by: str
    title: str | Promise = ""  # a hand form's title may be lazy text
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    number: int | None = None  # None: the hand's own; 0: an event before the first hand
    key: str = ""
    fingerprint: str = ""
    note: str | None = None  # None: the note the hand has after the change
    photo: str = ""  # a deleted hand's photo, kept for a redo


def log(table: Table, hand: Hand | None, change: Change) -> None:
    """Keep `change`, to `hand` (None for a hand being played, a deleted one or an event), in the
    table's history."""
    note = hand.note if change.note is None and hand is not None else change.note or ""
    HandChange.objects.create(
        table=table,
        hand=hand,
        # A change without a hand (an event, a deletion, a hand being played) always gives its number.
        number=cast(Hand, hand).number if change.number is None else change.number,
        action=change.action,
        by=change.by[:150],
        before=change.before,
        after=change.after,
        title=str(change.title)[:80],
        key=change.key,
        fingerprint=change.fingerprint,
        note=note,
        photo=change.photo,
    )


def validate_all(table: Table, hands: Iterable[Hand]) -> None:
    """Check every hand (`hands`, the table's, and the one being played) and event of the table
    against the ones before it: a change to one may upset a later one (eliminations, rounds, a
    player who joined)."""
    table.engine.validate(table.rules, table.starting_players, all_inputs(table, hands), table.events)


def recompute(table: Table, hands: list[Hand] | None = None) -> base.Result:
    """Derive every hand's points and the table's totals and progress from the inputs."""
    hands = list(table.hands.all()) if hands is None else hands
    result = table.engine.score(table.rules, table.starting_players, [hand.inputs for hand in hands], table.events)
    changed = []
    for hand, points, totals in zip(hands, result.points, result.steps[1:]):
        if (hand.points, hand.totals) != (points, totals):
            hand.points, hand.totals = points, totals
            changed.append(hand)
    write_back(changed, ["points", "totals"])
    table.opening = result.steps[0]
    save_state(table, result.state)
    return result


def write_back(hands: list[Hand], fields: list[str]) -> None:
    """Write `fields` of `hands` back as upserts of as many hands as the database takes in a
    statement: bulk_update's CASE per row held the write lock three times as long (2.8 s at 5,000
    hands on SQLite). An edit of an early hand moves every later hand's running totals."""
    Hand.objects.bulk_create(hands, update_conflicts=True, unique_fields=["table", "number"], update_fields=fields)


def derive(table: Table, state: base.State) -> None:
    """Set the fold state after the table's last hand, and the totals and progress it gives;
    the progress also shows what is entered of the hand being played (Thirteen's bids)."""
    table.state = state
    table.totals = dict(state["totals"])
    shown = state
    if played_inputs(table):
        # Not None: the test just above.
        _points, shown = table.engine.fold(table.rules, state["seated"], state, cast(base.Hand, played_inputs(table)))
    table.progress = table.engine.progress(table.rules, state["seated"], shown)


def save_state(table: Table, state: base.State, *fields: str) -> None:
    """derive() and save (with the totals before the first hand, set by the caller); the revision
    moves on so that phones showing the board redraw it."""
    derive(table, state)
    table.revision += 1
    table.save(update_fields=["state", "totals", "progress", "opening", "revision", *fields])


def locked(table: Table) -> Table:
    """The table as it is now, its row locked until the transaction ends.

    Every change made here or in the admin moves a table's revision on (a new link does not, and
    is never saved from here), so a table read from the database whose revision is still the
    row's is current: its fields are not read and decoded again. A copy is returned, and fields
    are replaced, never changed in place, so the caller's table stays as it was read.
    """
    locked = Table.objects.select_for_update().filter(pk=table.pk)
    if not table._state.adding and locked.values_list("revision", flat=True).get() == table.revision:
        return copy.copy(table)
    return locked.get()


def locked_hand(table: Table, number: int) -> tuple[Table, Hand]:
    """The table locked (as locked() gives it) and its hand `number`; Conflict, with the table as
    it is now, when that hand is gone."""
    table = locked(table)
    hand = table.hands.filter(number=number).first()
    if hand is None:
        raise Conflict(
            _("%(hand)s no longer exists.") % {"hand": table.game_descriptor.hand_name(number)},
            Table.objects.get(pk=table.pk),
        )
    return table, hand


def finished_conflict(table: Table) -> Conflict:
    return Conflict(
        _("This game is finished. Reopen it to change %(hands)s.") % {"hands": table.game_descriptor.hands_word}
    )


def check_open(table: Table) -> None:
    if table.finished:
        raise finished_conflict(table)
    if table.progress.get("game_over"):
        raise Conflict(
            _("The game is over: no more %(hands)s can be entered.") % {"hands": table.game_descriptor.hands_word}
        )


def new_link(table: Table, which: str) -> Table:
    """Revoke a link (the old one stops working at once) and make a new one."""
    field = {"keeper": "keeper_token", "viewer": "viewer_token"}[which]
    setattr(table, field, new_token())
    table.save(update_fields=[field])
    return table


def save_current_hand(table: Table, current_hand: dict[str, Any]) -> None:
    """The one way the hand being played moves on: Thirteen's bids ({"inputs": ...}), Konkan's
    sets so far ({"sets": [...]}), the race's deal ({"deal": n, "cards": [...]})."""
    table.current_hand = current_hand
    derive(table, table.state)
    table.revision += 1
    table.save(update_fields=["current_hand", "progress", "revision"])


def clean_language(code: str) -> str:
    """A table's language: one the server offers, or "" (each phone shows its own)."""
    if code not in ("", *dict(settings.LANGUAGES)):
        raise InputError(gettext_noop("choose one of the languages offered"), field="language")
    return code


def set_language(table: Table, code: str) -> None:
    """The language every phone shows the table in, unless it chose its own."""
    table.language = clean_language(code)
    table.revision += 1  # a viewer's page, kept per revision, is shown in the new language
    table.save(update_fields=["language", "revision"])


def pause(table: Table, paused: bool) -> Table:
    """The scorekeeper pauses the clock for a break (`paused`), or resumes it. Pausing a paused
    clock, or resuming a running one, changes nothing: two phones may tap at once."""
    with transaction.atomic():
        table = locked(table)
        if table.finished:
            raise finished_conflict(table)
        if table.progress.get("game_over"):
            raise Conflict(_("The game is over: its clock has stopped."))
        if table.clock_started is None:
            raise Conflict(_("The clock starts with the next hand saved."))
        if paused == (table.paused_at is not None):
            return table
        now = timezone.now()
        if paused:
            table.paused_at = now
        else:
            clock.resumed(table, now)
        table.revision += 1  # every phone's board says so
        table.save(update_fields=[*clock.CLOCK_FIELDS, "revision"])
    return table


def set_finished(table: Table, finished: bool) -> None:
    was_finished = table.finished is not None
    table.finished = timezone.now() if finished else None
    if finished != was_finished:  # a second tap, from another phone, moves the clock no further
        clock.finished_changed(table, table.finished)
    table.revision += 1
    table.save(update_fields=["finished", "revision", *clock.CLOCK_FIELDS])
