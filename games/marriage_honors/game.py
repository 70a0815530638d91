from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import marriage_honors as engine

from ..api import MONEY_RULE_FIELDS, Game, parse_cards, points
from . import history
from .forms import FIELD_LABELS, HonorsHandForm


def cell_details(table, hand):
    """PART_A and PART_B of each player's score, shown when a score is tapped."""
    return {
        name: _("honors %(a)s, hand %(b)s") % {"a": points(part_a), "b": points(part_b)}
        for name, (part_a, part_b) in engine.parts(table.rules, table.seated_for(hand.number), hand.inputs).items()
        if hand.inputs[name]["outcome"] != "inactive"
    }


def hand_marks(inputs):
    """The board marks who declared, and a dash for a player who sat the game out."""
    shown = {"declared": ["won"], "inactive": ["sat_out"]}
    return {name: shown.get(entry["outcome"], []) for name, entry in inputs.items()}


def picker_total(table, mode, text):
    """The points of the cards not in sets, as the card picker adds them up."""
    return engine.hand_points_from_cards(parse_cards(text), field="cards")


GAME = Game(
    sits_out=True,
    name=_("Marriage with honors"),
    engine=engine.ENGINE,
    form_class=HonorsHandForm,
    history_words=history.words,
    cell_details=cell_details,
    hand_template="marriage_honors/hand_form.html",
    terms_template="marriage_honors/terms.html",
    summary_template="marriage_honors/summary.html",
    field_labels=FIELD_LABELS,
    hand_marks=hand_marks,
    picker_total=picker_total,
    seat_help=_("Seats go clockwise; the first player deals first."),
    hand_word=_("game"),  # the rules' word for one deal
    hands_word=_("games"),
    rule_fields={
        "decks": forms.IntegerField(label=_("Decks")),
        "cards_per_hand": forms.IntegerField(label=_("Cards per hand")),
        "direction": forms.ChoiceField(
            label=_("Direction of play"), choices=[("clockwise", _("Clockwise")), ("anticlockwise", _("Anticlockwise"))]
        ),
        "honor_value": forms.IntegerField(label=_("Points per honor")),
        "marriage_points": forms.IntegerField(label=_("Points per marriage")),
        "surrender_first_points": forms.IntegerField(label=_("Hand points of a first-move surrender")),
        "surrender_later_points": forms.IntegerField(label=_("Hand points of a later surrender")),
        **MONEY_RULE_FIELDS,
    },
)
