"""A hand's photo in the table's record: given, replaced or removed on a recorded hand, and
forgotten with a deleted hand once no redo can bring that hand back (games/plumbing/photos.py keeps the
files)."""

from django.db import transaction

from games.models import Hand, HandChange, Table
from games.plumbing import photos
from games.services.tables import Change, locked_hand, log


def attach(table: Table, number: int, photo: photos.Photo | None, by: str = "") -> Hand:
    """Give hand `number` this photo (photos.Photo; None removes it), replacing the one it had; the
    history keeps who did. Conflict when the hand is gone."""
    name = photos.store(table.pk, photo) if photo else ""
    try:
        with transaction.atomic():
            table, hand = locked_hand(table, number)
            old, hand.photo = hand.photo, name
            hand.save(update_fields=["photo"])
            log(table, hand, Change(HandChange.PHOTOGRAPHED, by, table.game_descriptor.hand_name(number)))
            table.revision += 1  # every phone's board shows the hand's photo mark
            table.save(update_fields=["revision"])
            if old:
                transaction.on_commit(lambda: photos.remove(table.pk, old))
    except Exception:
        if name:
            photos.remove(table.pk, name)
        raise
    return hand


def forget_deleted(table: Table, keep: HandChange | None) -> None:
    """Delete the photos of deleted hands that no redo can put back (all but `keep`, the deletion a
    redo would take back, or None): only the latest deletion can be taken back, and only while its
    hand was the last. Run at each deletion (a save, which ends the redo too, costs no query for
    it: the photo of the table's latest deleted hand may wait on disk until the next deletion).
    The files go once the deletion is committed."""
    gone = table.changes.filter(action=HandChange.DELETED).exclude(photo="")
    if keep is not None:
        gone = gone.exclude(pk=keep.pk)
    names = list(gone.values_list("photo", flat=True))
    if names:
        gone.update(photo="")

        def remove() -> None:  # a loop, not a list of remove()'s Nones
            for name in names:
                photos.remove(table.pk, name)

        transaction.on_commit(remove)
