"""The high card hand form: the card each player drew."""

from django.utils.translation import gettext_lazy as _

from games.api import HandForm, SeatForm, WholeNumberField


class HighCardSeatForm(SeatForm):
    card = WholeNumberField(blank=None)  # an empty box is left to the engine, which asks for the card


class HighCardHandForm(HandForm):
    seat_form = HighCardSeatForm

    @classmethod
    def title(cls, number, inputs):
        return _("Hand %(number)s") % {"number": number}

    def context(self):
        return {
            "entry_title": self.title(self.number, self.base),
            "entry_note": "",
            "submit_label": _("Save hand %(number)s") % {"number": self.number},
        }
