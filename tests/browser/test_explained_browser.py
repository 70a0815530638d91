"""Every score explains itself on a phone: a viewer taps a hand's number on the board and reads each
player's worked line in place (Marriage, a Konkan elimination, a Thirteen sandbag penalty); the
same without JavaScript as a page; the scorekeeper goes on from there to fix the hand; a total
opens hand by hand."""

import re

from playwright.sync_api import expect

from tests.fixtures import players_of, seeded
from tests.inputs import marriage_inputs, thirteen_round

FIVE = ["Asha", "Bikash", "Chandra", "Dipa", "Eka"]


def worked(page, name):
    """The worked lines shown for one player."""
    return page.locator("#explained .worked > li").filter(has=page.get_by_role("heading", name=re.compile(name)))


def test_a_viewer_taps_hand_1_and_reads_every_players_line(page, live_server, transactional_db, owner):
    table = seeded(owner, "marriage", [marriage_inputs("Wsuss", (17, 7, 0, 0, 0), players=FIVE)], players=FIVE)
    board = f"{live_server.url}/t/{table.viewer_token}/"
    page.goto(board)
    page.get_by_role("link", name="Hand 1 worked out").click()
    expect(page.get_by_role("heading", name="Hand 1", exact=True)).to_be_in_viewport()
    # n = 5, P = 24: each player's line, the winner's last
    expect(worked(page, "Bikash")).to_contain_text("5 × 7 − 3 − 24 = 8")
    expect(worked(page, "Chandra")).to_contain_text("5 × 0 − 10 − 24 = −34")
    expect(worked(page, "Dipa")).to_contain_text("5 × 0 − 3 − 24 = −27")
    expect(worked(page, "Eka")).to_contain_text("5 × 0 − 3 − 24 = −27")
    expect(worked(page, "Asha")).to_contain_text("−(8 − 34 − 27 − 27) = 80")
    assert page.url == board  # opened in place
    page.get_by_role("link", name="Back to the board").click()
    expect(page.locator("#explained")).to_be_empty()
    expect(page.get_by_role("link", name="Hand 1 worked out")).to_be_focused()


def test_a_konkan_elimination_explained(page, live_server, transactional_db, owner):
    hands = [
        {
            "Asha": {"outcome": "winner"},
            "Bina": {"outcome": "set", "hand_penalty": 10},
            "Chet": {"outcome": "set", "hand_penalty": penalty},
        }
        for penalty in (100, 100, 100, 82)
    ]
    table = seeded(owner, "konkan", hands)
    page.goto(f"{live_server.url}/t/{table.viewer_token}/")
    page.get_by_role("link", name="Hand 4 worked out").click()
    expect(worked(page, "Chet")).to_contain_text("382 > 301: out")
    expect(worked(page, "Chet")).to_contain_text("Total 300 + 82 = 382")


def test_a_thirteen_sandbag_penalty_explained(page, live_server, transactional_db, owner):
    rounds = [thirteen_round([1, 0, 0, 0], [1, 0, 0, 0])] + [
        thirteen_round([0, 0, 0, 0], [taken, 0, 0, 0]) for taken in range(2, 6)
    ]
    table = seeded(
        owner,
        "thirteen",
        rounds,
        rules={"sandbag_penalty": True},
        colors=dict(zip(players_of("thirteen"), ["red", "yellow", "green", "blue"])),
    )
    page.goto(f"{live_server.url}/t/{table.viewer_token}/")
    page.get_by_role("link", name="Round 5 worked out").click()
    asha = worked(page, "Asha")
    expect(asha).to_contain_text("10 × 0 + 5 = 5")
    expect(asha).to_contain_text("−1 × 100 = −100")
    expect(asha).to_contain_text("sandbags 9 + 5 = 14, at least 10; 4 left")


def test_without_javascript_a_hand_is_a_page_and_the_keeper_fixes_it_from_there(
    phones, live_server, transactional_db, owner
):
    table = seeded(owner, "marriage", [marriage_inputs("sWsu", (12, 4, 6, 5))])
    context = phones(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    page.get_by_role("link", name="Hand 1 worked out").click()
    expect(page).to_have_url(re.compile(rf"/t/{table.keeper_token}/hand/1/$"))
    expect(page.get_by_text("4 × 12 − 3 − 27 = 18")).to_be_visible()
    page.get_by_role("link", name="Fix hand 1").click()
    expect(page.get_by_role("heading", name="Fix hand 1")).to_be_visible()


def test_a_total_opens_hand_by_hand(page, live_server, transactional_db, owner):
    table = seeded(owner, "marriage", [marriage_inputs("sWsu", (12, 4, 6, 5)), marriage_inputs("Wsso", (0, 0, 0, 0))])
    page.goto(f"{live_server.url}/t/{table.viewer_token}/")
    page.get_by_role("link", name="Dipa: −17, hand by hand").click()
    rows = page.locator(".hand-by-hand tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_contain_text("–")
    rows.nth(0).get_by_role("link").click()
    expect(page.get_by_text("4 × 5 − 10 − 27 = −17")).to_be_visible()
