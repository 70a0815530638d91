"""Ratings over a season (games/pages/ratings.py): openskill's Plackett-Luce model, held to a second
computation written here from Weng & Lin's paper, and to numbers checked by hand."""

import math

from games.pages import ratings

# Asha wins all three tables; at the first Bikash and Chandra are level, at the third Chandra is away.
SEASON = [
    ("Friday 1", [[["Asha"]], [["Bikash"], ["Chandra"]]]),
    ("Friday 2", [[["Asha"]], [["Bikash"]], [["Chandra"]]]),
    ("Friday 3", [[["Asha"]], [["Bikash"]]]),
]
# Tarneeb: partners win or lose together. Asha & Chandra beat Bikash & Dipa, then Asha & Bikash beat
# Chandra & Dipa; at the third, Asha & Chandra and Bikash & Dipa end level.
TEAM_SEASON = [
    ("Night 1", [[["Asha", "Chandra"]], [["Bikash", "Dipa"]]]),
    ("Night 2", [[["Asha", "Bikash"]], [["Chandra", "Dipa"]]]),
    ("Night 3", [[["Asha", "Chandra"], ["Bikash", "Dipa"]]]),
]


def reference(matches):
    """The same ratings worked out again from Weng & Lin (2011), Algorithm 4 (Plackett-Luce), with
    openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001, gamma = a side's
    sigma / c). A side's mu and variance are its players' summed; a player takes the share of the
    side's change that their variance is of the side's; sides level each move by their own (a draw
    costs the stronger side a little). Returns {name: [shown rating after each of their tables]}."""
    beta, tau, kappa = 25 / 6, 25 / 300, 0.0001
    mu, variance, shown = {}, {}, {}
    for _, places in matches:
        sides = [tuple(side) for place in places for side in place]
        rank = {side: number for number, place in enumerate(places) for side in map(tuple, place)}
        for name in (name for side in sides for name in side):
            mu.setdefault(name, 25.0)
            variance[name] = variance.get(name, (25 / 3) ** 2) + tau**2  # sigma widened by tau first
        side_mu = {side: sum(mu[name] for name in side) for side in sides}
        side_variance = {side: sum(variance[name] for name in side) for side in sides}
        c = math.sqrt(sum(side_variance[side] + beta**2 for side in sides))
        strength = {side: math.exp(side_mu[side] / c) for side in sides}
        # S_q: the strengths of every side placed at q or below; A_q: how many sides share q's place
        below = {side: sum(strength[other] for other in sides if rank[other] >= rank[side]) for side in sides}
        level = {side: sum(rank[other] == rank[side] for other in sides) for side in sides}
        change, new_variance = {}, {}
        for i in sides:
            omega = delta = 0.0
            for q in sides:
                if rank[q] <= rank[i]:
                    p = strength[i] / below[q]
                    omega += ((i == q) - p) / level[q]
                    delta += p * (1 - p) / level[q]
            gamma = math.sqrt(side_variance[i]) / c
            for name in i:
                share = variance[name] / side_variance[i]
                change[name] = share * side_variance[i] / c * omega
                new_variance[name] = variance[name] * max(1 - share * side_variance[i] / c**2 * delta * gamma, kappa)
        for name in change:
            mu[name] += change[name]
            variance[name] = new_variance[name]
            shown.setdefault(name, []).append(round(1000 + 20 * (mu[name] - 3 * math.sqrt(variance[name]))))
    return shown


def test_a_season_rated_table_by_table_as_checked_by_hand():
    # Friday 1, by hand: c² = 3 (sigma² + tau² + beta²) = 260.44; Asha's mu gains 69.45 / 16.138 × 2/3 = 2.869
    # and her sigma falls to 8.205: 1000 + 20 (27.869 − 3 × 8.205) = 1065; Bikash and Chandra each lose
    # 1/3 × 4.304 = 1.435 of mu, their sigma 8.058: 1000 + 20 (23.566 − 24.175) = 988.
    season = ratings.season(SEASON)
    assert [(player["name"], player["rating"]) for player in season] == [
        ("Asha", 1179),
        ("Bikash", 995),
        ("Chandra", 937),
    ]
    moves = {
        player["name"]: [(move["table"], move["before"], move["after"]) for move in player["moves"]]
        for player in season
    }
    assert moves == {
        "Asha": [("Friday 1", 1000, 1065), ("Friday 2", 1065, 1125), ("Friday 3", 1125, 1179)],
        "Bikash": [("Friday 1", 1000, 988), ("Friday 2", 988, 1019), ("Friday 3", 1019, 995)],
        "Chandra": [("Friday 1", 1000, 988), ("Friday 2", 988, 937)],  # away on Friday 3: no move
    }
    assert all(move["change"] == move["after"] - move["before"] for player in season for move in player["moves"])


def test_openskill_agrees_with_the_papers_formula_at_every_table():
    season = ratings.season(SEASON)
    assert {player["name"]: [move["after"] for move in player["moves"]] for player in season} == reference(SEASON)


def test_openskill_agrees_with_the_papers_formula_for_teams():
    season = ratings.season(TEAM_SEASON)
    assert {player["name"]: [move["after"] for move in player["moves"]] for player in season} == reference(TEAM_SEASON)


def test_partners_rise_and_fall_together_and_a_pair_that_wins_twice_leads():
    season = {player["name"]: player for player in ratings.season(TEAM_SEASON[:1])}
    assert season["Asha"]["rating"] == season["Chandra"]["rating"] > 1000 > season["Bikash"]["rating"]
    assert season["Bikash"]["rating"] == season["Dipa"]["rating"]
    # A win as one of two teams is one result between two sides, not a four-player game with a tie.
    alone = {player["name"]: player["rating"] for player in ratings.season([("1", [[["Asha"]], [["Bikash"]]])])}
    assert season["Asha"]["rating"] != alone["Asha"]
    after_two = ratings.season(TEAM_SEASON[:2])
    assert after_two[0]["name"] == "Asha" and after_two[-1]["name"] == "Dipa"  # won both, lost both


def test_who_wins_every_table_ranks_first_and_players_level_move_alike():
    season = ratings.season(
        [("One", [[["Dipa"]], [["Eli"], ["Farah"]], [["Gita"]]]), ("Two", [[["Dipa"], ["Gita"]], [["Eli"], ["Farah"]]])]
    )
    assert season[0]["name"] == "Dipa"
    eli, farah = (next(player for player in season if player["name"] == name) for name in ("Eli", "Farah"))
    assert [move["change"] for move in eli["moves"]] == [move["change"] for move in farah["moves"]]


def test_a_player_away_keeps_their_rating_and_the_same_season_gives_the_same_numbers():
    season = ratings.season(SEASON)
    chandra = next(player for player in season if player["name"] == "Chandra")
    assert chandra["rating"] == chandra["moves"][-1]["after"]  # Friday 3 left it as Friday 2 did
    assert ratings.season(SEASON) == season


def test_players_level_at_the_same_rating_are_listed_by_name():
    season = ratings.season([("One", [[["zoe"], ["Ali"]]])])
    assert [player["name"] for player in season] == ["Ali", "zoe"]
    assert season[0]["rating"] == season[1]["rating"] > 1000  # a draw of newcomers: surer of both, no one ahead
