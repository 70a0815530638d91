from games.legacy_entry import entry_form
from games.registry import Game

from . import engine, hand_entry

GAME = Game(
    name="High card",
    engine=engine.ENGINE,
    form_class=entry_form(hand_entry),
    hand_template="highcard/hand_form.html",
    summary_template="highcard/summary.html",
    field_labels={"card": "Card"},
    seat_help="The highest card wins the hand.",
)
