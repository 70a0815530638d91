"""Marriage with honors on a phone: a player sits out (the deal line follows), scores on tap, totals."""

from playwright.sync_api import expect

from games.models import Table
from games.services import tables
from tests.fixtures import fill_new_table, start_table, tap_cards, totals

OUTCOME_LABELS = {
    "D": "Declared",
    "p": "Played on",
    "f": "Surrendered first move",
    "l": "Surrendered later",
    "n": "No turn",
    "i": "Sat out",
}


def player(page, seat):
    return page.locator(f"#new-hand fieldset[data-seat='{seat}']")


def choose(page, seat, code):
    player(page, seat).get_by_text(OUTCOME_LABELS[code], exact=True).click()


def tap_more(page, seat, item, times):
    plus = player(page, seat).get_by_role("button", name=f"more {item}", exact=True)
    for _ in range(times):
        plus.click()


def test_a_game_with_a_player_sitting_out_and_the_scores_on_tap(logged_in_page, live_server):
    page = logged_in_page
    fill_new_table(page, live_server, "marriage-honors")
    start_table(page, "marriage-honors")
    deal = page.locator("#deal-info")
    expect(deal).to_have_text("Round 1, deal 1 · Asha deals, Dev cuts and picks the joker, Bina plays first")

    # Dev sits this game out: Chet, the next active player against the direction of play, cuts.
    choose(page, 3, "i")
    expect(deal).to_have_text("Round 1, deal 1 · Asha deals, Chet cuts and picks the joker, Bina plays first")

    # The worked example: Asha declares with 2 honors; Bina 1 honor, 1 marriage, 17 points; Chet surrenders.
    choose(page, 0, "D")
    tap_more(page, 0, "Honors", 2)
    choose(page, 1, "p")
    tap_more(page, 1, "Honors", 1)
    tap_more(page, 1, "Marriages", 1)
    page.fill("#hand_points-1", "17")
    choose(page, 2, "f")
    expect(page.locator("#honors-0")).to_have_value("2")
    expect(deal).to_contain_text("Chet cuts")
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_role("button", name="Save game 2")).to_be_visible()
    expect(page.get_by_text("Game 1 saved:")).to_be_visible()
    expect(totals(page)).to_have_text(["+30", "+6", "−36", "0"])
    # Game 2: everyone is back; the deal passed to Bina.
    expect(deal).to_have_text("Round 1, deal 2 · Bina deals, Asha cuts and picks the joker, Chet plays first")

    # Game 2: Chet declares; Asha plays on and her cards are tapped on the picker (K♠ 5♥ joker = 15);
    # Bina surrenders later (5); Dev never got a turn with 8 points (halved).
    choose(page, 2, "D")
    choose(page, 0, "p")
    asha = player(page, 0)
    asha.get_by_text("Count the cards not in sets").click()
    tap_cards(asha.locator(".picker"), ["KS", "5H", "JK"])
    expect(page.locator("#cards-0")).to_have_value("KS 5H JK")
    choose(page, 1, "l")
    choose(page, 3, "n")
    page.fill("#hand_points-3", "8")
    page.get_by_role("button", name="Save game 2").click()
    expect(page.get_by_role("button", name="Save game 3")).to_be_visible()
    # No honors: PART_B only. Asha −30, Bina −10, Dev −8, Chet +48.
    expect(totals(page)).to_have_text(["0", "−4", "+12", "−8"])
    expect(page.locator(".standings .name")).to_have_text(["Chet", "Asha", "Bina", "Dev"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    table = Table.objects.get()
    assert table.totals == {"Asha": 0, "Bina": -4, "Chet": 12, "Dev": -8}
    assert table.hands.get(number=1).inputs["Dev"] == {"outcome": "inactive"}
    assert table.hands.get(number=2).inputs["Asha"]["hand_points"] == 15

    # PART_A and PART_B of a score are shown when it is tapped.
    first_game = page.locator("#board tbody tr").first
    asha_cell = first_game.locator("td").nth(0)
    detail = asha_cell.locator("details.cell small")
    expect(detail).to_be_hidden()
    asha_cell.get_by_text("+30").click()
    expect(detail).to_be_visible()
    expect(first_game.locator("td").nth(3).locator("details")).to_have_count(0)  # Dev sat out: just 0
    chet_cell = first_game.locator("td").nth(2)
    chet_cell.get_by_text("−36").click()
    expect(chet_cell.locator("small")).to_be_visible()
    expect(detail).to_have_text("honors −8, hand +38")
    expect(chet_cell.locator("small")).to_have_text("honors −32, hand −4")


TEN = ["Asha", "Bina", "Chet", "Dev", "Esha", "Farid", "Gita", "Hari", "Indra", "Jamal"]


class Taps:
    """A person's taps on the phone, counted: a tap on a choice or into a box (the digits typed
    there are not counted)."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, locator):
        locator.click()
        self.count += 1

    def type(self, box, digits):
        self.tap(box)
        self.page.keyboard.type(digits)


def test_ten_players_enter_a_game_in_few_taps_on_two_screens(logged_in_page, live_server, owner):
    page = logged_in_page
    table = tables.create_table(game="marriage-honors", name="Ten", players=TEN, rules={}, owner=owner)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    form = page.locator("#new-hand")
    expect(form.get_by_role("radio", name="Played on", exact=True)).to_have_count(10)
    assert form.bounding_box()["height"] <= 2 * 844
    # Everyone plays on until told otherwise.
    for seat in range(10):
        expect(player(page, seat).get_by_role("radio", name="Played on", exact=True)).to_be_checked()

    # Asha declares with 2 honors; Bina holds 1 honor and 1 marriage and is left with 17 points;
    # Chet surrenders on his first move; the other seven play on with the points they were left with.
    taps = Taps(page)
    taps.tap(player(page, 0).get_by_text("Declared", exact=True))
    taps.type(page.locator("#honors-0"), "2")
    taps.type(page.locator("#honors-1"), "1")
    taps.type(page.locator("#marriages-1"), "1")
    taps.type(page.locator("#hand_points-1"), "17")
    taps.tap(player(page, 2).get_by_text("Other", exact=True))
    taps.tap(player(page, 2).get_by_text("Surrendered first move", exact=True))
    for seat, points in zip(range(3, 10), ["10", "20", "5", "30", "15", "8", "12"], strict=True):
        taps.type(page.locator(f"#hand_points-{seat}"), points)
    taps.tap(page.get_by_role("button", name="Save game 1"))
    expect(page.get_by_role("button", name="Save game 2")).to_be_visible()
    assert taps.count <= 15

    # n = 10, H = 8 + 24 = 32: PART_A = 10·h − 32; the others' points in hand add up to 119 (Chet's
    # surrender counts 2), so Asha's PART_B is +238 and each other's −2 × their points.
    expect(totals(page)).to_have_text(["+286", "+174", "−36", "−52", "−72", "−42", "−92", "−62", "−48", "−56"])
    table.refresh_from_db()
    assert table.totals == dict(zip(TEN, [286, 174, -36, -52, -72, -42, -92, -62, -48, -56], strict=True))
    # The next game's form is blank again, everyone playing on.
    expect(page.locator("#hand_points-1")).to_have_value("")
    expect(player(page, 2).get_by_role("radio", name="Played on", exact=True)).to_be_checked()
