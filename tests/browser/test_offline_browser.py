"""The Wi-Fi drops: a hand saved meanwhile is kept on the phone and sent once when the connection
is back, a post whose answer was lost is not recorded twice, a hand another phone saved first is
a visible conflict with both hands kept, and a reload offline shows the board as it was."""

from email.parser import BytesParser
from email.policy import HTTP
from urllib.parse import parse_qsl

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from games.models import Hand, HandChange
from games.services import recording, tables
from tests.browser.fixtures import wait_until
from tests.fixtures import log_in
from tests.inputs import marriage_inputs

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa"]
AXE = Axe()


WORKER_STATE = """() => navigator.serviceWorker.getRegistration().then((registration) => registration
  ? ["installing", "waiting", "active"].map((kind) => `${kind}: ${registration[kind]?.state}`).join(", ")
  : "not registered")"""


def wait_for_the_service_worker(page):
    """Until the service worker controls the page. Its first install fetches the pages and files it
    keeps, which on a machine busy with other browsers took more than 5 s once. Late in whole runs
    of the suite (after some fifty browser tests) a page was sometimes not yet controlled after 60 s,
    a page loaded once the worker is active is: after 20 s the page is loaded again, as a person
    would, and the worker's state is said if that does not help either."""
    try:
        wait_until(page, "navigator.serviceWorker.controller !== null", timeout=20_000)
    except AssertionError:
        page.reload()
        try:
            wait_until(page, "navigator.serviceWorker.controller !== null", timeout=40_000)
        except AssertionError as error:
            raise AssertionError(f"no service worker in control ({page.evaluate(WORKER_STATE)})") from error


def assert_accessible(page):
    """axe-core finds nothing on the page as it is now (the kept-posts card, the offline note)."""
    assert [violation["id"] for violation in AXE.run(page).response["violations"]] == []


@pytest.fixture
def table(transactional_db, owner):
    return tables.create_table(game="marriage", name="Wi-Fi", players=PLAYERS, rules={}, owner=owner)


@pytest.fixture
def keeper(page, live_server, table):
    """The scorekeeper's phone, logged in, on the table's page."""
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    return page


def enter_a_hand(page, winner):
    """Seat `winner` wins with 4 maal, Dipa unseen, the others seen; then Save."""
    page.locator(f"#new-hand #seat-{winner}").get_by_text("Winner", exact=True).click()
    page.locator(f"#new-hand [name='maal-{winner}']").fill("4")
    page.locator("#new-hand #seat-3").get_by_text("Unseen", exact=True).click()
    page.locator("#new-hand button.primary").click()


def wait_until_kept(page):
    """Until the service worker has this page in its cache. Polled with a check that answers at once
    (the cache's answer comes back at the next poll): wait_for_function takes the promise an async
    check returns for a truthy answer, and would not wait at all."""
    page.wait_for_function("""() => {
        caches.match(location.pathname).then((kept) => { window.keptByTheWorker = Boolean(kept); });
        return window.keptByTheWorker;
    }""")


def statuses(hand):
    return {name: entry["status"] for name, entry in hand.inputs.items()}


def posted_fields(request):
    """A post's fields, as htmx sends the hand form (multipart: it may carry a photo) or a kept post
    is sent again without one (url-encoded); a file field's value is its bytes."""
    kind = request.headers["content-type"]
    if not kind.startswith("multipart/"):
        return parse_qsl(request.post_data, keep_blank_values=True)
    message = BytesParser(policy=HTTP).parsebytes(f"Content-Type: {kind}\r\n\r\n".encode() + request.post_data_buffer)
    return [(part.get_param("name", header="content-disposition"), part.get_content()) for part in message.iter_parts()]


def assert_the_engine_s_points(table):
    """Every recorded hand has the points the rules engine gives, and the table its totals."""
    table.refresh_from_db()
    hands = list(Hand.objects.filter(table=table))
    scored = table.engine.score(table.rules, table.players, [hand.inputs for hand in hands])
    assert [hand.points for hand in hands] == scored.points
    assert table.totals == scored.totals


