"""An evening that goes on: a Marriage game, its rematch in one tap, both in the club's group, and
the group's page with the season of the two tables, all on a phone."""

from playwright.sync_api import expect

from games.models import Table
from tests.fixtures import MINUS, fill_new_table


def save_hand(page, winner_seat, maal):
    page.locator(f"#new-hand #seat-{winner_seat}").get_by_text("Winner", exact=True).click()
    for seat, value in enumerate(maal):
        page.locator(f"#new-hand [name='maal-{seat}']").fill(str(value))
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#saved")).to_contain_text("saved")


def put_in_group(page, new_group=None, existing=None):
    page.get_by_role("link", name="Put this table in a group").click()
    if new_group:
        page.get_by_label("Or a new group").fill(new_group)
    else:
        page.get_by_label(existing).check()
    page.get_by_role("button", name="Save").click()


def test_a_rematch_after_an_evening_and_the_groups_season(logged_in_page, live_server):
    page = logged_in_page
    fill_new_table(page, live_server, "marriage", ["Asha", "Bikash", "Chandra", "Dipa"])
    page.get_by_role("button", name="Start the table").click()
    save_hand(page, 1, (12, 4, 6, 0))  # Bikash wins hand 1
    first = Table.objects.get()
    put_in_group(page, new_group="Friday club")
    expect(page.get_by_role("link", name="Friday club")).to_be_visible()

    page.on("dialog", lambda dialog: dialog.accept())  # "This game ends here and a new one starts…"
    page.get_by_role("button", name="Rematch", exact=True).click()
    expect(page.locator("h1")).to_have_text(f"{first.name} (2)")
    expect(page.locator("#new-hand h2")).to_contain_text("Bikash deals")  # the deal moved on
    expect(page.locator("#seat-0 legend")).to_have_text("Asha")  # the seats did not
    expect(page.get_by_role("link", name="Friday club")).to_be_visible()  # the rematch stays in the club
    save_hand(page, 1, (0, 9, 0, 0))  # Bikash wins this one

    page.get_by_role("link", name="← Previous game").click()
    expect(page.locator("h1")).to_have_text(first.name)
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    page.get_by_role("link", name="Friday club").click()

    expect(page.locator("h1")).to_have_text("Friday club")
    expect(page.locator(".muted").first).to_contain_text("2 tables")
    standings = page.locator(".season-standings tbody tr")
    expect(standings).to_have_count(4)
    for row in range(4):
        expect(standings.nth(row).locator("td").first).to_have_text("2")  # every player sat at both
    # Who lost the most to whom is in view, without a tap; a player's other facts open on a tap.
    expect(page.locator(".rivals li")).to_have_count(4)
    expect(page.locator(".rivals")).to_be_visible()
    page.locator(".season-player summary", has_text="Dipa").click()
    expect(page.locator(".season-player[open]")).to_contain_text("Worst hand")
    expect(page.locator(".season-player[open]")).to_contain_text(f"{MINUS}")
