"""A post sent again is recorded once: every hand and correction form carries a key the phone sends
with each retry of that post (static/offline.js keeps posts made offline and sends them later),
and the server records each key at most once per table. And the service worker, which keeps
what a table's page needs to be shown offline."""

import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse

from games.models import Hand, HandChange
from games.pages import offline
from games.sdk import registry
from games.services import recording, tables
from tests.fixtures import add_url, csrf_post, edit_url, page
from tests.inputs import hand_edit_form, hand_form, marriage_inputs, thirteen_round

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
FIRST_POINTS = {"Asha": 23, "Bikash": 10, "Chandra": -1, "Dipa": -32}  # hand_form("sWsu", (12, 4, 6, 0))


def form_key(response):
    """The key the page's hand or correction form will send."""
    return re.search(r'name="key" value="([^"]*)"', page(response)).group(1)


def test_every_form_carries_a_fresh_key(client, marriage_table):
    keys = {form_key(client.get(reverse("table", args=[marriage_table.keeper_token]))) for _ in range(3)}
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    keys.add(form_key(client.get(edit_url(marriage_table, 1))))
    assert len(keys) == 4 and all(len(key) >= 20 for key in keys)


def test_a_hand_sent_again_with_its_key_is_recorded_once_and_answered_as_saved(client, marriage_table):
    post = hand_form("sWsu", (12, 4, 6, 0), key="phone-a-1")
    first = csrf_post(client, add_url(marriage_table), post, **HTMX)
    again = csrf_post(client, add_url(marriage_table), post, **HTMX)

    assert (first.status_code, again.status_code) == (200, 200)
    assert "Hand 1 saved: Asha +23" in page(again)
    assert 'name="hand_number" value="2"' in page(again)  # the next hand's form, as after the first answer
    assert [(hand.number, hand.points) for hand in Hand.objects.filter(table=marriage_table)] == [(1, FIRST_POINTS)]
    assert list(HandChange.objects.filter(table=marriage_table).values_list("key", flat=True)) == ["phone-a-1"]
    # Without JavaScript the same post sent again (the browser's "resend") also lands once.
    assert csrf_post(client, add_url(marriage_table), post).status_code == 302
    assert Hand.objects.filter(table=marriage_table).count() == 1


def test_a_key_sent_again_after_later_hands_and_an_undo_records_nothing(client, marriage_table):
    csrf_post(client, add_url(marriage_table), hand_form("sWsu", (12, 4, 6, 0), key="k1"))
    csrf_post(client, add_url(marriage_table), hand_form("Wsss", (0, 0, 0, 0), next_number=2, key="k2"))
    recording.delete_hand(marriage_table, 2)

    again = csrf_post(client, add_url(marriage_table), hand_form("Wsss", (0, 0, 0, 0), next_number=2, key="k2"), **HTMX)
    stale = csrf_post(client, add_url(marriage_table), hand_form("sWsu", (12, 4, 6, 0), key="k1"), **HTMX)

    assert (again.status_code, stale.status_code) == (200, 200)
    assert "Hand 2 saved." in page(again)  # deleted since: nothing to show but that it was saved
    assert list(Hand.objects.filter(table=marriage_table).values_list("number", flat=True)) == [1]


def test_another_key_for_a_taken_number_is_a_conflict_naming_who_saved_it(client, marriage_table):
    csrf_post(client, add_url(marriage_table), hand_form("sWsu", (12, 4, 6, 0), key="gita"))

    refused = csrf_post(client, add_url(marriage_table), hand_form("Wsss", (0, 0, 0, 0), key="hari"), **HTMX)

    assert refused.status_code == 409
    assert refused["CardScore-Saved-By"] == "owner"
    assert "Hand 1 was already recorded on another phone" in page(refused)
    assert list(Hand.objects.filter(table=marriage_table).values_list("points", flat=True)) == [FIRST_POINTS]


def test_the_saver_s_name_travels_in_a_header_whatever_its_script(client, marriage_table):
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1, by="दीपा")
    refused = csrf_post(client, add_url(marriage_table), hand_form("Wsss", (0, 0, 0, 0), key="x"), **HTMX)
    assert refused["CardScore-Saved-By"] == "%E0%A4%A6%E0%A5%80%E0%A4%AA%E0%A4%BE"


@pytest.mark.parametrize("key", ["a" * 41, "no spaces", "é", "a/b"])
def test_a_malformed_key_is_refused_and_nothing_saved(client, marriage_table, key):
    refused = csrf_post(client, add_url(marriage_table), hand_form("sWsu", (12, 4, 6, 0), key=key), **HTMX)
    assert refused.status_code == 422
    assert "the form is out of date" in page(refused)
    assert not Hand.objects.filter(table=marriage_table).exists()


