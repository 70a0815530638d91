"""Fixtures and helpers shared by the tests: one module, loaded by tests/conftest.py (pytest_plugins).

Fixtures here are found by pytest; plain helpers are imported: `from tests.fixtures import csrf_post`.
A test module never imports from another test module: what two of them need lives here.
"""

import pytest
from django.test import Client
from django.urls import reverse

from games import services

PASSWORD = "correct-horse-9"


# --- accounts and clients ----------------------------------------------------------------------

@pytest.fixture
def fast_passwords(settings):
    """Passwords hashed with MD5: the default hasher takes a quarter of a second per account."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def owner(django_user_model, fast_passwords):
    return django_user_model.objects.create_user("owner", password=PASSWORD, is_staff=True, is_superuser=True)


@pytest.fixture
def client(owner):
    """A logged-in client that enforces CSRF, as a phone's browser does."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    return client


def csrf_token(client):
    """The client's CSRF token (a first visit to the home page sets the cookie)."""
    if "csrftoken" not in client.cookies:
        client.get(reverse("home"))
    return client.cookies["csrftoken"].value


def csrf_post(client, url, data=None, **extra):
    """POST with the CSRF token a real page would carry."""
    return client.post(url, {**(data or {}), "csrfmiddlewaretoken": csrf_token(client)}, **extra)


# --- Marriage ------------------------------------------------------------------------------------

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
