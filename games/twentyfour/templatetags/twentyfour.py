"""The 24 Game's own filters, for its pages ({% load twentyfour %})."""

from django import template

from games.api import left_to_right

register = template.Library()


@register.filter
def clock(seconds):
    """Whole seconds as a running clock: 0:07, 12:34 (the timer)."""
    minutes, seconds = divmod(int(seconds), 60)
    return f"{minutes}:{seconds:02d}"


# An answer as typed on the pad ("8/(3-8/3)"), with the signs people write.
SIGNS = str.maketrans({"*": " × ", "/": " ÷ ", "-": " − ", "+": " + "})


@register.filter
def written(expression):
    """An expression typed with * / - + as people write it: "8 ÷ (3 − 8 ÷ 3)"."""
    return left_to_right(" ".join(expression.translate(SIGNS).split()))