def test_a_correction_sent_again_with_its_key_changes_the_hand_once(client, marriage_table):
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    correction = {**hand_edit_form("Wsss", (0, 0, 0, 0), version=1), "key": "fix-1"}

    first = csrf_post(client, edit_url(marriage_table, 1), correction)
    again = csrf_post(client, edit_url(marriage_table, 1), correction)  # version 1 is stale by now

    assert (first.status_code, again.status_code) == (302, 302)
    hand = Hand.objects.get(table=marriage_table)
    assert hand.version == 2
    assert HandChange.objects.filter(table=marriage_table, action=HandChange.CORRECTED).count() == 1


def test_a_key_sent_again_with_other_values_is_refused_not_answered_as_saved(client, marriage_table):
    # A page shown again (the Back button) still holds the key its first post used.
    csrf_post(client, add_url(marriage_table), hand_form("sWsu", (12, 4, 6, 0), key="back-1"))
    other_hand = csrf_post(
        client, add_url(marriage_table), hand_form("Wsss", (0, 0, 0, 0), next_number=2, key="back-1"), **HTMX
    )
    assert other_hand.status_code == 409
    assert "This form was sent already, with other values: nothing was saved." in page(other_hand)
    assert list(Hand.objects.filter(table=marriage_table).values_list("number", flat=True)) == [1]

    correction = {**hand_edit_form("Wsss", (0, 0, 0, 0), version=1), "key": "fix-1"}
    csrf_post(client, edit_url(marriage_table, 1), correction)
    changed_again = {**hand_edit_form("sWss", (0, 0, 0, 0), version=2), "key": "fix-1"}
    refused = csrf_post(client, edit_url(marriage_table, 1), changed_again)
    assert refused.status_code == 409 and "This form was sent already" in page(refused)
    assert Hand.objects.get(table=marriage_table).inputs["Asha"]["status"] == "winner"


def test_a_kept_hand_renumbered_on_the_phone_is_still_its_own_resend(client, marriage_table):
    """A phone that kept a hand while offline may send it again with another number: same hand."""
    csrf_post(client, add_url(marriage_table), hand_form("sWsu", (12, 4, 6, 0), key="kept-1"))
    again = csrf_post(
        client, add_url(marriage_table), hand_form("sWsu", (12, 4, 6, 0), next_number=2, key="kept-1"), **HTMX
    )
    assert again.status_code == 200 and Hand.objects.filter(table=marriage_table).count() == 1


def test_thirteen_s_bids_sent_again_once_the_books_are_due_are_answered_as_saved(client, owner):
    table = tables.create_table(
        game="thirteen",
        name="T",
        players=["Asha", "Bikram", "Charlie", "David"],
        rules={},
        owner=owner,
        colors={"Asha": "red", "Bikram": "yellow", "Charlie": "green", "David": "blue"},
    )
    bids = {"hand_number": "1", "key": "bids-1", **{f"bid-{seat}": "0" for seat in range(3)}, "bid-3": "1"}
    assert csrf_post(client, add_url(table), bids, **HTMX).status_code == 200

    again = csrf_post(client, add_url(table), bids, **HTMX)

    assert again.status_code == 200
    table.refresh_from_db()
    assert table.current_hand["inputs"] == thirteen_round((0, 0, 0, 1))
    assert HandChange.objects.filter(table=table).count() == 1


def test_the_service_worker_is_served_from_the_root_with_the_shell_it_keeps(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"  # a phone asks for a new version at every visit
    assert "script-src 'self'" in response["Content-Security-Policy"]
    shell = json.loads(re.search(r"const SHELL_FILES = (\[.*\]);", page(response)).group(1))
    assert shell == offline.shell_urls()
    assert [static(path) for path in offline.SHELL] == shell[: len(offline.SHELL)]
    for path in [*offline.SHELL, *registry.all_assets()]:  # each one exists, and a table's page asks for it
        assert finders.find(path), path


def test_a_table_s_page_asks_for_every_file_the_service_worker_keeps_for_it(client, marriage_table):
    html = page(client.get(reverse("table", args=[marriage_table.keeper_token])))
    assert all(static(path) in html for path in [*offline.SHELL, *marriage_table.game_descriptor.assets])


def test_the_next_hand_form_carries_who_deals_the_hands_to_come(client, marriage_table):
    """Offline, the form moves on to the next hand itself: its heading still says who deals it."""
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    marriage_table.refresh_from_db()
    assert json.loads(offline.dealer_notes(marriage_table)) == [
        "Bikash deals",
        "Chandra deals",
        "Dipa deals",
        "Asha deals",
    ]
    shown = page(client.get(reverse("table", args=[marriage_table.keeper_token])))
    assert 'data-next-from="2"' in shown and "data-next-notes=" in shown
    # A player out of the game (Konkan) is skipped; one who is not seated gets no notes.
    assert json.loads(offline.dealer_notes(marriage_table, skip=["Chandra"])) == [
        "Bikash deals",
        "Dipa deals",
        "Asha deals",
    ]
    assert offline.dealer_notes(marriage_table, skip=["Bikash"]) == ""
