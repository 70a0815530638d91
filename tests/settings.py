"""The settings the tests run with: the site's own, plus the games that exist only for tests."""

from cardscore.settings import *  # noqa: F403

INSTALLED_APPS = [
    *INSTALLED_APPS,  # noqa: F405
    "tests.highcard",
]

# Static files are read from the source folders: no collectstatic manifest needed, in the tests'
# process or in a server a test starts (tests/fixtures.py: server_process).
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
