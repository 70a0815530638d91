"""Thirteen's own filters, for its pages ({% load thirteen %})."""

import re

from django import template

from games.api import western_digits

register = template.Library()
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")


@register.filter
def bids_remaining(cards, rows):
    """Cards minus the bids typed so far (information only; may be negative)."""
    typed = [western_digits(str(row["bid"].value()).strip()) for row in rows]
    return cards - sum(int(bid) for bid in typed if WHOLE_NUMBER.fullmatch(bid))
