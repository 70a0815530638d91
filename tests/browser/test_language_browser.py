"""Arabic and Nepali on a phone: every game's pages name their language and direction and show no
English word of the app's own strings; signs in right-to-left text, hands typed with Arabic-Indic
digits, the language switcher without the script, and axe on the pages in both languages."""

import re

import polib
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from games.sdk.registry import get_game
from games.services import recording, tables
from tests.fixtures import GAMES, PROJECT_DIR, SAMPLES, fresh_table, log_in, totals

AXE = Axe()
WORD = re.compile(r"[A-Za-z]{3,}")
MARKUP = re.compile(r"<[^>]*>|%\(\w+\)[sd]|%[sd]")  # tags and placeholders are no words of a sentence
DIRECTION = {"ne": "ltr", "ar": "rtl"}
# The games CardScore ships: the test-only game's words live in tests/, which the catalogs leave out.
SHIPPED_GAMES = [game for game in GAMES if type(get_game(game).engine).__module__.startswith("scoring.")]
VISIBLE_TEXT = """() => [document.title, document.body.innerText,
    ...[...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap(
        element => ['aria-label', 'title', 'placeholder', 'alt'].map(name => element.getAttribute(name) || ''))
].join('\\n')"""


def words(text):
    return {word.lower() for word in WORD.findall(MARKUP.sub(" ", text))}


def english_words(language):
    """The words of the app's English strings that no translation in `language` keeps as they are
    (a brand name, say, stays in every language)."""
    english, kept = set(), set()
    for entry in polib.pofile(str(PROJECT_DIR / "locale" / language / "LC_MESSAGES" / "django.po")):
        english |= words(f"{entry.msgid} {entry.msgid_plural}")
        kept |= words(" ".join([entry.msgstr, *entry.msgstr_plural.values()]))
    return english - kept


GLYPH_EDGE = 0.5  # px: neighbouring glyphs' boxes may touch; a minus on the wrong side is a glyph away

# Where a number's sign and digits are drawn (its text node's ranges): in a right-to-left page the
# minus must still be drawn left of every digit.
SIGN_AND_DIGITS = """(cell) => {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  const text = walker.nextNode();
  const at = (index) => { const range = document.createRange(); range.setStart(text, index);
                          range.setEnd(text, index + 1); return range.getBoundingClientRect(); };
  const characters = [...text.data].map((character, index) => [character, index]);
  const sign = characters.find(([c]) => /[\\u2212+]/.test(c));
  const digits = characters.filter(([c]) => /[0-9\\u0660-\\u0669]/.test(c));
  return {sign: sign[0], signRight: at(sign[1]).right, digitsLeft: Math.min(...digits.map(([, i]) => at(i).left)),
          direction: getComputedStyle(document.documentElement).direction};
}"""


def context_in(phones, live_server, language, digits="western", logged_in=False):
    """A phone that chose `language` and `digits` (after logging in, where asked, in English)."""
    context = phones()
    if logged_in:
        log_in(context.new_page(), live_server.url)
    context.add_cookies(
        [
            {"name": "django_language", "value": language, "url": live_server.url},
            {"name": "cardscore_digits", "value": digits, "url": live_server.url},
        ]
    )
    return context


@pytest.mark.parametrize("digits", ["western", "native"])
def test_a_negative_total_keeps_its_minus_left_of_its_digits_right_to_left(
    phones, live_server, transactional_db, owner, digits
):
    table = fresh_table("marriage", owner)
    loser = min(table.totals, key=table.totals.get)
    assert table.totals[loser] < 0
    page = context_in(phones, live_server, "ar", digits).new_page()
    page.goto(f"{live_server.url}/t/{table.viewer_token}/")
    shown = page.locator(f"tfoot td.total[data-player='{loser}'] a").evaluate(SIGN_AND_DIGITS)
    assert shown["direction"] == "rtl" and shown["sign"] == "\u2212"
    assert shown["signRight"] <= shown["digitsLeft"] + GLYPH_EDGE
    # The standings' points and money too.
    for number in page.locator(".standings .num").filter(has_text="\u2212").all():
        sign = number.evaluate(SIGN_AND_DIGITS)
        assert sign["signRight"] <= sign["digitsLeft"] + GLYPH_EDGE
    assert page.locator(".standings .num").filter(has_text="\u2212").count() >= 2