def test_a_hand_saved_offline_is_sent_once_when_the_connection_is_back(keeper, phones, live_server, table):
    viewer = phones().new_page()
    viewer.goto(f"{live_server.url}/t/{table.viewer_token}/")
    indicator = keeper.locator("#connection")
    expect(indicator).to_have_text("online")

    keeper.context.set_offline(True)
    enter_a_hand(keeper, winner=1)

    expect(keeper.locator("#board tr.waiting")).to_contain_text("waiting to send")
    expect(keeper.locator("#saved")).to_contain_text("Hand 1 is kept on this phone")
    expect(indicator).to_have_text("offline · 1 waiting")
    # The form moved on to the next hand, as after a save.
    expect(keeper.locator("#new-hand h2")).to_have_text("Hand 2 · Bikash deals")
    assert keeper.locator("#new-hand [name=hand_number]").input_value() == "2"
    assert not Hand.objects.filter(table=table).exists()

    keeper.context.set_offline(False)
    expect(indicator).to_have_text("online")
    expect(keeper.locator("#board tr.waiting")).to_have_count(0)
    expect(keeper.locator("#saved")).to_contain_text("Hand 1 saved: Asha")
    hand = Hand.objects.get(table=table)
    assert statuses(hand) == {"Asha": "seen", "Bikash": "winner", "Chandra": "seen", "Dipa": "unseen"}
    assert_the_engine_s_points(table)
    table.refresh_from_db()
    viewer_totals = viewer.locator("#board tfoot td")
    expect(viewer_totals.nth(1)).to_have_text(f"+{table.totals['Bikash']}")

    # The next hand, saved online, follows it.
    enter_a_hand(keeper, winner=2)
    expect(keeper.locator("#saved")).to_contain_text("Hand 2 saved")
    assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1, 2]
    assert_the_engine_s_points(table)


def test_a_hand_whose_answer_is_lost_after_the_server_saved_it_is_recorded_once(phones, live_server, table):
    # Without a service worker, as on a server reached over plain http (and Playwright's routes
    # do not see a request that went through a service worker).
    keeper = phones(is_mobile=True, has_touch=True, service_workers="block").new_page()
    log_in(keeper, live_server.url)
    keeper.goto(f"{live_server.url}/t/{table.keeper_token}/")
    posts = []

    def lose_the_first_answer(route):
        posts.append(posted_fields(route.request))
        if len(posts) == 1:
            route.fetch()  # the server gets the hand and saves it...
            route.abort("connectionreset")  # ...and the phone never hears back
        else:
            route.continue_()

    keeper.route(f"**/t/{table.keeper_token}/hands/", lose_the_first_answer)
    enter_a_hand(keeper, winner=0)

    expect(keeper.locator("#saved")).to_contain_text("Hand 1 saved: Asha")
    expect(keeper.locator("#connection")).to_have_text("online")
    # Sent again with the same key and fields (the CSRF token is the one the phone holds then).
    # The same hand both times; the first post also said which board its page showed (htmx's).
    sent = [{name: value for name, value in post if name not in ("csrfmiddlewaretoken", "revision")} for post in posts]
    assert len(sent) == 2 and sent[0] == sent[1] and sent[0]["key"]
    assert Hand.objects.filter(table=table).count() == 1
    assert HandChange.objects.filter(table=table).count() == 1
    assert_the_engine_s_points(table)


def test_a_hand_another_phone_saved_first_is_a_conflict_and_both_hands_are_kept(keeper, phones, live_server, table):
    keeper.context.set_offline(True)
    enter_a_hand(keeper, winner=1)  # Bikash wins, on the phone that is offline
    other = phones().new_page()  # the scorekeeper link on a second phone
    other.goto(f"{live_server.url}/t/{table.keeper_token}/")
    enter_a_hand(other, winner=0)  # Asha wins, saved first
    expect(other.locator("#saved")).to_contain_text("Hand 1 saved")

    keeper.context.set_offline(False)

    outbox = keeper.locator("#outbox")
    expect(outbox).to_contain_text("Hand 1 was saved first on another phone (scorekeeper link) — yours is kept here.")
    outbox.get_by_text("Review it").click()
    expect(outbox.locator(".outbox-lines")).to_contain_text("Bikash: Winner, Maal 4")
    assert_accessible(keeper)
    assert [statuses(hand)["Asha"] for hand in Hand.objects.filter(table=table)] == ["winner"]

    outbox.get_by_role("button", name="Enter it as the next hand").click()
    expect(outbox).to_be_hidden()
    expect(keeper.locator("#connection")).to_have_text("online")
    assert [statuses(hand)["Bikash"] for hand in Hand.objects.filter(table=table)] == ["seen", "winner"]
    assert_the_engine_s_points(table)


