"""The 24 Game on a 390×844 phone: solve a known deal by tapping, and a race between two phones.

The live server runs in this process, so replacing scoring.solver24.deal makes its deals known.
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Table
from games.services import recording, tables
from games.twentyfour.models import Puzzle
from games.twentyfour.views import DEVICE_COOKIE, PLAYER_COOKIE
from scoring import expressions24, solver24
from tests.fixtures import PHONE, SUITS, device_of, make_puzzle
from tests.inputs import ACE_TO_FOUR, EIGHTS_AND_THREES, race_deal

FIRST = EIGHTS_AND_THREES  # 8 ÷ (3 − 8 ÷ 3)
SECOND = ACE_TO_FOUR  # A × 2 × 3 × 4
THIRD = [["K", "S"], ["Q", "H"], ["J", "D"], ["10", "C"]]
# The taps that make 24 with FIRST: (button name, the expression shown after it).
FIRST_TAPS = [
    ("8 of spades", "8"),
    ("÷", "8 ÷"),
    ("(", "8 ÷ ("),
    ("3 of hearts", "8 ÷ ( 3"),
    ("−", "8 ÷ ( 3 −"),
    ("8 of diamonds", "8 ÷ ( 3 − 8"),
    ("÷", "8 ÷ ( 3 − 8 ÷"),
    ("3 of clubs", "8 ÷ ( 3 − 8 ÷ 3"),
    (")", "8 ÷ ( 3 − 8 ÷ 3 )"),
]
SECOND_TAPS = [
    ("A of spades", "A"),
    ("×", "A ×"),
    ("2 of hearts", "A × 2"),
    ("×", "A × 2 ×"),
    ("3 of diamonds", "A × 2 × 3"),
    ("×", "A × 2 × 3 ×"),
    ("4 of clubs", "A × 2 × 3 × 4"),
]


def labels(cards):
    return [f"{rank} of {SUITS[suit]}" for rank, suit in cards]


def as_deal(cards, difficulty="hard"):
    values = [expressions24.card_value(rank) for rank, _suit in cards]
    entry = solver24.table()[tuple(sorted(values))]
    return solver24.Deal(
        [tuple(card) for card in cards], values, difficulty or entry.difficulty, entry.count, entry.solution
    )


@pytest.fixture
def known_deals(monkeypatch):
    """The engine deals these hands, in order (the live server thread shares this module)."""
    queue = []

    def fake_deal(rng=None, difficulty=None):
        return as_deal(queue.pop(0), difficulty)

    monkeypatch.setattr(solver24, "deal", fake_deal)
    return queue


def tap(page, name, scope=None):
    (scope or page).get_by_role("button", name=name, exact=True).tap()


def tap_and_see(page, taps, scope):
    """Tap each key and wait for the expression to show it (each tap is one round trip)."""
    expression = scope.locator("output.expression")
    for name, shown in taps:
        tap(page, name, scope)
        expect(expression).to_have_text(shown)


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_solve_a_known_deal_by_tapping(page, live_server, owner, known_deals):
    known_deals.append(FIRST)
    page.goto(f"{live_server.url}/24/")
    page.fill("#name", "Asha")
    page.get_by_role("button", name="Play").tap()
    expect(page.get_by_role("heading", name="Score board of Asha")).to_be_visible()
    page.select_option("#difficulty", "hard")
    page.get_by_role("button", name="Deal").tap()
    expect(page).to_have_url(re.compile(r"/24/\d+/$"))

    pad = page.locator("#pad")
    cards = pad.locator(".playing-card")
    expect(cards).to_have_count(4)
    for index, label in enumerate(labels(FIRST)):
        expect(cards.nth(index)).to_have_attribute("aria-label", label)
    # real card faces, slightly rotated
    transforms = [cards.nth(index).evaluate("card => getComputedStyle(card).transform") for index in range(4)]
    assert all(transform not in ("none", "") for transform in transforms), transforms
    assert len(set(transforms)) > 1
    assert fits_the_phone(page)
    # the timer runs from the deal
    expect(pad.locator(".timer output")).to_have_text(re.compile(r"0:0[1-9]"), timeout=4000)

    # an error is shown at once, next to the expression, and the pad stays usable
    tap(page, "÷", pad)
    expect(pad.get_by_role("alert")).to_contain_text("cannot start with '÷'")
    expect(pad.locator("output.expression")).to_have_text("…")

    tap_and_see(page, FIRST_TAPS, pad)
    expect(pad.get_by_role("alert")).to_have_count(0)
    # used cards are turned over and cannot be tapped again
    for index in range(4):
        expect(cards.nth(index)).to_be_disabled()
        expect(cards.nth(index)).to_have_class(re.compile(r"\bused\b"))

    # backspace gives the last card back; tap it again
    tap(page, "Back", pad)
    expect(pad.locator("output.expression")).to_have_text("8 ÷ ( 3 − 8 ÷ 3")
    tap(page, "Back", pad)
    expect(pad.locator("output.expression")).to_have_text("8 ÷ ( 3 − 8 ÷")
    expect(cards.nth(3)).to_be_enabled()
    tap_and_see(page, FIRST_TAPS[-2:], pad)

    tap(page, "=", pad)
    expect(page.get_by_text(re.compile(r"= 24 — solved in [\d.]+ s!"))).to_be_visible()
    # the solved deal stays face up beside its answer, and can no longer be tapped
    expect(pad.locator("output.expression")).to_have_text("8 ÷ ( 3 − 8 ÷ 3 )")
    for index in range(4):
        expect(cards.nth(index)).not_to_have_class(re.compile(r"\bused\b"))
        expect(cards.nth(index)).to_be_disabled()
    assert fits_the_phone(page)
    puzzle = Puzzle.objects.get()
    assert puzzle.player == "Asha" and puzzle.result == Puzzle.WON and puzzle.cards == FIRST

    page.get_by_role("link", name="Score board").tap()
    expect(page.locator(".board-stats")).to_contain_text("Wins")
    expect(page.locator("ol.recent li")).to_have_count(1)
    expect(page.locator("ol.recent li")).to_contain_text("✓")


def open_puzzle(page, live_server, started_ago=timedelta()):
    """Asha's phone on a puzzle of FIRST dealt `started_ago`."""
    puzzle = make_puzzle(player="Asha", cards=FIRST)
    Puzzle.objects.filter(pk=puzzle.pk).update(started=timezone.now() - started_ago)
    page.context.add_cookies(
        [
            {"name": PLAYER_COOKIE, "value": "Asha", "url": live_server.url},
            {"name": DEVICE_COOKIE, "value": device_of("Asha"), "url": live_server.url},
        ]
    )
    page.goto(f"{live_server.url}/24/{puzzle.pk}/")
    return page.locator("#pad")