def test_the_script_writes_bids_remaining_in_arabic_digits_with_its_minus_in_front(
    phones, live_server, transactional_db, owner
):
    thirteen = tables.create_table(
        game="thirteen",
        name="Thirteen",
        players=SAMPLES["thirteen"]["players"],
        rules={},
        owner=owner,
        colors=dict(zip(SAMPLES["thirteen"]["players"], SAMPLES["thirteen"]["colors"])),
    )
    page = context_in(phones, live_server, "ar", "native", logged_in=True).new_page()
    page.goto(f"{live_server.url}/t/{thirteen.keeper_token}/")
    bids = page.locator("input[name^='bid-']")
    bids.nth(0).press_sequentially("٣")  # one card this round: bids remaining 1 − 3 = −2
    remaining = page.locator("[data-remaining-value]")
    expect(remaining).to_have_text("\u2066\u2212٢\u2069")
    shown = remaining.evaluate(SIGN_AND_DIGITS)
    assert shown["signRight"] <= shown["digitsLeft"] + GLYPH_EDGE


def test_a_hand_typed_with_arabic_indic_digits_is_recorded_with_the_right_numbers(
    phones, live_server, transactional_db, owner
):
    table = fresh_table("marriage", owner)
    page = context_in(phones, live_server, "ar", "native", logged_in=True).new_page()
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    # Hand 2: Bikash wins; Asha's maal counted (two tiplu typed into the counter), the rest typed,
    # as an Arabic phone's keyboard types them.
    # Found by what they are, not by their (Arabic) words.
    page.locator("fieldset[data-seat='1'] label:has(input[value='winner'])").click()
    asha = page.locator("fieldset[data-seat='0']")
    asha.locator("details.counter summary").click()
    tiplu = asha.locator("#tiplu-0")
    tiplu.fill("")  # the count shows 0
    tiplu.press_sequentially("٢")
    tiplu.blur()
    expect(page.locator("#maal-0")).not_to_have_value("")  # the counter wrote what it found
    for seat, maal in enumerate(["٤", "٦", "١٠"], 1):
        page.locator(f"#maal-{seat}").press_sequentially(maal)
    page.locator("#new-hand button.primary.wide").click()
    expect(page.locator("#saved:not([data-sending])")).to_be_visible()  # the answer's line
    hand = table.hands.get(number=2)
    assert hand.inputs["Asha"]["maal_counts"]["tiplu"] == 2
    assert [hand.inputs[name]["maal"] for name in table.players[1:]] == [4, 6, 10]
    assert hand.inputs["Bikash"]["status"] == "winner"
    # The board shows the new totals in Arabic-Indic digits.
    table.refresh_from_db()
    own = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
    shown = [text.strip("\u2066\u2069") for text in totals(page).all_inner_texts()]
    expected = [
        ("+" if total > 0 else "\u2212" if total < 0 else "") + str(abs(total)).translate(own)
        for total in (table.totals[name] for name in table.players)
    ]
    assert shown == expected


def test_the_switcher_works_without_the_script(phones, live_server, transactional_db, owner):
    table = fresh_table("konkan", owner)
    context = phones(java_script_enabled=False, locale="en-US")
    page = context.new_page()
    viewer = f"{live_server.url}/t/{table.viewer_token}/"
    page.goto(viewer)
    page.get_by_label("Language").select_option("ar")
    page.get_by_label("Digits").select_option("native")
    page.get_by_role("button", name="Change").click()
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    assert page.url == viewer
    expect(page.locator("tfoot td.total").first).not_to_contain_text("0")  # Arabic-Indic digits now


@pytest.mark.parametrize("language", ["ar", "ne"])
def test_pages_in_arabic_and_nepali_have_no_accessibility_violation(
    phones, live_server, transactional_db, owner, language
):
    tables = [fresh_table(game, owner) for game in GAMES]
    page = context_in(phones, live_server, language, "native", logged_in=True).new_page()
    problems = {}
    for url in [
        "/",
        "/new/konkan/",
        *(f"/t/{token}/" for table in tables for token in (table.keeper_token, table.viewer_token)),
    ]:
        page.goto(live_server.url + url)
        results = AXE.run(page)
        problems[url] = [
            (violation["id"], [node["target"] for node in violation["nodes"]][:3])
            for violation in results.response["violations"]
        ]
    assert {url: found for url, found in problems.items() if found} == {}


