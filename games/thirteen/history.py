"""How the history tells a round of Thirteen: "bid 2, took 3 books", "trump ♥"."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..api import SUITS


def words(table, name, value, entry=None):
    """One input in words (games/pages/history.py); None leaves it to the generic wording."""
    if name == "bid":
        return _("bid %(bid)s") % {"bid": value}
    if name == "books" and isinstance(value, int):
        return ngettext("took %(count)s book", "took %(count)s books", value) % {"count": value}
    if name == "trump":
        if value in SUITS:
            return _("trump %(suit)s") % {"suit": SUITS[value]}
        return "" if entry is not None else _("no trump noted")
    return None
