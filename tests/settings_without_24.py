"""The tests' settings without the 24 Game: a server may leave any game out (tests/test_game_words.py)."""

from tests.settings import *  # noqa: F403

INSTALLED_APPS = [app for app in INSTALLED_APPS if app != "games.twentyfour"]  # noqa: F405
