"""Writing tables and hands: validate with the engine, save in one transaction, recompute.

A table stores the engine's fold state after its last hand: a new hand is folded onto it
without reading the earlier hands; edits, deletions and renames fold every hand again."""

import copy
import hashlib
import json
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone as dt_timezone

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import base, checks
from scoring.errors import InputError, Problems, gettext_noop

from . import chart
from .models import Group, Hand, HandChange, PointTable, Table, new_token
from .registry import get_game

FORMAT = "cardscore-table/1"
RENUMBER_OFFSET = 1_000_000
NOTE_LENGTH = Hand._meta.get_field("note").max_length


class Conflict(Exception):
    """The table changed since the page was loaded (another phone was quicker); `table`, where
    known, is the table as it is now, to show instead."""

    def __init__(self, message, table=None):
        super().__init__(message)
        self.table = table


@dataclass(frozen=True)
class Entry:
    """The hand the scorekeeper enters next: its number and, when part of it is saved already
    (Thirteen's bids before its books), what is entered of it and that entry's version."""

    number: int
    inputs: dict | None = None
    version: int | None = None


@dataclass(frozen=True)
class Recorded:
    """What recording a hand gives the page: the table as it is now, the hand (None while it is
    still being played), and the title the hand had on the entry form ("Round 4 · bids")."""

    table: Table
    hand: Hand
    title: str


def clean_players(game, players):
    engine = get_game(game).engine
    return checks.players(players, minimum=engine.MIN_PLAYERS, maximum=engine.MAX_PLAYERS)


def clean_colors(game, colors, seats):
    """The players' colours in seat order: one of the game's colours for each seat, and no two
    players in the same colour (the colour is how the table tells them apart)."""
    choices = dict(get_game(game).color_choices)
    if len(colors) != seats or not set(colors) <= set(choices):
        raise InputError(gettext_noop("choose a colour for each player"), field="color")
    for color in colors:
        if colors.count(color) > 1:
            raise InputError(gettext_noop("two players wear %(color)s: give each player a colour of their own"),
                             params={"color": str(choices[color]).lower()}, field="color")
    return colors


def create_table(*, game, name, players, rules, owner=None, created=None, colors=None, previous=None, group=None,
                 language="", first_dealer=None):
    """A new table; `rules` overlays the admin's point table for this game. `first_dealer`: who
    deals first, where not the first player (a rematch moves the deal on)."""
    engine = get_game(game).engine
    players = clean_players(game, players)
    full_rules = engine.validate_rules({**PointTable.rules_for(game), **rules})
    state, events = engine.start(full_rules, players), []
    if first_dealer is not None:
        events.append(base.validate_event(engine, full_rules, state, {"kind": "dealer", "player": first_dealer}))
        state = base.apply_event(engine, full_rules, state, events[0])
    table = Table(game=game, name=name, players=players, rules=full_rules, owner=owner, previous=previous, group=group,
                  created=created or timezone.now(), colors=colors or {}, series=chart.series(players, [state["totals"]]),
                  language=clean_language(language), events=events)
    derive(table, state)
    table.save()
    return table


def next_hand_number(table):
    """The number a new hand gets: one more than the hands folded into the table's state."""
    return table.state["hands"] + 1


def played_inputs(table):
    """What is entered so far of the hand being played and not complete yet (Thirteen's bids)."""
    return table.current_hand.get("inputs")


def all_inputs(table, hands):
    """The inputs of `hands` (the table's, in order) and of the hand being played, if any."""
    return [hand.inputs for hand in hands] + ([played_inputs(table)] if played_inputs(table) else [])


def hand_to_edit(table, number):
    """Hand `number` as its edit page shows it (number, inputs, version): a recorded hand, or the
    hand being played with what is entered of it so far; None when there is neither."""
    entry = next_entry(table)
    if entry.inputs and number == entry.number:
        return entry
    return table.hands.filter(number=number).first()


def next_entry(table):
    """The hand to enter next, with what is entered of it already."""
    return Entry(next_hand_number(table), played_inputs(table), table.current_hand.get("version"))


