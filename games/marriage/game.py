from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import marriage as engine

from ..api import MONEY_RULE_FIELDS, Game, Mark
from . import history
from .forms import FIELD_LABELS, MarriageHandForm


def hand_marks(inputs):
    """What the board marks beside each player's points: the winner, unseen, dublee, foul, sat out."""
    shown = {"winner": "won", "unseen": "unseen", "out": "sat_out"}
    return {
        name: [
            key
            for key in (shown.get(entry["status"]), entry.get("dublee") and "dublee", entry.get("foul") and "foul")
            if key
        ]
        for name, entry in inputs.items()
    }


GAME = Game(
    sits_out=True,
    name=_("Nepali Marriage"),
    engine=engine.ENGINE,
    form_class=MarriageHandForm,
    history_words=history.words,
    hand_template="marriage/hand_form.html",
    terms_template="marriage/terms.html",
    summary_template="marriage/summary.html",
    field_labels=FIELD_LABELS,
    hand_marks=hand_marks,
    assets=("marriage/marriage.css", "marriage/marriage.js"),
    marks={
        "unseen": Mark(pgettext_lazy("board mark: one letter for an unseen player", "U"), _("unseen")),
        "dublee": Mark(pgettext_lazy("board mark: one letter for a dublee", "D"), _("dublee")),
        "foul": Mark(pgettext_lazy("board mark: one letter for a foul", "F"), _("foul")),
    },
    rule_labels={
        # Translators: Marriage's table of what each kind of maal (bonus cards: tiplu, poplu...) is worth.
        "maal_table": _("Maal table"),
    },
    seat_help=_("The first player deals first."),
    rule_fields={
        "murder": forms.BooleanField(label=_("Murder: an unseen player's maal counts 0"), required=False),
        "kidnap": forms.BooleanField(label=_("Kidnap: an unseen player's maal goes to the winner"), required=False),
        "seen_points": forms.IntegerField(label=_("Seen pays the winner")),
        "unseen_points": forms.IntegerField(label=_("Unseen pays the winner")),
        "dublee_bonus": forms.IntegerField(label=_("Dublee bonus to the winner, from each player")),
        "dublee_seen_points": forms.IntegerField(label=_("Seen by dublee pays the winner")),
        "foul_fine": forms.IntegerField(label=_("Foul fine, to each other player")),
        **MONEY_RULE_FIELDS,
    },
)
