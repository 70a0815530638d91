"""The seat draw on a phone: draw the seats and the first dealer on the new-table form, start the
table, and find the drawn dealer dealing hand 1 and the draw in the history."""

from playwright.sync_api import expect

from games.models import Table
from games.services import draw
from tests.fixtures import fill_new_table, start_table


class Backwards:
    """A known draw: the seats backwards, the third player to deal."""

    def shuffle(self, items):
        items.reverse()

    def choice(self, items):
        return items[2]


def test_draw_the_seats_and_the_first_dealer_then_start_the_table(logged_in_page, live_server, monkeypatch):
    monkeypatch.setattr(draw, "SOURCE", Backwards())
    page = logged_in_page
    fill_new_table(page, live_server, "marriage", ["Asha", "Bikash", "Chandra", "Dipa"])
    page.evaluate("window.notReloaded = true")
    page.get_by_role("button", name="Draw seats").click()
    expect(page.get_by_role("status").filter(has_text="Seats drawn")).to_have_text(
        "Seats drawn: Dipa, Chandra, Bikash, Asha"
    )
    seats = page.locator("input[name=player]")
    for seat, name in enumerate(["Dipa", "Chandra", "Bikash", "Asha"]):
        expect(seats.nth(seat)).to_have_value(name)
    expect(page.locator("#id_name")).to_have_value("Friday night")  # only the seats moved
    assert page.evaluate("window.notReloaded === true")  # htmx swapped the form, not the page
    expect(page.locator("#draw-seats")).to_be_focused()  # still where the thumb was

    page.get_by_role("button", name="Draw the first dealer").click()
    expect(page.locator(".drawn")).to_contain_text("First dealer drawn: Bikash")
    expect(page.locator(".drawn")).to_contain_text("Seats drawn: Dipa, Chandra, Bikash, Asha")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling

    start_table(page, "marriage")
    expect(page.locator("#new-hand h2")).to_contain_text("Bikash deals")
    expect(page.locator("#seat-0 legend")).to_have_text("Dipa")
    table = Table.objects.get()
    assert table.draw == {"seats": ["Dipa", "Chandra", "Bikash", "Asha"], "dealer": "Bikash"}

    page.goto(f"{live_server.url}/t/{table.keeper_token}/history/")
    expect(page.locator(".history")).to_contain_text("Before hand 1: the draw")
    expect(page.locator(".history")).to_contain_text("Seats drawn: Dipa, Chandra, Bikash, Asha")
    expect(page.locator(".history")).to_contain_text("First dealer drawn: Bikash")


def test_enter_in_a_field_starts_the_table_not_a_draw(logged_in_page, live_server):
    page = logged_in_page
    fill_new_table(page, live_server, "marriage", ["Asha", "Bikash", "Chandra", "Dipa"])
    page.locator("input[name=player]").nth(3).press("Enter")
    expect(page.get_by_role("heading", name="Friday night")).to_be_visible()
    assert Table.objects.get().draw == {}