def read_hand(table, data, number, base=None):
    """Hand `number` as a form posted it (`base`: what is stored of it), or InputError listing
    every problem at once: what is mistyped and what the rules refuse in the rest. Saving it
    checks it again, on the table as it is then."""
    problems = Problems()
    inputs = None
    with problems.check():
        inputs = table.game_descriptor.entry.parse(data, table, number, base, problems)
    if problems and inputs is not None:
        if number == next_hand_number(table):
            state = table.state
        else:
            state = table.state_before(table.hands.filter(number__lt=number).values_list("inputs", flat=True))
        with problems.check():
            table.engine.validate_hand(table.rules, state["seated"], inputs, hand=number, state=state)
    problems.raise_found()
    return inputs


def entry_title(table, number, inputs=None):
    """What the hand-entry form calls hand `number` with these inputs ("Hand 3", "Round 4 · books")."""
    return table.game_descriptor.entry.form_context(table, number, inputs)["entry_title"]


def log(table, hand, action, by, before, after, title, number=None, key="", fingerprint="", note=None):
    """Keep a change in the history, with the note the hand has after it (`note`: another, such as a
    deleted hand's)."""
    note = hand.note if note is None and hand is not None else note or ""
    number = hand.number if number is None else number  # 0: an event before the first hand
    HandChange.objects.create(table=table, hand=hand, number=number, action=action, by=by[:150],
                              before=before, after=after, title=str(title)[:80], key=key, fingerprint=fingerprint,
                              note=note)


def new_key():
    """A key for the next post of a form: the phone sends it with the post, and again with every
    retry of that post, so the server can tell a retry from a new hand."""
    return secrets.token_urlsafe(16)


def fingerprint(data):
    """What a hand or correction form posted, as a digest: its fields but the CSRF token, the key,
    and the hand number and version (a phone may renumber a hand it kept while offline)."""
    fields = sorted((name, data.getlist(name)) for name in data
                    if name not in ("csrfmiddlewaretoken", "key", "hand_number", "version"))
    return hashlib.sha256(json.dumps(fields).encode()).hexdigest()


def done_already(table, key, posted=""):
    """What the post carrying `key` recorded, if it was recorded already (its answer was lost and
    the phone sent it again): the table as it is now, the hand (None if it was deleted since, or is
    still being played) and its title then. None for a new key, or none. The same key with other
    values (`posted`, the post's fingerprint) is a form sent again after it was changed, such as
    a page shown again by the Back button: Conflict, for its values are not recorded."""
    # Nearly every post is new: a plain query says so, the change and its hand are read only if not.
    if not key or not table.changes.filter(key=key).exists():
        return None
    change = table.changes.select_related("hand").get(key=key)
    if posted and change.fingerprint and change.fingerprint != posted:
        raise Conflict(_("This form was sent already, with other values: nothing was saved. Here is the table "
                         "as it is now; enter the change again."), Table.objects.get(pk=table.pk))
    return Recorded(table, change.hand, change.title)


def who_recorded(table, number):
    """Who entered hand `number` as it stands (an account's name, or which link), or ""."""
    entered = table.changes.filter(number=number, action__in=[HandChange.ENTERED, HandChange.RESTORED])
    return entered.values_list("by", flat=True).first() or ""


def validate_all(table, hands):
    """Check every hand (`hands`, the table's, and the one being played) and event of the table
    against the ones before it: a change to one may upset a later one (eliminations, rounds, a
    player who joined)."""
    table.engine.validate(table.rules, table.starting_players, all_inputs(table, hands), table.events)


def recompute(table, hands=None):
    """Derive every hand's points and the table's totals and progress from the inputs."""
    hands = list(table.hands.all()) if hands is None else hands
    result = table.engine.score(table.rules, table.starting_players, [hand.inputs for hand in hands], table.events)
    changed = []
    for hand, points in zip(hands, result.points):
        if hand.points != points:
            hand.points = points
            changed.append(hand)
    Hand.objects.bulk_update(changed, ["points"])
    table.series = chart.series(table.players, result.steps)
    save_state(table, result.state)
    return result


def derive(table, state):
    """Set the fold state after the table's last hand, and the totals and progress it gives;
    the progress also shows what is entered of the hand being played (Thirteen's bids)."""
    table.state = state
    table.totals = dict(state["totals"])
    shown = state
    if played_inputs(table):
        _points, shown = table.engine.fold(table.rules, state["seated"], state, played_inputs(table))
    table.progress = table.engine.progress(table.rules, state["seated"], shown)


