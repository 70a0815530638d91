"""The honors form: who deals, cuts and leads; per player honors, marriages and the outcome."""

from django.utils.translation import gettext_lazy as _

from scoring import marriage_honors as engine
from scoring.errors import InputError, gettext_noop

from ..templatetags.cardscore import points
from ..typed import PICKER_RANKS, parse_cards, whole_number

OUTCOME_CHOICES = [
    ("declared", _("Declared")),
    ("played", _("Played on")),
    ("surrendered_first", _("Surrendered first move")),
    ("surrendered_later", _("Surrendered later")),
    ("no_turn", _("No turn")),
    ("inactive", _("Sat out")),
]
FIELD_LABELS = {
    "outcome": _("Outcome"),
    "honors": _("Honors"),
    "marriages": _("Marriages"),
    "hand_points": _("Hand points"),
    "cards": _("Cards"),
}


def form_context(table, number, inputs=None):
    return {
        "entry_title": _("Game %(number)s") % {"number": number},
        "entry_note": "",
        "submit_label": _("Save game %(number)s") % {"number": number},
        "outcome_choices": OUTCOME_CHOICES,
        "ranks": PICKER_RANKS,
        "deal": table.progress,
    }


def rows(table, number, inputs=None):
    result = []
    for seat, name in enumerate(table.seated_for(number)):
        entry = (inputs or {}).get(name, {})
        result.append(
            {
                "seat": seat,
                "name": name,
                "outcome": entry.get("outcome", ""),
                "honors": entry.get("honors", 0),
                "marriages": entry.get("marriages", 0),
                "hand_points": entry.get("hand_points", ""),
                "cards": "",
            }
        )
    return result


def rows_from_post(data, table, number, base=None):
    result = rows(table, number)
    for row in result:
        seat = row["seat"]
        row.update(
            {
                field: data.get(f"{field}-{seat}", "")
                for field in ("outcome", "honors", "marriages", "hand_points", "cards")
            }
        )
    return result


def parse(data, table, number, base, problems):
    """Only what applies to each outcome is sent on: the engine refuses the rest."""
    inputs = {}
    for seat, name in enumerate(table.seated_for(number)):
        outcome = data.get(f"outcome-{seat}", "")
        entry = {"outcome": outcome} if outcome else {}
        if outcome != "inactive":
            for field in ("honors", "marriages"):
                with problems.check():
                    entry[field] = whole_number(data.get(f"{field}-{seat}"), player=name, field=field)
            with problems.check():
                typed = (data.get(f"hand_points-{seat}") or "").strip()
                cards = parse_cards(data.get(f"cards-{seat}"))
                if typed and cards:
                    raise InputError(
                        gettext_noop("type the hand points or count the cards, not both"),
                        player=name,
                        field="hand_points",
                    )
                if cards:
                    entry["hand_points"] = engine.hand_points_from_cards(cards, player=name)
                elif typed:
                    entry["hand_points"] = whole_number(typed, player=name, field="hand_points")
        inputs[name] = entry
    return inputs


def cell_details(table, hand):
    """PART_A and PART_B of each player's score, shown when a score is tapped."""
    return {
        name: _("honors %(a)s, hand %(b)s") % {"a": points(part_a), "b": points(part_b)}
        for name, (part_a, part_b) in engine.parts(table.rules, table.seated_for(hand.number), hand.inputs).items()
        if hand.inputs[name]["outcome"] != "inactive"
    }


def deal_info(table, data):
    """Who deals, cuts and leads the next game, given who sits it out (data: the hand form)."""
    inactive = [name for seat, name in enumerate(table.seated) if data.get(f"outcome-{seat}") == "inactive"]
    return engine.rotation(table.rules, table.seated, table.state, inactive)


def marks(inputs):
    """The board marks who declared, and a dash for a player who sat the game out."""
    shown = {"declared": ["won"], "inactive": ["sat_out"]}
    return {name: shown.get(entry["outcome"], []) for name, entry in inputs.items()}


def picker_total(table, mode, text):
    """The points of the cards not in sets, as the card picker adds them up."""
    return engine.hand_points_from_cards(parse_cards(text), field="cards")
