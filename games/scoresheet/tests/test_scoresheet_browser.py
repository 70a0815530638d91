"""A Hearts evening on the score sheet, on a phone: the table's own title, a typed sum, a refused
hand naming every problem, the lowest total winning when a total reaches 100, and a hand saved
offline sent once."""

import pytest
from playwright.sync_api import expect

from games.models import Hand, Table
from games.services import tables
from tests.fixtures import fill_new_table, log_in, start_table, totals

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa"]


def enter_hand(page, *boxes):
    for seat, box in enumerate(boxes):
        page.locator(f"#new-hand #points-{seat}").fill(box)
    page.locator("#new-hand button.primary").click()


def test_a_hearts_sheet_played_to_the_hand_that_reaches_100_the_lowest_total_wins(logged_in_page, live_server):
    page = logged_in_page
    fill_new_table(page, live_server, "scoresheet", players=PLAYERS)
    page.fill("#id_title", "Hearts")
    page.check("#id_lowest_wins")
    page.fill("#id_target", "100")
    start_table(page, "scoresheet")
    expect(page.locator(".table-head .muted")).to_contain_text("Hearts · scorekeeper")
    expect(page.locator(".next-deal")).to_contain_text("ends at 100")

    # A sum typed as the table counts it is recorded as its result, and shown as typed.
    enter_hand(page, "12+11+7", "20", "30", "40")
    expect(page.get_by_text("Hand 1 saved:")).to_be_visible()
    expect(totals(page)).to_have_text(["30", "20", "30", "40"])
    assert Hand.objects.get().inputs["Asha"] == {"points": 30, "typed": "12+11+7"}

    # A hand with two boxes that cannot be read is refused, both named at once, nothing saved.
    enter_hand(page, "12*3", "abc", "", "")
    problems = page.locator("#problems-top li")
    expect(problems).to_have_count(2)
    expect(problems.nth(0)).to_contain_text("Asha")
    expect(problems.nth(1)).to_contain_text("Bikash")
    expect(problems.first).to_contain_text("write a whole number, or a sum such as 12+11+7")
    expect(page.locator("#points-0")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#points-0")).to_have_value("12*3")  # what was typed stays, to be fixed
    assert Hand.objects.count() == 1

    enter_hand(page, "65", "20", "30", "30")
    expect(page.get_by_text("Hand 2 saved:")).to_be_visible()
    expect(totals(page)).to_have_text(["95", "40", "60", "70"])
    expect(page.locator(".standings .name")).to_have_text(["Bikash", "Chandra", "Dipa", "Asha"])

    # The worked example: Asha reaches 105, the game is over and Bikash wins with 40.
    enter_hand(page, "10", "0", "13", "3")
    expect(page.get_by_text("Game over")).to_be_visible()
    expect(page.locator(".winner")).to_have_text("Bikash wins.")
    expect(totals(page)).to_have_text(["105", "40", "73", "73"])
    expect(page.locator(".standings .name").first).to_have_text("Bikash")
    expect(page.locator("#new-hand")).to_have_count(0)
    table = Table.objects.get()
    assert table.progress["winners"] == ["Bikash"]

    # The hand's page shows the sum as it was typed.
    page.goto(f"{live_server.url}/t/{table.keeper_token}/hand/1/")
    expect(page.locator(".term .sum").first).to_have_text("12+11+7 = 30")


@pytest.fixture
def table(transactional_db, owner):
    return tables.create_table(game="scoresheet", name="Uno", players=PLAYERS, rules={"title": "Uno"}, owner=owner)


def test_a_hand_saved_offline_with_a_blank_box_is_sent_once(page, live_server, table):
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    indicator = page.locator("#connection")
    expect(indicator).to_have_text("online")

    page.context.set_offline(True)
    enter_hand(page, "-5+20", "", "7", "0")
    expect(page.locator("#saved")).to_contain_text("Hand 1 is kept on this phone")
    expect(indicator).to_have_text("offline · 1 waiting")
    assert not Hand.objects.exists()

    page.context.set_offline(False)
    expect(indicator).to_have_text("online")
    expect(page.locator("#saved")).to_contain_text("Hand 1 saved: Asha")
    # Bikash sat the hand out: a dash, said to a screen reader.
    expect(page.locator("#board tbody tr").first.locator("td")).to_have_text(["+15", "–sat out", "+7", "0"])
    hand = Hand.objects.get(table=table)
    assert hand.inputs == {"Asha": {"points": 15, "typed": "-5+20"}, "Chandra": {"points": 7}, "Dipa": {"points": 0}}
    expect(totals(page)).to_have_text(["+15", "0", "+7", "0"])


def test_a_box_opens_the_number_pad_and_its_keys_type_the_signs(logged_in_page, live_server, owner):
    page = logged_in_page
    table = tables.create_table(game="scoresheet", name="Keys", players=PLAYERS, rules={}, owner=owner)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    first = page.locator("#seat-0")
    box = first.locator("input")
    expect(box).to_have_attribute("inputmode", "numeric")
    box.click()
    page.keyboard.type("12")
    first.get_by_role("button", name="type a plus").click()
    page.keyboard.type("11")  # the box kept the focus: the keyboard stayed open
    expect(box).to_have_value("12+11")
    second = page.locator("#seat-1")
    second.get_by_role("button", name="type a minus").click()  # into a box not yet tapped: it takes the focus
    page.keyboard.type("4")
    expect(second.locator("input")).to_have_value("-4")
    page.locator("#entry-submit").click()
    expect(page.get_by_text("Hand 1 saved:")).to_be_visible()
    assert Hand.objects.get().inputs["Asha"] == {"points": 23, "typed": "12+11"}
    assert Hand.objects.get().inputs["Bikash"] == {"points": -4}
    expect(page.locator("#seat-0 input")).to_have_attribute("inputmode", "numeric")  # the next hand's too
