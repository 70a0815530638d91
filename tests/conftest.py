import pytest
from django.conf import settings
from django.test import Client

from games import services


def pytest_configure():
    # Tests read static files from the source folders: no collectstatic manifest needed.
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    settings.WHITENOISE_AUTOREFRESH = True
    settings.WHITENOISE_USE_FINDERS = True


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("owner", password="correct-horse-9", is_staff=True, is_superuser=True)


@pytest.fixture
def client(owner):
    """A logged-in client that enforces CSRF, as a phone's browser does."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    return client


def csrf_post(client, url, data=None, **extra):
    """POST with the CSRF token a real page would carry."""
    client.get("/")  # sets the csrftoken cookie
    token = client.cookies["csrftoken"].value
    return client.post(url, {**(data or {}), "csrfmiddlewaretoken": token}, **extra)


@pytest.fixture
def marriage_table(owner):
    return services.create_table(game="marriage", name="Friday", players=["Asha", "Bikash", "Chandra", "Dipa"],
                                 rules={}, owner=owner)


def hand_form(statuses, maal=(), next_number=1, **fields):
    """Form data for a Marriage hand: statuses like "sWsu" (W winner, s seen, u unseen, o out)."""
    names = {"W": "winner", "s": "seen", "u": "unseen", "o": "out"}
    data = {"hand_number": str(next_number)}
    for seat, code in enumerate(statuses):
        if code != "-":
            data[f"status-{seat}"] = names[code]
    for seat, value in enumerate(maal):
        data[f"maal-{seat}"] = str(value)
    data.update(fields)
    return data
