"""A Thirteen evening on a phone: make a table of four, bid and take books for two rounds, fix one."""

from playwright.sync_api import expect

from games.models import Table
from tests.fixtures import fill_new_table, players_of, start_table, totals

PLAYERS = players_of("thirteen")


def entry_heading(page):
    return page.locator("#new-hand h2")


def type_numbers(page, field, values):
    """Type one number per row, in the order the form lists the players; returns that order."""
    rows = page.locator("#new-hand .round-row")
    expect(rows).to_have_count(4)
    order = []
    for index, value in enumerate(values):
        row = rows.nth(index)
        order.append(row.locator(".who").inner_text().strip())
        box = row.locator(f"input[name^='{field}-']")
        box.click()
        box.press_sequentially(str(value))
    return order


def test_two_rounds_of_bids_and_books_then_a_fixed_round(logged_in_page, live_server):
    page = logged_in_page
    fill_new_table(page, live_server, "thirteen")
    page.locator("select[name=color]").nth(3).select_option("green")
    page.locator("select[name=color]").nth(2).select_option("blue")
    start_table(page, "thirteen")
    table = Table.objects.get()
    assert table.colors == {"Asha": "red", "Bikram": "yellow", "Charlie": "blue", "David": "green"}

    # Round 1: one card, David deals, Asha bids first. Bids remaining follows the typing.
    expect(entry_heading(page)).to_contain_text("Round 1 · bids")
    expect(entry_heading(page)).to_contain_text("1 card, David deals")
    expect(page.locator("[data-remaining-value]")).to_have_text("1")
    # Each box is named with its player, as a screen reader says it.
    for name in PLAYERS:
        expect(page.get_by_role("textbox", name=f"{name} Bid", exact=True)).to_have_attribute(
            "name", "bid-" + str(PLAYERS.index(name))
        )
    assert type_numbers(page, "bid", [1, 0, 0, 0]) == PLAYERS
    expect(page.locator("[data-remaining-value]")).to_have_text("0")
    page.get_by_role("button", name="Save the bids").click()
    expect(entry_heading(page)).to_contain_text("Round 1 · books")
    expect(page.get_by_text("Round 1 · bids saved.")).to_be_visible()
    expect(page.get_by_text("bids in, waiting for the books")).to_be_visible()
    expect(page.get_by_role("textbox", name="Asha Books", exact=True)).to_be_visible()
    assert type_numbers(page, "books", [1, 0, 0, 0]) == PLAYERS
    page.get_by_role("button", name="Save the books").click()
    expect(entry_heading(page)).to_contain_text("Round 2 · bids")
    expect(totals(page)).to_have_text(["+10", "0", "0", "0"])

    # Round 2: two cards, Asha deals, so Bikram is asked first. Bids total 3: remaining -1.
    expect(entry_heading(page)).to_contain_text("2 cards, Asha deals")
    order = type_numbers(page, "bid", [1, 0, 2, 0])  # Bikram 1, Charlie 0, David 2, Asha 0
    assert order == ["Bikram", "Charlie", "David", "Asha"]
    expect(page.locator("[data-remaining-value]")).to_have_text("\u22121")  # a true minus, as the server writes it
    page.get_by_role("button", name="Save the bids").click()
    expect(entry_heading(page)).to_contain_text("Round 2 · books")
    expect(page.locator("#new-hand .hint")).to_have_text(["bid 1", "bid 0", "bid 2", "bid 0"])
    type_numbers(page, "books", [1, 1, 0, 0])  # Bikram makes 1, Charlie a sandbag, David is set
    page.get_by_role("button", name="Save the books").click()
    expect(entry_heading(page)).to_contain_text("Round 3 · bids")
    # Seat order: Asha 10 + 0, Bikram 0 + 10, Charlie 0 + 1, David 0 - 20.
    expect(totals(page)).to_have_text(["+10", "+10", "+1", "−20"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Fix round 1: Bikram, not Asha, took the only book.
    page.get_by_role("link", name="Round 1 worked out").click()
    page.get_by_role("link", name="Fix round 1").click()
    expect(page.get_by_role("heading", name="Fix round 1")).to_be_visible()
    expect(page.locator("input[name='bid-0']")).to_have_value("1")
    page.locator("input[name='books-0']").fill("0")
    page.locator("input[name='books-1']").fill("1")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Round 1 corrected")).to_be_visible()
    # Round 1 is now Asha -10 (set), Bikram +1 (a sandbag).
    expect(totals(page)).to_have_text(["−10", "+11", "+1", "−20"])
    table.refresh_from_db()
    assert table.totals == {"Asha": -10, "Bikram": 11, "Charlie": 1, "David": -20}
    assert table.progress["sandbags"] == {"Asha": 0, "Bikram": 1, "Charlie": 1, "David": 0}