def save_state(table, state, *fields):
    """derive() and save (with the chart's series, set by the caller); the revision moves on so
    that phones showing the board redraw it."""
    derive(table, state)
    table.revision += 1
    table.save(update_fields=["state", "totals", "progress", "series", "revision", *fields])


def _locked(table):
    """The table as it is now, its row locked until the transaction ends.

    Every change made here or in the admin moves a table's revision on (a new link does not, and
    is never saved from here), so a table read from the database whose revision is still the
    row's is current: its fields, a long table's series above all (one value per player per
    hand), are not read and decoded again. A copy is returned, and fields are replaced, never
    changed in place, so the caller's table stays as it was read.
    """
    locked = Table.objects.select_for_update().filter(pk=table.pk)
    if not table._state.adding and locked.values_list("revision", flat=True).get() == table.revision:
        return copy.copy(table)
    return locked.get()


def _finished(table):
    return Conflict(_("This game is finished. Reopen it to change %(hands)s.")
                    % {"hands": table.game_descriptor.hands_word})


def _check_open(table):
    if table.finished:
        raise _finished(table)
    if table.progress.get("game_over"):
        raise Conflict(_("The game is over: no more %(hands)s can be entered.")
                       % {"hands": table.game_descriptor.hands_word})


def record_hand(table, inputs, expected_number, version=None, by="", key="", posted=""):
    """Save the next hand, or what is entered so far of it (Thirteen's bids before its books).

    The post carries the hand number it expects: two phones posting hand N record it once and
    the second gets Conflict; completing a hand begun earlier also carries the version of what
    was entered of it. A hand is validated against and folded onto the table's state: the
    earlier hands are not read, and keep their points (a hand's points never depend on later
    hands). A hand the engine folds as not complete yet is the hand being played: it is kept in
    the table's current hand until the rest of it comes.

    `key` (may be empty) is recorded with the hand, and `posted`, the post's fingerprint: a post
    sent again with a key recorded already records nothing and answers as the first one did, even
    after later hands.
    """
    already = _("%(hand)s was already recorded on another phone. Here is the current board.")
    try:
        with transaction.atomic():
            table = _locked(table)
            if done := done_already(table, key, posted):
                return done
            _check_open(table)
            if played_inputs(table) and expected_number == next_hand_number(table) + 1:
                # The next hand while this one is still being played: the engine says what is missing.
                _points, playing = table.engine.fold(table.rules, table.seated, table.state, played_inputs(table))
                table.engine.validate_hand(table.rules, table.seated, inputs, hand=expected_number, state=playing)
            if expected_number != next_hand_number(table) or version != table.current_hand.get("version"):
                raise Conflict(already % {"hand": table.game_descriptor.hand_name(expected_number)})
            title = entry_title(table, expected_number, played_inputs(table))
            hand = _enter(table, inputs, expected_number, by, title, key=key, posted=posted)
    except Conflict as conflict:
        raise Conflict(str(conflict), Table.objects.get(pk=table.pk)) from None
    except IntegrityError:
        if done := done_already(table, key, posted):
            return done
        raise Conflict(already % {"hand": table.game_descriptor.hand_name(expected_number)}, Table.objects.get(pk=table.pk)) from None
    return Recorded(table, hand, title)


def _enter(table, inputs, number, by, title, restored=False, key="", posted="", note=""):
    """Validate and fold the next hand onto the locked table: record it, or keep it as the hand
    being played while it is not complete. Returns the recorded hand, or None. `restored`: the
    hand is put back by a redo (with its `note`), and the history says so."""
    engine = table.engine
    base.check_room(number, "hands")
    clean = engine.validate_hand(table.rules, table.seated, inputs, hand=number, state=table.state)
    points, state = engine.fold(table.rules, table.seated, table.state, clean)
    if engine.progress(table.rules, table.seated, state).get("pending"):
        version = table.current_hand.get("version", 0) + 1
        action = HandChange.CORRECTED if played_inputs(table) else HandChange.ENTERED
        log(table, None, HandChange.RESTORED if restored else action, by, played_inputs(table), clean, title,
            number=number, key=key, fingerprint=posted)
        save_current_hand(table, {"inputs": clean, "version": version})
        return None
    # The hand's version goes on from what was entered of it (bids 1, books 2).
    hand = Hand.objects.create(table=table, number=number, inputs=clean, points=points, note=note,
                               version=table.current_hand.get("version", 0) + 1)
    # What was entered of it before belongs to the hand now.
    table.changes.filter(hand=None, number=number).exclude(action=HandChange.DELETED).update(hand=hand)
    log(table, hand, HandChange.RESTORED if restored else HandChange.ENTERED, by, played_inputs(table), clean, title,
        key=key, fingerprint=posted)
    table.current_hand = {}
    table.series = chart.after_hand(table.series, state["totals"])
    save_state(table, state, "current_hand")
    return hand


