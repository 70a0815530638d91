"""Numbers and money are formatted here and nowhere else."""

import re
from decimal import Decimal

from django import template
from django.utils.safestring import mark_safe
from django.utils import numberformat
from django.utils.formats import get_format, number_format
from django.utils.translation import get_language_bidi

from ..cards import cards
from ..language import native_separators, western_digits

register = template.Library()
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")


def left_to_right(number):
    """A signed number (or a sum) kept whole in right-to-left text: isolated left to right (LRI …
    PDI), so that its sign stays before its digits ("−12", never "12−")."""
    return f"\u2066{number}\u2069" if get_language_bidi() else number


# In a worked line's HTML: what is left alone (tags, character references, numbers already
# isolated, cards such as 10♦ written as printed), and the numbers (with a minus written on them).
WORKED_PARTS = re.compile(r"<[^>]*>|&#?\w+;|\u2066[\u2212+]?[0-9]+\u2069|[0-9]+[♠♥♦♣]|(\u2212?[0-9]+)")


def isolated_numbers(html):
    """In right-to-left pages, each number of a worked line isolated left to right (LRI … PDI).
    Bidi then sees no number beside a word or another number: an Arabic word cannot turn the
    digits after it into Arabic numbers (rule W2), nor can signs between Arabic-Indic digits run
    right to left, so "6 − 22 − 21 = 37" and "joker 50 = 78" keep their order in both digit systems."""
    if not get_language_bidi():
        return html
    return WORKED_PARTS.sub(lambda part: left_to_right(part[1]) if part[1] else part.group(), html)


class WorkedNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        return mark_safe(isolated_numbers(self.nodelist.render(context)))


@register.tag
def worked(parser, token):
    """{% worked %}…{% endworked %}: a worked line (sums, cards and the formulas in its words),
    its numbers isolated for right-to-left pages (isolated_numbers)."""
    nodelist = parser.parse(("endworked",))
    parser.delete_first_token()
    return WorkedNode(nodelist)


@register.filter
def points(value, signed=True):
    """Signed points: +12, −5, 0 (plain numbers for penalties, where lower is better)."""
    value = int(value)
    if value < 0:
        return left_to_right(f"\u2212{-value}")
    return left_to_right(f"+{value}") if value and signed else str(value)


@register.filter
def money(value, rules=None):
    """An amount of money with two decimals and the table's currency label (if any)."""
    value = Decimal(value).quantize(Decimal("0.01"))
    separators = native_separators()
    if separators:  # the marks written beside the language's own digits (games/language.py)
        decimal, thousands = separators
        amount = numberformat.format(value, decimal, decimal_pos=2, grouping=get_format("NUMBER_GROUPING"),
                                     thousand_sep=thousands, force_grouping=True)
    else:
        amount = number_format(value, decimal_pos=2, force_grouping=True)
    amount = left_to_right(amount.replace("-", "\u2212"))
    currency = (rules or {}).get("currency", "")
    return f"{amount} {currency}".strip()


@register.filter
def bids_remaining(cards, rows):
    """Thirteen: cards minus the bids typed so far (information only; may be negative)."""
    typed = [western_digits(str(row["bid"]).strip()) for row in rows]
    return cards - sum(int(bid) for bid in typed if WHOLE_NUMBER.fullmatch(bid))


@register.filter
def get_item(mapping, key):
    return mapping.get(key)


@register.filter
def clock(seconds):
    """Whole seconds as a running clock: 0:07, 12:34 (the 24 Game's timer)."""
    minutes, seconds = divmod(int(seconds), 60)
    return f"{minutes}:{seconds:02d}"


@register.filter
def sum_of(values):
    """Numbers added up as written out: [-5, -30, 7] -> "−5 − 30 + 7" (a worked line's sum)."""
    if not values:
        return "0"
    return " ".join([points(values[0], signed=False), *(sign_of(value) for value in values[1:])])


@register.filter
def minus(value, other):
    """value − other, for a worked line ("10 × 2 + 1": the books over the bid)."""
    return int(value) - int(other)


@register.filter
def card(code):
    """A card code as people read it: "A♠", "joker"."""
    return cards([code])


@register.filter
def sign_of(value):
    """A number added in a written-out sum: "+ 12", "− 5"."""
    value = int(value)
    return f"\u2212 {-value}" if value < 0 else f"+ {value}"


@register.filter
def hand_name(game, number):
    """ "Hand 3", "Round 3": what the game calls hand `number` (games/registry.py)."""
    return game.hand_name(number)


# An answer as typed on the 24 pad ("8/(3-8/3)"), with the signs people write.
SIGNS = str.maketrans({"*": " × ", "/": " ÷ ", "-": " − ", "+": " + "})


@register.filter
def written(expression):
    """An expression typed with * / - + as people write it: "8 ÷ (3 − 8 ÷ 3)"."""
    return left_to_right(" ".join(expression.translate(SIGNS).split()))
