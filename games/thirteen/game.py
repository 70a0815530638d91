from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import thirteen as engine

from ..api import Colour, Game, Mark
from . import history
from .forms import FIELD_LABELS, ThirteenRoundForm


def hand_marks(inputs):
    """The board marks whether each player made their bid (books at least the bid)."""
    return {
        name: ["made" if engine.made_bid(entry["bid"], entry["books"]) else "missed"]
        for name, entry in inputs.items()
        if name != "_hand" and "books" in entry
    }


GAME = Game(
    name=_("Thirteen"),
    engine=engine.ENGINE,
    form_class=ThirteenRoundForm,
    history_words=history.words,
    hand_template="thirteen/round_form.html",
    terms_template="thirteen/terms.html",
    summary_template="thirteen/summary.html",
    field_labels=FIELD_LABELS,
    hand_marks=hand_marks,
    assets=("thirteen/thirteen.css", "thirteen/thirteen.js"),
    marks={"made": Mark("✓", _("made the bid")), "missed": Mark("✗", _("missed the bid"))},
    # The one definition of the players' colours: the board's dots (games/pages/colors.py makes their
    # stylesheet), the chart's lines and the result card are drawn from it.
    colors=(
        Colour("red", _("Red"), "#d93b30"),
        Colour("yellow", _("Yellow"), "#f2c230"),
        Colour("green", _("Green"), "#2e9e4f"),
        Colour("blue", _("Blue"), "#2f6fd6"),
    ),
    seat_help=_("Player 4 deals the first round; player 1, on the dealer's left, bids first."),
    pending_note=_("bids in, waiting for the books"),
    hand_word=_("round"),
    hands_word=_("rounds"),
    rule_fields={
        "sandbag_penalty": forms.BooleanField(label=_("Sandbag penalty"), required=False),
        "sandbag_limit": forms.IntegerField(label=_("Sandbags that cost the penalty")),
        "sandbag_penalty_points": forms.IntegerField(label=_("Sandbag penalty points")),
    },
)
