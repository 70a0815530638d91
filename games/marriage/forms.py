"""The Marriage hand form: a status per player, maal typed or counted, dublee and foul."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import marriage as engine
from scoring.errors import InputError, gettext_noop

from ..api import (
    HandForm,
    SeatForm,
    TextField,
    TickField,
    WholeNumberField,
    dealer_notes,
    input_errors,
    western_digits,
    whole_number,
)

STATUS_CHOICES = [
    ("winner", _("Winner")),
    # Translators: a Marriage player's state in a hand: has shown three sets and seen the tiplu (the
    # joker card), so their maal counts.
    ("seen", pgettext_lazy("marriage player", "Seen")),
    # Translators: a Marriage player's state in a hand: has not shown three sets; their maal does not count.
    ("unseen", pgettext_lazy("marriage player", "Unseen")),
    # Translators: a Marriage player's state: sits this hand out.
    ("out", pgettext_lazy("marriage player", "Out")),
]
COUNTERS = [
    # Translators: Marriage's bonus cards (maal): the tiplu is the joker card, poplu the card one rank
    # above it, jhiplu one below; a tunnella is three identical cards. Keep the Nepali card names.
    ("tiplu", _("Tiplu")),
    ("poplu", _("Poplu")),
    ("jhiplu", _("Jhiplu")),
    ("tunnella_ordinary", _("Tunnella")),
    ("tunnella_joker", _("Joker tunnella")),
    ("tunnella_poplu_jhiplu", _("Poplu/jhiplu tunnella")),
]

FIELD_LABELS = {
    "status": _("Status"),
    "maal": _("Maal"),
    "maal_counts": _("Maal counts"),
    "dublee": _("Dublee"),
    "foul": _("Foul"),
    **dict(COUNTERS),
}


class MarriageSeatForm(SeatForm):
    """One player's part: the status the engine checks, the maal typed or found by the counter
    (the counter writes what it finds into the Maal box, so it is read as text and compared), the
    counter's cards, dublee and foul."""

    status = TextField()
    maal = TextField()
    tiplu = WholeNumberField()
    poplu = WholeNumberField()
    jhiplu = WholeNumberField()
    tunnella_ordinary = WholeNumberField()
    tunnella_joker = WholeNumberField()
    tunnella_poplu_jhiplu = WholeNumberField()
    dublee = TickField()
    foul = TickField()

    @property
    def counted_maal(self):
        """What the counter found in the stored hand (a posted form shows what was posted)."""
        counts = None if self.is_bound else self.initial.get("maal_counts")
        return engine.count_maal(self.table.rules["maal_table"], counts) if counts else None

    @property
    def status_label(self):
        return _("Status of %(name)s") % {"name": self.name}

    @property
    def counters(self):
        return [{"field": self[field], "label": label} for field, label in COUNTERS]

    @property
    def counting(self):
        """Whether the counter opens: it found the stored maal, or cards are typed into it."""
        return self.counted_maal is not None or any(
            str(self[field].value()).strip() not in ("", "0") for field, _label in COUNTERS
        )

    def typing_errors(self):
        """The counter's boxes are read together: the first that cannot be read is the problem."""
        return super().typing_errors()[:1]

    def counts(self):
        """The counter's cards as docs/FORMAT.md's maal_counts; InputError if one cannot be read."""
        for error in input_errors(self, self.name)[:1]:
            raise error
        values = self.cleaned_data
        return {
            "tiplu": values["tiplu"],
            "poplu": values["poplu"],
            "jhiplu": values["jhiplu"],
            "tunnellas": {kind: values[f"tunnella_{kind}"] for kind in engine.TUNNELLA_KINDS},
        }

    def entry(self, problems):
        entry = {"dublee": self.cleaned_data["dublee"], "foul": self.cleaned_data["foul"]}
        if self.cleaned_data["status"]:
            entry["status"] = self.cleaned_data["status"]
        if any(field not in self.cleaned_data for field, _label in COUNTERS):
            return entry  # a counter that cannot be read is reported already; the maal waits for it
        with problems.check():
            counts = self.counts()
            typed = western_digits((self.cleaned_data["maal"] or "").strip())
            if counts != engine.empty_counts():
                counted = engine.count_maal(
                    self.table.rules["maal_table"], engine.validate_counts(counts, player=self.name)
                )
                # The counter writes what it finds into the Maal field: the same number is no conflict.
                if typed and typed != str(counted):
                    raise InputError(
                        gettext_noop("the counter found %(counted)s maal but %(typed)s is typed: clear one"),
                        params={"counted": counted, "typed": typed},
                        player=self.name,
                        field="maal",
                    )
                entry["maal_counts"] = counts
            else:
                entry["maal"] = whole_number(typed, player=self.name, field="maal")
        return entry


class MarriageHandForm(HandForm):
    seat_form = MarriageSeatForm

    def seat_initial(self, name, inputs):
        """A new hand starts with every player seen, the usual case: only the winner and the
        unseen need a tap."""
        entry = (inputs or {}).get(name, {})
        counts = entry.get("maal_counts") or engine.empty_counts()
        counted = engine.count_maal(self.table.rules["maal_table"], counts) if entry.get("maal_counts") else None
        return {
            "status": entry.get("status", "seen" if inputs is None else ""),
            "maal": entry.get("maal", "") if counted is None else counted,
            "maal_counts": entry.get("maal_counts"),
            **{item: counts[item] for item in engine.COUNT_LIMITS},
            **{f"tunnella_{kind}": counts["tunnellas"][kind] for kind in engine.TUNNELLA_KINDS},
            "dublee": entry.get("dublee", False),
            "foul": entry.get("foul", False),
        }

    @classmethod
    def title(cls, number, inputs):
        return _("Hand %(number)s") % {"number": number}

    def context(self):
        table, number = self.table, self.number
        rules = table.rules
        upcoming = number == table.state["hands"] + 1
        return {
            "entry_title": self.title(number, self.base),
            # Who dealt an earlier hand is not kept (the seats may have changed since): the next one's is.
            "entry_note": _("%(dealer)s deals") % {"dealer": table.progress["dealer"]} if upcoming else "",
            "entry_next_notes": dealer_notes(table) if upcoming else "",
            "submit_label": _("Save hand %(number)s") % {"number": number},
            "status_choices": STATUS_CHOICES,
            "rules_use_dublee": rules["dublee_bonus"] > 0 or rules["dublee_seen_points"] != rules["seen_points"],
            "rules_use_foul": rules["foul_fine"] > 0,
        }
