"""The language a page is shown in (device > table > phone), the language's own digits, numbers
typed in them, and signed numbers in right-to-left pages (games/plumbing/language.py)."""

import json
import re

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import URLResolver, get_resolver, reverse
from django.utils import translation
from django.utils.formats import number_format
from django.utils.text import capfirst

from games.models import Hand, Table
from games.pages.numbers import money, points
from games.plumbing.access import keeper_table, link_for, table_for
from games.plumbing.language import LanguageMiddleware, native_digits, western_digits
from games.services import table_file, tables
from tests.fixtures import GAMES, SAMPLES, csrf_post, fresh_table, page, table_form, table_url

ARABIC, DEVANAGARI = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"), str.maketrans("0123456789", "०१२३४५६७८९")


def lang_of(response):
    """The page's <html lang> and dir."""
    head = page(response).split(">", 2)[1]
    return head.split('lang="')[1].split('"')[0], head.split('dir="')[1].split('"')[0]


# --- the digits ----------------------------------------------------------------------------------


def test_text_is_written_in_the_languages_own_digits_and_nothing_else():
    html = (
        '<p id="hand-12" class="x2">Hand 12: <b>+51</b> &#x27;q&#x27; &amp; 3&#39;</p>'
        '<a href="/t/a1/hand/3/" aria-label="Hand 3 worked out" title="7 points" data-n="4">3</a>'
        '<input name="maal-0" value="12" placeholder="0"><textarea name="note">9 left</textarea>'
        "<script>const a = 1;</script><style>.a { width: 10px; }</style><!-- 5 -->"
        '<span>8♠ 10♥</span><button data-rank="10" data-western>10</button>'
    )
    assert native_digits(html, "ar") == (
        '<p id="hand-12" class="x2">Hand ١٢: <b>+٥١</b> &#x27;q&#x27; &amp; ٣&#39;</p>'
        '<a href="/t/a1/hand/3/" aria-label="Hand ٣ worked out" title="٧ points" data-n="4">٣</a>'
        '<input name="maal-0" value="12" placeholder="٠"><textarea name="note">9 left</textarea>'
        "<script>const a = 1;</script><style>.a { width: 10px; }</style><!-- 5 -->"
        '<span>8♠ 10♥</span><button data-rank="10" data-western>10</button>'
    )
    assert native_digits("<td>−1,250.75</td>", "ne") == "<td>−१,२५०.७५</td>"
    # Card codes typed or shown (AS 10H JK=7C) keep the digits printed on the cards.
    assert native_digits("<p>e.g. AS 10H JK=7C, 3 Hands, 2h</p>", "ar") == "<p>e.g. AS 10H JK=7C, ٣ Hands, ٢h</p>"


def test_numbers_typed_in_either_digits_read_as_western_ones():
    assert western_digits("١٢٣") == western_digits("१२३") == "123"
    assert western_digits("٠٫٥") == "0.5"
    assert western_digits("Asha 7") == "Asha 7"


@pytest.mark.parametrize(("code", "own", "after"), [("ar", "٠١٢٣٤٥٦٧٨٩", "\u2069"), ("ne", "०१२३४५६७८९", "<")])
def test_a_device_that_chose_its_languages_digits_sees_every_number_in_them(client, owner, code, own, after):
    table = fresh_table("marriage", owner)
    client.cookies["django_language"] = code
    client.cookies["cardscore_digits"] = "native"
    response = client.get(table_url(table))
    assert "Cookie" in response["Vary"]  # the same address answers each device's choice
    body = page(response)
    text = body.split("<main>")[1].split("</main>")[0]
    # The board's totals, in the language's own digits (isolated in a right-to-left page).
    shown = "".join(own[int(digit)] for digit in str(table.totals["Bikash"]))
    assert f"+{shown}{after}" in text
    assert f'data-digits="{own}"' in body  # for the numbers the script writes
    client.cookies["cardscore_digits"] = "western"
    assert f"+{table.totals['Bikash']}{after}" in page(client.get(table_url(table)))


