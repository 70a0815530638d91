"""How the history tells a Tarneeb hand: "bid 9, took 10 tricks, trump ♥"."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..api import SUITS


def words(table, name, value, entry=None):
    """One input in words (games/pages/history.py); None leaves it to the generic wording."""
    if name == "bid":
        # Translators: Tarneeb: the bid is how many of the 13 tricks the bidding team promised (7 to 13).
        return _("bid %(bid)s") % {"bid": value}
    if name == "tricks" and isinstance(value, int):
        # Translators: Tarneeb: the tricks (لمّات) the bidding team took.
        return ngettext("took %(count)s trick", "took %(count)s tricks", value) % {"count": value}
    if name == "trump" and value in SUITS:
        return _("trump %(suit)s") % {"suit": SUITS[value]}
    return None
