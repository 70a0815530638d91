"""Enter → save → look, on a phone, for every game with a hand form: after a save the next form is
on screen with what was recorded; after a refused save every problem is on screen beside Save."""

import pytest
from playwright.sync_api import expect

from games.models import Hand, Table
from games.services import recording, tables
from tests.browser.fixtures import FAKE_WAKE_LOCK, wait_until
from tests.fixtures import PHONE, fresh_table, log_in, tap_cards
from tests.inputs import marriage_inputs


def click_choice(page, seat, label):
    page.locator(f"#new-hand #seat-{seat}").get_by_text(label, exact=True).click()


def type_into(page, name, value):
    page.locator(f"#new-hand [name='{name}']").fill(value)


def marriage_valid(page):
    click_choice(page, 1, "Winner")
    type_into(page, "maal-1", "4")
    click_choice(page, 3, "Unseen")


def marriage_invalid(page):
    type_into(page, "maal-0", "ten")
    type_into(page, "maal-2", "-3")


def honors_valid(page):
    click_choice(page, 0, "Declared")
    for seat in (1, 2, 3):
        click_choice(page, seat, "Surrendered first move")


def honors_invalid(page):  # Bina's points are letters, Chet's honors negative, Dev has no outcome
    click_choice(page, 0, "Declared")
    click_choice(page, 1, "Played on")
    type_into(page, "hand_points-1", "lots")
    click_choice(page, 2, "Surrendered later")
    type_into(page, "honors-2", "-1")


def konkan_valid(page):
    click_choice(page, 1, "Winner")


def konkan_invalid(page):
    type_into(page, "penalty-0", "ten")
    type_into(page, "failed_wins-2", "-1")


def thirteen_valid(page):
    for seat, bid in enumerate(("1", "0", "0", "1")):
        type_into(page, f"bid-{seat}", bid)


def thirteen_invalid(page):  # the books of the bids just saved: letters, too many, two left blank
    type_into(page, "books-0", "x")
    type_into(page, "books-1", "9")


LOOPS = {
    "marriage": (marriage_valid, marriage_invalid, 2),
    "marriage-honors": (honors_valid, honors_invalid, 3),
    "konkan": (konkan_valid, konkan_invalid, 2),
    "thirteen": (thirteen_valid, thirteen_invalid, 4),
}


def long_table(game, owner):
    """A table whose page is long (a Marriage table with a dozen hands), so a jump would show."""
    if game != "marriage":
        return fresh_table(game, owner)
    table = tables.create_table(
        game=game, name="Long night", players=["Asha", "Bikash", "Chandra", "Dipa"], rules={}, owner=owner
    )
    for number in range(1, 13):
        recording.record_hand(table, marriage_inputs("sWsu", (12, 4, 6, 0)), number)
    return Table.objects.get(pk=table.pk)


@pytest.mark.parametrize("game", LOOPS)
def test_save_then_refuse_a_hand_with_everything_on_screen(game, page, live_server, transactional_db, owner):
    valid, invalid, problems = LOOPS[game]
    table = long_table(game, owner)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    recorded = Hand.objects.filter(table=table).count()

    valid(page)
    page.locator("#new-hand button.primary").click()
    saved = page.locator("#saved")
    expect(saved).to_contain_text("saved")
    expect(saved).to_be_in_viewport()
    first_field = page.locator(
        "#new-hand form :is(input, select):not([type=hidden], [type=radio], [type=checkbox])"
    ).first
    expect(first_field).to_be_in_viewport()
    expect(first_field).to_be_focused()
    table.refresh_from_db()
    after_save = Hand.objects.filter(table=table).count(), table.current_hand

    invalid(page)
    page.locator("#new-hand button.primary").click()
    summary = page.locator("#problems-end")
    expect(summary).to_be_in_viewport()
    expect(summary).to_be_focused()
    expect(summary.locator("li")).to_have_count(problems)
    expect(page.locator("#saved")).to_be_hidden()  # no earlier message remains
    expect(page.locator(".message")).to_have_count(0)
    table.refresh_from_db()
    assert (Hand.objects.filter(table=table).count(), table.current_hand) == after_save
    assert after_save[0] >= recorded


