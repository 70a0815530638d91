"""How the history tells a Konkan hand: "had set, cards left A♠ 7♥ joker = 68", "had not set",
"the winner discarded a joker"."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import konkan as engine

from ..api import cards, left_to_right

OUTCOMES = {
    "winner": gettext_lazy("winner"),
    "set": gettext_lazy("had set"),
    "not_set": gettext_lazy("had not set"),
    "out": gettext_lazy("out of the game"),
}


def words(table, name, value, entry=None):
    """One input in words (games/pages/history.py); None leaves it to the generic wording."""
    if name == "outcome":
        return OUTCOMES.get(value)
    if name == "hand_penalty":
        return _("penalty %(points)s") % {"points": value}
    if name == "cards" and isinstance(value, list):
        if not value:
            return _("no cards left")
        # The cards and their sum each kept whole in right-to-left text: the word "joker" among the
        # cards must not carry the sum along with it.
        return _("cards left %(cards)s = %(points)s") % {
            "cards": left_to_right(cards(value)),
            "points": left_to_right(engine.card_penalty(table.rules, value)),
        }
    if name == "failed_wins" and isinstance(value, int):
        if entry is not None and not value:
            return ""  # no failed win goes without saying
        return ngettext("%(count)s failed win", "%(count)s failed wins", value) % {"count": value}
    if name == "joker_discard":
        if value:
            return _("the winner discarded a joker")
        return "" if entry is not None else _("no joker discard")
    return None
