"""The tests that cover "every game" take the games from the registry and each game's data
from SAMPLES (tests/fixtures.py, from each game's tests/samples.py): a game registered without
sample data fails here, by name."""

from tests.fixtures import GAMES, SAMPLES


def test_every_registered_game_has_sample_data_and_every_sample_is_a_registered_game():
    assert [game for game in GAMES if game not in SAMPLES] == [], "add the game's sample data: <app>/tests/samples.py"
    assert [game for game in SAMPLES if game not in GAMES] == []
    keys = set(SAMPLES[GAMES[0]])
    assert {game: sorted(set(sample) ^ keys) for game, sample in SAMPLES.items() if set(sample) != keys} == {}
    for game, sample in SAMPLES.items():
        assert sample["document"]["game"] == sample["one_hand_document"]["game"] == game