def edit_hand(table, number, inputs, version, by="", key="", posted=""):
    """Replace an earlier hand's inputs, if nobody changed it since `version`; totals follow. An
    edit sent again with a `key` recorded already changes nothing (see record_hand)."""
    with transaction.atomic():
        table = _locked(table)
        if done_already(table, key, posted):
            return None
        if table.finished:
            raise _finished(table)
        entry = next_entry(table)
        if entry.inputs and number == entry.number:
            if entry.version != version:
                raise Conflict(_("%(hand)s was changed on another phone meanwhile. Check it and try again.")
                               % {"hand": table.game_descriptor.hand_name(number)})
            return _enter(table, inputs, number, by, entry_title(table, number, entry.inputs), key=key, posted=posted)
        hands = list(table.hands.all())
        hand = next((hand for hand in hands if hand.number == number), None)
        if hand is None:
            raise Conflict(_("%(hand)s no longer exists.") % {"hand": table.game_descriptor.hand_name(number)})
        if hand.version != version:
            raise Conflict(_("%(hand)s was changed on another phone meanwhile. Check it and try again.")
                           % {"hand": table.game_descriptor.hand_name(number)})
        state = table.state_before([each.inputs for each in hands[: number - 1]])
        before = hand.inputs
        hand.inputs = table.engine.validate_hand(table.rules, state["seated"], inputs, hand=number, state=state)
        hand.version += 1
        hand.save(update_fields=["inputs", "version", "updated"])
        log(table, hand, HandChange.CORRECTED, by, before, hand.inputs, entry_title(table, number, hand.inputs),
            key=key, fingerprint=posted)
        validate_all(table, hands)
        recompute(table, hands)
    return hand


def delete_hand(table, number, by=""):
    """Remove a hand; later hands move up one number and every total follows. Returns how many
    hands moved up."""
    with transaction.atomic():
        table = _locked(table)
        if table.finished:
            raise _finished(table)
        if played_inputs(table) and number == next_hand_number(table):
            # Named as when it was entered ("Round 4 · bids"), not as the form that would complete it.
            log(table, None, HandChange.DELETED, by, played_inputs(table), None, entry_title(table, number),
                number=number)
            save_current_hand(table, {})
            return 0
        hand = table.hands.filter(number=number).first()
        if hand is None:
            raise Conflict(_("%(hand)s no longer exists.") % {"hand": table.game_descriptor.hand_name(number)})
        log(table, None, HandChange.DELETED, by, hand.inputs, None, entry_title(table, number, hand.inputs),
            number=number, note=hand.note)
        hand.delete()
        # Two steps through a far range keep (table, number) unique at every row update.
        moved = table.hands.filter(number__gt=number).update(number=F("number") + RENUMBER_OFFSET)
        table.hands.filter(number__gt=RENUMBER_OFFSET).update(
            number=F("number") - RENUMBER_OFFSET - 1, version=F("version") + 1)
        # What happened after it happened one hand earlier.
        table.events = [{**event, "after": event["after"] - (event["after"] >= number)} for event in table.events]
        table.save(update_fields=["events"])
        hands = list(table.hands.all())
        validate_all(table, hands)
        recompute(table, hands)
    return moved


def _undone(table):
    """The change a redo would take back: the table's latest change, when it deleted the hand that
    was last (then it comes back as the same number, onto the same state); else None. Anything
    entered, corrected or restored since is a later change, and the redo is gone (a note written
    on another hand is not)."""
    change = table.changes.exclude(action=HandChange.NOTED).order_by("-pk").first()
    if change and change.action == HandChange.DELETED and change.number == next_hand_number(table) \
            and not played_inputs(table):
        return change
    return None


