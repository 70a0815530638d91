from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import twentyfour as engine

from ..api import Game, HomeEntry
from . import history, race
from .forms import FIELD_LABELS, RaceDealForm


def hand_marks(inputs):
    """The board marks who won the deal."""
    return {name: ["won"] for name, entry in inputs.items() if entry.get("won")}


# The solver's difficulties (scoring.solver24.DIFFICULTIES) as a player reads them.
DIFFICULTY_LABELS = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}

GAME = Game(
    name=_("24 Game race"),
    engine=engine.ENGINE,
    form_class=RaceDealForm,
    history_words=history.words,
    page_context=race.pad_context,  # the race pad of this phone (dealing the first cards when first opened)
    entry_template="twentyfour/race/entry.html",
    hand_template="twentyfour/race/hand.html",
    terms_template="twentyfour/race/terms.html",
    summary_template="twentyfour/race/summary.html",
    field_labels=FIELD_LABELS,
    hand_marks=hand_marks,
    home_entries=(HomeEntry("puzzle_home", _("Play the 24 Game alone"), _("Play the 24 Game")),),
    assets=("twentyfour/twentyfour.css", "twentyfour/twentyfour.js"),
    seat_help=_("Everyone at the table plays on their own phone."),
    hands_editable=False,  # a deal is recorded by the answer that won it
    hand_word=_("deal"),
    hands_word=_("deals"),
    live_board=False,  # the race pad polls for the next deal itself
    rule_fields={
        "difficulty": forms.ChoiceField(
            label=_("Difficulty"), required=False, choices=[("", _("any")), *DIFFICULTY_LABELS.items()]
        ),
    },
)
