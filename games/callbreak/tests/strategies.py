"""Hypothesis strategies for valid Call Break games: its four players' raw rounds, played round by
round, and rule sets not yet validated (the game's property tests and its SAMPLES entry draw from
them)."""

from hypothesis import strategies as st

from scoring import callbreak as cb

# Player 1 .. player 4 in seat order: player 4 (David) deals round 1, player 1 (Asha) calls first.
CALLBREAK_PLAYERS = ["Asha", "Bikram", "Charlie", "David"]


def callbreak_calls_only(calls):
    """A pending round: the calls are in, the tricks are not."""
    return {name: {"call": call} for name, call in zip(CALLBREAK_PLAYERS, calls)}


def callbreak_complete(calls, tricks):
    return {name: {"call": call, "tricks": took} for name, call, took in zip(CALLBREAK_PLAYERS, calls, tricks)}


@st.composite
def callbreak_a_round(draw, pending=False):
    calls = draw(st.lists(st.integers(1, cb.TRICKS), min_size=4, max_size=4))
    if pending:
        return callbreak_calls_only(calls)
    cuts = sorted(draw(st.lists(st.integers(0, cb.TRICKS), min_size=3, max_size=3)))
    return callbreak_complete(calls, [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], cb.TRICKS - cuts[2]])


callbreak_rule_sets = st.builds(
    lambda rounds, eight: {"rounds": rounds, "call_eight_wins": eight}, st.integers(1, 8), st.booleans()
)


@st.composite
def callbreak_games(draw):
    """(rules, players, raw rounds): a valid game, played round by round, the last one possibly
    pending; with call_eight_wins it stops after a round won by calling eight."""
    rules = cb.ENGINE.validate_rules(draw(callbreak_rule_sets))
    hands: list = []
    for _ in range(draw(st.integers(0, rules["rounds"]))):
        progress = cb.ENGINE.score(
            rules, CALLBREAK_PLAYERS, cb.ENGINE.validate(rules, CALLBREAK_PLAYERS, hands)
        ).progress
        if progress["game_over"]:
            break
        hands.append(draw(callbreak_a_round()))
    if hands and draw(st.booleans()):
        hands[-1] = callbreak_calls_only([entry["call"] for entry in hands[-1].values()])
    return rules, list(CALLBREAK_PLAYERS), hands
