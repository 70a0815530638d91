"""How the history tells a deal of the 24 race: "cards 8♠ 3♥ 8♦ 3♣, answer 8 ÷ (3 − 8 ÷ 3)",
"Asha: won the deal"."""

from django.utils.translation import gettext as _

from ..api import cards
from .templatetags.twentyfour import written


def words(table, name, value, entry=None):
    """One input in words (games/pages/history.py); None leaves it to the generic wording."""
    if name == "won":
        if value:
            return _("won the deal")
        return "" if entry is not None else _("did not win")
    if name == "cards" and isinstance(value, list):
        return _("cards %(cards)s") % {"cards": cards(value)}
    if name == "answer" and isinstance(value, str):
        return _("answer %(answer)s") % {"answer": written(value)}
    return None
