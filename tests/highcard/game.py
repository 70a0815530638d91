from games.registry import Game

from . import engine
from .forms import HighCardHandForm

GAME = Game(
    name="High card",
    engine=engine.ENGINE,
    form_class=HighCardHandForm,
    hand_template="highcard/hand_form.html",
    summary_template="highcard/summary.html",
    field_labels={"card": "Card"},
    seat_help="The highest card wins the hand.",
)
