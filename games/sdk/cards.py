"""Card codes written as people read them ("A♠ 10♥ joker"): the reverse of games/sdk/typed.py, which
reads them as typed. Shared by the history's words, the games' own and the template filter."""

from django.utils.translation import get_language_bidi
from django.utils.translation import gettext as _

from games.sdk.typed import SUIT_SYMBOLS

SUITS = {letter: symbol for symbol, letter in SUIT_SYMBOLS.items()}


def cards(codes):
    """Card codes as people read them: "A♠ 10♥ joker"."""
    return " ".join(joker() if code == "JK" else code[:-1] + SUITS.get(code[-1:], code[-1:]) for code in codes)


def joker():
    """The joker among cards. In right-to-left text the cards are a left-to-right run, and an
    Arabic word in it would turn the numbers after it into Arabic ones (the bidi algorithm), drawing
    "A♠ 7♥ joker = 68" backwards: the word is isolated (FSI … PDI)."""
    word = _("joker")
    return f"\u2068{word}\u2069" if get_language_bidi() else word
