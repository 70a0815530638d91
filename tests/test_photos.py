"""A photo per hand: checked to be a picture, its metadata (the phone's location) gone, scaled, kept
in the data folder and sent only to a holder of the table's link; refused beside its field with
nothing saved; kept through an undo while the redo can put the hand back, gone with the hand or
the table after that."""

import errno
import io
import stat

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from PIL import EpsImagePlugin, Image, JpegImagePlugin, TiffImagePlugin

from games.models import Hand, HandChange, Table
from games.plumbing import photos
from games.services import hand_photos, recording, tables
from scoring.errors import InputError
from tests.fixtures import add_url, csrf_post, page, players_of
from tests.inputs import hand_form, marriage_inputs

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
GPS = 0x8825  # the EXIF tag that holds the location
ORIENTATION = 0x0112


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


def jpeg_with_location(size=(2400, 1800), orientation=None):
    """A camera photo as a phone sends it: a JPEG with GPS EXIF (Kathmandu) and an orientation."""
    image = Image.new("RGB", size, (200, 30, 30))
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"
    exif.get_ifd(GPS).update({1: "N", 2: (27.0, 42.0, 3.0), 3: "E", 4: (85.0, 18.0, 0.0)})
    if orientation:
        exif[ORIENTATION] = orientation
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    return out.getvalue()


def upload(data, name="photo.jpg", kind="image/jpeg"):
    return SimpleUploadedFile(name, data, content_type=kind)


def opened(data):
    return Image.open(io.BytesIO(data))


# --- the picture ---------------------------------------------------------------------------------


def test_a_photo_loses_its_location_and_every_other_metadata():
    assert opened(jpeg_with_location()).getexif().get_ifd(GPS)  # the test's photo has a location
    photo = photos.read(upload(jpeg_with_location()))
    for data in (photo.full, photo.thumb):
        image = opened(data)
        assert image.format == "JPEG" and not image.getexif() and "exif" not in image.info
        assert b"Exif" not in data and b"PhoneMaker" not in data


def test_a_photo_is_scaled_to_1600_and_a_thumbnail_upright():
    photo = photos.read(upload(jpeg_with_location(orientation=6)))  # taken with the phone turned
    assert opened(photo.full).size == (1200, 1600)
    assert max(opened(photo.thumb).size) == 320 and opened(photo.thumb).height == 320


def test_a_small_photo_is_not_enlarged():
    photo = photos.read(upload(jpeg_with_location(size=(640, 480))))
    assert opened(photo.full).size == (640, 480)


def test_a_png_with_transparency_becomes_a_jpeg_on_white():
    image = Image.new("RGBA", (100, 50), (0, 0, 0, 0))
    out = io.BytesIO()
    image.save(out, "PNG")
    photo = photos.read(upload(out.getvalue(), "card.png", "image/png"))
    assert opened(photo.full).mode == "RGB" and opened(photo.full).getpixel((10, 10)) > (250, 250, 250)


@pytest.mark.parametrize(
    "data",
    [b"%PDF-1.4 not a picture", b"\xff\xd8\xff\xe0" + b"\0" * 100, b"<svg xmlns='http://www.w3.org/2000/svg'/>"],
    ids=["pdf", "broken-jpeg", "svg"],
)
def test_what_is_not_a_picture_is_refused(data):
    with pytest.raises(InputError, match="not a photo") as refused:
        photos.read(upload(data))
    assert refused.value.field == "photo"


def test_a_decompression_bomb_is_refused_before_it_is_decoded():
    out = io.BytesIO()
    Image.new("1", (8000, 8000)).save(out, "PNG")  # 64 megapixels in a few kilobytes
    assert len(out.getvalue()) < 100_000
    with pytest.raises(InputError, match="too many pixels"):
        photos.read(upload(out.getvalue(), "bomb.png", "image/png"))


