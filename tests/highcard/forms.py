"""The high card hand form: the card each player drew."""

from games.hand_forms import HandForm, SeatForm, WholeNumberField


class HighCardSeatForm(SeatForm):
    card = WholeNumberField(blank=None)  # an empty box is left to the engine, which asks for the card


class HighCardHandForm(HandForm):
    seat_form = HighCardSeatForm

    def context(self):
        return {
            "entry_title": f"Hand {self.number}",
            "entry_note": "",
            "submit_label": f"Save hand {self.number}",
        }
