"""A save answered with only what changed (games/pages/save_answer.py) leaves the page as a reload
would draw it: after 20 saves and 3 corrections of every game, the board, its totals, the
standings and the chart equal those of a fresh reload, and a second phone's live board agrees."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Table
from games.services import tables
from tests.browser.fixtures import wait_until
from tests.fixtures import SAMPLES, colors_of, table_url

# Per game: the posts of hand `number` (two for a hand entered in two steps), its rules, and how
# many hands make 20 saves (each game's tests/samples.py says).
GAMES = {game: SAMPLES[game]["twenty_saves"] for game in SAMPLES if SAMPLES[game]["twenty_saves"]}

FILL = """([form, fields]) => {
  const element = document.querySelector(form);
  for (const [name, value] of Object.entries(fields)) {
    const field = element.elements[name];
    if (field instanceof RadioNodeList) field.value = value;
    else if (field.type === "checkbox") field.checked = value !== "";
    else if (field.tagName === "SELECT" || field.type !== "radio") field.value = value;
  }
}"""

# What a reload must draw alike: the board's rows and totals, the marks' legend, the standings,
# the chart's lines (their points) and its legend.
SHOWN = """() => {
  const text = (selector) => document.querySelector(selector)?.innerText;
  const lines = [...document.querySelectorAll("#chart-card polyline")].map((line) => line.getAttribute("points"));
  return {
    board: text("#board table"), legend: text("#board-legend"), earlier: text("#board-earlier"),
    undo: text("#board-undo"), standings: text("#standings-card"), chart: lines.join("|"), title: text("#new-hand h2"),
  };
}"""


def settled(page):
    wait_until(page, "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def save(page, fields):
    """Fills the next hand's form with `fields` and saves it through htmx; waits for the answer."""
    settled(page)
    revision = page.locator("#board-revision").input_value()
    page.evaluate(FILL, ["#new-hand form", fields])
    page.locator("#new-hand button.primary").click()
    wait_until(
        page,
        f"document.querySelector('#board-revision').value !== '{revision}'"
        " || !!document.querySelector('#problems-end')",
    )
    settled(page)
    problems = page.locator("#problems-end")
    assert not problems.count(), problems.inner_text()


def correct(page, number, fields):
    """Corrects hand `number` in the table's page, as a phone does: its number on the board opens
    it worked out, "Fix" opens its form there, and the correction is posted with htmx."""
    settled(page)
    revision = page.locator("#board-revision").input_value()
    page.locator("#board a.hand-link", has_text=re.compile(f"^{number}$")).click()
    page.locator("#explained a.button", has_text="Fix").click()
    form = page.locator("#explained form[data-edit-form]")
    form.wait_for()
    page.evaluate(FILL, ["#explained form[data-edit-form]", fields])
    form.locator("button[type=submit]").click()
    wait_until(
        page, f"document.querySelector('#board-revision').value !== '{revision}' || !!document.querySelector('.error')"
    )
    problems = page.locator(".error")
    assert not problems.count(), problems.all_inner_texts()
    settled(page)
    assert page.locator("#explained").inner_html() == ""
    assert "corrected" in page.locator("#saved").inner_text()


@pytest.mark.parametrize("game", GAMES)
def test_twenty_saves_and_three_corrections_leave_the_page_as_a_reload_draws_it(
    game, logged_in_page, live_server, owner, phones
):
    posts, rules, hands = GAMES[game]
    sample = SAMPLES[game]
    table = tables.create_table(
        game=game, name="Saved in place", players=sample["players"], rules=rules, owner=owner, colors=colors_of(game)
    )
    page = logged_in_page
    page.goto(live_server.url + table_url(table))
    viewer = phones().new_page()
    viewer.goto(live_server.url + table_url(table, table.viewer_token))
    fixed = {}
    for number in range(1, hands + 1):
        for fields in posts(number):
            save(page, fields)
        if number in (8, 12, 16) or (hands == 10 and number in (4, 6, 8)):
            earlier = number - 3
            correct(page, earlier, posts(earlier, edit=True)[-1])
            fixed[earlier] = True
    table.refresh_from_db()
    assert table.hands.count() == hands and len(fixed) == 3
    assert not table.progress.get("game_over")
    shown = page.evaluate(SHOWN)
    assert "Playing for" in page.locator("#clock").inner_text()  # redrawn by every answer, never lost
    page.reload()
    assert page.evaluate(SHOWN) == shown
    # The viewer's phone follows by its live board, to the same board and totals.
    wait_until(viewer, f"document.querySelector('#board-revision').value === '{Table.objects.get().revision}'")
    seen = viewer.evaluate(SHOWN)
    assert (seen["board"], seen["standings"], seen["chart"]) == (shown["board"], shown["standings"], shown["chart"])