def redo_number(table):
    """The number of the hand a redo puts back, or None when there is nothing to redo."""
    change = _undone(table)
    return change and change.number


def restore_hand(table, number, by=""):
    """Redo: put hand `number` back as it was before the latest change deleted it (the same inputs,
    so the same points), recorded in the history as restored. Returns the hand (None for a hand
    still being played, e.g. Thirteen's bids). Conflict when that is no longer possible (another
    change came since, or the players were renamed, or the game was finished)."""
    gone = _("%(hand)s can no longer be restored: the table changed since it was deleted.")
    try:
        with transaction.atomic():
            table = _locked(table)
            _check_open(table)
            change = _undone(table)
            if change is None or change.number != number:
                raise Conflict(gone % {"hand": table.game_descriptor.hand_name(number)})
            try:
                hand = _enter(table, change.before, number, by, change.title, restored=True, note=change.note)
            except InputError:
                # The hand no longer fits the table as it is now (its players were renamed).
                raise Conflict(gone % {"hand": table.game_descriptor.hand_name(number)}) from None
    except Conflict as conflict:
        raise Conflict(str(conflict), Table.objects.get(pk=table.pk)) from None
    return hand


def set_note(table, number, note, by=""):
    """Write hand `number`'s note ("misdeal, replayed"), or remove it with a blank one; the history
    keeps who wrote what. A finished game's hands can still be noted: a note changes no score."""
    note = checks.text(note, max_length=NOTE_LENGTH, lines=True, field="note")
    with transaction.atomic():
        table = _locked(table)
        hand = table.hands.filter(number=number).first()
        if hand is None:
            raise Conflict(_("%(hand)s no longer exists.") % {"hand": table.game_descriptor.hand_name(number)},
                           Table.objects.get(pk=table.pk))
        if hand.note != note:
            hand.note = note
            hand.save(update_fields=["note"])
            log(table, hand, HandChange.NOTED, by, None, None, table.game_descriptor.hand_name(number))
            table.revision += 1  # every phone's board shows the note
            table.save(update_fields=["revision"])
    return hand


def rename_players(table, names, colors=None):
    """Correct the players' names (everyone who sat at the table, seats stay) and the colours of
    those seated (a colour is a seat's: in `table.players` order); every hand and event follows."""
    count = len(table.players)
    names = checks.players(names, minimum=count, maximum=count)
    renamed = dict(zip(table.players, names))
    if colors is not None:
        seated = [renamed[name] for name in table.players if name in table.seated]
        colors = dict(zip(seated, clean_colors(table.game, colors, len(seated))))

    def rename(mapping):
        return {renamed.get(key, key): value for key, value in mapping.items()}

    def rename_event(event):
        names = {key: renamed[event[key]] for key in ("player", "by") if key in event}
        return {**event, **names, **({"points": rename(event["points"])} if "points" in event else {})}

    with transaction.atomic():
        table = _locked(table)
        hands = list(table.hands.all())
        for hand in hands:
            hand.inputs, hand.points = rename(hand.inputs), rename(hand.points)
        # Written back as upserts of as many hands as the database takes in a statement:
        # bulk_update's CASE per row held the write lock three times as long (2.8 s at 5,000 hands on SQLite).
        Hand.objects.bulk_create(hands, update_conflicts=True, unique_fields=["table", "number"],
                                 update_fields=["inputs", "points"])
        table.players = names
        table.events = [rename_event(event) for event in table.events]
        table.colors = rename(table.colors) if colors is None else colors
        if played_inputs(table):
            table.current_hand = {**table.current_hand, "inputs": rename(played_inputs(table))}
        table.save(update_fields=["players", "events", "colors", "current_hand"])
        recompute(table, hands)
    return table


def add_event(table, event, by=""):
    """Fold an event (scoring/base.py: a player joins, leaves or is replaced, points adjusted, the
    deal given) onto the table after its last hand, and keep it in the history. Conflict while
    part of a hand is entered (Thirteen's bids: they are the seats' as they are)."""
    try:
        with transaction.atomic():
            table = _locked(table)
            _check_open(table)
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
            table.series = chart.after_event(table.series, state["totals"])
            log(table, None, HandChange.EVENT, by, None, clean, "", number=clean["after"])
            save_state(table, state, "events", "players", "colors")
    except Conflict as conflict:
        raise Conflict(str(conflict), Table.objects.get(pk=table.pk)) from None
    return table


