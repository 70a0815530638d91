"""Hypothesis strategies for valid Tarneeb games: four players in two teams, raw hands played hand
by hand until the game ends, and rule sets not yet validated."""

from hypothesis import strategies as st

from scoring import tarneeb

# In order of play: Asha & Chandra (seats 1 and 3) against Bikash & Dipa (seats 2 and 4); Dipa deals hand 1.
TARNEEB_PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa"]


def tarneeb_hand(bidder, bid, tricks, trump=None):
    """A raw hand: the player who won the bidding with the bid and the bidding team's tricks."""
    return {bidder: {"bid": bid, "tricks": tricks, **({"trump": trump} if trump else {})}}


tarneeb_a_hand = st.builds(
    tarneeb_hand,
    st.sampled_from(TARNEEB_PLAYERS),
    st.integers(tarneeb.LOWEST_BID, tarneeb.TRICKS),
    st.integers(0, tarneeb.TRICKS),
    st.sampled_from([None, *tarneeb.SUITS]),
)

tarneeb_rule_sets = st.builds(
    lambda target, others: {"target": target, "others_always_score": others},
    st.sampled_from([1, 31, 41, 61, 200]),
    st.booleans(),
)


@st.composite
def tarneeb_games(draw, max_hands=30):
    """(rules, players, raw hands): a valid game, hand by hand, stopped where it is over."""
    rules = tarneeb.ENGINE.validate_rules(draw(tarneeb_rule_sets))
    hands: list = []
    for _ in range(draw(st.integers(0, max_hands))):
        clean = tarneeb.ENGINE.validate(rules, TARNEEB_PLAYERS, hands)
        if tarneeb.ENGINE.score(rules, TARNEEB_PLAYERS, clean).progress["game_over"]:
            break
        hands.append(draw(tarneeb_a_hand))
    return rules, list(TARNEEB_PLAYERS), hands