@pytest.mark.parametrize("language", DIRECTION)
def test_every_games_pages_speak_the_phones_language(phones, live_server, transactional_db, owner, language):
    tables = [fresh_table(game, owner) for game in SHIPPED_GAMES]
    english = english_words(language)
    context = phones(locale=language)
    page = context.new_page()
    found = {}
    for table in tables:
        typed_by_people = words(" ".join([table.name, *table.players]))
        for url in (
            f"{live_server.url}/t/{table.keeper_token}/",
            f"{live_server.url}/t/{table.viewer_token}/",
            f"{live_server.url}/t/{table.keeper_token}/seats/",
        ):
            page.goto(url)
            assert page.locator("html").get_attribute("lang") == language
            assert page.locator("html").get_attribute("dir") == DIRECTION[language]
            left_in_english = words(page.evaluate(VISIBLE_TEXT)) & english - typed_by_people
            if left_in_english:
                found[url] = sorted(left_in_english)
    assert found == {}


def test_the_maal_counter_and_the_steppers_write_the_chosen_digits(phones, live_server, transactional_db, owner):
    table = fresh_table("marriage", owner)
    page = context_in(phones, live_server, "ne", "native", logged_in=True).new_page()
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    page.locator("fieldset[data-seat='1'] label:has(input[value='winner'])").click()
    asha = page.locator("fieldset[data-seat='0']")
    asha.locator("details.counter summary").click()
    more = asha.locator(".stepper:has(#tiplu-0) .controls button").nth(1)
    more.click()
    more.click()
    expect(asha.locator("#tiplu-0")).to_have_value("२")
    # The Maal box says what the counter's own line says, in the same digits.
    maal = page.locator("#maal-0")
    expect(maal).to_have_value(re.compile("^[०-९]+$"))
    expect(page.locator("#maal-found-0")).to_contain_text(maal.input_value())
    for seat, typed in enumerate(["४", "६", "१०"], 1):
        page.locator(f"#maal-{seat}").press_sequentially(typed)
    page.locator("#new-hand button.primary.wide").click()
    expect(page.locator("#saved:not([data-sending])")).to_be_visible()  # the answer's line
    hand = table.hands.get(number=2)
    # Sent with the Maal box as the counter wrote it, in Devanagari digits: saved, counts and all.
    assert hand.inputs["Asha"]["maal_counts"]["tiplu"] == 2
    assert [hand.inputs[name]["maal"] for name in table.players[1:]] == [4, 6, 10]


def test_seat_numbers_follow_the_chosen_digits(phones, live_server, transactional_db, owner):
    for digits, style in [("native", "devanagari"), ("western", "decimal")]:
        page = context_in(phones, live_server, "ne", digits, logged_in=True).new_page()
        page.goto(f"{live_server.url}/new/marriage/")
        content = page.locator(".seat").first.evaluate("(seat) => getComputedStyle(seat, '::before').content")
        assert content == f"counter(seat{'' if style == 'decimal' else ', ' + style})", content
        page.close()


# Where each character of an element's text is drawn, left edge first: [(character, left)].
CHARACTERS_DRAWN = """(element) => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const drawn = [];
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    [...text.data].forEach((character, index) => {
      const range = document.createRange(); range.setStart(text, index); range.setEnd(text, index + 1);
      if (character.trim() && !/[\\u2066-\\u2069]/.test(character)) {
        drawn.push([character, range.getBoundingClientRect().left]);
      }
    });
  }
  return drawn;
}"""


@pytest.mark.parametrize("digits", ["western", "native"])
def test_konkan_cards_and_their_points_are_drawn_in_order_right_to_left(
    phones, live_server, transactional_db, owner, digits
):
    table = tables.create_table(
        game="konkan", name="Konkan", players=SAMPLES["konkan"]["players"], rules={}, owner=owner
    )
    recording.record_hand(
        table,
        {
            "_hand": {"joker_discard": False},
            "Asha": {"outcome": "set", "cards": ["AS", "7H", "JK"]},
            "Bina": {"outcome": "winner"},
            "Chet": {"outcome": "not_set"},
        },
        1,
    )
    page = context_in(phones, live_server, "ar", digits, logged_in=True).new_page()
    page.goto(f"{live_server.url}/t/{table.keeper_token}/hand/1/")
    drawn = page.locator(".term .sum.cards").evaluate(CHARACTERS_DRAWN)
    # "A♠ 11 + 7♥ 7 + joker 50 = 68", left to right; the joker's Arabic word itself right to left.
    letter = re.compile("[\u0621-\u064a]")  # Arabic letters (not its digits, U+0660 on)
    joker = [left for character, left in drawn if letter.match(character)]
    around = [left for character, left in drawn if not letter.match(character)]
    assert around == sorted(around), drawn
    assert joker == sorted(joker, reverse=True) and around[8] < min(joker) and max(joker) < around[9], drawn