def test_the_next_hand_waits_with_what_was_typed_while_a_correction_is_open(logged_in_page, live_server, owner):
    """The correction's form and the next hand's share field ids (maal-0…): while the correction is
    open the next hand's form is set aside, and comes back as it was left, after "Back to the
    board" and after the correction is saved."""
    sample = SAMPLES["marriage"]
    table = tables.create_table(game="marriage", name="Fixing", players=sample["players"], rules={}, owner=owner)
    page = logged_in_page
    page.goto(live_server.url + table_url(table))
    marriage = SAMPLES["marriage"]["twenty_saves"][0]
    for number in (1, 2):
        save(page, marriage(number)[0])
    page.locator("#new-hand #maal-2").fill("17")

    def open_correction():
        page.locator("#board a.hand-link", has_text=re.compile("^1$")).click()
        page.locator("#explained a.button", has_text="Fix").click()
        page.locator("#explained form[data-edit-form]").wait_for()
        assert page.locator("#maal-2").count() == 1 and not page.locator("#new-hand").count()

    open_correction()
    page.locator("#explained [data-close-explained]").click()
    assert page.locator("#new-hand #maal-2").input_value() == "17"
    assert page.locator("#explained").inner_html() == ""

    open_correction()
    page.locator("#explained #maal-2").fill("5")
    page.locator("#explained [data-edit-form] button[type=submit]").click()
    page.locator("#new-hand").wait_for()
    assert "Hand 1 corrected" in page.locator("#saved").inner_text()
    assert page.locator("#new-hand #maal-2").input_value() == "17"
    assert page.locator("#new-hand h2").inner_text().startswith("Hand 3")
    assert table.hands.get(number=1).inputs["Chandra"]["maal"] == 5


def test_the_next_hand_is_shown_at_the_tap_and_what_is_typed_before_the_answer_stays(
    logged_in_page, live_server, owner
):
    """Online, the next hand's blank form is shown at the tap, while the post is on its way: it can
    be typed in at once, and what is typed in it stays, with the focus, when the answer comes."""
    sample = SAMPLES["marriage"]
    table = tables.create_table(game="marriage", name="Quick", players=sample["players"], rules={}, owner=owner)
    page = logged_in_page
    page.goto(live_server.url + table_url(table))
    marriage = SAMPLES["marriage"]["twenty_saves"][0]
    save(page, marriage(1)[0])
    network = page.context.new_cdp_session(page)
    network.send("Network.enable")
    network.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 3000, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    hand_two = marriage(2)[0]
    page.evaluate(FILL, ["#new-hand form", hand_two])
    page.locator("#new-hand button.primary").click()

    expect(page.locator("#new-hand h2")).to_contain_text("Hand 3")
    expect(page.locator("#saved")).to_have_text("Sending Hand 2…")
    assert page.locator("#new-hand form.htmx-request").count() == 1, "shown before the answer"
    assert [page.locator(f"#new-hand #maal-{seat}").input_value() for seat in range(4)] == [""] * 4
    assert page.evaluate("document.activeElement.closest('#new-hand form') !== null")
    page.locator("#new-hand #maal-2").fill("9")
    where = "document.activeElement.getBoundingClientRect().top"
    typing_at = page.evaluate(where)

    expect(page.locator("#saved")).to_contain_text("Hand 2 saved", timeout=10_000)
    settled(page)
    assert page.locator("#new-hand #maal-2").input_value() == "9"
    assert page.evaluate("document.activeElement.id") == "maal-2"
    assert abs(page.evaluate(where) - typing_at) < 1, "the field stays where it is on the screen"
    assert page.locator("#new-hand input[name=hand_number]").input_value() == "3"
    assert table.hands.get(number=2).inputs["Chandra"]["maal"] == int(hand_two["maal-2"])

    network.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    save(page, {name: value for name, value in marriage(3)[0].items() if name != "maal-2"})
    assert table.hands.get(number=3).inputs["Chandra"]["maal"] == 9
