"""The TV board of a 10-player Marriage table (with honors: Nepali Marriage seats 6 at most) on a
laptop's and a TV's screen: it fits without scrolling, every total in view, follows a game saved on
a phone within 3 seconds and keeps the screen on."""

import pytest
from playwright.sync_api import expect

from games.services import tables
from tests.browser.fixtures import FAKE_WAKE_LOCK, wait_until
from tests.fixtures import play_hand

TEN = ["Asha", "Bikash", "Chandrakala", "Dipa", "Esha", "Faris", "Gita", "Hari", "Ila", "Jayalakshmi"]

# Whether the page scrolls, and the totals (the board's last row) that are not wholly on the screen.
PAGE_SCROLLS = """document.scrollingElement.scrollHeight > innerHeight
  || document.scrollingElement.scrollWidth > innerWidth"""
# The board's numbers cut by their column (wider than it).
NUMBERS_CUT = """[...document.querySelectorAll("#board td")].filter((cell) => cell.scrollWidth > cell.clientWidth)
  .map((cell) => cell.textContent)"""
TOTALS_OFF_SCREEN = """[...document.querySelectorAll("#board tfoot td.total")].filter((total) => {
  const box = total.getBoundingClientRect();
  return box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth || box.width === 0;
}).map((total) => total.dataset.player)"""


def ten_player_game(number):
    """Game `number`: one player declares, in turn, the others play on with some honors and points."""
    return {
        name: {"outcome": "declared", "honors": 2, "marriages": 1}
        if seat == number % 10
        else {"outcome": "played", "honors": seat % 3, "marriages": 0, "hand_points": (seat * 7 + number) % 30}
        for seat, name in enumerate(TEN)
    }


@pytest.fixture
def ten_players(transactional_db, owner):
    """A Marriage table of ten with 14 games: more than the board shows at once, and totals of five
    digits (honors at 400 points)."""
    table = tables.create_table(
        game="marriage-honors",
        name="Big family night",
        players=TEN,
        rules={"honor_value": 400, "marriage_points": 2000},
        owner=owner,
    )
    for number in range(1, 15):
        play_hand(table, ten_player_game(number), number)
    return table


@pytest.mark.parametrize("screen", [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}])
def test_a_game_saved_on_a_phone_shows_on_the_tv_within_3_seconds_every_total_in_view(
    phones, live_server, ten_players, screen
):
    tv = phones(viewport=screen).new_page()
    tv.add_init_script(FAKE_WAKE_LOCK)
    tv.goto(f"{live_server.url}/t/{ten_players.viewer_token}/tv/")
    expect(tv.locator("#board tfoot td.total")).to_have_count(10)
    assert not tv.evaluate(PAGE_SCROLLS)
    assert tv.evaluate(TOTALS_OFF_SCREEN) == []
    expect(tv.locator("#board tbody th").last).to_be_in_viewport()  # the newest game, above the totals
    expect(tv.locator("#board tbody th").last).to_have_text("14")
    assert tv.evaluate(NUMBERS_CUT) == []
    wait_until(tv, "window.wakeLocks.length === 1 && !window.wakeLocks[0].released")  # no box to tick

    keeper = phones().new_page()
    keeper.goto(f"{live_server.url}/t/{ten_players.keeper_token}/")
    for seat in range(10):  # posted through the page's form: Dipa declares, everyone else surrenders
        player = keeper.locator(f"#new-hand fieldset[data-seat='{seat}']")
        if seat == 3:
            player.get_by_text("Declared", exact=True).click()
        else:  # ten players' form: the outcomes but the usual two are behind "Other"
            player.get_by_text("Other", exact=True).click()
            player.get_by_text("Surrendered first move", exact=True).click()
    keeper.get_by_role("button", name="Save game 15").click()
    expect(keeper.locator("#saved")).to_contain_text("Game 15 saved")
    saved_totals = keeper.locator("tfoot td.total").all_text_contents()

    expect(tv.locator("#board tfoot td.total")).to_have_text(saved_totals, timeout=3000)
    expect(tv.locator("#board tbody th").last).to_have_text("15")
    assert tv.evaluate(NUMBERS_CUT) == []
    expect(tv.locator(".tv-story h2").last).to_have_text("Game 15")
    assert not tv.evaluate(PAGE_SCROLLS)
    assert tv.evaluate(TOTALS_OFF_SCREEN) == []
    expect(tv.locator("#board tbody th").last).to_be_in_viewport()
