"""Random score sheets for the property tests: (rules, players, raw hands), valid and played
hand by hand until the sheet ends."""

from hypothesis import strategies as st

from scoring import scoresheet as ss

NAMES = ["Asha", "Bikram", "Chandra", "Dipa", "Eka", "Faris", "Gita", "Hari"]


@st.composite
def rule_sets(draw):
    return ss.ENGINE.validate_rules(
        {
            "lowest_wins": draw(st.booleans()),
            "target": draw(st.sampled_from([None, 1, 50, 100, 500])),
            "hands": draw(st.sampled_from([None, 1, 3, 10])),
            "zero_sum": draw(st.booleans()),
        }
    )


@st.composite
def typed_sum(draw, points):
    """`points` as a sum typed at the table: two or three numbers that add up to it."""
    parts = draw(st.lists(st.integers(-30, 30), min_size=1, max_size=2))
    numbers = [*parts, points - sum(parts)]
    return "".join(f"{number:+d}" if seat else str(number) for seat, number in enumerate(numbers))


@st.composite
def hand_inputs(draw, rules, players):
    """One hand: a number for each player who played it (at least one), some typed as a sum, the
    others absent; with zero_sum, the last of them evens the hand out."""
    playing = draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
    points = {name: draw(st.integers(-60, 60)) for name in playing}
    if rules["zero_sum"]:
        points[playing[-1]] -= sum(points.values())
    return {
        name: {"points": points[name], **({"typed": draw(typed_sum(points[name]))} if draw(st.booleans()) else {})}
        for name in players
        if name in points
    }


@st.composite
def games(draw):
    """(rules, players, raw hands): a valid sheet, played hand by hand until it ends."""
    rules = draw(rule_sets())
    players = NAMES[: draw(st.integers(2, len(NAMES)))]
    hands: list = []
    for _ in range(draw(st.integers(0, 8))):
        if ss.ENGINE.score(rules, players, ss.ENGINE.validate(rules, players, hands)).progress["game_over"]:
            break
        hands.append(draw(hand_inputs(rules, players)))
    return rules, players, hands
