"""The seat draw and the first dealer's draw, done by the server, never by a phone.

A draw on the new-table form is shown in the form and carried to the post that starts the table
signed (`sign`/`read`): the post's own order of names is only ever the typed order, so a table is
recorded as drawn (`Table.draw`: {"seats": [...], "dealer": name}, either key alone) only when its
seats are the ones the server drew, and its first dealer only when the players are the ones the
dealer was drawn among. The first dealer is then given to the engine as a rematch's is (a "dealer"
event before hand 1), so every game's deal goes round from them by its own rule.
"""

import secrets
from collections.abc import Iterable
from typing import Any

from django.core import signing
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring import base

# The system's random source, as secrets uses (secrets.choice is this very method of one); the
# tests put a seeded random.Random in its place.
SOURCE = secrets.SystemRandom()
SALT = "games.services.draw"
# How long a draw shown in a form stays good for starting the table with it.
MAX_AGE = 24 * 3600


def seats(players: Iterable[str]) -> list[str]:
    """The players in a freshly drawn seat order."""
    drawn = list(players)
    SOURCE.shuffle(drawn)
    return drawn


def dealer(players: Iterable[str]) -> str:
    """One of the players, drawn to deal first."""
    return SOURCE.choice(list(players))


def deals(engine: base.Engine, rules: base.Rules) -> bool:
    """Whether somebody deals in this game (nobody does in the 24 Game race): only then is there a
    first dealer to draw."""
    names = [str(seat) for seat in range(1, engine.MIN_PLAYERS + 1)]
    return engine.progress(rules, names, engine.start(rules, names)).get("dealer") is not None


def sign(drawn: dict[str, Any], players: Iterable[str]) -> str:
    """`drawn` ({"seats", "dealer"}, either) for the form to carry, with the players it was drawn among."""
    return signing.dumps({**drawn, "players": sorted(players)}, salt=SALT, compress=True)


def read(token: str) -> dict[str, Any]:
    """What a signed draw says, or {} (none, altered, or too old)."""
    try:
        drawn = signing.loads(token, salt=SALT, max_age=MAX_AGE) if token else {}
    except signing.BadSignature:
        return {}
    return drawn if isinstance(drawn, dict) else {}


def holding(drawn: dict[str, Any], players: Iterable[str]) -> dict[str, Any]:
    """What of `drawn` (read()) still holds for `players` in the order they are now: the seats if
    they are still the drawn order, the dealer if the players are still those drawn among."""
    players = list(players)
    held: dict[str, Any] = {}
    if drawn.get("seats") == players:
        held["seats"] = players
    if drawn.get("players") == sorted(players) and drawn.get("dealer") in players:
        held["dealer"] = drawn["dealer"]
    return held


def again(kind: str, drawn: dict[str, Any], players: list[str]) -> tuple[list[str], dict[str, Any]]:
    """A new draw of `kind` ("seats" or "dealer") for `players` (in the order typed), keeping what
    of the earlier draw `drawn` still holds. Returns (the players in their seat order, the draw)."""
    held = holding(drawn, players)
    if kind == "seats":
        players = held["seats"] = seats(players)
    else:
        held["dealer"] = dealer(players)
    return players, held


def words(drawn: dict[str, Any]) -> list[SafeString]:
    """What was drawn, a line each (HTML, each name isolated so that a Latin name keeps its place
    in an Arabic line): "Seats drawn: Asha, Dipa, Bikash", "First dealer drawn: Dipa"."""
    lines = []
    if drawn.get("seats"):
        # The same separator as the history's lists ("winner, maal 10"): Arabic writes its own comma.
        players = format_html_join(
            pgettext("between the items of a list", ", "), "<bdi>{}</bdi>", ((name,) for name in drawn["seats"])
        )
        # The words escaped, the names format_html's: safe together.
        lines.append(mark_safe(escape(_("Seats drawn: %(players)s")) % {"players": players}))  # noqa: S308
    if drawn.get("dealer"):
        player = format_html("<bdi>{}</bdi>", drawn["dealer"])
        lines.append(mark_safe(escape(_("First dealer drawn: %(player)s")) % {"player": player}))  # noqa: S308
    return lines
