"""How the history tells a score sheet's hand: "points 10", "12+11+7 = 30" for a sum typed in the box."""

from decimal import Decimal

from django.utils.translation import gettext as _

from ..api import left_to_right, points
from .forms import FIELD_LABELS


def words(table, name, value, entry=None):
    """One input in words (games/pages/history.py); None leaves it to the generic wording."""
    if name == "points" and entry is not None and "typed" in entry:
        return ""  # said with the sum that made it
    if name == "points" and isinstance(value, (int, Decimal)) and not isinstance(value, bool):
        # Written as the page writes points: "−4" with its minus sign, kept whole in Arabic.
        label = str(FIELD_LABELS["points"])
        return _("%(label)s %(value)s") % {"label": label[:1].lower() + label[1:], "value": points(value, False)}
    if name == "typed" and isinstance(value, str):
        if entry is not None and "points" in entry:
            # Translators: a sum typed in a score sheet's box and what it adds up to: "12+11+7 = 30".
            return _("%(typed)s = %(points)s") % {
                "typed": left_to_right(value),
                "points": points(entry["points"], False),
            }
        return _("typed %(typed)s") % {"typed": left_to_right(value)}
    return None