def test_the_timer_goes_on_from_the_deal_when_a_key_swaps_the_pad(page, live_server, owner):
    pad = open_puzzle(page, live_server, started_ago=timedelta(minutes=3))
    expect(pad.locator(".timer output")).to_have_text(re.compile(r"^3:\d\d$"))
    # Every text the timer shows, caught as the swapped-in pad enters the page (before any tick).
    page.evaluate("""() => {
        window.timerTexts = [];
        new MutationObserver(() => window.timerTexts.push(document.querySelector('.timer output').textContent))
            .observe(document.getElementById('pad-area'), {childList: true, subtree: true, characterData: true});
    }""")
    tap_and_see(page, FIRST_TAPS[:3], pad)
    texts = page.evaluate("window.timerTexts")
    assert texts and all(re.fullmatch(r"3:\d\d", text) for text in texts), texts


def test_giving_up_asks_first(page, live_server, owner):
    pad = open_puzzle(page, live_server)
    tap_and_see(page, FIRST_TAPS[:2], pad)
    asked = []

    def answer(accept):
        def handle(dialog):
            asked.append(dialog.message)
            if accept:
                dialog.accept()
            else:
                dialog.dismiss()

        page.once("dialog", handle)

    answer(accept=False)
    tap(page, "Give up and show a solution", pad)
    assert asked == ["Give up this deal? It counts as a loss."]
    tap_and_see(page, FIRST_TAPS[2:3], pad)  # still playing: the next key goes on from where it was
    assert Puzzle.objects.get().result == ""

    answer(accept=True)
    tap(page, "Give up and show a solution", pad)
    expect(pad.get_by_text("A solution:")).to_contain_text("8÷(3−8÷3)")
    assert len(asked) == 2 and Puzzle.objects.get().result == Puzzle.LOST
    for index in range(4):  # the deal stays face up beside the solution
        expect(pad.locator(".playing-card").nth(index)).not_to_have_class(re.compile(r"\bused\b"))