def picture(mode, size, kind, **options):
    out = io.BytesIO()
    Image.new(mode, size).save(out, kind, **options)
    return out.getvalue()


@pytest.mark.parametrize(
    ("data", "name"),
    [
        (picture("CMYK", (7000, 7100), "TIFF", compression="tiff_deflate"), "cmyk.tiff"),
        (picture("RGB", (64, 64), "BMP"), "photo.bmp"),
        (picture("RGB", (64, 64), "GIF"), "photo.gif"),
        (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n", "photo.eps"),
    ],
    ids=["49.7-megapixel-cmyk-tiff", "bmp", "gif", "eps"],
)
def test_only_jpeg_png_and_webp_are_read(data, name, monkeypatch):
    """Told from the file's header: no other format's parser runs (an EPS never reaches Ghostscript)."""
    monkeypatch.setattr(EpsImagePlugin.EpsImageFile, "load", lambda image: pytest.fail("EPS decoded"))
    monkeypatch.setattr(TiffImagePlugin.TiffImageFile, "load", lambda image: pytest.fail("TIFF decoded"))
    with pytest.raises(InputError, match="not a photo"):
        photos.read(upload(data, name))


def test_webp_is_read():
    assert opened(photos.read(upload(picture("RGB", (800, 600), "WEBP"), "photo.webp")).full).size == (800, 600)


def test_a_16_bit_png_is_read_as_grey():
    image = Image.new("I;16", (300, 200))
    image.putpixel((10, 10), 65535)
    out = io.BytesIO()
    image.save(out, "PNG")
    photo = opened(photos.read(upload(out.getvalue(), "scan.png", "image/png")).full)
    assert photo.size == (300, 200) and photo.getpixel((10, 10))[0] > 250 and photo.getpixel((0, 0))[0] < 5


def test_a_png_larger_than_a_screen_is_refused_before_it_is_decoded():
    with pytest.raises(InputError, match="too many pixels"):
        photos.read(upload(picture("RGB", (7000, 7100), "PNG"), "big.png", "image/png"))


def test_a_camera_sized_jpeg_is_decoded_already_scaled_down(monkeypatch):
    decoded, load = [], JpegImagePlugin.JpegImageFile.load

    def loading(image):
        decoded.append(image.size)
        return load(image)

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "load", loading)
    photo = photos.read(upload(picture("RGB", (8000, 6000), "JPEG")))  # 48 megapixels
    assert opened(photo.full).size == (1600, 1200)
    assert decoded[0] == (2000, 1500)  # an eighth of the pixels: a quarter of each side


def test_a_file_over_the_limit_is_refused_unread():
    with pytest.raises(InputError, match="larger than 15 MB"):
        photos.read(upload(b"\0" * (photos.MAX_BYTES + 1)))


def test_an_upload_keeps_at_most_the_limit_on_disk_and_counts_its_whole_size():
    handler = photos.BoundedUpload()
    handler.new_file("photo", "huge.jpg", "image/jpeg", None)
    chunk = b"\0" * (1024 * 1024)
    for start in range(0, photos.MAX_BYTES + 2 * len(chunk), len(chunk)):
        handler.receive_data_chunk(chunk, start)
    whole = photos.MAX_BYTES + 2 * len(chunk)
    kept = handler.file_complete(whole)
    assert kept.size == whole and len(kept.read()) <= photos.MAX_BYTES


def test_no_file_is_no_photo():
    assert photos.read(None) is None and photos.read(upload(b"")) is None


# --- the hand's form --------------------------------------------------------------------------------


def post_hand(client, table, photo, **extra):
    data = {**hand_form("sWsu", (12, 4, 6, 0)), "photo": photo}
    return csrf_post(client, add_url(table), data, **extra)


def files(data_dir):
    return sorted(path.name for path in data_dir.glob("photos/*/*"))


