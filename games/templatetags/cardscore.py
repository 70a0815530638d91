"""Numbers and money are formatted here and nowhere else."""

import re
from decimal import Decimal

from django import template
from django.utils.formats import number_format

register = template.Library()
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")


@register.filter
def points(value, signed=True):
    """Signed points: +12, −5, 0 (plain numbers for penalties, where lower is better)."""
    value = int(value)
    if value < 0:
        return f"\u2212{-value}"
    return f"+{value}" if value and signed else str(value)


@register.filter
def money(value, rules=None):
    """An amount of money with two decimals and the table's currency label (if any)."""
    amount = number_format(Decimal(value).quantize(Decimal("0.01")), decimal_pos=2, force_grouping=True)
    amount = amount.replace("-", "\u2212")
    currency = (rules or {}).get("currency", "")
    return f"{amount} {currency}".strip()


@register.filter
def bids_remaining(cards, rows):
    """Thirteen: cards minus the bids typed so far (information only; may be negative)."""
    typed = [str(row["bid"]).strip() for row in rows]
    return cards - sum(int(bid) for bid in typed if WHOLE_NUMBER.fullmatch(bid))


@register.filter
def get_item(mapping, key):
    return mapping.get(key)


@register.filter
def clock(seconds):
    """Whole seconds as a running clock: 0:07, 12:34 (the 24 Game's timer)."""
    minutes, seconds = divmod(int(seconds), 60)
    return f"{minutes}:{seconds:02d}"
