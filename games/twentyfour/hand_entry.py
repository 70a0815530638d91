"""The 24 Game as a table race: every phone gets the same deal; the first correct answer wins it.

Hands are not typed in by a scorekeeper: each deal is recorded by the answer that won it
(race.py), so this module's hand form only shows a recorded deal.
"""

from django.utils.translation import gettext_lazy as _

from scoring.errors import InputError, gettext_noop

from .pad import SHOWN
from .race import current_deal

OPERATOR_KEYS = list(SHOWN.items())
FIELD_LABELS = {"cards": _("Cards"), "answer": _("Answer"), "won": _("Winner")}


def form_context(table, number, inputs=None):
    deal = current_deal(table)
    return {
        "entry_title": _("Deal %(number)s") % {"number": number},
        "entry_note": "",
        "submit_label": "",
        "deal": deal,
        "operators": OPERATOR_KEYS,
    }


def rows(table, number, inputs=None):
    return [
        {"seat": seat, "name": name, "won": (inputs or {}).get(name, {}).get("won", False)}
        for seat, name in enumerate(table.seated_for(number))
    ]


def rows_from_post(data, table, number, base=None):
    return rows(table, number, base)


def parse(data, table, number, base, problems):
    raise InputError(gettext_noop("a deal is won by answering it on the race pad"), field="answer")


def marks(inputs):
    """The board marks who won the deal."""
    return {name: ["won"] for name, entry in inputs.items() if entry.get("won")}
