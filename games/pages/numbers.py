"""Numbers and money as people read them, in the page's language: signed points, sums written
out, amounts with their currency, times in words. Formatted here and nowhere else; the templates
reach these through the cardscore tags (games/templatetags/cardscore.py)."""

import re
from decimal import Decimal

from django.utils import numberformat
from django.utils.formats import get_format, number_format
from django.utils.translation import get_language_bidi, ngettext
from django.utils.translation import gettext as _

from games.plumbing.language import native_separators, number_separators


def left_to_right(number):
    """A signed number (or a sum) kept whole in right-to-left text: isolated left to right (LRI …
    PDI), so that its sign stays before its digits ("−12", never "12−")."""
    return f"\u2066{number}\u2069" if get_language_bidi() else number


# In a worked line's HTML: what is left alone (tags, character references, numbers already
# isolated, cards such as 10♦ written as printed), and the numbers (with a minus written on them).
WORKED_PARTS = re.compile(
    r"<[^>]*>|&#?\w+;|\u2066[\u2212+]?[0-9]+(?:[.٫][0-9]+)?\u2069|[0-9]+[♠♥♦♣]|(\u2212?[0-9]+(?:[.٫][0-9]+)?)"
)


def isolated_numbers(html):
    """In right-to-left pages, each number of a worked line isolated left to right (LRI … PDI).
    Bidi then sees no number beside a word or another number: an Arabic word cannot turn the
    digits after it into Arabic numbers (rule W2), nor can signs between Arabic-Indic digits run
    right to left, so "6 − 22 − 21 = 37" and "joker 50 = 78" keep their order in both digit systems."""
    if not get_language_bidi():
        return html
    return WORKED_PARTS.sub(lambda part: left_to_right(part[1]) if part[1] else part.group(), html)


def number_text(value):
    """A number without its sign, as the page writes it: a whole number as it is, an exact Decimal
    with its decimal mark (Arabic writes ٫ beside its own digits: "٣٫٢")."""
    if not isinstance(value, Decimal):
        return str(int(value))
    separators = native_separators()
    return str(value).replace(".", separators[0]) if separators else str(value)


def points(value, signed=True):
    """Signed points: +12, −5, 0, +3.2 (plain numbers for penalties, where lower is better). A
    game's units become points people read with `shown` first."""
    value = value if isinstance(value, Decimal) else int(value)
    if value < 0:
        return left_to_right(f"\u2212{number_text(-value)}")
    return left_to_right(f"+{number_text(value)}") if value and signed else number_text(value)


def duration(seconds):
    """A time in words, to the nearest minute: "less than a minute", "4 min", "1 h 12 min", "2 days 3 h"
    (its digits written as the page's, like every number on it: games/plumbing/language.py)."""
    minutes = (int(seconds) + 30) // 60
    if not minutes:
        return _("less than a minute")
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    parts = [
        ngettext("%(count)s day", "%(count)s days", days) % {"count": days} if days else "",
        # Translators: hours, shortened as on a clock ("1 h 12 min").
        ngettext("%(count)s h", "%(count)s h", hours) % {"count": hours} if hours else "",
        # Translators: minutes, shortened as on a clock ("1 h 12 min"); none are said beside days.
        ngettext("%(count)s min", "%(count)s min", minutes) % {"count": minutes} if minutes and not days else "",
    ]
    return " ".join(part for part in parts if part)


def money(value, rules=None):
    """An amount of money with two decimals and the table's currency label (if any)."""
    value = Decimal(value).quantize(Decimal("0.01"))
    separators = number_separators()
    if separators:  # the marks written beside the language's own digits, or Arabic's point (games/plumbing/language.py)
        decimal, thousands = separators
        amount = numberformat.format(
            value,
            decimal,
            decimal_pos=2,
            grouping=get_format("NUMBER_GROUPING"),
            thousand_sep=thousands,
            force_grouping=True,
        )
    else:
        amount = number_format(value, decimal_pos=2, force_grouping=True)
    amount = left_to_right(amount.replace("-", "\u2212"))
    currency = (rules or {}).get("currency", "")
    return f"{amount} {currency}".strip()


def owed(amount, rules):
    """What a balance or a payment comes to, without its sign: money at a table with a rate,
    otherwise points (a zero-sum score sheet played for points)."""
    if "point_rate" in rules:
        return money(abs(amount["money"]), rules)
    return points(abs(amount["points"]), False)


def sum_of(values):
    """Numbers added up as written out: [-5, -30, 7] -> "−5 − 30 + 7" (a worked line's sum)."""
    if not values:
        return "0"
    return " ".join([points(values[0], signed=False), *(sign_of(value) for value in values[1:])])


def sign_of(value):
    """A number added in a written-out sum: "+ 12", "− 5"."""
    value = value if isinstance(value, Decimal) else int(value)
    return f"\u2212 {number_text(-value)}" if value < 0 else f"+ {number_text(value)}"


def table_points(table, units, signed=True):
    """A table's points in its game's units as people read them: the game's number (Game.shown),
    signed as the board writes it."""
    return points(table.game_descriptor.shown(units), signed)
