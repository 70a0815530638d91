"""How the history tells a Tarneeb hand ("bid 9, took 10 tricks, trump ♥"), and the board's line
on it, team by team ("Asha & Chandra bid 9 and took 10: +10")."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..api import SUITS, Team, points


def words(table, name, value, entry=None):
    """One input in words (games/pages/history.py); None leaves it to the generic wording."""
    if name == "bid":
        # Translators: Tarneeb: the bid is how many of the 13 tricks the bidding team promised (7 to 13).
        return _("bid %(bid)s") % {"bid": value}
    if name == "tricks" and isinstance(value, int):
        # Translators: Tarneeb: the tricks (لمّات) the bidding team took.
        return ngettext("took %(count)s trick", "took %(count)s tricks", value) % {"count": value}
    if name == "trump" and value in SUITS:
        return _("trump %(suit)s") % {"suit": SUITS[value]}
    return None


def team_words(hand, teams: list[Team]):
    """The bidding team's bid, tricks and points, then the other team's points where it scored
    (a set, or the house rule): "Bikash & Dipa bid 10 and took 9: −10", "Asha & Chandra +4"."""
    ((bidder, entry),) = hand.inputs.items()
    bidding = next(team for team in teams if bidder in team.players)
    said = ngettext(
        # Translators: Tarneeb: a team's bid, the tricks it took, its points: "Asha & Chandra bid 9 and took 10: +10".
        "%(team)s bid %(bid)s and took %(count)s: %(points)s",
        "%(team)s bid %(bid)s and took %(count)s: %(points)s",
        entry["tricks"],
    )
    told = [
        said
        % {"team": bidding.name, "bid": entry["bid"], "count": entry["tricks"], "points": points(hand.points[bidder])}
    ]
    for team in teams:
        scored = hand.points[team.players[0]]
        if team is not bidding and scored:
            told.append(f"{team.name} {points(scored)}")
    return told