def open_race_phone(phones, url, player):
    page = phones(is_mobile=True, has_touch=True).new_page()
    page.goto(url)
    page.select_option("#race-player", player)
    return page


def test_a_race_between_two_phones(phones, live_server, owner, known_deals):
    known_deals.extend([SECOND, THIRD])
    table = tables.create_table(game="twentyfour", name="Race night", players=["Asha", "Bikash"], rules={}, owner=owner)
    table.current_hand = {"deal": 1, "cards": FIRST}
    table.save(update_fields=["current_hand"])
    url = f"{live_server.url}/t/{table.keeper_token}/"
    phone_a = open_race_phone(phones, url, "Asha")
    phone_b = open_race_phone(phones, url, "Bikash")
    for phone in (phone_a, phone_b):
        expect(phone.locator("#race .playing-card")).to_have_count(4)
        for index, label in enumerate(labels(FIRST)):
            expect(phone.locator("#race .playing-card").nth(index)).to_have_attribute("aria-label", label)
        assert fits_the_phone(phone)

    # Phone B starts typing; phone A solves first.
    tap_and_see(phone_b, FIRST_TAPS[:2], phone_b.locator("#race"))
    tap_and_see(phone_a, FIRST_TAPS, phone_a.locator("#race"))
    tap(phone_a, "=", phone_a.locator("#race"))
    expect(phone_a.locator(".last-win")).to_have_text("Deal 1: Asha made 24 with 8÷(3−8÷3)")
    expect(phone_a.locator("#race .playing-card").first).to_have_attribute("aria-label", "A of spades")

    # Phone B sees the new deal and the totals within 3 s, without reloading.
    b_cards = phone_b.locator("#race .playing-card")
    for index, label in enumerate(labels(SECOND)):
        expect(b_cards.nth(index)).to_have_attribute("aria-label", label, timeout=3000)
    expect(phone_b.locator('td.total[data-player="Asha"]')).to_have_text("+1", timeout=3000)
    expect(phone_b.locator('td.total[data-player="Bikash"]')).to_have_text("0")
    expect(phone_b.get_by_text("Asha made 24 with")).to_be_visible()
    expect(phone_b.locator("#race output.expression")).to_have_text("…")
    expect(phone_b.locator("#race-player")).to_have_value("Bikash")

    # Now phone B wins deal 2, and phone A follows.
    tap_and_see(phone_b, SECOND_TAPS, phone_b.locator("#race"))
    tap(phone_b, "=", phone_b.locator("#race"))
    expect(phone_b.locator(".last-win")).to_contain_text("Deal 2: Bikash made 24 with")
    # Phone A's board moves on to deal 2's line: nothing of deal 1 stays beside it.
    expect(phone_a.locator(".last-win")).to_contain_text("Deal 2: Bikash made 24 with", timeout=3000)
    expect(phone_a.get_by_text("Deal 1: Asha")).to_have_count(0)
    expect(phone_a.locator('td.total[data-player="Bikash"]')).to_have_text("+1", timeout=3000)
    expect(phone_a.locator("#race .playing-card").first).to_have_attribute("aria-label", "K of spades", timeout=3000)
    expect(phone_a.locator("#race-player")).to_have_value("Asha")

    table = Table.objects.get(pk=table.pk)
    assert table.totals == {"Asha": 1, "Bikash": 1}
    assert [hand.inputs["_hand"]["answer"] for hand in table.hands.all()] == ["8/(3-8/3)", "A*2*3*4"]
    assert table.current_hand == {"deal": 3, "cards": THIRD}


