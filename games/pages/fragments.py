"""Keys for the page fragments the templates cache (`{% cache %}`): a digest of everything a
fragment shows, so that a fragment is rendered again exactly when what it shows changes, and no
code has to say when that is. The board's rows and the blank hand form are the same from one
save to the next but for the new hand: an answer to a save renders only what is new. The cache
keeps a fragment a day (the `{% cache 86400 %}` in the templates)."""

import hashlib
import json
from decimal import Decimal

from django.utils.functional import Promise
from django.utils.translation import get_language

# What a game's entry form context says outside the hand form (hand_entry.html shows it above
# and below): the blank form for hand 8 is the form for hand 7.
ENTRY_WORDS = ("entry_title", "entry_note", "entry_next_notes", "submit_label")


def key(*parts):
    """A digest of `parts` (plain data) in the phone's language."""
    text = json.dumps([get_language(), *parts], default=_plain, ensure_ascii=False, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _plain(value):
    """What JSON cannot say itself: a translatable text as it reads now, a Decimal, a set (sorted).
    Anything else is refused, as a fragment may show more of it than a digest could see."""
    if isinstance(value, (Promise, Decimal)):
        return str(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"a cached fragment cannot be keyed on a {type(value).__name__}")


def hand_form_key(table, token, form_context, shown):
    """The key of the scorekeeper's hand form: the game's template and everything it is given."""
    words = {name: value for name, value in form_context.items() if name not in ENTRY_WORDS}
    return key(table.game_descriptor.hand_template, token, table.players, table.rules, words, shown)
