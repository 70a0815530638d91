"""The words static/*.js and the service worker show come in the page's language, inside the page
(no catalog to fetch, so they work offline too): plural forms for every Intl.PluralRules category,
and the service worker's offline page in every language the server speaks."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.translation import get_language_info, trans_real

from tests.fixtures import page

pytestmark = pytest.mark.django_db

# The CLDR categories Intl.PluralRules names, in the order of the gettext forms of Arabic (six).
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]


@pytest.fixture
def numbered_forms(monkeypatch):
    """A fake Arabic catalog for "{count} waiting": each number gets the index of its plural form."""
    arabic = trans_real.translation("ar")
    real = arabic.ngettext

    def ngettext(singular, plural, number):
        if singular.endswith("{count} waiting"):
            return f"form {arabic.plural(number)}: {{count}}"
        return real(singular, plural, number)

    monkeypatch.setattr(arabic, "ngettext", ngettext)


def waiting_forms(response):
    """The connection indicator's "N waiting" for each plural category."""
    indicator = re.search(r'<span class="connection" id="connection"[^>]*>', page(response), re.S).group()
    return dict(re.findall(r'data-waiting-(\w+)="([^"]*)"', indicator))


def test_the_indicator_carries_each_plural_category_s_own_form(client, numbered_forms):
    arabic = waiting_forms(client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ar"))
    english = waiting_forms(client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en"))

    # Arabic: zero, one, two, few (3–10), many (11–99) and other are its six forms, in that order.
    assert arabic == {category: f"form {index}: {{count}}" for index, category in enumerate(CATEGORIES)}
    assert english == dict.fromkeys(CATEGORIES, "{count} waiting")


def test_the_stepper_buttons_names_travel_on_the_script_s_tag(client):
    script = re.search(r'<script src="[^"]*cardscore[^"]*\.js"[^>]*>', page(client.get(reverse("home")))).group()
    assert 'data-less="less {label}"' in script and 'data-more="more {label}"' in script


def test_the_service_worker_is_one_file_for_every_language_with_each_language_s_offline_page(client):
    served = {code: page(client.get("/sw.js", HTTP_ACCEPT_LANGUAGE=code)) for code, _name in settings.LANGUAGES}

    # The same bytes whoever asks: a phone whose language changes does not install it again.
    assert len(set(served.values())) == 1
    words = dict(re.findall(r'^  "(\w+)": \{ dir: "(rtl|ltr)", text: "You are offline', served["en"], re.M))
    assert words == {code: "rtl" if get_language_info(code)["bidi"] else "ltr" for code, _name in settings.LANGUAGES}
