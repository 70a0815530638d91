"""The honors form: who deals, cuts and leads; per player honors, marriages and the outcome."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import marriage_honors as engine
from scoring.errors import InputError

from ..templatetags.cardscore import points
from .cards import PICKER_RANKS, parse_cards
from .fields import whole_number

ENTRY_TEMPLATE = "games/hand_entry.html"
HANDS_EDITABLE = True
LIVE_BOARD = True
HAND_TEMPLATE = "games/marriage_honors/hand_form.html"
SUMMARY_TEMPLATE = "games/marriage_honors/summary.html"
COLORS = None
SEAT_HELP = _("Seats go clockwise; the first player deals first.")
OUTCOME_CHOICES = [
    ("declared", _("Declared")),
    ("played", _("Played on")),
    ("surrendered_first", _("Surrendered first move")),
    ("surrendered_later", _("Surrendered later")),
    ("no_turn", _("No turn")),
    ("inactive", _("Sat out")),
]
FIELD_LABELS = {"outcome": _("Outcome"), "honors": _("Honors"), "marriages": _("Marriages"),
                "hand_points": _("Hand points"), "cards": _("Cards")}

RULE_FIELDS = {
    "decks": forms.IntegerField(label=_("Decks"), min_value=3, max_value=5),
    "cards_per_hand": forms.IntegerField(label=_("Cards per hand"), min_value=3),
    "direction": forms.ChoiceField(label=_("Direction of play"),
                                   choices=[("clockwise", _("Clockwise")), ("anticlockwise", _("Anticlockwise"))]),
    "honor_value": forms.IntegerField(label=_("Points per honor"), min_value=0),
    "marriage_points": forms.IntegerField(label=_("Points per marriage"), min_value=0),
    "surrender_first_points": forms.IntegerField(label=_("Hand points of a first-move surrender"), min_value=0),
    "surrender_later_points": forms.IntegerField(label=_("Hand points of a later surrender"), min_value=0),
    "point_rate": forms.DecimalField(label=_("Money per point"), min_value=0.01, decimal_places=2),
    "currency": forms.CharField(label=_("Currency"), max_length=10, required=False),
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
    for seat, name in enumerate(table.players):
        entry = (inputs or {}).get(name, {})
        result.append({
            "seat": seat,
            "name": name,
            "outcome": entry.get("outcome", ""),
            "honors": entry.get("honors", 0),
            "marriages": entry.get("marriages", 0),
            "hand_points": entry.get("hand_points", ""),
            "cards": "",
        })
    return result


def rows_from_post(data, table, number, base=None):
    result = rows(table, number)
    for row in result:
        seat = row["seat"]
        row.update({field: data.get(f"{field}-{seat}", "") for field in ("outcome", "honors", "marriages",
                                                                          "hand_points", "cards")})
    return result


def parse(data, table, base=None):
    """Only what applies to each outcome is sent on: the engine refuses the rest."""
    inputs = {}
    for seat, name in enumerate(table.players):
        outcome = data.get(f"outcome-{seat}", "")
        entry = {"outcome": outcome} if outcome else {}
        if outcome != "inactive":
            entry["honors"] = whole_number(data.get(f"honors-{seat}"), player=name, field="honors")
            entry["marriages"] = whole_number(data.get(f"marriages-{seat}"), player=name, field="marriages")
            typed = (data.get(f"hand_points-{seat}") or "").strip()
            cards = parse_cards(data.get(f"cards-{seat}"))
            if typed and cards:
                raise InputError(str(_("type the hand points or count the cards, not both")),
                                 player=name, field="hand_points")
            if cards:
                entry["hand_points"] = engine.hand_points_from_cards(cards, player=name)
            elif typed:
                entry["hand_points"] = whole_number(typed, player=name, field="hand_points")
        inputs[name] = entry
    return inputs


def cell_details(table, hand):
    """PART_A and PART_B of each player's score, shown when a score is tapped."""
    return {name: _("honors %(a)s, hand %(b)s") % {"a": points(part_a), "b": points(part_b)}
            for name, (part_a, part_b) in engine.parts(table.rules, hand.inputs).items()
            if hand.inputs[name]["outcome"] != "inactive"}


def deal_info(table, data):
    """Who deals, cuts and leads the next game, given who sits it out (data: the hand form)."""
    inactive = [name for seat, name in enumerate(table.players) if data.get(f"outcome-{seat}") == "inactive"]
    return engine.rotation(table.rules, table.players, table.state, inactive)
