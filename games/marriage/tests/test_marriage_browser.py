"""A Marriage evening on a phone: make a table, play hands with the maal counter, fix one."""

import re

from playwright.sync_api import expect

from games.models import Table
from tests.browser.fixtures import wait_for_steppers
from tests.fixtures import fill_new_table, start_table, totals

STATUS_LABELS = {"W": "Winner", "s": "Seen", "u": "Unseen", "o": "Out"}


def choose_statuses(page, statuses):
    for seat, code in enumerate(statuses):
        page.locator(f"fieldset[data-seat='{seat}']").get_by_text(STATUS_LABELS[code], exact=True).click()


def count_maal(page, seat, **counts):
    """Open a player's maal counter and tap + as often as each count says."""
    player = page.locator(f"fieldset[data-seat='{seat}']")
    player.get_by_text("Count maal").click()
    for item, times in counts.items():
        plus = player.get_by_role("button", name=f"more {item}", exact=True)
        for _ in range(times):
            plus.click()


def test_an_evening_with_the_maal_counter_and_a_fixed_hand(logged_in_page, live_server):
    page = logged_in_page
    fill_new_table(page, live_server, "marriage", ["Asha", "Bikash", "Chandra", "Dipa"])
    start_table(page, "marriage")

    # Hand 1: Bikash wins; Asha counts a marriage plus a tiplu (13), the rest is typed.
    choose_statuses(page, "sWsu")
    count_maal(page, 0, Tiplu=2, Poplu=1, Jhiplu=1)
    expect(page.locator("#maal-found-0")).to_have_text("= 13 maal")
    page.fill("#maal-1", "4")
    page.fill("#maal-2", "6")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.get_by_role("button", name="Save hand 2")).to_be_visible()
    # n=4, P=23: Asha 4·13−3−23 = 26, Chandra 24−3−23 = −2, Dipa 0−10−23 = −33, Bikash 9.
    expect(totals(page)).to_have_text(["+26", "+9", "−2", "−33"])

    # Hand 2: Chandra wins with a double marriage counted; Dipa sits out.
    choose_statuses(page, "usWo")
    count_maal(page, 2, Tiplu=2, Poplu=2, Jhiplu=2)
    expect(page.locator("#maal-found-2")).to_have_text("= 30 maal")
    page.fill("#maal-1", "2")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.get_by_role("button", name="Save hand 3")).to_be_visible()
    # n=3, P=32: Asha −10−32 = −42, Bikash 6−3−32 = −29, Chandra 71, Dipa 0.
    expect(totals(page)).to_have_text(["−16", "−20", "+69", "−33"])

    # Hand 3: Dipa wins with a counted tunnella (5).
    choose_statuses(page, "sssW")
    count_maal(page, 3, Tunnella=1)
    page.get_by_role("button", name="Save hand 3").click()
    expect(page.get_by_role("button", name="Save hand 4")).to_be_visible()
    # n=4, P=5: each seen −3−5 = −8, Dipa 20−5+9 = 24.
    expect(totals(page)).to_have_text(["−24", "−28", "+61", "−9"])

    # Fix hand 1: Asha's maal was really 0 (the counter is cleared, nothing typed).
    page.get_by_role("link", name="Hand 1 worked out").click()
    page.get_by_role("link", name="Fix hand 1").click()
    expect(page.get_by_role("heading", name="Fix hand 1")).to_be_visible()  # opened in the table's page
    asha = page.locator("fieldset[data-seat='0']")
    wait_for_steppers(asha)
    for item in ("Tiplu", "Poplu", "Jhiplu"):
        asha.get_by_role("textbox", name=item, exact=True).fill("0")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Hand 1 corrected")).to_be_visible()
    # Hand 1 becomes n=4, P=10: Asha −13, Chandra 24−3−10 = 11, Dipa −20, Bikash 22.
    expect(totals(page)).to_have_text(["−63", "−15", "+74", "+4"])
    assert Table.objects.get().totals == {"Asha": -63, "Bikash": -15, "Chandra": 74, "Dipa": 4}


def test_hand_entry_works_without_javascript(phones, live_server, transactional_db, django_user_model):
    from games.services import tables

    owner = django_user_model.objects.create_user("owner", password="x")
    table = tables.create_table(
        game="marriage", name="No JS", players=["Asha", "Bikash", "Chandra", "Dipa"], rules={}, owner=owner
    )
    context = phones(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    choose_statuses(page, "sWsu")
    page.fill("#maal-0", "12")
    page.fill("#maal-1", "4")
    page.fill("#maal-2", "6")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page).to_have_url(re.compile(rf"/t/{table.keeper_token}/$"))
    expect(page.get_by_text("Hand 1 saved:")).to_be_visible()
    expect(totals(page)).to_have_text(["+23", "+10", "−1", "−32"])

    # A bad hand without JavaScript: the whole page comes back with the message, nothing saved.
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.get_by_role("alert")).to_contain_text("choose the winner")  # everyone starts seen
    assert table.hands.count() == 1


def test_a_hand_entered_on_one_phone_shows_on_another_within_3_seconds(
    phones, live_server, transactional_db, django_user_model
):
    from games.services import tables

    owner = django_user_model.objects.create_user("owner", password="x")
    table = tables.create_table(
        game="marriage", name="Live", players=["Asha", "Bikash", "Chandra", "Dipa"], rules={}, owner=owner
    )
    keeper_context = phones()
    viewer_context = phones()
    keeper, viewer = keeper_context.new_page(), viewer_context.new_page()
    keeper.goto(f"{live_server.url}/t/{table.keeper_token}/")
    viewer.goto(f"{live_server.url}/t/{table.viewer_token}/")
    expect(viewer.locator("tfoot td.total")).to_have_text(["0", "0", "0", "0"])

    choose_statuses(keeper, "sWsu")
    keeper.fill("#maal-0", "12")
    keeper.fill("#maal-1", "4")
    keeper.fill("#maal-2", "6")
    keeper.get_by_role("button", name="Save hand 1").click()
    expect(keeper.locator("tfoot td.total")).to_have_text(["+23", "+10", "−1", "−32"])
    expect(viewer.locator("tfoot td.total")).to_have_text(["+23", "+10", "−1", "−32"], timeout=3000)

    # A correction made on the scorekeeper's phone reaches the viewer too.
    keeper.get_by_role("link", name="Hand 1 worked out").click()
    keeper.get_by_role("link", name="Fix hand 1").click()
    expect(keeper.get_by_role("heading", name="Fix hand 1")).to_be_visible()  # opened in the table's page
    expect(keeper.locator("#maal-0")).to_have_count(1)  # the next hand's form is set aside meanwhile
    keeper.fill("#maal-0", "0")
    keeper.get_by_role("button", name="Save the correction").click()
    expect(viewer.locator("tfoot td.total")).not_to_have_text(["+23", "+10", "−1", "−32"], timeout=3000)
    assert viewer.locator("text=Fix hand 1").count() == 0
