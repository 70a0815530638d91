"""Recording hands: the next hand (or the part of it entered so far), an edit, a deletion and its
redo, a note; each in one transaction on the locked table, a post sent again recorded once."""

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from games.models import Hand, HandChange, Table
from games.plumbing import photos
from games.services import clock, hand_photos
from games.services.retries import done_already, who_recorded
from games.services.tables import (
    Change,
    Conflict,
    check_open,
    finished_conflict,
    locked,
    locked_hand,
    log,
    next_hand_number,
    played_inputs,
    recompute,
    save_current_hand,
    save_state,
    validate_all,
)
from scoring import base, checks
from scoring.errors import InputError

RENUMBER_OFFSET = 1_000_000
NOTE_LENGTH = cast(int, Hand._meta.get_field("note").max_length)  # set on the field; Django's stubs allow None


@dataclass(frozen=True)
class Entry:
    """The hand the scorekeeper enters next: its number and, when part of it is saved already
    (Thirteen's bids before its books), what is entered of it and that entry's version."""

    number: int
    inputs: base.Hand | None = None
    version: int | None = None


@dataclass(frozen=True)
class Recorded:
    """What recording a hand gives the page: the table as it is now, the hand (None while it is
    still being played), and the title the hand had on the entry form ("Round 4 · bids")."""

    table: Table
    hand: Hand | None
    title: str | Promise  # a hand form's title may be lazy text


@dataclass(frozen=True)
class HandPost:
    """A hand as a phone posted it: the number it was entered as, who sent it, its key and
    fingerprint (see retries.fingerprint). What may be refused or costs time is read only when
    needed: the inputs and the version when the post is new (a post sent again is answered without
    them), the photo (photos.Photo), where one came, once the hand is known to fit."""

    number: int
    by: str
    key: str
    fingerprint: str
    read_inputs: Callable[[], base.Hand]
    read_version: Callable[[], int]
    read_photo: Callable[[], photos.Photo] | None = None


def save_hand(table: Table, entry: Entry, post: HandPost) -> Recorded:
    """Record the hand `post` carries onto the table whose next hand is `entry` (next_entry), or
    the rest of a hand being played: Recorded, also for a post sent again whose hand was recorded
    already. InputError when the hand is refused; Conflict when the table changed first, its
    `saved_by` naming who entered that number."""
    try:
        if recorded := _resent(table, post.key, post.fingerprint):
            return recorded
        version = post.read_version() if entry.version else None
        inputs = post.read_inputs()
        photo = None
        if post.read_photo:
            check_entry(table, inputs, post.number)  # before the photo costs a decoding
            photo = post.read_photo()
        return record_hand(table, inputs, post.number, version, post.by, post.key, post.fingerprint, photo)
    except Conflict as conflict:
        conflict.saved_by = who_recorded(conflict.table or table, post.number)
        raise


def hand_to_edit(table: Table, number: int) -> Entry | Hand | None:
    """Hand `number` as its edit page shows it (number, inputs, version): a recorded hand, or the
    hand being played with what is entered of it so far; None when there is neither."""
    entry = next_entry(table)
    if entry.inputs and number == entry.number:
        return entry
    return table.hands.filter(number=number).first()


def next_entry(table: Table) -> Entry:
    """The hand to enter next, with what is entered of it already."""
    return Entry(next_hand_number(table), played_inputs(table), table.current_hand.get("version"))


def entry_title(table: Table, number: int, inputs: base.Hand | None = None) -> str | Promise:
    """What the hand-entry form calls hand `number` with these inputs ("Hand 3", "Round 4 · books")."""
    return table.game_descriptor.form_class.title(number, inputs)


def new_key() -> str:
    """A key for the next post of a form: the phone sends it with the post, and again with every
    retry of that post, so the server can tell a retry from a new hand."""
    return secrets.token_urlsafe(16)


def _resent(table: Table, key: str, posted: str) -> Recorded | None:
    """What the post carrying `key` recorded, if it was recorded already (retries.done_already): the
    table as it is now, the hand (None if it was deleted since, or is still being played) and its
    title then. None for a new post."""
    change = done_already(table, key, posted)
    return Recorded(table, change.hand, change.title) if change else None


def record_hand(
    table: Table,
    inputs: base.Hand,
    expected_number: int,
    version: int | None = None,
    by: str = "",
    key: str = "",
    posted: str = "",
    photo: photos.Photo | None = None,
) -> Recorded:
    """record_entry, with the hand's photo (photos.Photo, or None): its files are written first and
    taken away again unless the hand is recorded with them (refused, sent again, still being played)."""
    name = photos.store(table.pk, photo) if photo else ""
    recorded: Recorded | None = None
    try:
        recorded = record_entry(table, inputs, expected_number, version, by, key, posted, photo=name)
        return recorded
    finally:
        if name and not (recorded and recorded.hand and recorded.hand.photo == name):
            photos.remove(table.pk, name)


