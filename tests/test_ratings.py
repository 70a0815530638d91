"""Ratings over a season (games/pages/ratings.py): openskill's Plackett-Luce model, held to a second
computation written here from Weng & Lin's paper, and to numbers checked by hand."""

import math

from games.pages import ratings

# Asha wins all three tables; at the first Bikash and Chandra are level, at the third Chandra is away.
SEASON = [
    ("Friday 1", [["Asha"], ["Bikash", "Chandra"]]),
    ("Friday 2", [["Asha"], ["Bikash"], ["Chandra"]]),
    ("Friday 3", [["Asha"], ["Bikash"]]),
]


def reference(matches):
    """The same ratings worked out again from Weng & Lin (2011), Algorithm 4 (Plackett-Luce), for
    one player a side, with openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300,
    kappa 0.0001, gamma = sigma / c) and its one addition: players level share the average of
    their mu changes. Returns {name: [shown rating after each of their tables]}."""
    beta, tau, kappa = 25 / 6, 25 / 300, 0.0001
    mu, variance, shown = {}, {}, {}
    for _, places in matches:
        rank = {name: place for place, names in enumerate(places) for name in names}
        for name in rank:
            mu.setdefault(name, 25.0)
            variance[name] = variance.get(name, (25 / 3) ** 2) + tau**2  # sigma widened by tau first
        c = math.sqrt(sum(variance[name] + beta**2 for name in rank))
        strength = {name: math.exp(mu[name] / c) for name in rank}
        # S_q: the strengths of everyone placed at q or below; A_q: how many share q's place
        below = {name: sum(strength[other] for other in rank if rank[other] >= rank[name]) for name in rank}
        level = {name: sum(rank[other] == rank[name] for other in rank) for name in rank}
        change, new_variance = {}, {}
        for i in rank:
            omega = delta = 0.0
            for q in rank:
                if rank[q] <= rank[i]:
                    p = strength[i] / below[q]
                    omega += ((i == q) - p) / level[q]
                    delta += p * (1 - p) / level[q]
            gamma = math.sqrt(variance[i]) / c
            change[i] = variance[i] / c * omega
            new_variance[i] = variance[i] * max(1 - variance[i] / c**2 * delta * gamma, kappa)
        for names in places:
            for name in names:
                mu[name] += sum(change[other] for other in names) / len(names)
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


def test_who_wins_every_table_ranks_first_and_players_level_move_alike():
    season = ratings.season(
        [("One", [["Dipa"], ["Eli", "Farah"], ["Gita"]]), ("Two", [["Dipa", "Gita"], ["Eli", "Farah"]])]
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
    season = ratings.season([("One", [["zoe", "Ali"]])])
    assert [player["name"] for player in season] == ["Ali", "zoe"]
    assert season[0]["rating"] == season[1]["rating"] > 1000  # a draw of newcomers: surer of both, no one ahead
