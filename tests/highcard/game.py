from django.utils.translation import gettext_lazy as _

from games.api import Game

from . import engine
from .forms import HighCardHandForm

GAME = Game(
    name=_("High card"),
    engine=engine.ENGINE,
    form_class=HighCardHandForm,
    hand_template="highcard/hand_form.html",
    summary_template="highcard/summary.html",
    field_labels={"card": _("Card")},
    seat_help=_("The highest card wins the hand."),
)
