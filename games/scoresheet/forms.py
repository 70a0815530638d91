"""The score sheet's hand form: one box per player, a number or a sum as typed at the table, a
blank box for a player who sat the hand out."""

from django.utils.translation import gettext_lazy as _

from scoring import scoresheet as engine

from ..api import HandForm, SeatForm, TextField, dealer_notes, western_digits

FIELD_LABELS = {"points": _("Points"), "typed": _("Points")}


class ScoreSheetSeatForm(SeatForm):
    """A player's box: what is typed is read by the engine (a number, or a sum kept as typed)."""

    points = TextField()

    def entry(self, problems):
        """None for a blank box (the player sat the hand out)."""
        typed = western_digits((self.cleaned_data["points"] or "").strip())
        if not typed:
            return None
        with problems.check():
            points = engine.added_up(typed, player=self.name, field="points")
            return {"points": points, "typed": typed.replace(" ", "")} if engine.is_sum(typed) else {"points": points}
        return {}  # what was typed could not be read: the problem is said, the engine checks the rest


class ScoreSheetHandForm(HandForm):
    seat_form = ScoreSheetSeatForm

    def seat_initial(self, name, inputs):
        """A stored hand shows each box as it was typed."""
        entry = (inputs or {}).get(name)
        return {"points": "" if entry is None else entry.get("typed", entry["points"])}

    @classmethod
    def title(cls, number, inputs):
        return _("Hand %(number)s") % {"number": number}

    def context(self):
        table, number = self.table, self.number
        return {
            "entry_title": self.title(number, self.base),
            "entry_note": _("%(dealer)s deals") % {"dealer": table.progress["dealer"]},
            "entry_next_notes": dealer_notes(table),
            "submit_label": _("Save hand %(number)s") % {"number": number},
            "zero_sum": table.zero_sum,
        }
