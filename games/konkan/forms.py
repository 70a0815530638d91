"""The Konkan hand form: winner, who had set (with the penalty of the cards left), failed wins."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import konkan as engine
from scoring.errors import InputError

from ..api import (
    PICKER_RANKS,
    HandForm,
    SeatForm,
    TextField,
    TickField,
    WholeNumberField,
    dealer_notes,
    parse_cards,
    western_digits,
    whole_number,
)
from .sets import next_setter, sets_so_far

OUTCOME_CHOICES = [
    ("winner", _("Winner")),
    # Translators: a Konkan outcome: laid down groups (runs or 3-4 cards of one rank) worth at least
    # the threshold this hand.
    ("set", _("Had set")),
    # Translators: a Konkan outcome: laid down no groups this hand.
    ("not_set", _("Not set")),
]
FIELD_LABELS = {
    "outcome": _("Outcome"),
    "hand_penalty": _("Penalty"),
    "cards": _("Cards"),
    "failed_wins": _("Failed wins"),
    "joker_discard": _("Joker discard"),
    "groups": pgettext_lazy("konkan groups laid down", "Set"),
}


class KonkanSeatForm(SeatForm):
    """One player's part: the outcome the engine checks, the penalty typed or found by the card
    counter (which writes what it finds into the Penalty box, so it is read as text and compared),
    the cards left, the failed wins. A player out of the game posts the outcome "out"."""

    outcome = TextField(kept_when_absent=True)
    penalty = TextField()
    cards = TextField()
    failed_wins = WholeNumberField(kept_when_absent=True)

    @property
    def out(self):
        return self.initial["out"]

    def entry(self, problems):
        entry = {}
        if "failed_wins" in self.cleaned_data:
            entry["failed_wins"] = self.cleaned_data["failed_wins"]
        if self.cleaned_data["outcome"]:
            entry["outcome"] = self.cleaned_data["outcome"]
        penalty = (self.cleaned_data["penalty"] or "").strip()
        cards = parse_cards(self.cleaned_data["cards"])
        if penalty and cards and western_digits(penalty) == counted(self.table, cards):
            penalty = ""  # the counter wrote what it found into the Penalty field: the same number is no conflict
        if penalty:
            with problems.check():
                entry["hand_penalty"] = whole_number(penalty, player=self.name, field="hand_penalty")
        if cards:
            entry["cards"] = cards
        return entry


class KonkanHandForm(HandForm):
    seat_form = KonkanSeatForm
    joker_discard = TickField()

    def seat_initial(self, name, inputs):
        """A new hand starts with the players who set (in the set tracker) as "had set" and the
        rest as "not set": only the winner needs a tap. Players who are out are marked out: their
        outcome is part of what the form shows (fragments.hand_form_key), so the form drawn before
        a hand put them out is never the one given after it."""
        if inputs is None:
            setters = {each["player"] for each in sets_so_far(self.table)[0]}
            out = name in self.table.progress.get("out", ())
            outcome = "out" if out else "set" if name in setters else "not_set"
        else:
            outcome = inputs.get(name, {}).get("outcome", "")
        entry = (inputs or {}).get(name, {})
        return {
            "out": outcome == "out",
            "outcome": outcome,
            "penalty": entry.get("hand_penalty", ""),
            "cards": " ".join(entry.get("cards", [])),
            "failed_wins": entry.get("failed_wins", 0),
        }

    def hand_entry(self):
        return {"joker_discard": self.cleaned_data["joker_discard"]}

    @classmethod
    def title(cls, number, inputs):
        return _("Hand %(number)s") % {"number": number}

    def context(self):
        table, number = self.table, self.number
        sets, needed = sets_so_far(table)
        return {
            "sets": sets,
            "set_needed": needed,
            "next_setter": next_setter(table, sets),
            "entry_title": self.title(number, self.base),
            "entry_note": _("%(dealer)s deals") % {"dealer": table.progress["dealer"]},
            # Who a kept hand eliminates is known only to the server: offline, the turn skips only those out now.
            "entry_next_notes": dealer_notes(table, skip=table.progress["out"]),
            "submit_label": _("Save hand %(number)s") % {"number": number},
            "outcome_choices": OUTCOME_CHOICES,
            "ranks": PICKER_RANKS,
            "joker_discard": (self.base or {}).get("_hand", {}).get("joker_discard", False),
            "uses_failed_wins": table.rules["failed_win_penalty"] > 0,
            "uses_joker_discard": table.rules["joker_discard_penalty"] > 0,
        }


def counted(table, cards):
    """What the counter finds the cards worth, as the page writes it ("" for cards it refuses:
    the engine names their problem)."""
    try:
        return str(engine.card_penalty(table.rules, cards, field="cards"))
    except InputError:
        return ""
