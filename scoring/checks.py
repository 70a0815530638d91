"""Small type checks shared by every game's validation; each raises InputError naming the field."""

import unicodedata
from collections.abc import Collection, Iterable, Mapping
from copy import deepcopy
from decimal import Decimal, InvalidOperation
from typing import Any

from .errors import InputError, gettext_noop


def overlay(
    defaults: dict[str, Any], rules: Any, point_keys: Iterable[str] = (), maximum: int = 10_000
) -> dict[str, Any]:
    """A game's default rules overlaid with `rules` (unknown keys refused), point amounts checked."""
    only_keys(rules, defaults, field="rules")
    clean = deepcopy(defaults)
    clean.update(deepcopy(rules))
    for key in point_keys:
        whole_number(clean[key], maximum=maximum, field=key)
    return clean


def whole_number(value: Any, *, minimum: int = 0, maximum: int | None = None, **where: Any) -> int:
    """A JSON whole number (never a bool, never a float) within bounds."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(gettext_noop("must be a whole number"), **where)
    if value < minimum:
        raise InputError(gettext_noop("must be at least %(minimum)s"), params={"minimum": minimum}, **where)
    if maximum is not None and value > maximum:
        raise InputError(gettext_noop("must be at most %(maximum)s"), params={"maximum": maximum}, **where)
    return value


TENTH = Decimal("0.1")


def tenths(value: Any, *, minimum: int, maximum: int, **where: Any) -> int:
    """A number with at most one decimal, between `minimum` and `maximum`, counted exactly in
    tenths: 3.2 is 32. An int, a JSON float (read through its shortest text, so 3.2 is exactly 3.2)
    or a Decimal (a form's); never a bool, never a rounding."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        raise InputError(gettext_noop("must be a number"), **where)
    amount = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    if not amount.is_finite():
        raise InputError(gettext_noop("must be a number"), **where)
    # The bounds first: a comparison holds for any exponent, where arithmetic on 1E+999999999 overflows.
    if amount < minimum:
        raise InputError(gettext_noop("must be at least %(minimum)s"), params={"minimum": minimum}, **where)
    if amount > maximum:
        raise InputError(gettext_noop("must be at most %(maximum)s"), params={"maximum": maximum}, **where)
    if amount != amount.quantize(TENTH):
        raise InputError(gettext_noop("may have at most one decimal"), **where)
    return int(amount * 10)


def boolean(value: Any, **where: Any) -> bool:
    if not isinstance(value, bool):
        raise InputError(gettext_noop("must be true or false"), **where)
    return value


def text(value: Any, *, max_length: int, name: bool = False, lines: bool = False, **where: Any) -> str:
    """Text of at most `max_length` characters, without spaces at its ends and without control
    characters; `name`: a name (a table's, a group's), checked as `visible`; `lines`: a newline
    may part its lines."""
    if not isinstance(value, str):
        raise InputError(gettext_noop("must be text"), **where)
    if len(value) > max_length:
        raise InputError(gettext_noop("must be at most %(count)s characters"), params={"count": max_length}, **where)
    if name:
        visible(value, **where)
    elif not readable(value.replace("\n", "") if lines else value):
        raise InputError(gettext_noop("cannot contain control or invisible characters"), **where)
    return value.strip()


# Nepali spells with the zero-width non-joiner and joiner (श्‍याम has a joiner): the only
# invisible characters a name keeps.
JOINERS = frozenset("\u200c\u200d")
INVISIBLE = frozenset(("Cc", "Cf", "Zl", "Zp"))  # control, format, line and paragraph separators


def readable(value: str) -> bool:
    """No control or invisible characters but the joiners: a zero-width space (U+200B) makes two
    texts look the same, a direction mark or isolate (U+202E, U+2066) turns the line around them
    ("paid 05" shown for "paid 50"), a control character or a line break cuts it (and a NUL cannot
    even be stored by PostgreSQL)."""
    return not any(unicodedata.category(character) in INVISIBLE and character not in JOINERS for character in value)


def visible(name: str, **where: Any) -> str:
    """A name that is `readable`."""
    if not readable(name):
        raise InputError(gettext_noop("a name cannot contain control or invisible characters"), **where)
    return name


def rate(value: Any, **where: Any) -> int | float:
    """A positive amount with at most two decimals (a JSON number, or the Decimal a table file is
    read into), kept as int or float for JSON."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        raise InputError(gettext_noop("must be a number"), **where)
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise InputError(gettext_noop("must be a number"), **where) from None
    if not amount.is_finite() or amount <= 0:
        raise InputError(gettext_noop("must be more than 0"), **where)
    exponent = amount.as_tuple().exponent  # a whole number, as the amount is finite
    if isinstance(exponent, int) and exponent < -2:
        raise InputError(gettext_noop("may have at most two decimals"), **where)
    if amount > 1_000_000:
        raise InputError(gettext_noop("must be at most 1000000"), **where)
    return int(amount) if amount == amount.to_integral_value() else float(amount)


def only_keys(mapping: Any, allowed: Collection[str] | Mapping[str, Any], **where: Any) -> dict[str, Any]:
    if not isinstance(mapping, dict):
        raise InputError(gettext_noop("must be an object"), **where)
    unknown = sorted(set(mapping) - set(allowed))
    if unknown:
        raise InputError(
            gettext_noop("unknown key %(key)s"), params={"key": repr(unknown[0])}, **{**where, "field": unknown[0]}
        )
    return mapping


def hand_inputs(inputs: Any, players: Collection[str], hand: int | None) -> None:
    """One hand's inputs: an object whose keys are the table's players, and "_hand"."""
    if not isinstance(inputs, dict):
        raise InputError(gettext_noop("must be an object"), hand=hand, field="inputs")
    for key in inputs:
        if key not in players and key != "_hand":
            raise InputError(gettext_noop("is not a player at this table"), hand=hand, player=str(key))


def players(names: Any, *, minimum: int, maximum: int) -> list[str]:
    """Seating order of unique, non-blank names, none starting with '_'."""
    if not isinstance(names, list):
        raise InputError(gettext_noop("must be a list of names"), field="players")
    if not minimum <= len(names) <= maximum:
        raise InputError(
            gettext_noop("a table needs exactly %(minimum)s players")
            if minimum == maximum
            else gettext_noop("a table needs %(minimum)s to %(maximum)s players"),
            params={"minimum": minimum, "maximum": maximum},
            field="players",
        )
    seen = set()
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise InputError(gettext_noop("a player's name cannot be blank"), field="players")
        if name != name.strip():
            raise InputError(gettext_noop("a name cannot start or end with spaces"), player=name, field="players")
        visible(name, field="players")
        if name.startswith("_"):
            raise InputError(gettext_noop("a name cannot start with '_'"), player=name, field="players")
        if len(name) > 40:
            raise InputError(gettext_noop("a name can be at most 40 characters"), player=name, field="players")
        if name.casefold() in seen:
            raise InputError(gettext_noop("two players have this name"), player=name, field="players")
        seen.add(name.casefold())
    return list(names)
