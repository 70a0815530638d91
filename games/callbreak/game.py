from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import callbreak as engine

from ..api import Colour, Game, Mark
from . import history
from .forms import FIELD_LABELS, CallBreakRoundForm


def hand_marks(inputs):
    """The board marks whether each player made their call (tricks at least the call)."""
    return {
        name: ["made" if engine.made_call(entry["call"], entry["tricks"]) else "missed"]
        for name, entry in inputs.items()
        if name != "_hand" and "tricks" in entry
    }


GAME = Game(
    # Translators: the card game Call Break (Nepal, India): four players call how many tricks they will take.
    name=_("Call Break"),
    engine=engine.ENGINE,
    form_class=CallBreakRoundForm,
    history_words=history.words,
    hand_template="callbreak/round_form.html",
    terms_template="callbreak/terms.html",
    summary_template="callbreak/summary.html",
    field_labels=FIELD_LABELS,
    hand_marks=hand_marks,
    marks={"made": Mark("✓", _("made the call")), "missed": Mark("✗", _("missed the call"))},
    colors=(
        Colour("red", _("Red"), "#d93b30"),
        Colour("yellow", _("Yellow"), "#f2c230"),
        Colour("green", _("Green"), "#2e9e4f"),
        Colour("blue", _("Blue"), "#2f6fd6"),
    ),
    seat_help=_("Player 4 deals the first round; player 1, on the dealer's left, calls first."),
    pending_note=_("calls in, waiting for the tricks"),
    hand_word=_("round"),
    hands_word=_("rounds"),
    rule_fields={
        "rounds": forms.IntegerField(label=_("Rounds")),
        "call_eight_wins": forms.BooleanField(label=_("A call of 8 or more, made, wins the game"), required=False),
    },
)
