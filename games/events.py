"""Events between hands on the web side (the engine's are in scoring/events.py): what the seats
page posts, read into an event, and each event told in words for the board, the history and a
player's total."""

from django.utils.translation import gettext as _

from scoring.base import newcomer
from scoring.errors import InputError, Problems, gettext_noop
from scoring.events import who_left

from .templatetags.cardscore import points as signed_points
from .typed import whole_number

KINDS = ("join", "leave", "replace", "adjust", "dealer")


def read(table, data):
    """The event a form of the seats page posted, as the engine takes it; InputError naming the
    field for what cannot be read (every player's points at once, for an adjustment)."""
    kind = data.get("kind")
    if kind not in KINDS:
        raise InputError(gettext_noop("unknown kind of event %(kind)s"), params={"kind": repr(kind)}, field="kind")
    event = {"kind": kind}
    if kind in ("join", "leave", "replace", "dealer"):
        event["player"] = data.get("player", "").strip()
    if kind == "replace":
        event["by"] = data.get("by", "").strip()
    if kind == "join":
        event["seat"] = whole_number(data.get("seat"), field="seat")
    if kind in ("join", "replace"):
        event["score"] = whole_number(data.get("score"), blank=None, field="score")
        # Blank: the game's joining score. A player coming back keeps their own total, whatever
        # starting total the form offered a newcomer.
        if event["score"] is None or kind == "join" and who_left(event["player"], table.state):
            del event["score"]
    if kind == "adjust":
        problems = Problems()
        points = {}
        for seat, name in enumerate(table.seated):
            with problems.check():
                points[name] = whole_number(data.get(f"points-{seat}"), player=name, field="points")
        problems.raise_found()
        event.update(points=points, reason=data.get("reason", ""))
    return event


def said(table, event):
    """An event in one line: "Eka sat down at seat 3, with 0", "pizza: Hari −20 · Asha +5"."""
    signed = not table.lower_wins
    kind = event["kind"]
    if kind == "join" and "score" not in event:
        return _("%(player)s came back, to seat %(seat)s, with their own total") % {
            "player": event["player"],
            "seat": event["seat"] + 1,
        }
    if kind == "join":
        return _("%(player)s sat down at seat %(seat)s, with %(score)s") % {
            "player": event["player"],
            "seat": event["seat"] + 1,
            "score": signed_points(event["score"], signed),
        }
    if kind == "leave":
        return _("%(player)s left the table") % {"player": event["player"]}
    if kind == "replace":
        return _("%(by)s took %(player)s's seat, with %(score)s") % {
            "by": event["by"],
            "player": event["player"],
            "score": signed_points(event["score"], signed),
        }
    if kind == "dealer":
        return _("%(player)s deals next") % {"player": event["player"]}
    # In the board's column order (PostgreSQL keeps a JSON object's keys in an order of its own).
    given = " · ".join(
        f"{name} {signed_points(event['points'][name], True)}" for name in table.players if event["points"].get(name)
    )
    return _("%(reason)s: %(points)s") % {"reason": event["reason"], "points": given}


def points_of(event, name):
    """What an event gave `name` towards their total (a newcomer's start, an adjustment), or None."""
    if event["kind"] == "adjust":
        return event["points"].get(name) or None
    if newcomer(event) == name:
        return event["score"]
    return None
