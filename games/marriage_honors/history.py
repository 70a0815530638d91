"""How the history tells a game of Marriage with honors: "declared, 2 honors", "played on,
1 honor, 1 marriage, 17 points in hand"."""

from django.utils.translation import gettext_lazy, ngettext

OUTCOMES = {
    "declared": gettext_lazy("declared"),
    "played": gettext_lazy("played on"),
    "surrendered_first": gettext_lazy("surrendered on the first move"),
    "surrendered_later": gettext_lazy("surrendered later"),
    "no_turn": gettext_lazy("never got a turn"),
    "inactive": gettext_lazy("sat out"),
}


def words(table, name, value, entry=None):
    """One input in words (games/pages/history.py); None leaves it to the generic wording."""
    if name == "outcome":
        return OUTCOMES.get(value)
    if not isinstance(value, int):
        return None
    if name in ("honors", "marriages") and entry is not None and not value:
        return ""  # holding none goes without saying
    if name == "honors":
        return ngettext("%(count)s honor", "%(count)s honors", value) % {"count": value}
    if name == "marriages":
        return ngettext("%(count)s marriage", "%(count)s marriages", value) % {"count": value}
    if name == "hand_points":
        return ngettext("%(count)s point in hand", "%(count)s points in hand", value) % {"count": value}
    return None