def test_money_in_arabic_has_the_arabic_marks_beside_its_digits_and_the_point_beside_western(client, owner):
    table, _warnings = table_file.import_table(
        {**SAMPLES["marriage"]["document"], "rules": {"point_rate": 250}}, owner=owner
    )
    client.cookies["django_language"] = "ar"
    client.cookies["cardscore_digits"] = "native"
    with translation.override("ar"):  # as the locale writes it: 18250,00
        western = number_format(table.totals["Asha"] * 250, decimal_pos=2, force_grouping=True)
    assert "," in western
    assert western.translate(ARABIC).replace(".", "٬").replace(",", "٫") in page(client.get(table_url(table)))
    # With Western digits, the point of the page's scores (+7.3), not the locale's "18.250,00".
    client.cookies["cardscore_digits"] = "western"
    text = page(client.get(table_url(table)))
    assert western.replace(".", "_").replace(",", ".").replace("_", ",") in text and western not in text


def test_an_english_page_keeps_western_digits_whatever_the_choice(client, owner):
    table = fresh_table("marriage", owner)
    client.cookies["cardscore_digits"] = "native"
    body = page(client.get(table_url(table), HTTP_ACCEPT_LANGUAGE="en"))
    assert f"+{table.totals['Bikash']}<" in body and "data-digits" not in body


# --- signs in right-to-left pages ----------------------------------------------------------------


def test_signed_numbers_are_isolated_left_to_right_only_in_right_to_left_languages():
    with translation.override("ar"):
        assert points(-12) == "\u2066\u221212\u2069"
        assert points(5) == "\u2066+5\u2069"
        assert points(0) == "0"
        assert money(-3.5, {"currency": "NPR"}).startswith("\u2066\u2212")
    with translation.override("ne"):
        assert points(-12) == "\u221212"
    assert points(-12) == "\u221212"


# --- which language ------------------------------------------------------------------------------


@pytest.fixture
def nepali_table(owner):
    table = fresh_table("marriage", owner)
    tables.set_language(table, "ne")
    return Table.objects.get(pk=table.pk)


def test_the_device_choice_comes_before_the_table_and_the_table_before_the_phone(nepali_table, owner):
    phone = Client(HTTP_ACCEPT_LANGUAGE="ar")
    for token in (nepali_table.keeper_token, nepali_table.viewer_token):
        assert lang_of(phone.get(table_url(nepali_table, token))) == ("ne", "ltr")  # the table's
        assert lang_of(phone.get(reverse("hand", args=[token, 1]))) == ("ne", "ltr")
    assert lang_of(phone.get(reverse("home"))) == ("ar", "rtl")  # no table: the phone's
    phone.cookies["django_language"] = "en"  # this device chose
    assert lang_of(phone.get(table_url(nepali_table, nepali_table.viewer_token))) == ("en", "ltr")
    assert lang_of(phone.get(table_url(nepali_table))) == ("en", "ltr")
    Table.objects.filter(pk=nepali_table.pk).update(language="")
    assert lang_of(Client(HTTP_ACCEPT_LANGUAGE="ar").get(table_url(nepali_table))) == ("ar", "rtl")


def test_loading_a_table_changes_no_language(nepali_table):
    """The view shows its page in the table's language itself: reading a table (for its link, its
    page or anything else) leaves the active language as it was."""

    def loads_the_table(request):
        for token in (nepali_table.keeper_token, nepali_table.viewer_token):
            assert table_for(token)[0].language == "ne" and link_for(token)[3] == "ne"
        keeper_table(nepali_table.keeper_token)
        return HttpResponse(translation.get_language(), content_type="text/plain")

    with translation.override("ar"):  # a device that chose no language, in a request
        assert LanguageMiddleware(loads_the_table)(RequestFactory().get("/")).content == b"ar"


def token_routes(patterns=None):
    """The name and the URL's other parts of every route that opens a table by its token (a game's own too)."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            yield from token_routes(pattern.url_patterns)
        elif "token" in getattr(pattern.pattern, "converters", {}):
            others = {
                "number": 1,
                "seat": 0,
                "index": 0,
                "mode": "cards",
                "which": "viewer",
                "name": "0" * 16,
                "size": "thumb",
            }
            yield pattern.name, {key: others[key] for key in pattern.pattern.converters if key != "token"}


@pytest.mark.parametrize("route", sorted(name for name, _parts in token_routes()))
def test_every_view_of_a_table_shows_it_in_the_table_s_language(route, owner):
    """A phone that chose no language, asking in Arabic, gets each table view (read or posted to,
    answered or refused) in its table's Nepali: no view can forget it (games/plumbing/access.py table_view)."""
    parts = dict(token_routes())[route]
    phone = Client(HTTP_ACCEPT_LANGUAGE="ar")
    phone.force_login(owner)
    answered = []
    for game in GAMES:  # a game's own routes open its tables only
        table = fresh_table(game, owner)
        tables.set_language(table, "ne")
        url = reverse(route, kwargs={"token": table.keeper_token, **parts})
        response = phone.get(url)
        if response.status_code == 405:
            response = phone.post(url)
        answered.append((response["Content-Language"], response.status_code))
    # Only a game's own route refuses another game's table, before opening it.
    assert all(language == "ne" or status == 404 for language, status in answered), answered
    assert any(language == "ne" for language, _status in answered), answered


