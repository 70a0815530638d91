"""A Call Break evening on a phone (390×844): a table of four, five rounds of calls then tricks,
a refused round listing every problem at once, a round's calls kept offline and sent once, and
the end: two joint winners, every score in exact tenths."""

from playwright.sync_api import expect

from games.models import Table
from tests.browser.fixtures import wait_until
from tests.fixtures import fill_new_table, players_of, start_table, totals

PLAYERS = players_of("callbreak")
# (calls, tricks) by seat (Asha, Bikram, Charlie, David): the rules page's two worked rounds, then
# three that leave Asha and Charlie level on 13.2.
ROUNDS = [
    ([3, 4, 2, 3], [5, 3, 2, 3]),  # 3.2, −4, 2, 3
    ([1, 1, 8, 2], [0, 2, 8, 3]),  # −1, 1.1, 8, 2.1
    ([4, 1, 1, 1], [10, 1, 1, 1]),  # 4.6, 1, 1, 1
    ([3, 1, 1, 1], [4, 3, 3, 3]),  # 3.1, 1.2, 1.2, 1.2
    ([3, 1, 1, 1], [6, 3, 1, 3]),  # 3.3, 1.2, 1, 1.2
]
TOTALS = [
    ["+3.2", "−4", "+2", "+3"],
    ["+2.2", "−2.9", "+10", "+5.1"],
    ["+6.8", "−1.9", "+11", "+6.1"],
    ["+9.9", "−0.7", "+12.2", "+7.3"],
    ["+13.2", "+0.5", "+13.2", "+8.5"],
]


def heading(page):
    return page.locator("#new-hand h2")


def type_step(page, field, values):
    """One number per player, typed in each player's box (named by seat), then saved. It waits for
    the last answer to settle first: the page then puts the cursor in the first box (cardscore.js),
    and keys typed before that would land there."""
    wait_until(page, "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    for seat, value in enumerate(values):
        box = page.locator(f"#new-hand [name='{field}-{seat}']")
        box.fill("")
        box.press_sequentially(str(value))
    page.locator("#new-hand button.primary").click()


def test_five_rounds_in_tenths_to_a_joint_win_with_a_refused_round_and_calls_sent_from_offline(
    logged_in_page, live_server
):
    page = logged_in_page
    fill_new_table(page, live_server, "callbreak")
    start_table(page, "callbreak")
    table = Table.objects.get()
    expect(heading(page)).to_contain_text("Round 1 · calls")
    expect(heading(page)).to_contain_text("13 cards each, David deals")

    # A refused round names every problem at once: a call of 0, one of 14, one not typed.
    type_step(page, "call", [0, 14, "", 3])
    problems = page.locator("#problems-end li")
    expect(problems).to_have_count(3)
    expect(problems.nth(0)).to_contain_text("Asha")
    expect(problems.nth(1)).to_contain_text("Bikram")
    expect(problems.nth(2)).to_contain_text("Charlie")
    expect(page.locator("#new-hand [aria-invalid=true]")).to_have_count(3)
    assert not table.hands.exists()

    for number, (calls, tricks) in enumerate(ROUNDS, 1):
        if number == 5:  # the Wi-Fi drops: the calls are kept on the phone, and sent once it is back
            page.context.set_offline(True)
            type_step(page, "call", calls)
            expect(page.locator("#saved")).to_contain_text("Round 5 is kept on this phone")
            expect(page.locator("#connection")).to_have_text("offline · 1 waiting")
            page.context.set_offline(False)
            expect(page.locator("#connection")).to_have_text("online")
        else:
            type_step(page, "call", calls)
        expect(heading(page)).to_contain_text(f"Round {number} · tricks")
        expect(page.get_by_text("calls in, waiting for the tricks")).to_be_visible()
        type_step(page, "tricks", tricks)
        expect(totals(page)).to_have_text(TOTALS[number - 1])

    expect(page.get_by_text("Game over")).to_be_visible()
    expect(page.locator(".winner")).to_have_text("Joint winners: Asha, Charlie.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    table.refresh_from_db()
    assert table.totals == {"Asha": 132, "Bikram": 5, "Charlie": 132, "David": 85}
    assert list(table.hands.values_list("number", flat=True)) == [1, 2, 3, 4, 5]  # round 5 once
    assert table.progress["winners"] == ["Asha", "Charlie"]