def test_a_hand_saved_with_its_photo_shows_it_on_its_page_and_board(client, marriage_table, data_dir):
    response = post_hand(client, marriage_table, upload(jpeg_with_location()), **HTMX)
    assert response.status_code == 200
    assert 'class="photo-mark"' in page(response)  # the new board row in the save's answer
    assert 'id="entry-photo"' in page(response)  # and the field, emptied for the next hand
    hand = Hand.objects.get(table=marriage_table)
    assert len(hand.photo) == 16 and files(data_dir) == [f"{hand.photo}.full.jpg", f"{hand.photo}.thumb.jpg"]
    hand_page = page(Client().get(reverse("hand", args=[marriage_table.viewer_token, 1])))
    thumb = reverse("photo_file", args=[marriage_table.viewer_token, hand.photo, "thumb"])
    assert f'src="{thumb}"' in hand_page and 'alt="Photo of Hand 1"' in hand_page
    assert 'name="photo"' not in hand_page  # a viewer sees the photo, and cannot change it


def test_the_photo_is_sent_only_to_a_holder_of_the_tables_link(client, owner, marriage_table):
    post_hand(client, marriage_table, upload(jpeg_with_location()))
    name = Hand.objects.get(table=marriage_table).photo
    for token in (marriage_table.keeper_token, marriage_table.viewer_token):
        response = Client().get(reverse("photo_file", args=[token, name, "full"]))
        assert response.status_code == 200 and response["Content-Type"] == "image/jpeg"
        assert response["X-Content-Type-Options"] == "nosniff" and response["Cache-Control"].startswith("private")
        assert opened(b"".join(response.streaming_content)).size == (1600, 1200)
    other = tables.create_table(game="marriage", name="Other", players=players_of("marriage"), rules={}, owner=owner)
    assert Client().get(reverse("photo_file", args=[other.keeper_token, name, "full"])).status_code == 404
    assert Client().get(reverse("photo_file", args=[marriage_table.viewer_token, name, "big"])).status_code == 404
    assert Client().get(reverse("photo_file", args=[marriage_table.viewer_token, "0" * 16, "full"])).status_code == 404


@pytest.mark.parametrize(
    ("photo", "message"),
    [
        (upload(b"not a picture", "notes.txt", "text/plain"), "This file is not a photo"),
        (upload(b"\0" * (photos.MAX_BYTES + 1)), "The photo is larger than 15 MB"),
    ],
    ids=["not-a-picture", "too-large"],
)
def test_a_bad_photo_is_refused_beside_its_field_and_nothing_is_saved(client, marriage_table, data_dir, photo, message):
    photo.seek(0)
    response = post_hand(client, marriage_table, photo, **HTMX)
    assert response.status_code == 422
    assert f'id="entry-photo-error" role="alert">{message}' in page(response)
    assert 'aria-describedby="entry-photo-error"' in page(response)
    assert 'name="maal-0" value="12"' in page(response) or 'value="12"' in page(response)  # the hand is kept
    assert not Hand.objects.filter(table=marriage_table).exists() and files(data_dir) == []
    assert not HandChange.objects.exists()


def test_a_photo_the_full_disk_cannot_take_is_refused_beside_its_field_and_nothing_is_saved(
    client, marriage_table, data_dir, monkeypatch
):
    written, write = [], photos.write_private

    def second_file_finds_the_disk_full(path, data):
        if written:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(path)
        return write(path, data)

    monkeypatch.setattr(photos, "write_private", second_file_finds_the_disk_full)
    response = post_hand(client, marriage_table, upload(jpeg_with_location()), **HTMX)
    assert response.status_code == 422
    assert 'id="entry-photo-error" role="alert">The server could not store the photo' in page(response)
    assert 'value="12"' in page(response)  # the hand is kept in its form, to be saved without the photo
    assert written and files(data_dir) == []  # the first file written is gone again
    assert not Hand.objects.exists() and not HandChange.objects.exists()


