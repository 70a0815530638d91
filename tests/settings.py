"""The settings the tests run with: the site's own, plus the games that exist only for tests."""

from cardscore.settings import *  # noqa: F403

INSTALLED_APPS = [
    *INSTALLED_APPS,  # noqa: F405
    "tests.highcard",
]
