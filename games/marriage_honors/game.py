from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import marriage_honors as engine

from ..forms import MONEY_RULE_FIELDS
from ..legacy_entry import entry_form
from ..registry import Game
from . import hand_entry, history

GAME = Game(
    name=_("Marriage with honors"),
    engine=engine.ENGINE,
    form_class=entry_form(hand_entry),
    history_words=history.words,
    cell_details=hand_entry.cell_details,
    hand_template="marriage_honors/hand_form.html",
    terms_template="marriage_honors/terms.html",
    summary_template="marriage_honors/summary.html",
    field_labels=hand_entry.FIELD_LABELS,
    hand_marks=hand_entry.marks,
    picker_total=hand_entry.picker_total,
    seat_help=_("Seats go clockwise; the first player deals first."),
    hand_word=_("game"),  # the rules' word for one deal
    hands_word=_("games"),
    rule_fields={
        "decks": forms.IntegerField(label=_("Decks"), min_value=3, max_value=5),
        "cards_per_hand": forms.IntegerField(label=_("Cards per hand"), min_value=3),
        "direction": forms.ChoiceField(
            label=_("Direction of play"), choices=[("clockwise", _("Clockwise")), ("anticlockwise", _("Anticlockwise"))]
        ),
        "honor_value": forms.IntegerField(label=_("Points per honor"), min_value=0),
        "marriage_points": forms.IntegerField(label=_("Points per marriage"), min_value=0),
        "surrender_first_points": forms.IntegerField(label=_("Hand points of a first-move surrender"), min_value=0),
        "surrender_later_points": forms.IntegerField(label=_("Hand points of a later surrender"), min_value=0),
        **MONEY_RULE_FIELDS,
    },
)