def remove_event(table, index, by=""):
    """Take back event `index` (a join only while the newcomer has played no hand); totals follow."""
    try:
        with transaction.atomic():
            table = _locked(table)
            if table.finished:
                raise _finished(table)
            if not 0 <= index < len(table.events):
                raise Conflict(_("This change no longer exists."))
            removed = table.events[index]
            starting = table.starting_players
            table.events = table.events[:index] + table.events[index + 1:]
            table.players = base.columns(starting, table.events)
            hands = list(table.hands.all())
            try:
                validate_all(table, hands)
            except InputError:
                raise Conflict(_("This change cannot be taken back: the %(hands)s after it need it.")
                               % {"hands": table.game_descriptor.hands_word}) from None
            log(table, None, HandChange.EVENT_TAKEN_BACK, by, removed, None, "", number=removed["after"])
            colors = dict(table.colors)
            if removed["kind"] == "replace" and removed["by"] in colors:  # the seat's colour goes back
                colors[removed["player"]] = colors.pop(removed["by"])
            table.colors = {name: color for name, color in colors.items() if name in table.players}
            table.save(update_fields=["events", "players", "colors"])
            recompute(table, hands)
    except Conflict as conflict:
        raise Conflict(str(conflict), Table.objects.get(pk=table.pk)) from None
    return table


def new_link(table, which):
    """Revoke a link (the old one stops working at once) and make a new one."""
    field = {"keeper": "keeper_token", "viewer": "viewer_token"}[which]
    setattr(table, field, new_token())
    table.save(update_fields=[field])
    return table


def save_current_hand(table, current_hand):
    """The one way the hand being played moves on: Thirteen's bids ({"inputs": ...}), Konkan's
    sets so far ({"sets": [...]}), the race's deal ({"deal": n, "cards": [...]})."""
    table.current_hand = current_hand
    derive(table, table.state)
    table.revision += 1
    table.save(update_fields=["current_hand", "progress", "revision"])


def clean_language(code):
    """A table's language: one the server offers, or "" (each phone shows its own)."""
    if code not in ("", *dict(settings.LANGUAGES)):
        raise InputError(gettext_noop("choose one of the languages offered"), field="language")
    return code


def set_language(table, code):
    """The language every phone shows the table in, unless it chose its own."""
    table.language = clean_language(code)
    table.revision += 1  # a viewer's page, kept per revision, is shown in the new language
    table.save(update_fields=["language", "revision"])


def set_finished(table, finished):
    table.finished = timezone.now() if finished else None
    table.revision += 1
    table.save(update_fields=["finished", "revision"])


def set_group(table, group_id, new_name=""):
    """Put the table in one of its owner's groups, or in a new one named `new_name` (a name the
    owner already uses is that group), or in none (no id, no name). Returns the group or None."""
    new_name = checks.text(new_name, max_length=Group._meta.get_field("name").max_length, name=True, field="new_group")
    if new_name:
        group, _created = Group.objects.get_or_create(owner=table.owner, name=new_name)
    elif group_id:
        group = Group.objects.filter(owner=table.owner, pk=group_id if re.fullmatch("[0-9]{1,18}", group_id) else None).first()
        if group is None:
            raise InputError(gettext_noop("choose one of your groups"), field="group")
    else:
        group = None
    Table.objects.filter(pk=table.pk).update(group=group)
    return group


def rematch(table):
    """The next game of the same players, in the same group: their seats, colours and rules, the
    owner, the deal moved one seat on (the second player deals first). Made once: a second tap, on any phone, gets the
    same table. The game it follows is finished, if it was not yet. Returns (the rematch, whether
    this call made it)."""
    with transaction.atomic():
        table = _locked(table)  # two taps at once: the second waits here, then finds the first's table
        _previous, following = games_around(table)
        if following is not None:
            return following, False
        if not table.hands.exists():
            # Else a script could chain empty games without end, pushing the real ones off the home page.
            raise Conflict(_("Play a %(hand)s first: a rematch follows a game that was played.")
                           % {"hand": table.game_descriptor.hand_word}, table)
        table.finished = table.finished or timezone.now()
        table.revision += 1  # every phone's board now links to the next game
        table.save(update_fields=["finished", "revision"])
        return create_table(game=table.game, name=rematch_name(table.name), players=table.seated,
                            rules=table.rules, owner=table.owner, previous=table, group=table.group,
                            colors={name: color for name, color in table.colors.items() if name in table.seated},
                            language=table.language, first_dealer=next_first_dealer(table)), True