def test_a_race_phone_chooses_its_player_before_typing(phones, live_server, owner):
    table = tables.create_table(game="twentyfour", name="Race", players=["Asha", "Bikash"], rules={}, owner=owner)
    table.current_hand = {"deal": 1, "cards": FIRST}
    table.save(update_fields=["current_hand"])
    phone = phones(is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{live_server.url}/t/{table.keeper_token}/")
    race = phone.locator("#race")
    help_text = race.get_by_text("Choose who you are before you type.")
    expect(help_text).to_be_visible()
    tap(phone, "8 of spades", race)
    expect(race.locator("#race-player-error")).to_have_text("Choose who you are first")
    expect(race.locator("output.expression")).to_have_text("…")
    phone.select_option("#race-player", "Asha")
    expect(help_text).to_be_hidden()
    tap_and_see(phone, FIRST_TAPS, race)
    expect(race.locator("#race-player-error")).to_have_count(0)
    tap(phone, "=", race)
    expect(phone.locator(".last-win")).to_contain_text("Deal 1: Asha made 24 with")


def test_the_late_phone_is_told_someone_was_quicker(phones, live_server, owner, known_deals):
    """Phone B answers the old deal before its board refreshed: told at once, nothing recorded."""
    known_deals.extend([SECOND])
    table = tables.create_table(game="twentyfour", name="Race", players=["Asha", "Bikash"], rules={}, owner=owner)
    table.current_hand = {"deal": 1, "cards": FIRST}
    table.save(update_fields=["current_hand"])
    url = f"{live_server.url}/t/{table.keeper_token}/"
    phone_b = open_race_phone(phones, url, "Bikash")
    # B's polls see no change, so its board stays on deal 1, as on a slow phone
    phone_b.route(re.compile(r"/race/state/"), lambda route: route.fulfill(status=204))
    tap_and_see(phone_b, FIRST_TAPS, phone_b.locator("#race"))
    recording.record_hand(table, race_deal(["8S", "3H", "8D", "3C"], "8/(3-8/3)", "Asha", ["Asha", "Bikash"]), 1)
    Table.objects.filter(pk=table.pk).update(current_hand={"deal": 2, "cards": SECOND})
    tap(phone_b, "=", phone_b.locator("#race"))
    expect(phone_b.get_by_text("Someone was quicker")).to_be_visible()
    expect(phone_b.locator("#race .playing-card").first).to_have_attribute("aria-label", "A of spades")
    assert Table.objects.get(pk=table.pk).totals == {"Asha": 1, "Bikash": 0}


def test_racing_from_the_viewer_link(phones, live_server, owner, known_deals):
    """The racers hold the viewer link: the page says how to join, a racer chooses their name and
    wins the deal, and nothing of the scorekeeper's is there."""
    known_deals.extend([SECOND])
    table = tables.create_table(game="twentyfour", name="Race", players=["Asha", "Bikash"], rules={}, owner=owner)
    table.current_hand = {"deal": 1, "cards": FIRST}
    table.save(update_fields=["current_hand"])
    phone = open_race_phone(phones, f"{live_server.url}/t/{table.viewer_token}/", "Bikash")
    race = phone.locator("#race")
    expect(race.get_by_text("Everyone at the table plays on their own phone.")).to_be_visible()
    expect(race.get_by_text("Choose who you are before you type.")).to_be_hidden()  # chosen
    assert fits_the_phone(phone)

    tap_and_see(phone, FIRST_TAPS, race)
    tap(phone, "=", race)
    expect(phone.locator(".last-win")).to_have_text("Deal 1: Bikash made 24 with 8÷(3−8÷3)")
    expect(race.locator(".playing-card").first).to_have_attribute("aria-label", "A of spades")
    expect(phone.locator('td.total[data-player="Bikash"]')).to_have_text("+1")
    expect(phone.locator("#race-player")).to_have_value("Bikash")
    # Still the viewer's page: no scorekeeper link, no players or finishing.
    assert table.keeper_token not in phone.content()
    expect(phone.get_by_text("Players and adjustments")).to_have_count(0)
    assert fits_the_phone(phone)
    assert Table.objects.get(pk=table.pk).totals == {"Asha": 0, "Bikash": 1}
