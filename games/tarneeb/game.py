from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import tarneeb as engine

from ..api import Game
from . import history
from .forms import FIELD_LABELS, TarneebHandForm, TeamNamesField

GAME = Game(
    # Translators: the card game Tarneeb (طرنيب): four players in two teams bid for tricks and name the trump.
    name=_("Tarneeb"),
    engine=engine.ENGINE,
    form_class=TarneebHandForm,
    history_words=history.words,
    team_words=history.team_words,
    hand_template="tarneeb/hand_form.html",
    terms_template="tarneeb/terms.html",
    summary_template="tarneeb/summary.html",
    field_labels=FIELD_LABELS,
    assets=("tarneeb/tarneeb.css",),
    seat_help=_("Partners sit opposite: players 1 and 3 play players 2 and 4. Player 4 deals first."),
    rule_fields={
        "target": forms.IntegerField(label=_("Play to"), min_value=1, max_value=engine.MAX_TARGET),
        "others_always_score": forms.BooleanField(label=_("The other team always scores its tricks"), required=False),
        "team_names": TeamNamesField(label=_("The teams' own names (or leave them blank)")),
    },
)
