"""The result to share: a read-only summary page and the result card, a PNG drawn on the server
(games/pages/result_card.py), for every game; the scorekeeper's link never leaks into them."""

import io
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation
from PIL import Image, ImageDraw

from games.pages import result_card
from games.plumbing.language import NATIVE_DIGITS
from games.services import recording, tables
from tests.fixtures import GAMES, MINUS, SAMPLES, fresh_table, seeded
from tests.inputs import marriage_inputs

TEN_PLAYERS = ["Asha", "Bina", "Chet", "Dev", "दीपा", "أحمد", "Gita", "Hari", "Ila", "Chandrasekhar Ramanathan"]


def picture(response):
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    return Image.open(io.BytesIO(response.content))


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_summary_and_a_card_and_the_keepers_link_leads_to_the_viewers(client, owner, game):
    table = fresh_table(game, owner)
    for view in ("summary", "result_picture"):
        response = client.get(reverse(view, args=[table.keeper_token]))
        assert response.status_code == 302
        assert response["Location"] == reverse(view, args=[table.viewer_token])
    page = client.get(reverse("summary", args=[table.viewer_token])).content.decode()
    assert table.keeper_token not in page
    assert f'<meta property="og:image" content="http://testserver/t/{table.viewer_token}/result.png">' in page
    for name in table.players:
        assert name in page
    assert picture(client.get(reverse("result_picture", args=[table.viewer_token]))).size == (1200, 630)


@pytest.mark.django_db
def test_a_table_without_a_hand_has_no_result(client, owner):
    table = tables.create_table(game="marriage", name="Not yet", players=["Asha", "Bikash"], rules={}, owner=owner)
    for view in ("summary", "result_picture"):
        assert client.get(reverse(view, args=[table.viewer_token])).status_code == 404


@pytest.mark.django_db
def test_the_card_is_drawn_once_per_change_of_the_table(client, owner, django_assert_num_queries):
    table = fresh_table("marriage", owner)
    url = reverse("result_picture", args=[table.viewer_token])
    first = client.get(url).content
    with django_assert_num_queries(1):  # the table; the picture comes from the cache
        assert client.get(url).content == first
    recording.record_hand(table, marriage_inputs("Wsss", (3, 0, 0, 0)), 2)
    assert client.get(url).content != first


@pytest.mark.django_db
def test_the_finished_tables_page_offers_the_result_to_share(client, owner):
    table = fresh_table("marriage", owner)
    tables.set_finished(table, True)
    page = client.get(reverse("table", args=[table.keeper_token])).content.decode()
    assert reverse("summary", args=[table.viewer_token]) in page
    summary = client.get(reverse("summary", args=[table.viewer_token])).content.decode()
    assert "Final standings" in summary
    assert f"{MINUS}" in summary


@pytest.mark.django_db
def test_ten_players_in_three_scripts_fit_on_the_card(owner):
    hands = [
        {
            **{name: {"outcome": "inactive"} for name in TEN_PLAYERS},
            **dict(zip(TEN_PLAYERS, SAMPLES["marriage-honors"]["first_hand"].values())),
        }
    ]
    table = seeded(owner, "marriage-honors", hands, players=TEN_PLAYERS)
    card = Image.open(io.BytesIO(result_card.png(table))).convert("L")
    # Nothing of the standings below the last line's room: the band above "CardScore" is blank
    # across the standings' half of the card.
    band = card.crop(
        (
            result_card.MARGIN,
            result_card.STANDINGS_BOTTOM + 2,
            result_card.MONEY_END,
            card.height - result_card.MARGIN - 24,
        )
    )
    assert band.getextrema() == (255, 255)


def test_each_script_is_drawn_in_a_font_that_has_its_letters():
    assert result_card.font("दीपा", 20).path.endswith("NotoSansDevanagariUI-Regular.ttf")
    assert result_card.font("أحمد", 20, bold=True).path.endswith("NotoSansArabicUI-Bold.ttf")
    assert result_card.font("Asha +12", 20).path.endswith("DejaVuSans.ttf")
    # Numbers in Arabic-Indic digits keep their signs: Noto's Arabic has no + or −, DejaVu has both.
    assert result_card.font("\u2066−١٢٫٥٠\u2069", 20, bold=True).path.endswith("DejaVuSans-Bold.ttf")
    assert result_card.font("+१८", 20).path.endswith("NotoSansDevanagariUI-Regular.ttf")


