from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import konkan as engine

from ..api import Game, parse_cards, parse_groups
from . import history
from .forms import FIELD_LABELS, KonkanHandForm


def hand_marks(inputs):
    """The board marks the winner, and a dash for a player already out of the game."""
    shown = {"winner": ["won"], "out": ["out"]}
    return {name: shown.get(entry["outcome"], []) for name, entry in inputs.items() if name != "_hand"}


def picker_total(table, mode, text):
    """What the card picker's cards are worth: the penalty of the cards left, or a set's value."""
    if mode == "groups":
        return engine.set_value(parse_groups(text, field="groups"), field="groups")
    return engine.card_penalty(table.rules, parse_cards(text), field="cards")


GAME = Game(
    name=_("Konkan"),
    engine=engine.ENGINE,
    form_class=KonkanHandForm,
    history_words=history.words,
    hand_template="konkan/hand_form.html",
    terms_template="konkan/terms.html",
    summary_template="konkan/summary.html",
    field_labels=FIELD_LABELS,
    hand_marks=hand_marks,
    rule_labels={
        # Translators: Konkan's points for each card left in a losing player's hand.
        "card_penalties": _("Card penalties"),
    },
    picker_total=picker_total,
    seat_help=_("The first player deals first and starts with 15 cards."),
    join_help=_("With the house rule on: the highest total still in the game."),
    rule_fields={
        "set_threshold": forms.IntegerField(label=_("Set threshold")),
        "not_set_penalty": forms.IntegerField(label=_("Penalty for not having set")),
        "joker_discard_penalty": forms.IntegerField(label=_("Penalty when the winner discards a joker (0: off)")),
        "failed_win_penalty": forms.IntegerField(label=_("Penalty for a failed win (0: off)")),
        "elimination_over": forms.IntegerField(label=_("Out when the total goes over")),
        "join_at_highest": forms.BooleanField(
            label=_("A player joining mid-game starts at the highest total still in it"), required=False
        ),
    },
)