def test_a_refused_hand_is_refused_before_its_photo_is_decoded(client, marriage_table, monkeypatch):
    monkeypatch.setattr(photos, "read", lambda upload: pytest.fail("the photo was decoded"))
    data = {**hand_form("sWWu", (12, 4, 6, 0)), "photo": upload(jpeg_with_location())}  # two winners
    response = csrf_post(client, add_url(marriage_table), data, **HTMX)
    assert response.status_code == 422 and not Hand.objects.exists()


def test_photo_files_are_the_servers_alone(client, marriage_table, data_dir):
    post_hand(client, marriage_table, upload(jpeg_with_location()))
    folder = data_dir / "photos" / marriage_table.pk
    assert stat.S_IMODE((data_dir / "photos").stat().st_mode) == stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert {stat.S_IMODE(file.stat().st_mode) for file in folder.iterdir()} == {0o600}


def test_a_photo_past_its_tables_room_is_refused_beside_its_field(client, marriage_table, data_dir, settings):
    settings.PHOTOS_TABLE_MB = 1
    (data_dir / "photos" / marriage_table.pk).mkdir(parents=True)
    (data_dir / "photos" / marriage_table.pk / "earlier.full.jpg").write_bytes(b"\0" * (1024 * 1024 - 1000))
    response = post_hand(client, marriage_table, upload(jpeg_with_location()), **HTMX)
    assert response.status_code == 422
    assert "This table's photos fill the 1 MB they may take: save without this one" in page(response)
    assert not Hand.objects.exists()


def test_a_photo_past_the_servers_room_is_refused_and_the_owner_told(
    client, marriage_table, owner, data_dir, settings, caplog, monkeypatch
):
    settings.PHOTOS_TOTAL_MB = 1
    other = tables.create_table(game="marriage", name="Other", players=players_of("marriage"), rules={}, owner=owner)
    (data_dir / "photos" / other.pk).mkdir(parents=True)
    (data_dir / "photos" / other.pk / "earlier.full.jpg").write_bytes(b"\0" * (1024 * 1024 - 1000))
    monkeypatch.setitem(photos._counted, "at", float("-inf"))  # counted again now
    response = post_hand(client, marriage_table, upload(jpeg_with_location()), **HTMX)
    assert response.status_code == 422
    assert "set aside for them: save without this one" in page(response)
    assert "PHOTOS_TOTAL_MB" in caplog.text
    assert not Hand.objects.exists()


def test_a_refused_hand_keeps_no_photo_file(client, marriage_table, data_dir):
    data = {**hand_form("sWWu", (12, 4, 6, 0)), "photo": upload(jpeg_with_location())}  # two winners
    assert csrf_post(client, add_url(marriage_table), data).status_code == 422
    assert files(data_dir) == [] and not Hand.objects.exists()


def test_a_hand_sent_again_keeps_one_photo(client, marriage_table, data_dir):
    for _ in range(2):
        data = {**hand_form("sWsu", (12, 4, 6, 0), key="phone-a-1"), "photo": upload(jpeg_with_location())}
        assert csrf_post(client, add_url(marriage_table), data, **HTMX).status_code == 200
    assert Hand.objects.count() == 1 and len(files(data_dir)) == 2


# --- on the hand's page ----------------------------------------------------------------------------


def photo_url(table, token=None):
    return reverse("hand_photo", args=[token or table.keeper_token, 1])


