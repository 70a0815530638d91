"""Scoring is a fold, for every game: folding hand by hand from start() gives what score() gives
over the whole list, validate_hand with the state refuses exactly what validating the whole list
refuses, and the state survives being stored as JSON."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.sdk.registry import get_game
from scoring.errors import InputError
from tests.fixtures import GAMES, SAMPLES

# Every game of the registry; each draws its tables from SAMPLES[slug]["tables"] (<app>/tests/strategies.py).
every_game = pytest.mark.parametrize("slug", GAMES)


def plain_json(value):
    """Only what a JSONField gives back unchanged: dicts with text keys, lists, text, whole
    numbers, booleans and None."""
    if isinstance(value, dict):
        return all(isinstance(key, str) and plain_json(item) for key, item in value.items())
    if isinstance(value, list):
        return all(plain_json(item) for item in value)
    return value is None or isinstance(value, (str, int, bool))


def states(game, rules, players, clean_hands):
    """The state before the first hand and after each hand, folded one hand at a time."""
    state = game.start(rules, players)
    folded = [state]
    for hand in clean_hands:
        state = game.fold(rules, players, state, hand)[1]
        folded.append(state)
    return folded


@every_game
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_folding_hand_by_hand_gives_what_score_gives_over_the_whole_list(slug, data):
    game = get_game(slug).engine
    rules, players, hands = data.draw(SAMPLES[slug]["tables"])
    clean = game.validate(rules, players, hands)
    whole = game.score(rules, players, clean)
    state = game.start(rules, players)
    for number, hand in enumerate(clean, 1):
        before = copy.deepcopy(state)
        points, state_after = game.fold(rules, players, state, hand)
        assert state == before  # the state folded onto is left as it was
        assert points == whole.points[number - 1]
        state = state_after
        so_far = game.score(rules, players, clean[:number])
        assert state == so_far.state
        assert state["hands"] == number and state["totals"] == so_far.totals
        assert game.progress(rules, players, state) == so_far.progress
    assert (state, state["totals"], game.progress(rules, players, state)) == (whole.state, whole.totals, whole.progress)


def verdict(check):
    """What a validation gives: the clean hand, or where and why it was refused."""
    try:
        return "accepted", check()
    except InputError as error:
        return "refused", error.text, error.hand, error.player, error.field


@every_game
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_validate_hand_with_the_state_agrees_with_validating_the_whole_list(slug, data):
    game = get_game(slug).engine
    rules, players, hands = data.draw(SAMPLES[slug]["tables"])
    clean = game.validate(rules, players, hands)
    for count, state in enumerate(states(game, rules, players, clean)):
        if not hands:
            break
        # A hand of this table tried at another place often does not fit there (a Konkan player
        # out too early or too late, a Thirteen round dealt another number of cards, a hand after
        # the game is over or before a pending round's books); one without a player never does.
        candidate = copy.deepcopy(data.draw(st.sampled_from(hands)))
        if data.draw(st.booleans()):  # (a score sheet's hand may lack a player already: one who sat it out)
            candidate.pop(data.draw(st.sampled_from(players)), None)
        alone = verdict(lambda: game.validate_hand(rules, players, candidate, hand=count + 1, state=state))
        in_the_list = verdict(lambda: game.validate(rules, players, [*hands[:count], candidate])[-1])
        assert alone == in_the_list


@every_game
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_state_is_plain_json(slug, data):
    game = get_game(slug).engine
    rules, players, hands = data.draw(SAMPLES[slug]["tables"])
    for state in states(game, rules, players, game.validate(rules, players, hands)):
        assert plain_json(state)
        assert json.loads(json.dumps(state)) == state
