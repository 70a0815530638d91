"""Tarneeb in Arabic on a phone (390×844): a game to 31 with a kaboot and a set, a refused hand with
each problem beside its field, a hand kept offline and sent once; then the TV board at 1280×720
showing both teams."""

from playwright.sync_api import expect

from games.services import tables
from tests.browser.fixtures import wait_until
from tests.fixtures import log_in, totals

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa"]
TEAMS = ["Asha وChandra", "Bikash وDipa"]  # the teams named by their partners, in Arabic
PAGE_SCROLLS = """document.scrollingElement.scrollHeight > innerHeight
  || document.scrollingElement.scrollWidth > innerWidth"""


def isolated(number):
    """A signed number as a right-to-left page writes it: kept left to right (games/pages/numbers.py)."""
    return f"\u2066{number}\u2069"


def in_arabic(context, live_server):
    """The phone chose Arabic (with Western digits, as the totals below are written)."""
    context.add_cookies(
        [
            {"name": "django_language", "value": "ar", "url": live_server.url},
            {"name": "cardscore_digits", "value": "western", "url": live_server.url},
        ]
    )
    return context


def pick(page, field, value):
    page.locator(f"#new-hand #hand-{field} label:has(input[value='{value}'])").click()


def enter(page, bidder, bid, tricks):
    """Who won the bidding, the bid and the tricks, tapped; then Save. It waits for the last answer
    to settle first, as a tap on a form being swapped would be lost."""
    wait_until(page, "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    pick(page, "bidder", bidder)
    pick(page, "bid", bid)
    pick(page, "tricks", tricks)
    page.locator("#new-hand button.primary").click()


def test_a_game_to_31_in_arabic_with_a_kaboot_a_set_a_refused_hand_and_one_sent_from_offline(
    phones, live_server, transactional_db, owner
):
    table = tables.create_table(game="tarneeb", name="سهرة الخميس", players=PLAYERS, rules={"target": 31}, owner=owner)
    context = phones()
    log_in(context.new_page(), live_server.url)
    page = in_arabic(context, live_server).new_page()
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("#board thead th .name")).to_have_text(TEAMS)

    # Saved with only the bid (7 is ready): who won the bidding and the tricks are each asked for
    # beside their own field, and nothing is saved.
    page.locator("#new-hand button.primary").click()
    for field in ("bidder", "tricks"):
        expect(page.locator(f"#hand-{field} .error")).to_be_visible()
        expect(page.locator(f"#hand-{field} [role=radiogroup]")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#hand-bid .error")).to_have_count(0)
    assert not table.hands.exists()

    enter(page, "Asha", 9, 10)  # made it: the tricks taken
    expect(totals(page)).to_have_text([isolated("+10"), "0"])
    expect(page.locator("#saved")).to_contain_text(f"{TEAMS[0]}")
    enter(page, "Bikash", 10, 9)  # set: minus the bid, and the others take their 4 tricks
    expect(totals(page)).to_have_text([isolated("+14"), isolated("−10")])
    enter(page, "Chandra", 8, 13)  # kaboot: all 13 tricks, 16
    expect(totals(page)).to_have_text([isolated("+30"), isolated("−10")])

    indicator = page.locator("#connection")
    page.context.set_offline(True)
    enter(page, "Asha", 7, 8)
    expect(page.locator("#board tr.waiting")).to_have_count(1)
    waiting = indicator.get_attribute("data-waiting-one").replace("{count}", "1")
    expect(indicator).to_have_text(f"{indicator.get_attribute('data-offline')} · {waiting}")
    assert table.hands.count() == 3
    page.context.set_offline(False)
    expect(indicator).to_have_text(indicator.get_attribute("data-online"))
    expect(page.locator("#board tr.waiting")).to_have_count(0)
    expect(totals(page)).to_have_text([isolated("+38"), isolated("−10")])
    assert list(table.hands.values_list("number", flat=True)) == [1, 2, 3, 4]  # hand 4 once
    table.refresh_from_db()
    assert table.totals == {"Asha": 38, "Bikash": -10, "Chandra": 38, "Dipa": -10}
    assert table.progress["game_over"] and table.progress["winners"] == ["Asha", "Chandra"]
    expect(page.locator("#standings-card li").first).to_contain_text(TEAMS[0])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    tv = in_arabic(phones(viewport={"width": 1280, "height": 720}), live_server).new_page()
    tv.goto(f"{live_server.url}/t/{table.viewer_token}/tv/")
    expect(tv.locator("#board thead th .name")).to_have_text(TEAMS)
    expect(tv.locator("#board tfoot td.total")).to_have_text([isolated("+38"), isolated("−10")])
    expect(tv.locator(".tv-standings")).to_contain_text(TEAMS[1])
    expect(tv.locator(".told li")).to_have_count(1)  # hand 4: only the bidding team scored
    expect(tv.locator(".told li")).to_contain_text(TEAMS[0])
    assert not tv.evaluate(PAGE_SCROLLS)
