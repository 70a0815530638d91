"""A Konkan evening on a phone: the set threshold kept with the card picker, cards counted by tapping."""

from playwright.sync_api import expect

from games.konkan.tests.test_views_konkan import CHET_OUT
from games.models import Table
from tests.fixtures import fill_new_table, seeded, start_table, tap_cards, totals

OUTCOME_LABELS = {"W": "Winner", "s": "Had set", "n": "Not set"}


def choose_outcomes(page, outcomes):
    for seat, code in enumerate(outcomes):
        page.locator(f"fieldset[data-seat='{seat}']").get_by_text(OUTCOME_LABELS[code], exact=True).click()


def test_a_hand_with_the_set_tracker_and_the_card_picker(logged_in_page, live_server):
    page = logged_in_page
    fill_new_table(page, live_server, "konkan")
    expect(page.locator("#id_set_threshold")).to_have_value("52")
    start_table(page, "konkan")
    threshold = page.locator("#set-threshold .threshold")
    expect(threshold).to_have_text("52")
    expect(page.get_by_text("Asha deals")).to_be_visible()

    # Asha sets: 10-J-Q-K of hearts and three sevens, the third a joker standing for the 7 of clubs.
    tracker = page.locator("#set-threshold")
    tracker.get_by_text("A player sets").click()
    page.select_option("#set-player", "Asha")
    picker = tracker.locator(".picker")
    expect(picker).to_be_visible()
    tap_cards(picker, ["10H", "JH", "QH", "KH", "/", "7S", "7D"])
    picker.get_by_role("button", name="Joker").click()
    picker.get_by_role("button", name="7", exact=True).click()
    expect(picker.locator(".picker-state")).to_have_text("JK= 7 …")
    picker.get_by_role("button", name="clubs").click()
    expect(page.locator("#set-groups")).to_have_value("10H JH QH KH / 7S 7D JK=7C")
    page.get_by_role("button", name="Check and record the set").click()
    expect(page.get_by_text("Asha set with 61", exact=True)).to_be_visible()
    expect(threshold).to_have_text("61")

    # Bina's set of 57 is below what Asha reached: refused, the threshold stays.
    tracker.get_by_text("A player sets").click()
    page.select_option("#set-player", "Bina")
    tap_cards(tracker.locator(".picker"), ["10S", "JS", "QS", "/", "9D", "9C", "9H"])
    expect(page.locator("#set-groups")).to_have_value("10S JS QS / 9D 9C 9H")
    page.get_by_role("button", name="Check and record the set").click()
    expect(tracker.get_by_role("alert")).to_contain_text("This set is worth 57; it must reach at least 61")
    expect(threshold).to_have_text("61")
    assert Table.objects.get().current_hand == {"sets": [{"player": "Asha", "value": 61}]}

    # Bina sets with a joker for the queen of diamonds in a run: J-Q-K-A of diamonds (41) and 8-8-8 (24).
    page.select_option("#set-player", "Bina")
    page.fill("#set-groups", "")
    tap_cards(tracker.locator(".picker"), ["JD", "JK=QD", "KD", "AD", "/", "8S", "8H", "8C"])
    expect(page.locator("#set-groups")).to_have_value("JD JK=QD KD AD / 8S 8H 8C")
    page.get_by_role("button", name="Check and record the set").click()
    expect(page.get_by_text("Bina set with 65", exact=True)).to_be_visible()
    expect(threshold).to_have_text("65")

    # Hand 1 ends: Bina wins; Asha had set and is left with A♠ 7♥ and a joker, tapped on the picker.
    choose_outcomes(page, "sWn")
    asha = page.locator("fieldset[data-seat='0']")
    page.fill("#penalty-0", "12")  # typed first, then counted: the counter's number takes its place
    asha.get_by_text("Count the cards left in hand").click()
    tap_cards(asha.locator(".picker"), ["AS", "7H", "JK"])
    expect(page.locator("#cards-0")).to_have_value("AS 7H JK")
    expect(page.locator("#penalty-0")).to_have_value("68")
    expect(page.locator("#penalty-0")).not_to_be_editable()
    # A wrong tap is taken back with ⌫.
    tap_cards(asha.locator(".picker"), ["2C"])
    expect(page.locator("#cards-0")).to_have_value("AS 7H JK 2C")
    asha.get_by_role("button", name="Remove the last card").click()
    expect(page.locator("#cards-0")).to_have_value("AS 7H JK")
    expect(page.locator("#penalty-0")).to_have_value("68")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.get_by_role("button", name="Save hand 2")).to_be_visible()
    expect(page.get_by_text("Hand 1 saved:")).to_be_visible()
    # The spec's worked example: 11 + 7 + 50 = 68, Bina 0, Chet never set: 100. Plain penalties.
    expect(totals(page)).to_have_text(["68", "0", "100"])
    expect(page.locator(".standings .name")).to_have_text(["Bina", "Asha", "Chet"])
    # The sets belonged to hand 1: the threshold is back to 52.
    expect(threshold).to_have_text("52")
    expect(page.get_by_text("Nobody has set in this hand yet.")).to_be_visible()

    # Hand 2: Chet wins with a joker discard: everyone else gets 200; Asha also failed a win (50).
    choose_outcomes(page, "snW")
    page.get_by_text("The winner's last discard was a joker").click()
    page.fill("#penalty-0", "12")
    page.fill("#failed_wins-0", "1")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.get_by_role("button", name="Save hand 3")).to_be_visible()
    expect(totals(page)).to_have_text(["318", "200", "100"])
    expect(page.locator(".standings .name")).to_have_text(["Chet", "Bina", "Asha out"])
    # Asha is over 301: her row is skipped in hand 3.
    expect(page.locator("fieldset[data-seat='0']")).to_contain_text("Out of the game: skipped.")
    expect(page.locator("fieldset[data-seat='0'] input[type=radio]")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    table = Table.objects.get()
    assert table.totals == {"Asha": 318, "Bina": 200, "Chet": 100}
    assert table.progress["out"] == ["Asha"]
    first = table.hands.get(number=1)
    assert first.inputs["Asha"] == {"outcome": "set", "cards": ["AS", "7H", "JK"], "failed_wins": 0}


def test_after_a_hand_puts_a_player_over_301_the_next_hand_is_one_tap(logged_in_page, live_server, owner):
    """Chet goes out at hand 4: the form the save gives for hand 5 skips him, and Save works at once."""
    table = seeded(owner, "konkan", CHET_OUT[:3])
    page = logged_in_page
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    choose_outcomes(page, "Wss")
    page.fill("#penalty-1", "1")
    page.fill("#penalty-2", "2")
    page.locator("#new-hand button.primary").click()
    expect(page.locator("#saved")).to_contain_text("Hand 4 saved")
    expect(page.locator("fieldset[data-seat='2']")).to_contain_text("Out of the game: skipped.")

    choose_outcomes(page, "sW")
    page.fill("#penalty-0", "3")
    page.locator("#new-hand button.primary").click()
    expect(page.locator("#saved")).to_contain_text("Hand 5 saved")
    expect(totals(page)).to_have_text(["13", "151", "302"])  # Asha 10 + 3; Chet stays at 302
    assert Table.objects.get().hands.count() == 5
