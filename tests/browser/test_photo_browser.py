"""A photo of the hand, from the phone: taken offline it waits with its hand and is sent with it;
its location is gone from what the server keeps; a file that is not a photo, or one too large, is
refused beside the field and nothing is saved, not the hand either."""

import io

import pytest
from PIL import Image
from playwright.sync_api import expect

from games.models import Hand
from games.plumbing import photos
from games.services import tables
from tests.fixtures import log_in
from tests.test_photos import GPS, jpeg_with_location

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa"]


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path  # the live server runs in this process: it keeps its photos here
    return tmp_path


@pytest.fixture
def table(transactional_db, owner):
    return tables.create_table(game="marriage", name="Photos", players=PLAYERS, rules={}, owner=owner)


@pytest.fixture
def keeper(page, live_server, table):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    return page


def fill_a_hand(page, photo, name="hand.jpg", kind="image/jpeg"):
    """Bikash wins with 4 maal, Dipa unseen, the others seen; the photo chosen; not saved yet."""
    page.locator("#new-hand #seat-1").get_by_text("Winner", exact=True).click()
    page.locator("#new-hand [name='maal-1']").fill("4")
    page.locator("#new-hand #seat-3").get_by_text("Unseen", exact=True).click()
    page.get_by_label("Photo of the hand (optional)").set_input_files(
        files=[{"name": name, "mimeType": kind, "buffer": photo}]
    )


def save(page):
    page.locator("#new-hand button.primary").click()


def test_a_photo_taken_offline_is_sent_with_its_hand(keeper, table, data_dir):
    keeper.context.set_offline(True)
    fill_a_hand(keeper, jpeg_with_location())
    save(keeper)
    expect(keeper.locator("#saved")).to_contain_text("Hand 1 is kept on this phone")
    expect(keeper.locator("#entry-photo-file")).to_have_value("")  # the form moved on, photo and all
    assert not Hand.objects.exists()

    keeper.context.set_offline(False)
    expect(keeper.locator("#saved")).to_contain_text("Hand 1 saved")
    expect(keeper.locator("#board tr.waiting")).to_have_count(0)
    hand = Hand.objects.get(table=table)
    assert hand.photo and Hand.objects.count() == 1
    assert photos.path(table.pk, hand.photo, "full").exists()

    # The board (reloaded: the kept hand's row came from the whole table) marks the hand's photo,
    # and the hand's page shows it.
    keeper.reload()
    expect(keeper.locator("#board .hand-1 .photo-mark")).to_have_count(1)
    keeper.locator("#board .hand-1 .hand-link").click()
    image = keeper.get_by_role("img", name="Photo of Hand 1")
    expect(image).to_be_visible()
    assert keeper.evaluate("(img) => img.naturalWidth", image.element_handle()) == 320


def test_the_photo_s_location_is_gone(keeper, table, data_dir):
    fill_a_hand(keeper, jpeg_with_location())
    save(keeper)
    expect(keeper.locator("#saved")).to_contain_text("Hand 1 saved")
    expect(keeper.locator("#entry-photo-file")).to_have_value("")  # the answer emptied the field
    expect(keeper.locator("#board .hand-1 .photo-mark")).to_have_count(1)  # the save's answer's row
    hand = Hand.objects.get(table=table)
    # What the phone gets back: the server's copy, through the table's link.
    answer = keeper.request.get(f"{keeper.url.split('/t/')[0]}/t/{table.viewer_token}/photos/{hand.photo}/full.jpg")
    assert answer.status == 200 and answer.headers["content-type"] == "image/jpeg"
    served = Image.open(io.BytesIO(answer.body()))
    assert served.size == (1600, 1200) and not served.getexif().get_ifd(GPS) and not served.getexif()
    assert b"PhoneMaker" not in answer.body()


@pytest.mark.parametrize(
    ("photo", "name", "kind", "message"),
    [
        (b"These are my notes, not a picture.", "notes.txt", "text/plain", "This file is not a photo"),
        (b"\0" * (photos.MAX_BYTES + 1), "huge.jpg", "image/jpeg", "The photo is larger than 15 MB"),
    ],
    ids=["not-a-picture", "too-large"],
)
def test_a_file_that_is_not_a_photo_or_too_large_is_refused_beside_the_field(
    keeper, table, data_dir, photo, name, kind, message
):
    fill_a_hand(keeper, photo, name, kind)
    with keeper.expect_response(f"**/t/{table.keeper_token}/hands/") as answer:
        save(keeper)
    assert answer.value.status == 422
    error = keeper.locator("#entry-photo-error")
    expect(error).to_contain_text(message)
    expect(keeper.locator("#entry-photo-file")).to_have_attribute("aria-describedby", "entry-photo-error")
    # The error sits right under the field, and the hand's own entries are still there to save again.
    # Both measured at one moment: the page may still be scrolling to the answer between two calls.
    gap = keeper.evaluate("""() => document.getElementById("entry-photo-error").getBoundingClientRect().top
        - document.getElementById("entry-photo-file").getBoundingClientRect().bottom""")
    assert 0 <= gap < 40
    # The page settles on the photo's problem, on the screen, the photo field ready to choose again.
    expect(error).to_be_in_viewport()
    expect(keeper.locator("#entry-photo-file")).to_be_focused()
    expect(keeper.locator("#new-hand [name='maal-1']")).to_have_value("4")
    assert not Hand.objects.exists() and not list(data_dir.glob("photos/*/*"))


def test_only_a_hand_with_a_photo_is_posted_multipart(keeper, table, data_dir):
    """The form is multipart for a browser without JavaScript; with htmx only a photo makes it so
    (the server reads a url-encoded post faster), and the next hand, without one, is url-encoded."""
    fill_a_hand(keeper, jpeg_with_location())
    with keeper.expect_request(f"**/t/{table.keeper_token}/hands/") as with_photo:
        save(keeper)
    expect(keeper.locator("#saved")).to_contain_text("Hand 1 saved")
    keeper.locator("#new-hand #seat-1").get_by_text("Winner", exact=True).click()
    with keeper.expect_request(f"**/t/{table.keeper_token}/hands/") as without_photo:
        save(keeper)
    expect(keeper.locator("#saved")).to_contain_text("Hand 2 saved")
    assert with_photo.value.headers["content-type"].startswith("multipart/form-data")
    assert without_photo.value.headers["content-type"] == "application/x-www-form-urlencoded"
    assert [bool(hand.photo) for hand in Hand.objects.order_by("number")] == [True, False]
