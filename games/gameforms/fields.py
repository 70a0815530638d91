"""Reading numbers typed on a phone; the engine checks their range."""

from scoring.errors import InputError


def whole_number(value, *, blank=0, **where):
    """A typed whole number ('' is `blank`); text or fractions are refused with a message."""
    value = (value or "").strip()
    if not value:
        return blank
    try:
        return int(value)
    except ValueError:
        raise InputError("must be a whole number", **where) from None
