"""Konkan's set tracker: the sets laid down in the hand being played, each checked as it is laid
down, and what the next one must reach."""

from scoring import konkan as engine
from scoring.errors import InputError, gettext_noop

from ..api import parse_groups, whole_number


def sets_so_far(table):
    """The sets laid down in the hand being played, and what the next player must reach."""
    sets = table.current_hand.get("sets", [])
    return sets, engine.set_threshold_needed(table.rules, [each["value"] for each in sets])


def next_setter(table, sets):
    """Who the set tracker offers first: the next player in play after the last one who set."""
    playing = engine.living(table.state)
    if not sets or sets[-1]["player"] not in playing:
        return playing[0] if playing else ""
    return playing[(playing.index(sets[-1]["player"]) + 1) % len(playing)]


def record_set(table, player, groups_text, score_text):
    """Check a set as a player lays it down (its groups, or just its score) and remember it."""
    if player not in table.seated:
        raise InputError(gettext_noop("choose who is setting"), field="player")
    if table.progress.get("game_over") or table.finished:
        raise InputError(gettext_noop("the game is over"), field="player")
    if player in table.progress.get("out", ()):
        raise InputError(gettext_noop("%(player)s is out of the game"), params={"player": player}, field="player")
    sets, _needed = sets_so_far(table)
    # A player sets once a hand, so a hand's sets are at most its players.
    if any(each["player"] == player for each in sets):
        raise InputError(
            gettext_noop("%(player)s has set already in this hand"), params={"player": player}, field="player"
        )
    highest = max((each["value"] for each in sets), default=0)
    if (score_text or "").strip():
        score = whole_number(score_text, player=player, field="groups")
        value = engine.check_set_score(table.rules, score, highest, player=player)
    else:
        value = engine.check_set(
            table.rules, parse_groups(groups_text, player=player, field="groups"), highest, player=player
        )
    return [*sets, {"player": player, "value": value}]
