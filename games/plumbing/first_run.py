"""The first run: only someone who can read the server's console or log can create the owner.

While no account exists, the server has one setup code (created by `manage.py setup_link` at
start, or by the first visit to the setup page): its link is printed there, and the setup page
asks for it before creating the owner account.
"""

import hmac
import logging
import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_noop, ngettext_lazy

from games.models import SetupCode

logger = logging.getLogger(__name__)

# Django's own words on the setup page (the password validators' help, UserCreationForm) that its
# Nepali catalog leaves untranslated. Marked here, they are in our catalogs too, and LOCALE_PATHS
# come before Django's: Django's own gettext calls then find our translations. The texts must stay
# exactly Django's (tests/test_first_run.py checks that they are shown translated).
DJANGO_WORDS = (
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("The two password fields didn’t match."),
    # Nepali's reads badly (misspelt, a space before the danda, digits fixed in Devanagari).
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop("Enter the same password as before, for verification."),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        8,
    ),
    ngettext_lazy(
        "This password is too short. It must contain at least %(min_length)d character.",
        "This password is too short. It must contain at least %(min_length)d characters.",
        8,
    ),
)

# Letters and digits that cannot be mistaken for one another when typed from a log on a phone.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
GROUPS, GROUP_LENGTH = 3, 4  # "abcd-efgh-jkmn": 31^12, about 59 random bits


def new_code():
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(GROUP_LENGTH)) for _ in range(GROUPS))


def has_owner():
    return get_user_model().objects.exists()


def current_code():
    """The server's setup code, created once and the same for every process until the owner exists."""
    # get_or_create: two app servers starting at once end up with one code between them.
    setup_code, created = SetupCode.objects.get_or_create(pk=1, defaults={"code": new_code()})
    return setup_code.code, created


def setup_link(code, site=""):
    return f"{site}{reverse('setup')}?code={code}"


def log_new_code():
    """The first visit to the setup page of a server started without `manage.py setup_link`
    (runserver, gunicorn by hand): the link goes to the server's log, where the owner looks."""
    code, created = current_code()
    if created:
        logger.warning("No owner yet: open %s to create the owner account.", setup_link(code))


def normalized(code):
    return "".join(code.split()).replace("-", "").lower()


def code_matches(given, code):
    # In constant time: how long a wrong guess takes says nothing about the right code.
    return hmac.compare_digest(normalized(given).encode(), normalized(code).encode())


def is_right_code(given):
    stored = SetupCode.objects.filter(pk=1).values_list("code", flat=True).first()
    return bool(given) and stored is not None and code_matches(given, stored)


def create_owner(form, given_code):
    """Save the owner account from a valid UserCreationForm, if the code is right and there is
    still no owner; else None. The code is used up with it."""
    with transaction.atomic():
        # Locked: of two people sending the right code at once, the second finds it gone.
        stored = SetupCode.objects.select_for_update().filter(pk=1).first()
        if stored is None or not code_matches(given_code, stored.code) or has_owner():
            return None
        user = form.save(commit=False)
        user.is_staff = user.is_superuser = True
        user.save()
        stored.delete()
    return user
