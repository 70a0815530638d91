from games.registry import Game
from games.typed import whole_number

from . import engine


def form_context(table, number, inputs=None):
    return {"entry_title": f"Hand {number}", "entry_note": "", "submit_label": f"Save hand {number}"}


def rows(table, number, inputs=None):
    return [{"seat": seat, "name": name, "card": (inputs or {}).get(name, {}).get("card", "")}
            for seat, name in enumerate(table.players)]


def rows_from_post(data, table, number, base=None):
    return [{**row, "card": data.get(f"card-{row['seat']}", "")} for row in rows(table, number)]


def parse(data, table, base=None):
    return {name: {"card": whole_number(data.get(f"card-{seat}"), blank=None, player=name, field="card")}
            for seat, name in enumerate(table.players)}


GAME = Game(
    slug=engine.SLUG,
    name="High card",
    engine=engine,
    form_context=form_context,
    rows=rows,
    rows_from_post=rows_from_post,
    parse=parse,
    hand_template="highcard/hand_form.html",
    summary_template="highcard/summary.html",
    field_labels={"card": "Card"},
    seat_help="The highest card wins the hand.",
)