def test_a_photo_is_added_replaced_and_removed_from_the_hands_page(
    django_capture_on_commit_callbacks, client, marriage_table, data_dir
):
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    response = csrf_post(client, photo_url(marriage_table), {"photo": upload(jpeg_with_location())})
    assert response.status_code == 302 and response["Location"] == reverse(
        "hand", args=[marriage_table.keeper_token, 1]
    )
    first = Hand.objects.get().photo
    assert "Hand 1: photo saved." in page(client.get(response["Location"]))
    with django_capture_on_commit_callbacks(execute=True):
        csrf_post(client, photo_url(marriage_table), {"photo": upload(jpeg_with_location())})
    second = Hand.objects.get().photo
    assert second != first and files(data_dir) == [f"{second}.full.jpg", f"{second}.thumb.jpg"]
    with django_capture_on_commit_callbacks(execute=True):
        csrf_post(client, photo_url(marriage_table), {"remove": "1"})
    assert Hand.objects.get().photo == "" and files(data_dir) == []
    history = page(client.get(reverse("history", args=[marriage_table.keeper_token])))
    assert history.count("Hand 1: photo changed") == 3
    assert "nothing changed" not in history  # the headline says what changed: the photo


def test_on_the_hands_page_a_bad_photo_is_refused_beside_its_field(client, marriage_table, data_dir):
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    for data, message in [({"photo": upload(b"GIF89a broken")}, "This file is not a photo"), ({}, "Choose a photo")]:
        response = csrf_post(client, photo_url(marriage_table), data)
        assert response.status_code == 422 and f'id="photo-1-error" role="alert">{message}' in page(response)
    assert Hand.objects.get().photo == "" and files(data_dir) == []


def test_only_the_scorekeeper_link_changes_a_photo(client, marriage_table, data_dir):
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    viewer = photo_url(marriage_table, marriage_table.viewer_token)
    assert csrf_post(client, viewer, {"photo": upload(jpeg_with_location())}).status_code == 404
    assert client.get(photo_url(marriage_table)).status_code == 405
    assert Hand.objects.get().photo == "" and files(data_dir) == []


# --- gone with the hand, or the table --------------------------------------------------------------


def hand_with_photo(table, number=1):
    recording.record_hand(table, marriage_inputs("sWsu", (12, 4, 6, 0)), number)
    return hand_photos.attach(table, number, photos.read(upload(jpeg_with_location()))).photo


def test_a_deleted_hands_photo_waits_for_the_redo_and_comes_back_with_it(marriage_table, data_dir):
    name = hand_with_photo(marriage_table)
    recording.delete_hand(marriage_table, 1)
    assert len(files(data_dir)) == 2  # the redo can still put it back
    hand = recording.restore_hand(Table.objects.get(pk=marriage_table.pk), 1)
    assert hand.photo == name and len(files(data_dir)) == 2


def test_a_deleted_hands_photo_goes_at_the_next_deletion(django_capture_on_commit_callbacks, marriage_table, data_dir):
    hand_with_photo(marriage_table)
    recording.delete_hand(marriage_table, 1)
    recording.record_hand(Table.objects.get(pk=marriage_table.pk), marriage_inputs("sWsu", (1, 2, 3, 0)), 1)
    recording.record_hand(Table.objects.get(pk=marriage_table.pk), marriage_inputs("sWsu", (1, 2, 3, 0)), 2)
    with django_capture_on_commit_callbacks(execute=True):
        recording.delete_hand(Table.objects.get(pk=marriage_table.pk), 2)  # no redo brings hand 1 back now
    assert files(data_dir) == [] and not HandChange.objects.exclude(photo="").exists()


def test_a_hand_deleted_from_the_middle_loses_its_photo_at_once(
    django_capture_on_commit_callbacks, marriage_table, data_dir
):
    hand_with_photo(marriage_table, 1)
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (1, 2, 3, 0)), 2)
    with django_capture_on_commit_callbacks(execute=True):
        recording.delete_hand(Table.objects.get(pk=marriage_table.pk), 1)  # not the last: no redo
    assert files(data_dir) == []


def test_a_deleted_tables_photos_go_with_it(django_capture_on_commit_callbacks, marriage_table, data_dir):
    hand_with_photo(marriage_table)
    with django_capture_on_commit_callbacks(execute=True):
        Table.objects.filter(pk=marriage_table.pk).delete()  # as the admin's list deletes
    assert not (data_dir / "photos" / marriage_table.pk).exists()
