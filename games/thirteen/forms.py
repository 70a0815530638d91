"""The Thirteen round form: bids first, then books on the same kind of screen, bids as hints."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring import thirteen as engine
from scoring.errors import gettext_noop

from ..api import StagedHandForm, StagedSeatForm, TextField, WholeNumberField, posted

TRUMPS = [("", _("not recorded")), ("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")]
FIELD_LABELS = {"bid": _("Bid"), "books": _("Books"), "trump": _("Trump"), "round": _("Round")}


class ThirteenSeatForm(StagedSeatForm):
    """A player's bid and books: the books form posts no bids."""

    bid = WholeNumberField(blank=None, blank_message=gettext_noop("enter a number"), kept_when_absent=True)
    books = WholeNumberField(blank=None, blank_message=gettext_noop("enter a number"), kept_when_absent=True)


class ThirteenRoundForm(StagedHandForm):
    seat_form = ThirteenSeatForm
    engine = engine.ENGINE
    titles = {
        "bids": _("Round %(number)s · bids"),
        "books": _("Round %(number)s · books"),
        "edit": _("Round %(number)s"),
    }
    trump = TextField(kept_when_absent=True)

    def seating(self):
        """Players from the first bidder of the round."""
        seated = self.table.seated_for(self.number)
        order = engine.bidding_order(seated, self.round_number, self.table.state["first_dealer"])
        return [(seated.index(name), name) for name in order]

    @property
    def round_number(self):
        return self.round_of(self.number)

    @staticmethod
    def round_of(number):
        return min(number, engine.ROUNDS)

    def hand_initial(self, inputs):
        return {"trump": (inputs or {}).get("_hand", {}).get("trump", "")}

    def hand_entry(self):
        trump = self.cleaned_data["trump"] if posted(self, "trump") else self.initial["trump"]
        return {"trump": trump} if trump else {}

    def context(self):
        step, inputs = self.stage_of(self.base), self.base
        round_number = self.round_number
        cards = engine.cards_in_round(round_number)
        submits = {"bids": _("Save the bids"), "books": _("Save the books"), "edit": _("Save the correction")}
        dealer = self.table.seated_for(self.number)[engine.dealer_seat(round_number, self.table.state["first_dealer"])]
        return {
            "entry_title": self.title(self.number, inputs),
            "entry_note": ngettext("%(cards)s card, %(dealer)s deals", "%(cards)s cards, %(dealer)s deals", cards)
            % {"cards": cards, "dealer": dealer},
            "submit_label": submits[step],
            "stage": step,
            "cards": cards,
            "all_cards_round": round_number == engine.ALL_CARDS_ROUND,
            "trumps": TRUMPS,
            "trump": "S" if round_number == engine.ALL_CARDS_ROUND else self.initial["trump"],
            "bids_total": sum(entry["bid"] for name, entry in (inputs or {}).items() if name != "_hand"),
        }
