"""A Marriage evening as it really goes, on a phone: a player sits down after hand 3, another gets
up after hand 5, the pizza is settled with an adjustment, and the rematch keeps the seats."""

from playwright.sync_api import expect

from games.models import Table
from games.services import seating
from tests.fixtures import MINUS, fill_new_table, seeded, totals


def save_hand(page, winner_seat, maal):
    """Enter the next hand and wait until the board shows it saved."""
    number = page.locator("#new-hand input[name=hand_number]").input_value()
    page.locator(f"#new-hand #seat-{winner_seat}").get_by_text("Winner", exact=True).click()
    for seat, value in enumerate(maal):
        page.locator(f"#new-hand [name='maal-{seat}']").fill(str(value))
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#saved")).to_contain_text(f"Hand {number} saved")


def shown_total(text):
    return int(text.replace(MINUS, "-").replace("+", ""))


def test_a_marriage_evening_with_a_late_arrival_a_leaver_an_adjustment_and_a_rematch(logged_in_page, live_server):
    page = logged_in_page
    fill_new_table(page, live_server, "marriage", ["Asha", "Bikash", "Chandra", "Dipa"])
    page.get_by_role("button", name="Start the table").click()
    for winner in range(3):
        save_hand(page, winner, (10, 4, 6, 2))

    # Eka arrives after hand 3 and sits between Bikash and Chandra.
    page.get_by_role("link", name="Players and adjustments").click()
    page.get_by_label("Name").fill("Eka")
    page.get_by_label("Seat").select_option(label="before Chandra")
    expect(page.get_by_text("They start at 0, as every hand adds up to 0.")).to_be_visible()
    page.get_by_role("button", name="Seat them").click()
    expect(page.locator("#saved")).to_have_text("Eka sat down at seat 3, with 0")
    expect(page.locator(".event-row")).to_have_text("⇄Between hand 3 and 4Eka sat down at seat 3, with 0")
    expect(page.locator("#new-hand fieldset[data-seat]")).to_have_count(5)
    expect(page.locator("#seat-2 legend")).to_have_text("Eka")
    expect(page.locator("#new-hand h2")).to_contain_text("Dipa deals")  # whose turn it was
    save_hand(page, 2, (3, 0, 12, 5, 1))  # Eka wins hand 4
    save_hand(page, 4, (0, 7, 2, 0, 9))  # Dipa wins hand 5

    # Bikash goes home after hand 5: he keeps his column and his total.
    bikash = totals(page).nth(1).inner_text()
    page.get_by_role("link", name="Players and adjustments").click()
    page.get_by_label("Who", exact=True).select_option("Bikash")
    page.get_by_role("button", name="Leaves the table").click()
    expect(page.locator("#saved")).to_have_text("Bikash left the table")
    expect(page.locator("#new-hand fieldset[data-seat]")).to_have_count(4)
    expect(totals(page).nth(1)).to_have_text(bikash)
    expect(page.locator(".standings li", has_text="Bikash")).to_contain_text("left")

    # Asha paid the pizza: 12 from her, 4 to each of the others. A first try that does not add up is refused.
    before = [shown_total(text) for text in totals(page).all_inner_texts()]
    page.get_by_role("link", name="Players and adjustments").click()
    page.get_by_label("What for").fill("Asha paid the pizza")
    page.get_by_label("Asha").fill("-12")
    for name in ("Eka", "Chandra", "Dipa"):
        page.get_by_label(name).fill("4")
    page.get_by_label("Dipa").fill("5")
    page.get_by_role("button", name="Adjust").click()
    expect(page.locator("#adjust-error")).to_contain_text("must add up to 0")
    expect(page.get_by_label("What for")).to_have_value("Asha paid the pizza")
    page.get_by_label("Dipa").fill("4")
    page.get_by_role("button", name="Adjust").click()
    expect(page.locator("#saved")).to_contain_text("Asha paid the pizza: Asha −12 · Eka +4 · Chandra +4 · Dipa +4")
    after = [shown_total(text) for text in totals(page).all_inner_texts()]
    # columns round the table: Asha, Bikash (who left), Eka (where she sat down), Chandra, Dipa
    assert [a - b for a, b in zip(after, before)] == [-12, 0, 4, 4, 4] and sum(after) == 0
    save_hand(page, 0, (8, 0, 3, 6))  # Asha wins hand 6

    table = Table.objects.get()
    assert table.seated == ["Asha", "Eka", "Chandra", "Dipa"] and [event["kind"] for event in table.events] == [
        "join",
        "leave",
        "adjust",
    ]

    # The rematch: the same seats, and the evening's deal goes on: whoever deals next here deals first there.
    dealer = table.progress["dealer"]
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Rematch", exact=True).click()
    expect(page.locator("h1")).to_have_text(f"{table.name} (2)")
    expect(page.locator("#new-hand h2")).to_contain_text(f"{dealer} deals")
    for seat, name in enumerate(["Asha", "Eka", "Chandra", "Dipa"]):
        expect(page.locator(f"#seat-{seat} legend")).to_have_text(name)
    page.get_by_role("link", name="← Previous game").click()
    expect(page.locator(".event-row")).to_have_count(3)


def test_someone_coming_back_is_offered_their_own_seat(logged_in_page, live_server, owner):
    five = ["Asha", "Bikash", "Chandra", "Dipa", "Eka"]
    table = seeded(owner, "marriage", [], players=five)
    for name in ("Bikash", "Dipa"):
        seating.add_event(Table.objects.get(pk=table.pk), {"kind": "leave", "player": name})
    page = logged_in_page
    page.goto(f"{live_server.url}/t/{table.keeper_token}/seats/")
    seat = page.locator("#back-seat")
    expect(seat).to_have_value("1")  # Bikash, the first to come back: before Chandra, as he sat
    page.select_option("#back-player", "Dipa")
    expect(seat).to_have_value("2")  # Dipa: between Chandra and Eka
    page.get_by_role("button", name="Seat them again").click()
    expect(page.locator("#saved")).to_have_text("Dipa came back, to seat 3, with their own total")
    assert Table.objects.get(pk=table.pk).seated == ["Asha", "Chandra", "Dipa", "Eka"]
