"""The honors form: who deals, cuts and leads; per player honors, marriages and the outcome."""

from django.utils.translation import gettext_lazy as _

from scoring import marriage_honors as engine
from scoring.errors import InputError, gettext_noop

from ..api import PICKER_RANKS, HandForm, SeatForm, TextField, WholeNumberField, parse_cards, whole_number

OUTCOME_CHOICES = [
    ("declared", _("Declared")),
    ("played", _("Played on")),
    ("surrendered_first", _("Surrendered first move")),
    ("surrendered_later", _("Surrendered later")),
    ("no_turn", _("No turn")),
    ("inactive", _("Sat out")),
]
# Past this many players each part of the form takes two short lines, so that ten players' form
# stays within two screens of a phone.
COMPACT_PAST = 6
FIELD_LABELS = {
    "outcome": _("Outcome"),
    "honors": _("Honors"),
    "marriages": _("Marriages"),
    "hand_points": _("Hand points"),
    "cards": _("Cards"),
}


class HonorsSeatForm(SeatForm):
    """One player's part: the outcome the engine checks, honors and marriages, and the hand points
    typed or counted from the cards (not both). A player sitting out sends nothing else on."""

    outcome = TextField()
    honors = WholeNumberField()
    marriages = WholeNumberField()
    hand_points = TextField()
    cards = TextField()

    @property
    def sits_out(self):
        return self.cleaned_data["outcome"] == "inactive"

    def typing_errors(self):
        return [] if self.sits_out else super().typing_errors()

    def entry(self, problems):
        """Only what applies to the outcome is sent on: the engine refuses the rest."""
        outcome = self.cleaned_data["outcome"]
        entry = {"outcome": outcome} if outcome else {}
        if self.sits_out:
            return entry
        for field in ("honors", "marriages"):
            if field in self.cleaned_data:
                entry[field] = self.cleaned_data[field]
        with problems.check():
            typed = (self.cleaned_data["hand_points"] or "").strip()
            cards = parse_cards(self.cleaned_data["cards"])
            if typed and cards:
                raise InputError(
                    gettext_noop("type the hand points or count the cards, not both"),
                    player=self.name,
                    field="hand_points",
                )
            if cards:
                entry["hand_points"] = engine.hand_points_from_cards(cards, player=self.name)
            elif typed:
                entry["hand_points"] = whole_number(typed, player=self.name, field="hand_points")
        return entry


class HonorsHandForm(HandForm):
    seat_form = HonorsSeatForm

    def seat_initial(self, name, inputs):
        if inputs is None:
            # A new game: most players play on, so that is chosen; the counts left blank read 0.
            return {"outcome": "played", "honors": "", "marriages": "", "hand_points": ""}
        entry = inputs.get(name, {})
        return {
            "outcome": entry.get("outcome", ""),
            "honors": entry.get("honors", 0),
            "marriages": entry.get("marriages", 0),
            "hand_points": entry.get("hand_points", ""),
        }

    @classmethod
    def title(cls, number, inputs):
        return _("Game %(number)s") % {"number": number}

    def context(self):
        return {
            "entry_title": self.title(self.number, self.base),
            "entry_note": "",
            "submit_label": _("Save game %(number)s") % {"number": self.number},
            "outcome_choices": OUTCOME_CHOICES,
            # Past six players: declared and played on at hand, the other outcomes behind "Other".
            "usual_outcomes": OUTCOME_CHOICES[:2],
            "usual_values": [value for value, _label in OUTCOME_CHOICES[:2]],
            "other_outcomes": OUTCOME_CHOICES[2:],
            "ranks": PICKER_RANKS,
            "deal": self.table.progress,
            "compact": len(self.rows) > COMPACT_PAST,
        }


def deal_info(table, data):
    """Who deals, cuts and leads the next game, given who sits it out (data: the hand form)."""
    form = HonorsHandForm(table, table.state["hands"] + 1, data=data)
    inactive = [row.name for row in form.rows if row["outcome"].data == "inactive"]
    return engine.rotation(table.rules, table.seated, table.state, inactive)
