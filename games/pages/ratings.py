"""A skill rating per player over a season's tables of one game: openskill's Plackett-Luce model
(Weng & Lin's Bayesian rating for games of many players), each table one match.

Ratings are not a rule of any game, so they live here, beside the roster, and take plain data: no
table, no database. The number shown is the model's cautious estimate, mu − 3 sigma (what the
player's skill is at least, almost surely), on a scale where a newcomer stands at 1000: it rises
when a player finishes above others, the more so above players rated higher, and moves the most
while the model is still unsure of a player, at their first tables.
"""

from openskill.models import PlackettLuce

START = 1000  # a newcomer's rating: mu − 3 sigma is 0 before any table
SCALE = 20  # rating points per unit of the model's skill (its newcomer's sigma is 25/3)


def season(matches):
    """Each player's rating after `matches`, best first, and how it moved table by table.

    `matches`: in the order played, (key, places) per table, where places are the sides from the
    first place down, a list of sides per place (sides level share a place), a side the names of
    the players who play as one: one player, or the partners of a team, who win or lose together
    (the model rates the team and shares its gain among them); there are at least two players in
    all. The key is handed back untouched: the caller's own table.

    Returns [{"name", "rating", "moves": [{"table": key, "before", "after", "change"}]}], best
    rating first (then by name); a player has a move at each table they sat at, and only there.
    The same matches always give the same numbers.
    """
    model = PlackettLuce()
    ratings, moves = {}, {}
    for key, places in matches:
        sides = [side for place in places for side in place]
        ranks = [rank for rank, place in enumerate(places, 1) for _ in place]
        before = {name: ratings.setdefault(name, model.rating(name=name)) for side in sides for name in side}
        after = model.rate([[before[name] for name in side] for side in sides], ranks=ranks)
        for side, rated in zip(sides, after, strict=True):
            for name, rating in zip(side, rated, strict=True):
                ratings[name] = rating
                was, now = shown(before[name]), shown(rating)
                moves.setdefault(name, []).append({"table": key, "before": was, "after": now, "change": now - was})
    ranked = sorted(ratings, key=lambda name: (-ratings[name].ordinal(), name.casefold(), name))
    return [{"name": name, "rating": shown(ratings[name]), "moves": moves[name]} for name in ranked]


def shown(rating):
    """The rating people read: the cautious estimate (mu − 3 sigma), scaled, a whole number."""
    return round(rating.ordinal(z=3, alpha=SCALE, target=START))
