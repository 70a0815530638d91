"""How the history tells a round of Call Break: "called 3, took 5 tricks"."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def words(table, name, value, entry=None):
    """One input in words (games/pages/history.py); None leaves it to the generic wording."""
    if name == "call":
        # Translators: Call Break: a call is how many tricks a player says they will take.
        return _("called %(call)s") % {"call": value}
    if name == "tricks" and isinstance(value, int):
        return ngettext("took %(count)s trick", "took %(count)s tricks", value) % {"count": value}
    return None