def test_the_live_board_follows_the_tables_language(nepali_table):
    live = Client(HTTP_ACCEPT_LANGUAGE="ar").get(
        reverse("live", args=[nepali_table.viewer_token]), {"revision": "0"}, HTTP_HX_REQUEST="true"
    )
    assert live.status_code == 200 and live["Content-Language"] == "ne"


def test_the_table_shows_its_language_and_the_scorekeeper_changes_it(client, owner):
    table = fresh_table("konkan", owner)
    response = csrf_post(client, reverse("table_language", args=[table.keeper_token]), {"language": "ar"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.language == "ar"
    viewer = Client()
    body = page(viewer.get(table_url(table, table.viewer_token)))
    assert '<span lang="ar">العربيّة</span>' in body
    assert 'action="%s"' % reverse("table_language", args=[table.keeper_token]) not in body
    refused = csrf_post(client, reverse("table_language", args=[table.keeper_token]), {"language": "xx"})
    with translation.override("ar"):  # the table's language now
        refusal = capfirst(translation.gettext("choose one of the languages offered"))
    assert refused.status_code == 422 and refusal in page(refused)
    table.refresh_from_db()
    assert table.language == "ar"
    assert viewer.post(reverse("table_language", args=[table.viewer_token]), {"language": ""}).status_code == 404


def test_a_new_table_gets_its_language(client, owner):
    response = csrf_post(client, reverse("new_table", args=["thirteen"]), table_form("thirteen", language="ne"))
    assert response.status_code == 302
    assert Table.objects.get().language == "ne"


def test_the_language_travels_in_the_table_file_and_old_files_import_unchanged(owner):
    sample = SAMPLES["marriage"]["document"]
    old, _warnings = table_file.import_table(sample, owner=owner)
    assert old.language == "" and "language" not in table_file.export_table(old)
    table, _warnings = table_file.import_table({**sample, "language": "ar"}, owner=owner)
    assert table.language == "ar"
    assert table_file.export_table(table)["language"] == "ar"
    with pytest.raises(ValueError, match="languages offered"):
        table_file.import_table({**sample, "language": "fr"}, owner=owner)


# --- the switcher, without the script -----------------------------------------------------------


def test_the_switcher_remembers_the_choice_and_returns_to_the_page(owner, nepali_table):
    phone = Client(enforce_csrf_checks=True)  # a viewer's page carries no CSRF token: none is needed
    viewer = table_url(nepali_table, nepali_table.viewer_token)
    form = page(phone.get(viewer))
    assert 'action="/language/"' in form and f'name="next" value="{viewer}"' in form
    response = phone.post(reverse("choose_language"), {"language": "ar", "digits": "native", "next": viewer})
    assert response.status_code == 302 and response["Location"] == viewer
    again = phone.get(viewer)
    assert lang_of(again) == ("ar", "rtl")
    assert '<option value="ar" lang="ar" selected>' in page(again)
    assert '<option value="native" selected>' in page(again)
    # "Automatic" forgets the device's language: the table's again.
    phone.post(reverse("choose_language"), {"language": "", "digits": "western", "next": viewer})
    assert lang_of(phone.get(viewer)) == ("ne", "ltr")


def test_the_switcher_on_a_page_answering_a_post_returns_to_the_page_posted_from(client, owner):
    table = fresh_table("marriage", owner)
    refused = csrf_post(
        client,
        reverse("add_hand", args=[table.keeper_token]),
        {"hand_number": "2"},
        HTTP_REFERER=f"http://testserver{table_url(table)}",
    )
    assert refused.status_code == 422
    assert f'name="next" value="http://testserver{table_url(table)}"' in page(refused)
    back = client.post(reverse("choose_language"), {"language": "ne", "next": f"http://testserver{table_url(table)}"})
    assert back["Location"] == f"http://testserver{table_url(table)}"


def test_the_switcher_never_leads_off_the_site(owner):
    response = Client().post(reverse("choose_language"), {"language": "ne", "next": "https://elsewhere.example/"})
    assert response["Location"] == reverse("home")


# --- numbers typed in the language's own digits -------------------------------------------------

HIDDEN = ("hand_number", "version", "key")


def typed_in(form, digits):
    """The hand form as a phone typing its own digits posts it (hidden fields are the page's)."""
    return {
        key: value if key in HIDDEN or not isinstance(value, str) else value.translate(digits)
        for key, value in form.items()
    }


@pytest.mark.parametrize("digits", [ARABIC, DEVANAGARI], ids=["arabic-indic", "devanagari"])
@pytest.mark.parametrize("game", [game for game in GAMES if game != "twentyfour"])  # the race has no number typed
def test_a_hand_typed_in_the_languages_own_digits_is_recorded_with_the_right_numbers(client, owner, game, digits):
    form = SAMPLES[game]["add_hand"]
    assert any(value.strip("0") and value.isdigit() for key, value in form.items() if key not in HIDDEN)
    western, native = fresh_table(game, owner), fresh_table(game, owner)
    client.cookies["django_language"] = "ar"
    assert csrf_post(client, reverse("add_hand", args=[western.keeper_token]), form).status_code == 302
    assert csrf_post(client, reverse("add_hand", args=[native.keeper_token]), typed_in(form, digits)).status_code == 302
    expected, recorded = Table.objects.get(pk=western.pk), Table.objects.get(pk=native.pk)
    assert json.dumps(recorded.current_hand) == json.dumps(expected.current_hand)
    assert [hand.inputs for hand in recorded.hands.all()] == [hand.inputs for hand in expected.hands.all()]
    assert recorded.totals == expected.totals


def test_thirteen_books_typed_in_devanagari_digits_complete_the_round(client, owner):
    table = fresh_table("thirteen", owner)
    assert (
        csrf_post(
            client,
            reverse("add_hand", args=[table.keeper_token]),
            typed_in(SAMPLES["thirteen"]["add_hand"], DEVANAGARI),
        ).status_code
        == 302
    )
    books = {"hand_number": "2", "version": "1", "books-0": "0", "books-1": "1", "books-2": "1", "books-3": "0"}
    assert (
        csrf_post(client, reverse("add_hand", args=[table.keeper_token]), typed_in(books, DEVANAGARI)).status_code
        == 302
    )
    round_two = Table.objects.get(pk=table.pk).hands.get(number=2).inputs
    assert [round_two[name]["books"] for name in table.players] == [0, 1, 1, 0]
    assert [round_two[name]["bid"] for name in table.players] == [0, 1, 0, 1]


def test_a_konkan_set_score_typed_in_arabic_indic_digits(client, owner):
    table = tables.create_table(
        game="konkan", name="Konkan", players=SAMPLES["konkan"]["players"], rules={}, owner=owner
    )
    player = table.players[0]
    response = csrf_post(
        client, reverse("record_set", args=[table.keeper_token]), {"player": player, "groups": "", "score": "٦١"}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.current_hand == {"sets": [{"player": player, "value": 61}]}


def test_house_rules_typed_in_devanagari_digits(client, owner):
    response = csrf_post(
        client, reverse("new_table", args=["marriage"]), table_form("marriage", seen_points="४", point_rate="०.५")
    )
    assert response.status_code == 302
    rules = Table.objects.get().rules
    assert rules["seen_points"] == 4 and rules["point_rate"] == 0.5


def test_no_numeric_input_refuses_the_languages_own_digits(client, owner):
    """type=number and pattern="[0-9]*" would stop a browser from sending ٣ or ३."""
    for game in GAMES:
        body = page(client.get(table_url(fresh_table(game, owner))))
        body += page(client.get(reverse("new_table", args=[game])))
        assert 'type="number"' not in body and 'pattern="[0-9]*"' not in body
    assert Hand.objects.exists()


# --- boxes for numbers in the chosen digits (the issue "The edges of a real table", item 7) ------


def own_digits_client(client, language):
    client.cookies["django_language"] = language
    client.cookies["cardscore_digits"] = "native"
    return client


def number_boxes(body):
    """name -> value of each box for a number (inputmode numeric or decimal) on a page."""
    return {
        match[1]: match[2]
        for match in re.finditer(
            r'<input\b[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"[^>]*inputmode="(?:numeric|decimal)"', body
        )
    }


def test_a_box_for_a_number_shows_its_value_in_the_chosen_digits_and_nothing_else_does():
    html = (
        '<input name="maal-0" value="12" inputmode="numeric" pattern="[0-9٠-٩०-९]*">'
        '<input type="hidden" name="version" value="12"><input name="player" value="Asha 2">'
    )
    assert native_digits(html, "ne") == (
        '<input name="maal-0" value="१२" inputmode="numeric" pattern="[0-9٠-٩०-९]*">'
        '<input type="hidden" name="version" value="12"><input name="player" value="Asha 2">'
    )


@pytest.mark.parametrize(("language", "digits"), [("ne", DEVANAGARI), ("ar", ARABIC)])
def test_the_new_table_forms_defaults_are_in_the_chosen_digits_and_send_back_as_they_are(
    client, owner, language, digits
):
    own_digits_client(client, language)
    body = page(client.get(reverse("new_table", args=["marriage"])))
    boxes = number_boxes(body)
    assert boxes["seen_points"] == "3".translate(digits) and boxes["point_rate"] == "1".translate(digits)
    assert not any(re.search("[0-9]", value) for value in boxes.values()), boxes
    # The form sent back as shown (names typed) makes the table with the same rules.
    form = {**boxes, "name": "Friday", "player": ["Asha", "Bikash", "Chandra"], "language": ""}
    assert csrf_post(client, reverse("new_table", args=["marriage"]), form).status_code == 302
    assert Table.objects.get().rules["seen_points"] == 3


def test_konkans_failed_wins_stepper_starts_in_the_chosen_digits(client, owner):
    table = fresh_table("konkan", owner)
    body = page(own_digits_client(client, "ne").get(table_url(table)))
    assert number_boxes(body)["failed_wins-0"] == "०"
    assert 'name="hand_number" value="2"' in body  # hidden, for the server only: Western


# --- the translation review's code changes ------------------------------------------------------


def test_the_board_marks_are_the_languages_own_letters(client, owner):
    table = fresh_table("marriage", owner)  # Dipa was unseen in hand 1
    client.cookies["django_language"] = "ne"
    body = page(client.get(table_url(table)))
    assert '<span aria-hidden="true">अ</span>' in body and '<span aria-hidden="true">U</span>' not in body


def test_arabic_lists_its_items_with_the_arabic_comma(client, owner):
    table = fresh_table("marriage", owner)
    client.cookies["django_language"] = "ar"
    text = page(client.get(reverse("history", args=[table.keeper_token])))
    assert "، " in text and re.search(r"[\u0600-\u06ff], ", text) is None


def test_the_joker_among_cards_is_isolated_only_in_right_to_left_text():
    from games.sdk.cards import cards

    with translation.override("ar"):
        assert cards(["AS", "JK"]) == "A♠ \u2068جوكر\u2069"
    with translation.override("ne"):
        assert "\u2068" not in cards(["AS", "JK"])
    assert cards(["AS", "JK"]) == "A♠ joker"


@pytest.mark.parametrize(("language", "digits"), [("ne", DEVANAGARI), ("ar", ARABIC)])
def test_the_seats_page_s_starting_total_is_in_the_chosen_digits_and_sends_back_as_it_is(
    client, owner, language, digits
):
    table = fresh_table("konkan", owner)
    Table.objects.filter(pk=table.pk).update(rules={**table.rules, "join_at_highest": True})
    own_digits_client(client, language)
    body = page(client.get(reverse("seats", args=[table.keeper_token])))
    shown = re.search(r'<input id="join-score" name="score" value="([^"]*)"', body)[1]
    highest = str(
        Table.objects.get(pk=table.pk).engine.joining_score(table.rules | {"join_at_highest": True}, table.state)
    )
    assert shown == highest.translate(digits)
    response = csrf_post(
        client,
        reverse("seats", args=[table.keeper_token]),
        {"kind": "join", "player": "Eka", "seat": "0", "score": shown},
    )
    assert response.status_code == 302
    assert Table.objects.get(pk=table.pk).events[-1]["score"] == int(highest)
