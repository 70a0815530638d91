"""Recording the next hand writes only that hand: this holds because a hand's points depend on
the hands before it and never on later ones, which these tests check for every game."""

import copy

import pytest

import scoring
from games import services
from tests.fixtures import GAMES, SAMPLES

pytestmark = pytest.mark.django_db


def imported(game, hands):
    document = copy.deepcopy(SAMPLES[game]["document"])
    document["hands"] = document["hands"][:hands]
    table, _warnings = services.import_table(document)
    return table


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_s_points_do_not_change_when_later_hands_are_added(game):
    table = imported(game, None)
    engine = scoring.get_game(game)
    inputs = [hand.inputs for hand in table.hands.all()]
    everything = engine.score(table.rules, table.players, inputs).points
    assert len(everything) == len(inputs) >= 2
    for count in range(len(inputs)):
        assert engine.score(table.rules, table.players, inputs[:count]).points == everything[:count]


@pytest.mark.parametrize("game", GAMES)
def test_recording_the_last_hand_stores_what_a_full_recompute_gives(game):
    whole = imported(game, None)
    table = imported(game, -1)
    last = SAMPLES[game]["document"]["hands"][-1]["inputs"]
    services.record_hand(table, copy.deepcopy(last), len(SAMPLES[game]["document"]["hands"]))
    table.refresh_from_db()
    assert [hand.points for hand in table.hands.all()] == [hand.points for hand in whole.hands.all()]
    assert (table.totals, table.progress, table.series) == (whole.totals, whole.progress, whole.series)
    assert table.revision == whole.revision + 1
