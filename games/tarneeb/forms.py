"""The Tarneeb hand form: who won the bidding, the bid and the bidding team's tricks, on one screen.

A Tarneeb hand has no part per player: the hand's own fields tell it, and its inputs name only the
player who won the bidding (docs/rules/tarneeb.md).
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import tarneeb as engine
from scoring.errors import InputError, gettext_noop

from ..api import SUITS, HandForm, TextField, WholeNumberField

# Translators: Tarneeb: the trump (طرنيب) is the suit the winning bidder names.
TRUMPS = [("", _("not noted")), *((suit, SUITS[suit]) for suit in engine.SUITS)]
FIELD_LABELS = {
    # Translators: Tarneeb: the player whose bid was the highest, whose team must take that many tricks.
    "bidder": _("Won the bidding"),
    "bid": _("Bid"),
    # Translators: Tarneeb: the tricks (لمّات) the bidding team took, 0 to 13.
    "tricks": _("Tricks the bidding team took"),
    "trump": _("Trump"),
    "hand": _("Hand"),
}
HAND_FIELDS = ("bidder", "bid", "tricks", "trump")
TEAMS = [
    # Translators: Tarneeb: the team of players 1 and 3 (partners sit opposite), where its name is typed.
    _("Team of players 1 and 3"),
    # Translators: Tarneeb: the team of players 2 and 4, where its name is typed.
    _("Team of players 2 and 4"),
]


class TeamNamesWidget(forms.MultiWidget):
    def __init__(self):
        super().__init__(
            [
                forms.TextInput(attrs={"aria-label": label, "placeholder": label, "maxlength": engine.TEAM_NAME_LENGTH})
                for label in TEAMS
            ]
        )

    def decompress(self, value):
        return value or ["" for _label in TEAMS]


class TeamNamesField(forms.MultiValueField):
    """The new-table form's names of the two teams: both, or neither (the partners' names then)."""

    def __init__(self, **kwargs):
        names = [forms.CharField(max_length=engine.TEAM_NAME_LENGTH, required=False) for _seats in engine.TEAM_SEATS]
        super().__init__(names, require_all_fields=False, required=False, **kwargs)
        self.widget = TeamNamesWidget()
        self.max_length = engine.TEAM_NAME_LENGTH  # the new-table page gives it a line of its own, as a name

    def compress(self, data_list):
        names = [name.strip() for name in data_list]
        return names if any(names) else []


class TarneebHandForm(HandForm):
    bidder = TextField()
    bid = WholeNumberField(blank=None, blank_message=gettext_noop("enter a number"))
    tricks = WholeNumberField(blank=None, blank_message=gettext_noop("enter a number"))
    trump = TextField()

    def seating(self):
        """No part per player: the hand's own fields tell it."""
        return []

    @classmethod
    def title(cls, number, inputs):
        return _("Hand %(number)s") % {"number": number}

    def hand_initial(self, inputs):
        """A new hand with the lowest bid, 7, ready; a recorded one as it was entered."""
        for name, entry in (inputs or {}).items():
            if name != "_hand":
                return {"bidder": name, "bid": entry["bid"], "tricks": entry["tricks"], "trump": entry.get("trump", "")}
        return {"bid": engine.LOWEST_BID}

    def own_inputs(self):
        """{bidder: {bid, tricks, trump}} from the fields that could be read; without a bidder, no
        entry (the engine asks who won the bidding)."""
        bidder = self.cleaned_data.get("bidder")
        return {bidder: self.own_entry()} if bidder else {}

    def clean(self):
        """Every problem at once: no tricks chosen is one of its own, and without a bidder the bid,
        tricks and trump are still checked (the engine checks them as the bidder's)."""
        if self.cleaned_data.get("tricks") is None and "tricks" not in self.errors:
            # Translators: Tarneeb: the tricks (لمّات) the bidding team took, 0 to 13.
            self.problems.add(InputError(gettext_noop("say how many tricks the bidding team took"), field="tricks"))
        if not self.cleaned_data.get("bidder"):
            with self.problems.check():
                engine.validate_bid(self.own_entry())
        return super().clean()

    def own_entry(self):
        """The bid, tricks and trump from the fields that could be read."""
        entry = {name: self.cleaned_data[name] for name in ("bid", "tricks") if self.cleaned_data.get(name) is not None}
        if trump := self.cleaned_data.get("trump"):
            entry["trump"] = trump
        return entry

    def refused(self, error):
        """Each problem beside its field: one a field (a number that cannot be read is not also
        "missing"), linked to the field's place in the form."""
        listed, shown = super().refused(error), {}
        in_form_order = sorted(
            listed, key=lambda problem: HAND_FIELDS.index(problem["field"]) if problem["field"] in HAND_FIELDS else -1
        )
        for problem in in_form_order:
            field = problem["field"] if problem["field"] in HAND_FIELDS else None
            shown.setdefault(
                field or problem["message"], {**problem, "target": f"hand-{field}" if field else "new-hand"}
            )
        return list(shown.values())

    def page(self, error=None):
        context = super().page(error)
        context["field_problems"] = {problem["field"]: problem["message"] for problem in context["problems"]}
        return context

    def context(self):
        seated = self.table.seated_for(self.number)
        first_dealer = self.table.state["first_dealer"]
        order = engine.bidding_order(seated, self.number, first_dealer)
        dealer = seated[engine.dealer_seat(self.number, first_dealer)]
        return {
            "entry_title": self.title(self.number, self.base),
            "entry_note": _("%(dealer)s deals, %(first)s bids first") % {"dealer": dealer, "first": order[0]},
            "submit_label": _("Save the correction") if self.base else _("Save the hand"),
            # each bidder with their partner, opposite them
            "bidders": [(name, seated[(seated.index(name) + 2) % 4]) for name in order],
            "bids": list(range(engine.LOWEST_BID, engine.TRICKS + 1)),
            "tricks": list(range(engine.TRICKS + 1)),
            "trumps": TRUMPS,
        }