def test_a_team_of_latin_names_is_drawn_whole_in_arabic_and_in_nepali():
    # DejaVu has (and joins) Arabic letters besides Latin; Devanagari is drawn piece by piece, as no
    # font here has both it and Latin.
    assert result_card.font("Asha وChandra", 20).path.endswith("DejaVuSans.ttf")
    assert result_card.runs("Asha وChandra") == ["Asha وChandra"]
    assert result_card.runs("Asha र Chandra") == ["Asha ", "र ", "Chandra"]
    assert [result_card.font(piece, 20).path.rsplit("/", 1)[1] for piece in result_card.runs("Asha र Chandra")] == [
        "DejaVuSans.ttf",
        "NotoSansDevanagariUI-Regular.ttf",
        "DejaVuSans.ttf",
    ]
    assert result_card.runs("दीपा +१८") == ["दीपा +१८"]


@pytest.mark.django_db
def test_a_right_to_left_card_starts_on_the_right(owner):
    table = fresh_table("marriage", owner)
    for language, inked, blank in (("en", "left", "right"), ("ar", "right", "left")):
        with translation.override(language):
            card = Image.open(io.BytesIO(result_card.png(table))).convert("L")
        title_band = {"left": card.crop((0, 30, 300, 90)), "right": card.crop((card.width - 300, 30, card.width, 90))}
        assert title_band[inked].getextrema()[0] < 128, language  # the table's name is there
        assert title_band[blank].getextrema() == (255, 255), language


def test_a_missing_font_is_reported_by_the_system_checks(monkeypatch, tmp_path):
    assert result_card.check_fonts() == []
    monkeypatch.setattr(result_card, "FONT_DIR", tmp_path)
    (warning,) = result_card.check_fonts()
    assert warning.id == "cardscore.W001"
    assert "fonts-noto-ui-core" in warning.hint


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ar", "ne"])
def test_the_card_is_written_in_the_digits_the_phone_chose(owner, monkeypatch, language):
    table = fresh_table("marriage", owner)
    table.name = "Club night 1"
    table.rules["point_rate"] = 1250
    table.save(update_fields=["name", "rules"])
    drawn = []
    text = ImageDraw.ImageDraw.text
    monkeypatch.setattr(
        ImageDraw.ImageDraw, "text", lambda self, xy, words, **kw: drawn.append(words) or text(self, xy, words, **kw)
    )
    written = {}
    for digits in ("native", "western"):
        cache.clear()
        drawn.clear()
        phone = Client(HTTP_ACCEPT_LANGUAGE=language)
        phone.cookies["cardscore_digits"] = digits
        picture(phone.get(reverse("result_picture", args=[table.viewer_token])))
        written[digits] = " ".join(drawn)
    own = NATIVE_DIGITS[language]
    assert not re.search(f"[{own}]", written["western"]) and "Club night 1" in written["western"]
    if language == "ar":
        assert not re.search("[0-9]", written["native"]) and "Club night ١" in written["native"]
    else:  # no font has both Latin letters and Devanagari digits: the Latin name keeps its own
        assert "Club night 1" in written["native"] and not re.search("[0-9]", written["native"].replace("1", ""))
    if language == "ar":  # the money's marks are those the page writes beside each kind of digits
        assert re.search("[٠-٩]٫[٠-٩]{2}", written["native"]) and re.search(r"[0-9]\.[0-9]{2}", written["western"])


@pytest.mark.django_db
def test_a_player_called_items_has_a_line_in_every_legend(client, owner):
    # A template looks "items" up as a dict's key before its method: the legends are lists.
    table = seeded(
        owner, "scoresheet", [{"items": {"points": 5}, "Bikash": {"points": -2}}], players=["items", "Bikash"]
    )
    for name in ("table", "tv", "summary"):
        response = client.get(reverse(name, args=[table.viewer_token]))
        assert response.status_code == 200, name
        assert re.search(r'<ul class="legend"><li><svg class="swatch"[^>]*>.*?</svg>items</li>', response.text, re.S), (
            name
        )
