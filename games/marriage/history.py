"""How the history tells a Marriage hand: "seen, maal 12", "maal counted — 2 tiplu, 1 poplu,
1 jhiplu = 13", "winner, maal 3, dublee"."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from scoring import marriage as engine

from ..api import list_separator

STATUSES = {
    "winner": gettext_lazy("winner"),
    "seen": pgettext_lazy("marriage player", "seen"),
    "unseen": pgettext_lazy("marriage player", "unseen"),
    "out": gettext_lazy("sat out"),
}
# Translators: a dublee is a Marriage win with seven pairs; a foul a penalty for a wrong show.
MARKS = {
    "dublee": (gettext_lazy("dublee"), gettext_lazy("no dublee")),
    "foul": (gettext_lazy("foul"), gettext_lazy("no foul")),
}


def words(table, name, value, entry=None):
    """One input in words (games/pages/history.py); None leaves it to the generic wording."""
    if name == "status":
        return STATUSES.get(value)
    if name == "maal":
        # A player sitting out has no maal to speak of.
        return "" if entry and entry.get("status") == "out" else _("maal %(maal)s") % {"maal": value}
    if name == "maal_counts" and isinstance(value, dict):
        return maal_counted(table, value)
    if name in MARKS:
        marked, unmarked = MARKS[name]
        if value:
            return marked
        return "" if entry is not None else unmarked
    return None


def maal_counted(table, counts):
    """ "maal counted — 2 tiplu, 1 poplu, 1 jhiplu = 13": the counts and the best split's value
    under the table's maal table."""
    counts = engine.validate_counts(counts)
    tiplu, poplu, jhiplu, tunnellas = counts["tiplu"], counts["poplu"], counts["jhiplu"], counts["tunnellas"]
    held = [
        (tiplu, ngettext("%(count)s tiplu", "%(count)s tiplu", tiplu)),
        (poplu, ngettext("%(count)s poplu", "%(count)s poplu", poplu)),
        (jhiplu, ngettext("%(count)s jhiplu", "%(count)s jhiplu", jhiplu)),
        (tunnellas["ordinary"], ngettext("%(count)s tunnella", "%(count)s tunnellas", tunnellas["ordinary"])),
        (tunnellas["joker"], ngettext("%(count)s joker tunnella", "%(count)s joker tunnellas", tunnellas["joker"])),
        (
            tunnellas["poplu_jhiplu"],
            ngettext("%(count)s poplu/jhiplu tunnella", "%(count)s poplu/jhiplu tunnellas", tunnellas["poplu_jhiplu"]),
        ),
    ]
    said = list_separator().join(text % {"count": count} for count, text in held if count) or _("nothing")
    return _("maal counted — %(items)s = %(maal)s") % {
        "items": said,
        "maal": engine.count_maal(table.rules["maal_table"], counts),
    }