def next_first_dealer(table):
    """Who deals first in a rematch: whoever's deal it is next here, so that the evening's deal
    goes on round the table; when the game's end names nobody, whoever sits next after the one
    who dealt first here (None in a game where nobody deals)."""
    if table.progress.get("dealer") in table.seated:
        return table.progress["dealer"]
    opening = table.engine.score(table.rules, table.starting_players, [],
                                 [event for event in table.events if event["after"] == 0])
    first, seated = opening.progress.get("dealer"), table.seated
    if first is None:
        return None
    if first in seated:
        return seated[(seated.index(first) + 1) % len(seated)]
    return base.next_seated(first, opening.state["seated"], seated)


def games_around(table):
    """(the game this table is a rematch of, its rematch), each None when there is none, in one
    query. Both are the same owner's (an import links only those). Its rematch is the first table
    made as its next game (an imported copy of it starts at the same time: then one of the two,
    always the same)."""
    around = list(Table.objects.filter(Q(pk=table.previous_id) | Q(previous=table), owner=table.owner_id)
                  .order_by("created", "pk").only("previous", "keeper_token", "viewer_token", "created"))
    return (next((other for other in around if other.pk == table.previous_id), None),
            next((other for other in around if other.previous_id == table.pk), None))


def rematch_name(name):
    """"Friday" is followed by "Friday (2)", "Friday (2)" by "Friday (3)"."""
    match = re.fullmatch(r"(.*) \((\d+)\)", name)
    base, number = (match[1], int(match[2]) + 1) if match else (name, 2)
    suffix = f" ({number})"
    return base[:Table._meta.get_field("name").max_length - len(suffix)] + suffix


