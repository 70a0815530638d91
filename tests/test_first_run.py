"""The first run: until the owner account exists every page leads to setup, and setup needs the
one-time code the server printed when it started (games/plumbing/first_run.py, manage.py setup_link)."""

import datetime
import logging
import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format

from games.models import SetupCode
from games.plumbing import first_run
from tests.fixtures import read_text

pytestmark = pytest.mark.django_db

NEW_OWNER = {"username": "asha", "password1": "tiplu-poplu-jhiplu-42", "password2": "tiplu-poplu-jhiplu-42"}


def printed_link(*args):
    out = StringIO()
    call_command("setup_link", *args, stdout=out)
    return out.getvalue()


def code_in(output):
    return re.search(r"\?code=([a-z0-9-]+)", output).group(1)


def post_setup(browser, code, **fields):
    browser.get(reverse("setup"), {"code": code})  # the CSRF cookie
    return browser.post(
        reverse("setup"),
        {**NEW_OWNER, **fields, "code": code, "csrfmiddlewaretoken": browser.cookies["csrftoken"].value},
    )


def usernames():
    return list(get_user_model().objects.values_list("username", flat=True))


def test_every_page_leads_to_setup_until_the_owner_exists():
    for url in (reverse("home"), reverse("new_table", args=["marriage"]), "/t/no-such-link/", reverse("login")):
        response = Client().get(url)
        assert response.status_code == 302, url
        assert response["Location"] == reverse("setup"), url


def test_setup_link_prints_a_link_with_a_code_under_the_given_address():
    output = printed_link("--site", "http://192.168.1.20:8000/")
    code = code_in(output)
    assert f"http://192.168.1.20:8000/setup/?code={code}" in output
    assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", code)
    assert SetupCode.objects.get().code == code


def test_setup_link_prints_the_same_code_until_the_owner_exists_then_nothing():
    # Two app servers starting against one database print the same link.
    first = code_in(printed_link())
    assert code_in(printed_link()) == first
    assert post_setup(Client(enforce_csrf_checks=True), first).status_code == 302
    assert printed_link() == ""


def test_setup_without_the_code_says_where_to_find_it_and_creates_nobody():
    printed_link()
    browser = Client()
    response = browser.get(reverse("setup"))
    assert response.status_code == 403
    text = response.content.decode()
    assert "scripts/serve" in text and "docker compose logs" in text
    assert 'name="code"' in text and "not this server" not in text
    response = browser.post(reverse("setup"), NEW_OWNER)
    assert response.status_code == 403
    assert usernames() == []


def test_a_wrong_code_is_refused_beside_the_field_and_creates_nobody():
    code = code_in(printed_link())
    wrong = "aaaa-bbbb-cccc" if code != "aaaa-bbbb-cccc" else "dddd-eeee-ffff"
    browser = Client(enforce_csrf_checks=True)
    response = browser.get(reverse("setup"), {"code": wrong})
    assert response.status_code == 403
    assert "That is not this server's setup code." in read_text(response)
    assert post_setup(browser, wrong).status_code == 403
    assert usernames() == []


def test_the_right_code_creates_a_staff_superuser_owner_logs_in_and_is_used_up():
    code = code_in(printed_link())
    browser = Client(enforce_csrf_checks=True)
    form = browser.get(reverse("setup"), {"code": code})
    assert form.status_code == 200
    assert f'name="code" value="{code}"' in form.content.decode()
    response = post_setup(browser, code)
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    user = get_user_model().objects.get()
    assert user.username == "asha"
    assert user.is_staff and user.is_superuser
    home = browser.get(reverse("home"))
    assert home.wsgi_request.user == user
    assert reverse("new_table", args=["marriage"]) in home.content.decode()
    assert not SetupCode.objects.exists()


def test_the_code_may_be_typed_in_capitals_and_without_dashes():
    code = code_in(printed_link())
    typed = f" {code.replace('-', '').upper()} "
    assert Client().get(reverse("setup"), {"code": typed}).status_code == 200
    assert post_setup(Client(enforce_csrf_checks=True), typed).status_code == 302
    assert usernames() == ["asha"]


def test_a_refused_account_form_keeps_the_code_and_saves_nothing():
    code = code_in(printed_link())
    response = post_setup(Client(enforce_csrf_checks=True), code, password2="something-else-42")
    assert response.status_code == 422
    assert f'name="code" value="{code}"' in response.content.decode()
    assert usernames() == []
    assert SetupCode.objects.exists()


def test_a_code_used_a_moment_ago_creates_no_second_owner():
    code = code_in(printed_link())
    form = UserCreationForm(NEW_OWNER)
    assert form.is_valid()
    SetupCode.objects.all().delete()  # the other phone's post won
    assert first_run.create_owner(form, code) is None
    assert usernames() == []


def test_a_server_started_without_setup_link_logs_the_link_on_the_first_visit(caplog):
    with caplog.at_level(logging.WARNING, logger="games.plumbing.first_run"):
        assert Client().get(reverse("setup")).status_code == 403
        Client().get(reverse("setup"))
    code = SetupCode.objects.get().code
    assert [record.getMessage() for record in caplog.records if record.name == "games.plumbing.first_run"] == [
        f"No owner yet: open /setup/?code={code} to create the owner account."
    ]


def test_setup_is_gone_once_an_owner_exists(owner):
    code, _ = first_run.current_code()  # left from before the owner existed
    browser = Client()
    response = browser.get(reverse("setup"), {"code": code})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    response = browser.post(reverse("setup"), {**NEW_OWNER, "username": "intruder", "code": code})
    assert response.status_code == 302
    assert usernames() == ["owner"]


@pytest.mark.parametrize("language", ["ne", "ar"])
def test_the_setup_page_gives_djangos_password_help_in_the_pages_language(language):
    """Django's Nepali catalog leaves three of its password validators' help lines empty: ours has them
    (games/plumbing/first_run.py DJANGO_WORDS)."""
    code = code_in(printed_link())
    browser = Client()
    browser.cookies["django_language"] = language
    text = read_text(browser.get(reverse("setup"), {"code": code}))
    assert "password" not in text.lower() and "Your" not in text
    for english in first_run.DJANGO_WORDS[:3]:
        assert english not in text


def test_the_setup_page_and_dates_use_our_nepali_for_djangos_own_words():
    """Django's Nepali for the username and password help and for the months reads badly (बढिमा,
    «हुनु पर्छ ।», नभम्वर): ours comes first (games/plumbing/first_run.py DJANGO_WORDS, games/plumbing/language.py
    MONTH_WORDS)."""
    code = code_in(printed_link())
    browser = Client()
    browser.cookies["django_language"] = "ne"
    text = read_text(browser.get(reverse("setup"), {"code": code}))
    assert "बढीमा 150 अक्षर" in text and "बढिमा" not in text
    assert "पासवर्डमा कम्तीमा 8 अक्षर हुनुपर्छ।" in text
    assert "पुष्टि गर्न उही पासवर्ड फेरि लेख्नुहोस्।" in text
    with translation.override("ne"):
        assert date_format(datetime.date(2026, 11, 29), "j M") == "29 नोभेम्बर"
        assert date_format(datetime.date(2026, 10, 1)) == "अक्टोबर 1, 2026"
