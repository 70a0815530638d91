"""The Call Break round form: calls first, then tricks on the same kind of screen, calls as hints."""

from django.utils.translation import gettext_lazy as _

from scoring import callbreak as engine
from scoring.errors import gettext_noop

from ..api import StagedHandForm, StagedSeatForm, WholeNumberField

# Translators: Call Break: a call is how many tricks a player says they will take.
FIELD_LABELS = {"call": _("Call"), "tricks": _("Tricks"), "round": _("Round")}


class CallBreakSeatForm(StagedSeatForm):
    """A player's call and tricks: the tricks form posts no calls."""

    call = WholeNumberField(blank=None, blank_message=gettext_noop("enter a number"), kept_when_absent=True)
    tricks = WholeNumberField(blank=None, blank_message=gettext_noop("enter a number"), kept_when_absent=True)


class CallBreakRoundForm(StagedHandForm):
    seat_form = CallBreakSeatForm
    engine = engine.ENGINE
    titles = {
        "calls": _("Round %(number)s · calls"),
        "tricks": _("Round %(number)s · tricks"),
        "edit": _("Round %(number)s"),
    }

    def seating(self):
        """Players from the first caller of the round."""
        seated = self.table.seated_for(self.number)
        order = engine.calling_order(seated, self.number, self.table.state["first_dealer"])
        return [(seated.index(name), name) for name in order]

    def context(self):
        step, inputs = self.stage_of(self.base), self.base
        dealer = self.table.seated_for(self.number)[engine.dealer_seat(self.number, self.table.state["first_dealer"])]
        return {
            "entry_title": self.title(self.number, inputs),
            "entry_note": _("13 cards each, %(dealer)s deals") % {"dealer": dealer},
            "submit_label": {
                "calls": _("Save the calls"),
                "tricks": _("Save the tricks"),
                "edit": _("Save the correction"),
            }[step],
            "stage": step,
            "tricks": engine.TRICKS,
            "calls_total": sum(entry["call"] for name, entry in (inputs or {}).items() if name != "_hand"),
        }