def test_a_typical_marriage_hand_takes_six_taps_plus_the_digits(page, live_server, transactional_db, owner):
    """5 players: Bikash wins with maal, Asha, Chandra and Dipa seen with maal, Esha unseen."""
    table = tables.create_table(
        game="marriage", name="Five", players=["Asha", "Bikash", "Chandra", "Dipa", "Esha"], rules={}, owner=owner
    )
    recording.record_hand(table, marriage_inputs("Wssss", (0, 0, 0, 0, 0), players=table.players), 1)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    taps = 0

    def tap(locator):
        nonlocal taps
        locator.tap()
        taps += 1

    # The form comes up ready after a save: the last hand is saved through the page first.
    tap(page.locator("#seat-1").get_by_text("Winner", exact=True))
    tap(page.locator("#new-hand button.primary"))
    expect(page.locator("#saved")).to_contain_text("Hand 2 saved")
    taps = 0
    expect(page.locator("#maal-0")).to_be_focused()
    page.keyboard.type("3")  # Asha's maal: the field already has the focus
    tap(page.locator("#seat-1").get_by_text("Winner", exact=True))
    tap(page.locator("#maal-1"))
    page.keyboard.type("12")
    tap(page.locator("#maal-2"))
    page.keyboard.type("5")
    tap(page.locator("#maal-3"))
    page.keyboard.type("2")
    tap(page.locator("#seat-4").get_by_text("Unseen", exact=True))
    tap(page.locator("#new-hand button.primary"))
    expect(page.locator("#saved")).to_contain_text("Hand 3 saved")
    assert taps <= 6
    hand = Hand.objects.get(table=table, number=3)
    assert {name: (entry["status"], entry["maal"]) for name, entry in hand.inputs.items()} == {
        "Asha": ("seen", 3),
        "Bikash": ("winner", 12),
        "Chandra": ("seen", 5),
        "Dipa": ("seen", 2),
        "Esha": ("unseen", 0),
    }


def test_a_second_winner_is_told_not_silent(page, live_server, transactional_db, owner):
    table = fresh_table("marriage", owner)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    click_choice(page, 0, "Winner")
    click_choice(page, 2, "Winner")
    note = page.locator("[data-winner-note]")
    expect(note).to_contain_text("Chandra")
    expect(note).to_contain_text("Asha")
    expect(page.locator("#seat-0 input[value=seen]")).to_be_checked()
    assert PHONE["width"] == 390


def test_the_scorekeepers_screen_stays_on_until_switched_off(page, live_server, transactional_db, owner):
    table = fresh_table("marriage", owner)
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    toggle = page.get_by_label("Keep the screen on")
    expect(toggle).to_be_checked()
    wait_until(page, "window.wakeLocks.length === 1 && !window.wakeLocks[0].released")
    toggle.uncheck()
    wait_until(page, "window.wakeLocks[0].released")
    page.reload()
    expect(page.get_by_label("Keep the screen on")).not_to_be_checked()
    assert page.evaluate("window.wakeLocks.length") == 0
    # A viewer's page has no such switch.
    page.goto(f"{live_server.url}/t/{table.viewer_token}/")
    expect(page.get_by_label("Keep the screen on")).to_have_count(0)


def test_the_card_picker_adds_up_the_cards_as_they_are_tapped(page, live_server, transactional_db, owner):
    table = fresh_table("konkan", owner)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    asha = page.locator("#new-hand #seat-0")
    asha.get_by_text("Count the cards left in hand").click()
    picker = asha.locator(".picker")
    tap_cards(picker, ["AS", "7H"])
    expect(picker.locator(".picker-total")).to_have_text("18")  # ace 11, seven 7
    tap_cards(picker, ["JK"])
    expect(picker.locator(".picker-total")).to_have_text("68")
    asha.locator("[data-cards]").fill("AS 1H")
    expect(picker.locator(".picker-total")).to_contain_text("Unknown card '1H'")
