"""Reading what is typed or tapped on a phone: whole numbers, and card codes ("AS 10H jk",
"A♠ 7♥", groups split by "/"). The engine checks what they mean."""

import re
from decimal import Decimal
from typing import Any

from games.plumbing.language import western_digits
from scoring.errors import InputError, gettext_noop

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
DECIMAL = re.compile(r"[-+]?[0-9]+(?:\.[0-9]+)?")
PICKER_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def whole_number(value: str | None, *, blank: int | None = 0, **where: Any) -> int | None:
    """A typed whole number ('' is `blank`), in Western, Arabic-Indic or Devanagari digits; text or
    fractions are refused with a message."""
    value = western_digits((value or "").strip()).replace("−", "-")  # a typographic minus too
    if not value:
        return blank
    try:
        return int(value)
    except ValueError:
        raise InputError(gettext_noop("must be a whole number"), **where) from None


def typed_points(value, *, decimals, blank=0, **where):
    """Typed points in a game with `decimals` decimals (Engine.POINT_DECIMALS): a whole number as
    whole_number() reads it, or, in a game of tenths, the exact Decimal typed ("3.2", "३.२", "٣٫٢"),
    never a float; the engine checks how many decimals it has."""
    if not decimals:
        return whole_number(value, blank=blank, **where)
    text = western_digits((value or "").strip()).replace("−", "-")
    if not text:
        return blank
    if not DECIMAL.fullmatch(text):
        raise InputError(gettext_noop("must be a number"), **where)
    return Decimal(text)


def parse_cards(text):
    """A list of card codes from free text (upper-cased, suit symbols turned into letters, a rank
    typed in the phone's own digits read as the Western one printed on the card)."""
    text = western_digits(text or "").upper()
    for symbol, letter in SUIT_SYMBOLS.items():
        text = text.replace(symbol, letter)
    return text.replace(",", " ").split()


def parse_groups(text, **where):
    """Groups of card codes, one group per "/" or line."""
    groups = [parse_cards(part) for part in (text or "").replace("\n", "/").split("/")]
    groups = [group for group in groups if group]
    if not groups:
        raise InputError(gettext_noop("enter the groups (e.g. AH 2H 3H / 7S 7D JK=7C) or the set's score"), **where)
    return groups
