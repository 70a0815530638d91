"""Events between hands on the web side (each kind, with its checks, its effect and its words, is
in scoring/events.py): what the seats page posts, read into an event, and an event's words
translated for the board, the history and a player's total."""

from django.utils.translation import gettext as _

from games.pages.numbers import table_points
from games.sdk.typed import typed_points, whole_number
from scoring.errors import InputError, Problems, gettext_noop
from scoring.events import KINDS, Points, who_left


def _text(table, data, event, key):
    event[key] = data.get(key, "").strip()


def _seat(table, data, event, key):
    event[key] = whole_number(data.get(key), field=key)


def _score(table, data, event, key):
    score = typed_points(data.get(key), decimals=table.engine.POINT_DECIMALS, blank=None, field=key)
    # Blank: the game's joining score. A player coming back (only a join names one who left: the
    # others name a seated player) keeps their own total, whatever starting total the form offered
    # a newcomer.
    if score is not None and not who_left(event["player"], table.state):
        event[key] = score


def _points(table, data, event, key):
    """Every seated player's points, each read in its own field, their problems all at once."""
    problems = Problems()
    points = {}
    for seat, name in enumerate(table.seated):
        with problems.check():
            points[name] = typed_points(
                data.get(f"{key}-{seat}"), decimals=table.engine.POINT_DECIMALS, player=name, field=key
            )
    problems.raise_found()
    event[key] = points


def _reason(table, data, event, key):
    event[key] = data.get(key, "")


# How each key an event kind takes (its KEYS) is read from the seats page's form.
READERS = {"player": _text, "by": _text, "seat": _seat, "score": _score, "points": _points, "reason": _reason}


def read(table, data):
    """The event a form of the seats page posted, as the engine takes it; InputError naming the
    field for what cannot be read (every player's points at once, for an adjustment)."""
    kind = data.get("kind")
    if kind not in KINDS:
        raise InputError(gettext_noop("unknown kind of event %(kind)s"), params={"kind": repr(kind)}, field="kind")
    event = {"kind": kind}
    for key in KINDS[kind].KEYS:
        READERS[key](table, data, event, key)
    return event


def _written(table, value):
    if isinstance(value, Points):
        return table_points(table, value.value, value.signed)
    if isinstance(value, dict):
        # In the board's column order (PostgreSQL keeps a JSON object's keys in an order of its own).
        return " · ".join(f"{name} {_written(table, value[name])}" for name in table.players if name in value)
    return value


def said(table, event):
    """An event in one line: "Eka sat down at seat 3, with 0", "pizza: Hari −20 · Asha +5"."""
    words = KINDS[event["kind"]].words(table.engine, table.rules, event)
    return _(words.message) % {key: _written(table, value) for key, value in words.params.items()}


def points_of(event, name):
    """What an event gave `name` towards their total (a newcomer's start, an adjustment), or None."""
    return KINDS[event["kind"]].points_to(event, name)


def sat_down_after(table, name):
    """The hand after which `name` first sat down at the table: 0 for a player there from the start
    (or seated before the first hand)."""
    seated_by = [event["after"] for event in table.events if KINDS[event["kind"]].newcomer(event) == name]
    return seated_by[0] if seated_by else 0
