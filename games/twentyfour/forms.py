"""The 24 Game as a table race: every phone gets the same deal; the first correct answer wins it.

Hands are not typed in by a scorekeeper: each deal is recorded by the answer that won it
(race.py), so this form only shows a recorded deal and refuses any post.
"""

from django.utils.translation import gettext_lazy as _

from scoring.errors import InputError, gettext_noop

from ..api import HandForm
from .pad import SHOWN
from .race import current_deal

OPERATOR_KEYS = list(SHOWN.items())
FIELD_LABELS = {"cards": _("Cards"), "answer": _("Answer"), "won": _("Winner")}


class RaceDealForm(HandForm):
    def clean(self):
        self.problems.add(InputError(gettext_noop("a deal is won by answering it on the race pad"), field="answer"))
        return self.cleaned_data

    @classmethod
    def title(cls, number, inputs):
        return _("Deal %(number)s") % {"number": number}

    def context(self):
        return {
            "entry_title": self.title(self.number, self.base),
            "entry_note": "",
            "submit_label": "",
            "deal": current_deal(self.table),
            "operators": OPERATOR_KEYS,
        }
