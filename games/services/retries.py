"""A post sent again: a phone whose answer was lost sends its hand or correction again, with the
key its form was given (recording.new_key) and the same values. The key and the post's fingerprint
are kept with the change it recorded (HandChange), so that a post sent again records nothing and is
answered as the first one was; the same key with other values is a form sent again after it was
changed (a page shown again by the Back button), refused as a Conflict."""

import hashlib
import json

from django.http import QueryDict
from django.utils.translation import gettext as _

from games.models import HandChange, Table
from games.services.tables import Conflict


def fingerprint(data: QueryDict) -> str:
    """What a hand or correction form posted, as a digest: its fields but the CSRF token, the key,
    the hand number and version (a phone may renumber a hand it kept while offline), and what the
    page said of itself (its board's revision and its form: a hand kept offline is sent without)."""
    fields = sorted(
        (name, data.getlist(name))
        for name in data
        if name not in ("csrfmiddlewaretoken", "key", "hand_number", "version", "revision", "form_key")
    )
    return hashlib.sha256(json.dumps(fields).encode()).hexdigest()


def done_already(table: Table, key: str, posted: str = "") -> HandChange | None:
    """The change the post carrying `key` recorded, if it was recorded already (its answer was lost
    and the phone sent it again): its hand (None if it was deleted since, or is still being played)
    and its title then. None for a new key, or none. The same key with other values (`posted`, the
    post's fingerprint) is a form sent again after it was changed, such as a page shown again by the
    Back button: Conflict, for its values are not recorded."""
    # Nearly every post is new: a plain query says so, the change and its hand are read only if not.
    if not key or not table.changes.filter(key=key).exists():
        return None
    change = table.changes.select_related("hand").get(key=key)
    if posted and change.fingerprint and change.fingerprint != posted:
        raise Conflict(
            _(
                "This form was sent already, with other values: nothing was saved. Here is the table "
                "as it is now; enter the change again."
            ),
            Table.objects.get(pk=table.pk),
        )
    return change


def who_recorded(table: Table, number: int) -> str:
    """Who entered hand `number` as it stands (an account's name, or which link), or ""."""
    entered = table.changes.filter(number=number, action__in=[HandChange.ENTERED, HandChange.RESTORED])
    return entered.values_list("by", flat=True).first() or ""