def export_table(table):
    """The table as the docs/FORMAT.md document."""
    hands = [{"inputs": hand.inputs, "points": hand.points, **({"note": hand.note} if hand.note else {})}
             for hand in table.hands.all()]
    if played_inputs(table):  # the hand being played is the file's last hand, with no points yet
        hands.append({"inputs": played_inputs(table), "points": dict.fromkeys(table.seated, 0)})
    document = {
        "format": FORMAT,
        "game": table.game,
        "name": table.name,
        "created": table.created.astimezone(dt_timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "rules": table.rules,
        "players": table.starting_players,
        "hands": hands,
        "totals": table.totals,
    }
    if table.events:
        document["events"] = table.events
    if table.colors:
        document["colors"] = table.colors
    if table.previous_id:
        document["previous"] = table.previous_id
    if table.language:
        document["language"] = table.language
    return document


# The largest table file an import reads. A long night's is far smaller: 300 hands of six-player
# Marriage, each with a full 200-character note, is 0.8 MB (0.4 MB without notes); reading a file
# takes many times its size in memory, so a limit keeps one upload from swelling a server's worker.
MAX_FILE_MB = 2
MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024

REQUIRED_KEYS = ("format", "game", "players", "hands")
OPTIONAL_KEYS = ("name", "created", "rules", "colors", "points", "totals", "previous", "language", "events")


# The years a table's creation may fall in: wider than any real table's either way, and clear of the
# ends of what a date can hold (years 1 and 9999), where a time zone moves a time past them: a
# strftime of the year 1 even writes "1", which no import reads back.
CREATED_YEARS = (1900, 2999)


def _parse_created(value):
    if not isinstance(value, str):
        raise InputError(gettext_noop("must be a date and time like 2026-11-20T19:30:00Z"), field="created")
    try:
        created = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise InputError(gettext_noop("must be a date and time like 2026-11-20T19:30:00Z"), field="created") from None
    if not CREATED_YEARS[0] <= created.year <= CREATED_YEARS[1]:
        raise InputError(gettext_noop("must be a date in the years %(first)s to %(last)s"),
                         params={"first": CREATED_YEARS[0], "last": CREATED_YEARS[1]}, field="created")
    return created if created.tzinfo else timezone.make_aware(created, dt_timezone.utc)


def _check_document(document):
    """The parts of a table document, checked; raises InputError naming the first problem."""
    if not isinstance(document, dict):
        raise InputError(gettext_noop("the file is not a table document (expected a JSON object)"))
    checks.only_keys(document, REQUIRED_KEYS + OPTIONAL_KEYS)
    for key in REQUIRED_KEYS:
        if key not in document:
            raise InputError(gettext_noop("is missing"), field=key)
    if document["format"] != FORMAT:
        raise InputError(gettext_noop("must be %(format)s"), params={"format": repr(FORMAT)}, field="format")
    engine = get_game(document["game"]).engine
    players = clean_players(document["game"], document["players"])
    rules = engine.validate_rules(document.get("rules", {}))
    name = checks.text(document.get("name", ""), max_length=80, name=True, field="name") or _("Imported table")
    hands = document["hands"]
    if not isinstance(hands, list):
        raise InputError(gettext_noop("must be a list"), field="hands")
    inputs = []
    for number, hand in enumerate(hands, 1):
        checks.only_keys(hand, ("inputs", "points", "note"), hand=number)
        checks.text(hand.get("note", ""), max_length=NOTE_LENGTH, lines=True, hand=number, field="note")
        if "inputs" not in hand:
            raise InputError(gettext_noop("is missing"), hand=number, field="inputs")
        inputs.append(hand["inputs"])
    clean_hands, events = base.validate_table(engine, rules, players, inputs, document.get("events", []))
    everyone = base.columns(players, events)
    colors = document.get("colors", {})
    checks.only_keys(colors, everyone, field="colors")
    for player, color in colors.items():
        checks.text(color, max_length=20, player=player, field="colors")
    created = _parse_created(document["created"]) if "created" in document else None
    previous = checks.text(document.get("previous", ""), max_length=32, field="previous")
    language = clean_language(document.get("language", ""))
    return engine, players, everyone, rules, name, colors, created, clean_hands, events, previous, language


def import_table(document, owner=None):
    """Create a table from a document, all or nothing. Returns (table, warnings).

    A last hand that is not complete (Thirteen's bids without books) becomes the hand being played.
    """
    engine, players, everyone, rules, name, colors, created, clean_hands, events, previous_id, language = \
        _check_document(document)
    result = engine.score(rules, players, clean_hands, events)
    warnings = []
    # Only a game of the same owner (and none without one): a file names any id it likes.
    previous = Table.objects.filter(pk=previous_id, owner=owner).first() if previous_id and owner else None
    if previous_id and previous is None:
        # Translators: "previous" is the key of a table file (kept as it is written in the file).
        warnings.append(_("previous: no table %(id)s of the same owner here, so this one is not linked to the game "
                          "before it") % {"id": previous_id})
    for number, (hand, points) in enumerate(zip(document["hands"], result.points), 1):
        if "points" in hand and hand["points"] != points:
            warnings.append(_("hand %(number)s: the file's points %(file)s differ from the computed %(computed)s")
                            % {"number": number, "file": hand["points"], "computed": points})
    if "totals" in document and document["totals"] != result.totals:
        # Translators: "totals" is the key of a table file (kept as it is written in the file).
        warnings.append(_("totals: the file's %(file)s differ from the computed %(computed)s")
                        % {"file": document["totals"], "computed": result.totals})
    current_hand = {}
    if result.progress.get("pending"):
        current_hand = {"inputs": clean_hands.pop()}
        result = engine.score(rules, players, clean_hands, events)
    with transaction.atomic():
        table = Table(game=engine.SLUG, name=name, players=everyone, rules=rules, owner=owner, previous=previous,
                      created=created or timezone.now(), colors=colors, series=chart.series(everyone, result.steps),
                      current_hand=current_hand, language=language, events=events)
        derive(table, result.state)
        table.save()
        Hand.objects.bulk_create(
            Hand(table=table, number=number, inputs=inputs, points=points, note=hand.get("note", "").strip())
            for number, (inputs, points, hand) in enumerate(zip(clean_hands, result.points, document["hands"]), 1)
        )
    return table, warnings