def check_entry(table: Table, inputs: base.Hand, number: int) -> None:
    """InputError for a next hand the table would refuse, before a post's costly part (its photo);
    record_entry checks it again under the table's lock, and says whose another number is."""
    if number == next_hand_number(table) and not played_inputs(table):
        base.check_room(number, "hands")
        table.engine.validate_hand(table.rules, table.seated, inputs, hand=number, state=table.state)


def record_entry(
    table: Table,
    inputs: base.Hand,
    expected_number: int,
    version: int | None = None,
    by: str = "",
    key: str = "",
    posted: str = "",
    photo: str = "",
) -> Recorded:
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
            table = locked(table)
            if done := _resent(table, key, posted):
                return done
            check_open(table)
            if (entered := played_inputs(table)) and expected_number == next_hand_number(table) + 1:
                # The next hand while this one is still being played: the engine says what is missing.
                _points, playing = table.engine.fold(table.rules, table.seated, table.state, entered)
                table.engine.validate_hand(table.rules, table.seated, inputs, hand=expected_number, state=playing)
            if expected_number != next_hand_number(table) or version != table.current_hand.get("version"):
                raise Conflict(already % {"hand": table.game_descriptor.hand_name(expected_number)})
            title = entry_title(table, expected_number, played_inputs(table))
            hand = _enter(table, inputs, expected_number, by, title, key=key, posted=posted, photo=photo)
    except Conflict as conflict:
        raise Conflict(str(conflict), Table.objects.get(pk=table.pk)) from None
    except IntegrityError:
        if done := _resent(table, key, posted):
            return done
        raise Conflict(
            already % {"hand": table.game_descriptor.hand_name(expected_number)}, Table.objects.get(pk=table.pk)
        ) from None
    return Recorded(table, hand, title)


def _enter(
    table: Table,
    inputs: base.Hand,
    number: int,
    by: str,
    title: str | Promise,
    restored: bool = False,
    key: str = "",
    posted: str = "",
    note: str = "",
    photo: str = "",
) -> Hand | None:
    """Validate and fold the next hand onto the locked table: record it, or keep it as the hand
    being played while it is not complete. Returns the recorded hand, or None. `restored`: the
    hand is put back by a redo (with its `note` and `photo`), and the history says so."""
    engine = table.engine
    base.check_room(number, "hands")
    clean = engine.validate_hand(table.rules, table.seated, inputs, hand=number, state=table.state)
    points, state = engine.fold(table.rules, table.seated, table.state, clean)
    if engine.pending(state):
        version = table.current_hand.get("version", 0) + 1
        action = HandChange.CORRECTED if played_inputs(table) else HandChange.ENTERED
        before = played_inputs(table)
        change = Change(
            HandChange.RESTORED if restored else action, by, title, before, clean, number, key=key, fingerprint=posted
        )
        log(table, None, change)
        save_current_hand(table, {"inputs": clean, "version": version})
        return None
    # A hand put back by a redo keeps no time: its own went with it, and the clock stays where it is.
    seconds = None if restored else clock.hand_completed(table)
    # The hand's version goes on from what was entered of it (bids 1, books 2).
    hand = Hand.objects.create(
        table=table,
        number=number,
        inputs=clean,
        points=points,
        note=note,
        photo=photo,
        totals=dict(state["totals"]),
        version=table.current_hand.get("version", 0) + 1,
        seconds=seconds,
    )
    # What was entered of it before belongs to the hand now.
    table.changes.filter(hand=None, number=number).exclude(action=HandChange.DELETED).update(hand=hand)
    action = HandChange.RESTORED if restored else HandChange.ENTERED
    log(table, hand, Change(action, by, title, played_inputs(table), clean, key=key, fingerprint=posted))
    table.current_hand = {}
    save_state(table, state, "current_hand", *clock.CLOCK_FIELDS)
    return hand


def edit_hand(
    table: Table, number: int, inputs: base.Hand, version: int, by: str = "", key: str = "", posted: str = ""
) -> Hand | None:
    """Replace an earlier hand's inputs, if nobody changed it since `version`; totals follow. An
    edit sent again with a `key` recorded already changes nothing (see record_hand)."""
    with transaction.atomic():
        table = locked(table)
        if done_already(table, key, posted):
            return None
        if table.finished:
            raise finished_conflict(table)
        entry = next_entry(table)
        if entry.inputs and number == entry.number:
            if entry.version != version:
                raise Conflict(
                    _("%(hand)s was changed on another phone meanwhile. Check it and try again.")
                    % {"hand": table.game_descriptor.hand_name(number)}
                )
            return _enter(table, inputs, number, by, entry_title(table, number, entry.inputs), key=key, posted=posted)
        hands = list(table.hands.all())
        hand = next((hand for hand in hands if hand.number == number), None)
        if hand is None:
            raise Conflict(_("%(hand)s no longer exists.") % {"hand": table.game_descriptor.hand_name(number)})
        if hand.version != version:
            raise Conflict(
                _("%(hand)s was changed on another phone meanwhile. Check it and try again.")
                % {"hand": table.game_descriptor.hand_name(number)}
            )
        state = table.state_before([each.inputs for each in hands[: number - 1]])
        before = hand.inputs
        hand.inputs = table.engine.validate_hand(table.rules, state["seated"], inputs, hand=number, state=state)
        hand.version += 1
        hand.save(update_fields=["inputs", "version", "updated"])
        title = entry_title(table, number, hand.inputs)
        log(table, hand, Change(HandChange.CORRECTED, by, title, before, hand.inputs, key=key, fingerprint=posted))
        validate_all(table, hands)
        recompute(table, hands)
    return hand


