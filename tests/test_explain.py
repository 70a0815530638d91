"""Every score explains itself, for every game: a hand's terms (scoring/terms.py) worked out again
from their values give exactly the points the engine folds, player by player."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.sdk.registry import get_game
from scoring import terms
from scoring import twentyfour as race
from tests.fixtures import GAMES, SAMPLES
from tests.inputs import race_deal


@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_terms_worked_out_again_give_the_engines_points(slug, data):
    game = get_game(slug).engine
    rules, players, hands = data.draw(SAMPLES[slug]["tables"])
    state = game.start(rules, players)
    for hand in game.validate(rules, players, hands):
        before = copy.deepcopy(state)
        explained = game.explain(rules, players, state, hand)
        assert state == before  # explaining a hand changes nothing
        points, state = game.fold(rules, players, state, hand)
        assert list(explained) == [name for name in players if name in explained]  # seat order
        for name in players:
            assert terms.evaluate(game.FORMULAS, explained.get(name, [])) == points[name]
            assert all(term.points == game.FORMULAS[term.kind](**term.values) for term in explained.get(name, []))


def test_a_race_deal_explained():
    rules, players = race.ENGINE.validate_rules({}), ["Asha", "Bikash"]
    hand = race.ENGINE.validate_hand(
        rules, players, race_deal(["8S", "3H", "8D", "3C"], "8/(3-8/3)", "Bikash", players)
    )
    explained = race.ENGINE.explain(rules, players, race.ENGINE.start(rules, players), hand)
    assert explained == {
        "Asha": [terms.Term("lost_deal", {"winner": "Bikash"}, 0)],
        "Bikash": [terms.Term("won_deal", {"answer": "8/(3-8/3)"}, 1)],
    }
