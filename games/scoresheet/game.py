from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import scoresheet as engine

from ..api import Game
from . import history
from .forms import FIELD_LABELS, ScoreSheetHandForm


def title(table):
    """The game's name as the table gave it; the sheet's default one in the phone's language."""
    own = table.rules["title"]
    return _("Score sheet") if own == engine.ENGINE.DEFAULT_RULES["title"] else own


GAME = Game(
    # Translators: the score sheet, offered on the new-table form for a game CardScore does not know by name.
    name=_("Any other game"),
    engine=engine.ENGINE,
    form_class=ScoreSheetHandForm,
    title=title,
    history_words=history.words,
    hand_template="scoresheet/hand_form.html",
    terms_template="scoresheet/terms.html",
    summary_template="scoresheet/summary.html",
    field_labels=FIELD_LABELS,
    absent_sat_out=True,
    sits_out=True,
    assets=("scoresheet/scoresheet.css", "scoresheet/scoresheet.js"),
    seat_help=_("The first player deals first; the deal moves one seat on each hand."),
    rule_fields={
        "title": forms.CharField(
            label=_("The game's name"),
            max_length=engine.MAX_TITLE,
            required=False,
            initial="",  # blank: "Score sheet" in each phone's language
            widget=forms.TextInput(attrs={"placeholder": _("e.g. Hearts")}),
        ),
        "lowest_wins": forms.BooleanField(label=_("Lowest total wins"), required=False),
        "target": forms.IntegerField(label=_("Ends at a total of (blank: no target)"), required=False),
        "hands": forms.IntegerField(
            label=_("Ends after this many hands (blank: no limit)"),
            required=False,
        ),
        "zero_sum": forms.BooleanField(label=_("Every hand adds up to 0 (played for money)"), required=False),
        "point_rate": forms.DecimalField(label=_("Money per point (blank: not for money)"), required=False),
        "currency": forms.CharField(label=_("Currency"), max_length=10, required=False),
    },
)