def delete_hand(table: Table, number: int, by: str = "") -> int:
    """Remove a hand; later hands move up one number and every total follows. Returns how many
    hands moved up."""
    with transaction.atomic():
        table = locked(table)
        if table.finished:
            raise finished_conflict(table)
        if played_inputs(table) and number == next_hand_number(table):
            # Named as when it was entered ("Round 4 · bids"), not as the form that would complete it.
            title = entry_title(table, number)
            log(table, None, Change(HandChange.DELETED, by, title, played_inputs(table), number=number))
            save_current_hand(table, {})
            return 0
        hand = table.hands.filter(number=number).first()
        if hand is None:
            raise Conflict(_("%(hand)s no longer exists.") % {"hand": table.game_descriptor.hand_name(number)})
        title = entry_title(table, number, hand.inputs)
        deleted = Change(HandChange.DELETED, by, title, hand.inputs, number=number, note=hand.note, photo=hand.photo)
        log(table, None, deleted)
        hand.delete()
        # Two steps through a far range keep (table, number) unique at every row update.
        moved = table.hands.filter(number__gt=number).update(number=F("number") + RENUMBER_OFFSET)
        table.hands.filter(number__gt=RENUMBER_OFFSET).update(
            number=F("number") - RENUMBER_OFFSET - 1, version=F("version") + 1
        )
        # What happened after it happened one hand earlier.
        table.events = [{**event, "after": event["after"] - (event["after"] >= number)} for event in table.events]
        table.save(update_fields=["events"])
        hands = list(table.hands.all())
        validate_all(table, hands)
        recompute(table, hands)
        hand_photos.forget_deleted(table, _undone(table))  # after recompute: a redo needs the hand last
    return moved


def _undone(table: Table) -> HandChange | None:
    """The change a redo would take back: the table's latest change, when it deleted the hand that
    was last (then it comes back as the same number, onto the same state); else None. Anything
    entered, corrected or restored since is a later change, and the redo is gone (a note written
    or a photo changed on another hand is not)."""
    change = table.changes.exclude(action__in=[HandChange.NOTED, HandChange.PHOTOGRAPHED]).order_by("-pk").first()
    if (
        change
        and change.action == HandChange.DELETED
        and change.number == next_hand_number(table)
        and not played_inputs(table)
    ):
        return change
    return None


def redo_number(table: Table) -> int | None:
    """The number of the hand a redo puts back, or None when there is nothing to redo."""
    change = _undone(table)
    return change.number if change else None


def restore_hand(table: Table, number: int, by: str = "") -> Hand | None:
    """Redo: put hand `number` back as it was before the latest change deleted it (the same inputs,
    so the same points), recorded in the history as restored. Returns the hand (None for a hand
    still being played, e.g. Thirteen's bids). Conflict when that is no longer possible (another
    change came since, or the players were renamed, or the game was finished)."""
    gone = _("%(hand)s can no longer be restored: the table changed since it was deleted.")
    try:
        with transaction.atomic():
            table = locked(table)
            check_open(table)
            change = _undone(table)
            if change is None or change.number != number:
                raise Conflict(gone % {"hand": table.game_descriptor.hand_name(number)})
            try:
                # JSON from the database: a deletion keeps the inputs the hand had (never None).
                before = cast(base.Hand, change.before)
                hand = _enter(
                    table, before, number, by, change.title, restored=True, note=change.note, photo=change.photo
                )
                # The photo is the hand's again: no longer the deletion's to forget.
                HandChange.objects.filter(pk=change.pk).update(photo="")
            except InputError:
                # The hand no longer fits the table as it is now (its players were renamed).
                raise Conflict(gone % {"hand": table.game_descriptor.hand_name(number)}) from None
    except Conflict as conflict:
        raise Conflict(str(conflict), Table.objects.get(pk=table.pk)) from None
    return hand


def set_note(table: Table, number: int, note: str, by: str = "") -> Hand:
    """Write hand `number`'s note ("misdeal, replayed"), or remove it with a blank one; the history
    keeps who wrote what. A finished game's hands can still be noted: a note changes no score."""
    note = checks.text(note, max_length=NOTE_LENGTH, lines=True, field="note")
    with transaction.atomic():
        table, hand = locked_hand(table, number)
        if hand.note != note:
            hand.note = note
            hand.save(update_fields=["note"])
            log(table, hand, Change(HandChange.NOTED, by, table.game_descriptor.hand_name(number)))
            table.revision += 1  # every phone's board shows the note
            table.save(update_fields=["revision"])
    return hand
