"""The server fails while a hand is saved: its database is down (503), a bug (500), the app server
restarting behind the proxy (502) or too slow for it (504). The phone keeps the hand as it does
offline, says the server could not save it (not that the phone is offline), and sends it once the
server answers again, with no reload. A refusal (4xx) is not kept: it is shown at once."""

import pytest
from playwright.sync_api import expect

from games.models import Hand, HandChange
from games.services import tables

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa"]
# What Caddy sends when the app server behind it is away: a 502 with no body.
FAILURES = {500: "", 502: "", 503: "<h1>The server cannot reach its database</h1>", 504: ""}


@pytest.fixture
def table(transactional_db, owner):
    return tables.create_table(game="marriage", name="Faults", players=PLAYERS, rules={}, owner=owner)


class FailingServer:
    """Every request of the page to the server, its files apart, answered with `status` while
    `failing`: the live board's polls as well as the hand's post, as when the server is down."""

    def __init__(self, page, status):
        self.status, self.failing, self.posts = status, True, 0
        page.route("**/*", self.answer)

    def answer(self, route):
        request = route.request
        if "/static/" in request.url:
            route.continue_()
            return
        if request.method == "POST":
            self.posts += 1
        if self.failing:
            route.fulfill(status=self.status, body=FAILURES[self.status], content_type="text/html")
        else:
            route.continue_()


@pytest.fixture
def scorekeeper(phones, live_server, table):
    """The scorekeeper's phone on the table's page, in `language`. At the end its page is left for
    a blank one, its routes and retries stopped, before the next test's phones use the server."""
    opened = []

    def open_page(language="en"):
        # Without a service worker: Playwright's routes do not see what goes through one.
        context = phones(service_workers="block")
        context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{table.keeper_token}/")
        page.evaluate("window.neverReloaded = true")
        opened.append(page)
        return page

    yield open_page
    for page in opened:
        page.unroute_all(behavior="wait")
        page.goto("about:blank")


def enter_a_hand(page):
    """Bikash wins with 4 maal, Dipa unseen, the others seen; then Save."""
    page.locator("#new-hand #seat-1 label.status-winner").click()
    page.locator("#new-hand [name='maal-1']").fill("4")
    page.locator("#new-hand #seat-3 label.status-unseen").click()
    page.locator("#new-hand button.primary").click()


@pytest.mark.parametrize("status", sorted(FAILURES))
def test_a_hand_the_server_failed_to_save_is_kept_and_sent_once_when_it_is_well(scorekeeper, table, status):
    keeper = scorekeeper()
    server = FailingServer(keeper, status)

    enter_a_hand(keeper)

    expect(keeper.locator("#saved")).to_have_text(
        "The server could not save Hand 1 — it is kept on this phone and will be sent."
    )
    expect(keeper.locator("#board tr.waiting")).to_contain_text("waiting to send")
    expect(keeper.locator("#connection")).to_have_text("server problem · 1 waiting")
    expect(keeper.locator("#new-hand h2")).to_contain_text("Hand 2")  # on to the next hand, as after a save
    keeper.wait_for_timeout(3000)  # a retry and a poll, both answered with the failure
    assert server.posts >= 2 and not Hand.objects.filter(table=table).exists()
    expect(keeper.locator("#connection")).to_have_text("server problem · 1 waiting")

    server.failing = False

    expect(keeper.locator("#saved")).to_contain_text("Hand 1 saved: Asha", timeout=35_000)
    expect(keeper.locator("#connection")).to_have_text("online")
    expect(keeper.locator("#board tr.waiting")).to_have_count(0)
    expect(keeper.locator("#board tbody tr")).to_have_count(1)
    assert keeper.evaluate("window.neverReloaded") is True
    assert Hand.objects.filter(table=table).count() == 1
    assert HandChange.objects.filter(table=table).count() == 1

    enter_a_hand(keeper)  # the next save works at once
    expect(keeper.locator("#saved")).to_contain_text("Hand 2 saved")
    assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1, 2]


def test_the_phone_says_so_in_its_own_language(scorekeeper):
    keeper = scorekeeper(language="ar")
    FailingServer(keeper, 503)
    enter_a_hand(keeper)
    expect(keeper.locator("#saved")).to_contain_text("لم يستطع الخادم حفظ")
    expect(keeper.locator("#saved")).to_contain_text("هي محفوظة على هذا الهاتف وستُرسَل لاحقًا.")
    expect(keeper.locator("#connection")).to_contain_text("مشكلة في الخادم")


def test_a_refusal_is_not_kept(scorekeeper, table):
    keeper = scorekeeper()
    keeper.locator("#new-hand [name='maal-1']").fill("4")
    keeper.locator("#new-hand button.primary").click()  # nobody won: refused, beside the form
    expect(keeper.locator("#new-hand [role=alert]").first).to_be_visible()
    expect(keeper.locator("#board tr.waiting")).to_have_count(0)
    expect(keeper.locator("#connection")).to_have_text("online")
    keeper.wait_for_timeout(2500)  # a retry would have come by now
    expect(keeper.locator("#board tr.waiting")).to_have_count(0)
    expect(keeper.locator("#outbox")).to_be_hidden()
    assert not Hand.objects.filter(table=table).exists()
