"""Every game's scorekeeper and viewer page in Nepali and Arabic, as a phone set to that language
sees them: the page names its language and direction, shows no English word of the app's own
strings, and has no accessibility violation."""

import re

import polib
import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.fixtures import GAMES, PHONE, PROJECT_DIR, fresh_table

WORD = re.compile(r"[A-Za-z]{3,}")
MARKUP = re.compile(r"<[^>]*>|%\(\w+\)[sd]|%[sd]")  # tags and placeholders are no words of a sentence
DIRECTION = {"ne": "ltr", "ar": "rtl"}
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


@pytest.mark.parametrize("language", DIRECTION)
def test_every_games_pages_speak_the_phones_language(browser, live_server, transactional_db, owner, language):
    tables = [fresh_table(game, owner) for game in GAMES]
    english = english_words(language)
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    axe = Axe()
    found, violations = {}, {}
    for table in tables:
        typed_by_people = words(" ".join([table.name, *table.players]))
        for token in (table.keeper_token, table.viewer_token):
            url = f"{live_server.url}/t/{token}/"
            page.goto(url)
            assert page.locator("html").get_attribute("lang") == language
            assert page.locator("html").get_attribute("dir") == DIRECTION[language]
            left_in_english = words(page.evaluate(VISIBLE_TEXT)) & english - typed_by_people
            if left_in_english:
                found[url] = sorted(left_in_english)
            violated = [violation["id"] for violation in axe.run(page).response["violations"]]
            if violated:
                violations[url] = violated
    context.close()
    assert found == {}
    assert violations == {}