def test_a_reload_offline_shows_the_board_as_it_was_and_online_never_an_old_one(keeper, live_server, table):
    recording.record_hand(table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    wait_for_the_service_worker(keeper)
    keeper.reload()  # through the service worker now, which keeps the page
    expect(keeper.locator("#board tbody tr")).to_have_count(1)

    keeper.context.set_offline(True)
    keeper.reload()

    note = keeper.locator("#offline-note")
    expect(note).to_contain_text("Offline, last updated")
    expect(keeper.locator("#board tbody tr")).to_have_count(1)
    expect(keeper.locator("#board tfoot td").first).to_have_text("+23")
    expect(keeper.locator("#connection")).to_have_text("offline")
    assert_accessible(keeper)
    # The kept page's form key may have been used since: the form sends a new one.
    kept_html = keeper.evaluate("caches.match(location.pathname).then((page) => page.text())")
    assert 'name="key"' in kept_html
    assert f'value="{keeper.locator("#new-hand [name=key]").input_value()}"' not in kept_html

    recording.record_hand(table, marriage_inputs("Wsss", (0, 0, 0, 0)), 2)
    keeper.context.set_offline(False)
    keeper.reload()
    expect(note).to_be_hidden()
    expect(keeper.locator("#board tbody tr")).to_have_count(2)


def test_a_correction_saved_offline_is_sent_once_when_the_connection_is_back(keeper, live_server, table):
    recording.record_hand(table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    keeper.goto(f"{live_server.url}/t/{table.keeper_token}/hands/1/")
    keeper.context.set_offline(True)
    keeper.locator("#seat-0").get_by_text("Winner", exact=True).click()
    keeper.get_by_role("button", name="Save the correction").click()

    expect(keeper.locator("#outbox")).to_contain_text("Hand 1 is kept on this phone")
    expect(keeper.locator("#outbox [data-outbox=next]")).to_have_count(0)  # a correction is not a next hand
    expect(keeper.locator("#connection")).to_have_text("offline · 1 waiting")

    keeper.context.set_offline(False)
    expect(keeper.locator(".message")).to_contain_text("Hand 1 corrected")  # the page comes back from the server
    expect(keeper.locator("#outbox")).to_be_hidden()
    hand = Hand.objects.get(table=table)
    assert (statuses(hand)["Asha"], hand.version) == ("winner", 2)
    assert HandChange.objects.filter(table=table, action=HandChange.CORRECTED).count() == 1
    assert_the_engine_s_points(table)


def test_thirteen_s_bids_saved_offline_wait_for_the_books_form_from_the_server(
    page, live_server, transactional_db, owner
):
    table = tables.create_table(
        game="thirteen",
        name="Thirteen",
        players=["Asha", "Bikram", "Charlie", "David"],
        rules={},
        owner=owner,
        colors={"Asha": "red", "Bikram": "yellow", "Charlie": "green", "David": "blue"},
    )
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/{table.keeper_token}/")
    page.context.set_offline(True)
    for seat, bid in enumerate(("1", "0", "0", "1")):
        page.locator(f"#new-hand [name='bid-{seat}']").fill(bid)
    page.locator("#new-hand button.primary").click()

    expect(page.locator("#saved")).to_contain_text("Round 1 is kept on this phone")
    assert page.locator("#new-hand form").evaluate("form => form.inert")

    page.context.set_offline(False)
    expect(page.locator("#new-hand [name='books-0']")).to_be_visible()
    table.refresh_from_db()
    assert table.current_hand["inputs"]["David"] == {"bid": 1}


def test_a_hand_refused_online_because_another_phone_saved_it_first_is_kept(keeper, table):
    recording.record_hand(table, marriage_inputs("Wsss", (0, 0, 0, 0)), 1, by="Gita")  # after the page was shown

    enter_a_hand(keeper, winner=2)

    expect(keeper.locator(".message")).to_contain_text("Hand 1 was already recorded on another phone")
    outbox = keeper.locator("#outbox")
    expect(outbox).to_contain_text("Hand 1 was saved first on another phone (Gita) — yours is kept here.")
    outbox.get_by_role("button", name="Enter it as the next hand").click()
    expect(outbox).to_be_hidden()
    assert [statuses(hand)["Chandra"] for hand in Hand.objects.filter(table=table)] == ["seen", "winner"]
    assert_the_engine_s_points(table)


def test_a_hand_kept_on_a_page_closed_offline_is_sent_by_the_next_page_opened(keeper, live_server, table):
    keeper.context.set_offline(True)
    enter_a_hand(keeper, winner=1)
    expect(keeper.locator("#board tr.waiting")).to_have_count(1)
    context = keeper.context
    keeper.close()
    assert not Hand.objects.filter(table=table).exists()

    context.set_offline(False)
    later = context.new_page()
    later.goto(f"{live_server.url}/")  # any page of the site sends what the phone kept

    expect(later.locator("#connection")).to_have_text("online")
    assert statuses(Hand.objects.get(table=table))["Bikash"] == "winner"
    assert_the_engine_s_points(table)


def test_a_kept_hand_is_sent_with_the_csrf_token_the_phone_holds_then(keeper, live_server, table):
    keeper.context.set_offline(True)
    enter_a_hand(keeper, winner=1)
    # Meanwhile the phone got a new token (a log-in gives one): the kept post's own no longer counts.
    keeper.context.add_cookies([{"name": "csrftoken", "value": "N" * 32, "url": live_server.url}])

    keeper.context.set_offline(False)

    expect(keeper.locator("#saved")).to_contain_text("Hand 1 saved")
    assert statuses(Hand.objects.get(table=table))["Bikash"] == "winner"


def test_a_kept_hand_the_csrf_check_turns_away_is_sent_again_not_refused(keeper, table):
    """A 403 is the CSRF check's, given before the server reads the hand (the phone's token changed
    while the post was on its way): the hand waits for the next round, it is not a refused hand."""
    keeper.context.set_offline(True)
    enter_a_hand(keeper, winner=1)
    turned_away = []

    def csrf_check(route):
        turned_away.append(route.request.method)
        route.fulfill(status=403)

    keeper.route("**/hands/", csrf_check, times=1)
    keeper.context.set_offline(False)

    expect(keeper.locator("#saved")).to_contain_text("Hand 1 saved")
    assert turned_away == ["POST"]
    assert statuses(Hand.objects.get(table=table))["Bikash"] == "winner"
    expect(keeper.locator("#outbox")).to_be_hidden()


def test_the_home_page_is_kept_too_and_a_page_never_opened_says_so_offline(keeper, live_server, table):
    keeper.goto(f"{live_server.url}/")
    wait_for_the_service_worker(keeper)
    keeper.reload()
    keeper.context.set_offline(True)

    keeper.reload()
    expect(keeper.locator("#offline-note")).to_contain_text("Offline, last updated")
    expect(keeper.get_by_role("link", name="Wi-Fi")).to_be_visible()  # the owner's tables
    keeper.goto(f"{live_server.url}/players/")
    expect(keeper.locator("body")).to_contain_text("You are offline, and this phone has not kept this page.")


@pytest.mark.parametrize("where", ["site", "admin"])
def test_logging_out_forgets_the_pages_kept_on_the_phone(keeper, live_server, table, where):
    wait_for_the_service_worker(keeper)
    keeper.reload()  # kept now
    assert keeper.evaluate("caches.match(location.pathname).then(Boolean)")

    if where == "admin":  # the admin's own Log out, a form of its own
        keeper.goto(f"{live_server.url}/admin/")
    keeper.get_by_role("button", name="Log out").click()
    keeper.wait_for_url(f"{live_server.url}/?signed-out")
    keeper.wait_for_function(
        """(table) => {
            caches.match(table).then((kept) => { window.tableForgotten = !kept; });
            return window.tableForgotten;
        }""",
        arg=f"/t/{table.keeper_token}/",
    )
    keeper.context.set_offline(True)
    keeper.goto(f"{live_server.url}/t/{table.keeper_token}/")

    expect(keeper.locator("body")).to_contain_text("You are offline, and this phone has not kept this page.")


def test_a_page_kept_for_a_sign_in_that_has_expired_is_not_shown_offline(keeper, live_server, table, settings):
    """The home page lists every table's scorekeeper link: once the sign-in expires, the copy kept
    on the phone is not served offline any more (before, only the logout form cleared it)."""
    settings.SESSION_COOKIE_AGE = 3  # a sign-in that ends 3 s after the page is kept
    keeper.goto(f"{live_server.url}/")
    wait_for_the_service_worker(keeper)
    keeper.reload()  # kept now, with the time the sign-in ends
    expires = keeper.evaluate("""caches.open("cardscore-pages").then((cache) => cache.match("/"))
                                 .then((kept) => Number(kept.headers.get("CardScore-Keep-Until")))""")
    keeper.context.set_offline(True)
    keeper.reload()
    expect(keeper.get_by_role("link", name="Wi-Fi")).to_be_visible()  # while the sign-in lasts

    keeper.wait_for_timeout(max(0, expires - keeper.evaluate("Date.now()")) + 500)
    keeper.reload()
    expect(keeper.locator("body")).to_contain_text("You are offline, and this phone has not kept this page.")
    expect(keeper.get_by_role("link", name="Wi-Fi")).to_have_count(0)


def test_the_first_visit_is_kept_and_a_hand_saved_offline_then_is_sent_when_the_connection_is_back(
    phones, live_server, table
):
    """One visit only (the one that installs the service worker), then the Wi-Fi drops: a reload
    still shows the table, and a hand saved on it is recorded once the connection is back, with
    no reload."""
    recording.record_hand(table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    phone = phones(is_mobile=True, has_touch=True).new_page()
    page_loads = []
    phone.on("load", lambda loaded: page_loads.append(loaded.url))
    phone.goto(f"{live_server.url}/t/{table.keeper_token}/")
    expect(phone.locator("#new-hand h2")).to_have_text("Hand 2 · Bikash deals")
    wait_until_kept(phone)  # the worker keeps the page that installed it: no second visit
    # ...as the phone was shown it (its form's key), from the browser's cache: not asked for again.
    shown_key = phone.locator("#new-hand [name=key]").get_attribute("value")
    assert f'value="{shown_key}"' in phone.evaluate("caches.match(location.pathname).then((kept) => kept.text())")

    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator("#offline-note")).to_contain_text("Offline, last updated")
    expect(phone.locator("#board tbody tr")).to_have_count(1)
    expect(phone.locator("#board tfoot td").first).to_have_text("+23")
    enter_a_hand(phone, winner=1)
    expect(phone.locator("#saved")).to_contain_text("Hand 2 is kept on this phone")
    expect(phone.locator("#connection")).to_have_text("offline · 1 waiting")
    # The next hand's heading still says who deals it.
    expect(phone.locator("#new-hand h2")).to_have_text("Hand 3 · Chandra deals")
    assert Hand.objects.filter(table=table).count() == 1

    phone.context.set_offline(False)
    expect(phone.locator("#saved")).to_contain_text("Hand 2 saved")
    expect(phone.locator("#connection")).to_have_text("online")
    assert len(page_loads) == 2  # the visit and the reload offline: the hand went without another
    assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1, 2]
    assert statuses(Hand.objects.get(table=table, number=2))["Bikash"] == "winner"
    assert_the_engine_s_points(table)
