"""The system check on every registered game (games/checks.py): the real games pass it, and a
broken one stops the start with its name and what is wrong."""

from types import SimpleNamespace

from django.core import checks

from games import checks as game_checks
from games.sdk.registry import get_game
from scoring import konkan, marriage, thirteen
from scoring.base import Rules, Stage
from scoring.errors import InputError, gettext_noop

# The test-only game's engine class, found through the registry wherever its folder is.
HighCard = type(get_game("highcard").engine)


def broken(engine):
    return SimpleNamespace(name="Broken", engine=engine)


def ids(messages):
    return [message.id for message in messages]


def test_every_registered_game_keeps_the_contract():
    assert game_checks.check_games() == []


def test_the_check_runs_at_start_and_names_the_broken_game(monkeypatch):
    monkeypatch.setattr(game_checks, "all_games", lambda: [broken(marriage)])
    [error] = [message for message in checks.run_checks() if message.id.startswith("cardscore.E")]
    assert error.id == "cardscore.E001"
    assert error.msg.startswith("The game Broken: its engine is <module 'scoring.marriage'")


def test_an_engine_with_a_wrong_constant_is_refused():
    class Careless(HighCard):
        LOWER_WINS = "no"  # type: ignore[assignment]
        CHANGES = ("join", "swap")

    errors = game_checks.game_problems(broken(Careless()))
    assert ids(errors) == ["cardscore.E002", "cardscore.E002"]
    assert errors[0].msg == "The game Broken: its engine's LOWER_WINS is 'no', not true or false"
    assert "CHANGES is ('join', 'swap')" in errors[1].msg


def test_points_are_whole_or_tenths():
    class Careless(HighCard):
        POINT_DECIMALS = 2

    [error] = game_checks.game_problems(broken(Careless()))
    assert error.msg == "The game Broken: its engine's POINT_DECIMALS is 2, not 0 (whole points) or 1 (tenths)"


def test_more_players_at_least_than_at_most_is_refused():
    class Crowded(HighCard):
        MIN_PLAYERS = 7

    assert ids(game_checks.game_problems(broken(Crowded()))) == ["cardscore.E002"]


def test_a_hand_must_end_at_a_stage_of_its_own_inputs():
    class Unfinished(HighCard):
        STAGES = (Stage("hand"), Stage("sets", in_hand=False))

    assert ids(game_checks.game_problems(broken(Unfinished()))) == ["cardscore.E002"]


def test_an_engine_that_refuses_its_own_default_rules_is_refused():
    class Strict(HighCard):
        def validate_rules(self, rules: Rules) -> Rules:
            raise InputError(gettext_noop("must be set"), field="speed")

    [error] = game_checks.game_problems(broken(Strict()))
    assert error.id == "cardscore.E004"
    assert "speed: must be set" in error.msg


def test_two_games_with_one_slug_are_refused(monkeypatch):
    monkeypatch.setattr(game_checks, "all_games", lambda: [broken(marriage.ENGINE), broken(marriage.ENGINE)])
    assert ids(game_checks.check_games()) == ["cardscore.E005"]


def test_a_hands_stages_are_the_engines():
    round_in_bids = {name: {"bid": 1} for name in "ABCD"}
    round_played = {name: {"bid": 1, "books": 1} for name in "ABCD"}
    assert thirteen.ENGINE.partial_hands
    assert [thirteen.ENGINE.next_stage(hand) for hand in (None, round_in_bids, round_played)] == ["bids", "books", None]
    assert not thirteen.ENGINE.complete(round_in_bids) and thirteen.ENGINE.complete(round_played)
    # Konkan's sets come before its hand but are not saved with it: a hand is entered whole.
    assert [stage.name for stage in konkan.ENGINE.STAGES] == ["sets", "hand"]
    assert not konkan.ENGINE.partial_hands and konkan.ENGINE.next_stage(None) == "hand"
    assert not marriage.ENGINE.partial_hands and not marriage.ENGINE.pending(marriage.ENGINE.start({}, ["A", "B"]))
