from django.conf import settings

# The shared fixtures and helpers (tests/fixtures.py).
pytest_plugins = ["tests.fixtures"]


def pytest_configure():
    # Tests read static files from the source folders: no collectstatic manifest needed.
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    settings.WHITENOISE_AUTOREFRESH = True
    settings.WHITENOISE_USE_FINDERS = True
