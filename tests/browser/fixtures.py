"""Browser tests: Debian's Chromium through pytest-playwright, a 390×844 phone, a live server.

A browser test is one in tests/browser/ or a game's test_<name>_browser.py (games/<game>/tests/); these
fixtures are loaded for all of them by the root conftest.py (pytest_plugins)."""

import time

import pytest
from playwright.sync_api import expect

from tests.fixtures import PHONE, log_in

CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# A wake lock the page can take and give back, counted in window.wakeLocks: a headless browser
# has no screen to keep on.
FAKE_WAKE_LOCK = """
window.wakeLocks = [];
Object.defineProperty(navigator, "wakeLock", {value: {request: async (kind) => {
  const lock = new EventTarget();
  lock.released = false;
  lock.release = async () => { lock.released = true; lock.dispatchEvent(new Event("release")); };
  window.wakeLocks.push(lock);
  return lock;
}}});
"""


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium", "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def playwright(playwright):
    # Playwright's sync API runs an event loop in this thread from now on; the ORM calls made by the
    # test (and the test database set-up) are still synchronous and safe. Browser tests only: the
    # others never start Playwright.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield playwright


@pytest.fixture
def phones(browser):
    """Opens phones (browser contexts, phone-sized unless told otherwise) and closes them all when
    the test ends: a board left open goes on polling the live server through later tests, whose
    database it may no longer reach."""
    opened = []

    def open_phone(**options):
        context = browser.new_context(**{"viewport": PHONE, **options})
        opened.append(context)
        return context

    yield open_phone
    for context in opened:
        context.close()


def pytest_collection_modifyitems(items):
    for item in items:
        if "/browser/" in str(item.path) or item.path.name.endswith("_browser.py"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def logged_in_page(live_server, transactional_db, owner, page):
    """A phone logged in as the server's owner."""
    log_in(page, live_server.url)
    return page


def wait_until(page, expression, timeout=5_000):
    """Wait until `expression` is true in the page. Playwright's wait_for_function, once it has to
    poll, runs a function it builds with eval in the page, which the pages' Content-Security-Policy
    refuses (no 'unsafe-eval'): an evaluate goes through the browser's protocol and is not refused."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"not true within {timeout} ms: {expression}"
        page.wait_for_timeout(50)


def wait_for_steppers(scope):
    """Wait until the counts inside `scope` (a locator) have their − and + buttons. cardscore.js adds
    them once htmx has settled a swap (20 ms after it), moving each field into its controls: a
    field typed into before then loses its focus, and the keys with it."""
    expect(scope.locator(".stepper input:not([data-enhanced])")).to_have_count(0)
