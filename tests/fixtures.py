"""Fixtures and helpers shared by the tests: one module, loaded by the root conftest.py (pytest_plugins).

Fixtures here are found by pytest; plain helpers are imported: `from tests.fixtures import csrf_post`.
A test module never imports from another test module: what two of them need lives here.

The games come from the registry (GAMES) and what the tests need of each from SAMPLES, keyed by
slug: a new game gets its sample data in its own folder (<app>/tests/samples.py, loaded below), and
test_samples.py fails until it has. Each game's hands and table files are built with tests/inputs.py.
"""

import html
import http.cookiejar
import io
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from html.parser import HTMLParser
from importlib import import_module
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group as AccountGroup
from django.contrib.auth.models import Permission
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.module_loading import module_has_submodule
from PIL import Image
from playwright.sync_api import expect

from cardscore.sqlite.base import lock_path
from games.models import Group, Hand, HandChange, PointTable, Table
from games.plumbing import photos
from games.sdk import registry
from games.services import hand_photos, recording, seasons, table_file, tables
from games.twentyfour.models import Puzzle
from scoring import InputError, expressions24, solver24
from tests.inputs import ACE_TO_FOUR, EIGHTS_AND_THREES, document

PROJECT_DIR = Path(__file__).resolve().parent.parent  # where manage.py is
PASSWORD = "correct-horse-9"


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and on SQLite the write-lock file beside it removed with it
    (cardscore/sqlite/: the lock file outlives the database it guards)."""
    yield
    if connection.vendor == "sqlite" and not connection.is_in_memory_db():
        Path(lock_path(connection.settings_dict["NAME"])).unlink(missing_ok=True)


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A request leaves its language active in the thread (LocaleMiddleware activates it and
    nothing deactivates it), and the test client runs in the test's thread: each test starts in
    the site's language, whatever the one before it asked for."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with nothing cached: no page of another test's, no count of its deals."""
    cache.clear()


# --- accounts and clients ----------------------------------------------------------------------


@pytest.fixture
def fast_passwords(settings):
    """Passwords hashed with MD5: the default hasher takes a quarter of a second per account."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def owner(django_user_model, fast_passwords):
    return django_user_model.objects.create_user("owner", password=PASSWORD, is_staff=True, is_superuser=True)


@pytest.fixture
def client(owner):
    """A logged-in client that enforces CSRF, as a phone's browser does."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    return client


def csrf_token(client):
    """The client's CSRF token (a first visit to the home page sets the cookie)."""
    if "csrftoken" not in client.cookies:
        client.get(reverse("home"))
    return client.cookies["csrftoken"].value


def csrf_post(client, url, data=None, **extra):
    """POST with the CSRF token a real page would carry."""
    return client.post(url, {**(data or {}), "csrfmiddlewaretoken": csrf_token(client)}, **extra)


# --- form data (each game's hands and table files: tests/inputs.py) --------------------------------


def without(data, key):
    """A copy of a form's `data` without the field `key`."""
    data = dict(data)
    del data[key]
    return data


def guests_evening(count, name="Club night"):
    """A Marriage table file for money where `count` players came and went: four sit down, and
    after each hand the longest seated gets up (keeping their total) and a guest sits down, so
    nearly everyone ends with a total of their own."""
    seated = [f"Guest {number}" for number in range(4)]
    hands, events = [], []
    for number in range(4, count):
        winner = seated[number % 4]
        hands.append(
            {
                "inputs": {
                    player: {
                        "status": "winner" if player == winner else "seen",
                        "maal": (number * number + 5 * seat) % 29,
                    }
                    for seat, player in enumerate(seated)
                }
            }
        )
        events += [
            {"after": len(hands), "kind": "leave", "player": seated.pop(0)},
            {"after": len(hands), "kind": "join", "player": f"Guest {number}", "seat": 3},
        ]
        seated.append(f"Guest {number}")
    return {
        "format": "cardscore-table/1",
        "game": "marriage",
        "name": name,
        "players": [f"Guest {n}" for n in range(4)],
        "rules": {"point_rate": 1},
        "hands": hands,
        "events": events,
    }


def seeded(owner, game, hands, players=None, **extra):
    """A table of `game` with `hands` (engine inputs) already played, through the import service."""
    players = players_of(game) if players is None else players
    table, warnings = table_file.import_table(
        document(game, players, hands, **{"name": "Seeded", **extra}), owner=owner
    )
    assert warnings == []
    return table


# --- the rules engines ---------------------------------------------------------------------------


def scored(engine, rules, players, hands):
    """`hands` (raw inputs) validated and scored through `engine`'s public functions."""
    return engine.score(rules, players, engine.validate(rules, players, hands))


def error_of(action, *args):
    """The InputError that action(*args) raises."""
    with pytest.raises(InputError) as caught:
        action(*args)
    return caught.value


def rule_error(engine, rules):
    """The InputError `engine` raises for `rules`."""
    return error_of(engine.validate_rules, rules)


def hand_error(engine, players, inputs, rules=None):
    """The InputError `engine` raises for one hand of raw inputs."""
    return error_of(engine.validate, engine.validate_rules(rules or {}), players, [inputs])


def where(error):
    """Where an InputError points: (hand, player, field)."""
    return error.hand, error.player, error.field


# --- every game, and sample data for each ------------------------------------------------------

# The games the registry knows (games/sdk/registry.py): the one place the tests learn which games exist.
GAMES = [game.slug for game in registry.all_games()]

SET_61 = "10H JH QH KH / 7S 7D JK=7C"  # a Konkan set: 10-J-Q-K of hearts (40) and three sevens, one a joker (21)


# For each game (by slug), what a test needs to play it without knowing it:
#   players, colors   the players in seat order, and their colours where the game has them (or None)
#   first_hand        engine inputs of hand 1, which fresh_table records
#   between_hands     what the table holds after hand 1 (the race's next deal), or None
#   seats, new_table  how many player fields the new-table form has, and its other fields
#   add_hand          a valid post of hand 2 on a fresh_table; edit_hand a valid correction of its hand 1
#   seat_fields, hand_fields  the hand form's field names: one of each per seat, and one per hand
#   one_hand_document a table file of one hand (the start of fuzzed imports)
#   document          a table file of a few realistic hands: house rules, names in other scripts, colours
#   tables            a hypothesis strategy of valid tables of the game: (validated rules, players, raw
#                     hands), for the tests of every game's engine (built from <app>/tests/strategies.py)
#   words             the words of its players and rules that no shared file may use
#                     (tests/test_game_words.py), beyond what its Game declares
#   first_step        for a hand entered in two steps, the field its first step takes (Thirteen's
#                     bids, Call Break's calls); None
#   phone_hand        phone_hand(seats, table): the fields a phone fills for the hand (or the step)
#                     its form waits for, given seats(key), the seats whose `key` field the form
#                     shows, and the table as it is; None for a game without a hand form
#   to_the_edge       for a game that puts players out, to_the_edge(table) records hands on the
#                     fresh_table until the next phone_hand puts a player out, and names them; None
#   twenty_saves      (posts, rules, hands) for the save-answer test (tests/browser/): posts(number,
#                     edit=False) the forms' posts of hand `number` (two for a hand entered in two
#                     steps; `edit`, its correction in one), the table's rules, and how many hands
#                     make 20 saves; None for a game without a hand form
# Each game keeps its sample data in its own folder, in <app>/tests/samples.py (games/<game>/tests/;
# tests/highcard/tests/ for the game that exists only for the tests).
SAMPLES = {}
for app in django_apps.get_app_configs():
    if module_has_submodule(app.module, "tests") and module_has_submodule(
        import_module(f"{app.name}.tests"), "samples"
    ):
        SAMPLES.update(import_module(f"{app.name}.tests.samples").SAMPLES)


def players_of(game):
    return SAMPLES[game]["players"]


def colors_of(game, players=None):
    """Player -> colour for a table of `game` (None when the game has no colours)."""
    colors = SAMPLES[game]["colors"]
    return dict(zip(players or players_of(game), colors)) if colors else None


def table_form(game, players=None, colors=None, **overrides):
    """The new-table form as a browser posts it: every seat (blank after the players), a colour per
    seat where the game has them, the other fields with their sample values."""
    sample = SAMPLES[game]
    players = list(players_of(game) if players is None else players)
    seats = max(sample["seats"], len(players))
    data = {"player": players + [""] * (seats - len(players))}
    if sample["colors"]:
        colors = list(sample["colors"] if colors is None else colors)
        data["color"] = colors + ["red"] * (seats - len(colors))
    return {**sample["new_table"], **data, **overrides}


def players_form(game, names):
    """The Players page's form: the names in seat order (and the colours, where the game has them)."""
    colors = SAMPLES[game]["colors"]
    return {"player": list(names), **({"color": colors} if colors else {})}


def play_hand(table, inputs, number):
    """Record hand `number` as the scorekeeper's phone does: a game entered in two steps gets the
    first step's inputs (its sample's first_step), then the whole hand."""
    first = SAMPLES[table.game]["first_step"]
    entries = {name: entry for name, entry in inputs.items() if name != "_hand"}
    if first and any(set(entry) - {first} for entry in entries.values()):
        step = {name: ({first: entry[first]} if name != "_hand" else entry) for name, entry in inputs.items()}
        recording.record_hand(table, step, number)
        return recording.record_hand(table, inputs, number, version=1)
    return recording.record_hand(table, inputs, number)


def fresh_table(game, owner):
    """A table of `game` with its sample hand 1 recorded (and, for the race, deal 2 on known cards)."""
    sample = SAMPLES[game]
    table = tables.create_table(
        game=game,
        name=sample["new_table"]["name"],
        players=sample["players"],
        rules={},
        owner=owner,
        colors=colors_of(game),
    )
    play_hand(table, sample["first_hand"], 1)
    if sample["between_hands"]:
        tables.save_current_hand(table, sample["between_hands"])
    table.refresh_from_db()
    return table


def season_of_tables(tables, owner):
    """All `tables` in the owner's group "Friday club", the last of them followed by a rematch:
    (the group, the rematch), for the pages that show groups and linked games."""
    group = Group.objects.create(owner=owner, name="Friday club")
    Table.objects.filter(pk__in=[table.pk for table in tables]).update(group=group)
    return group, seasons.rematch(Table.objects.get(pk=tables[-1].pk))[0]


# --- pages ---------------------------------------------------------------------------------------

MINUS = "\u2212"  # how the pages print a negative number


def add_url(table, token=None):
    return reverse("add_hand", args=[token or table.keeper_token])


def table_url(table, token=None):
    return reverse("table", args=[token or table.keeper_token])


def edit_url(table, number):
    return reverse("edit_hand", args=[table.keeper_token, number])


def page(response):
    """The response body as text, entities decoded (messages quote names and symbols)."""
    return html.unescape(response.content.decode())


class _ReadText(HTMLParser):
    """What a person reads or hears on a page: its text and the labels, titles and confirmations
    of its elements (not scripts, styles, URLs or field names)."""

    SPOKEN = ("aria-label", "title", "placeholder", "data-confirm")

    def __init__(self):
        super().__init__()
        self.parts, self.skipping = [], 0

    def handle_starttag(self, tag, attrs):
        self.skipping += tag in ("script", "style")
        self.parts += [value for name, value in attrs if name in self.SPOKEN and value]

    def handle_endtag(self, tag):
        self.skipping -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def read_text(response):
    """The words a page says to its reader (text, aria-labels, titles, confirmations), one space apart."""
    reader = _ReadText()
    reader.feed(response.content.decode())
    return " ".join(" ".join(reader.parts).split())


def alert(response):
    """The text of the error shown next to the 24 pad's expression, or None."""
    found = re.search(r'<div class="error"[^>]*role="alert"[^>]*>(.*?)</div>', page(response), re.S)
    return found and found.group(1).strip()


def board_cells(response, number):
    """Hand `number` on the board, in seat order: per player what is printed ("+12", "−5", or
    "–" for a player not in the hand), the marks beside it (their meanings, e.g. ["won"]) and
    the detail shown on tap (or None)."""
    row = re.search(rf'<th scope="row"><a [^>]*>{number}✎?</a></th>(.*?)</tr>', page(response), re.S)
    cells = []
    for cell in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S):
        marks = re.findall(r'<span class="visually-hidden">([^<]*)</span>', cell)
        detail = re.search(r"<summary>(.*?)</summary><small>([^<]*)</small>", cell, re.S)
        shown = re.sub(
            r"<abbr .*?</abbr>|<span class=\"visually-hidden\">[^<]*</span>|<[^>]+>",
            "",
            detail.group(1) if detail else cell,
        ).strip()
        cells.append({"shown": shown, "marks": marks, "detail": detail and detail.group(2)})
    return cells


def board_row(response, number):
    """What hand `number` shows for each player on the board, in seat order ("+12", "−5", "–")."""
    return [cell["shown"] for cell in board_cells(response, number)]


def totals_row(response):
    """Player -> the total shown in the board's footer, as printed (e.g. '+30', '−36')."""
    return dict(re.findall(r'<td class="total[^"]*" data-player="([^"]+)"><a [^>]*>([^<]*)</a></td>', page(response)))


class ScriptFinder(HTMLParser):
    """Whatever in a page would run script: <script> without src or with content, on* handlers,
    javascript: URLs."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on") or name.startswith("hx-on"):
                self.found.append(f"<{tag} {name}={value!r}>")
            if value and value.strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag == "script":
            self.in_script = True
            if not dict(attrs).get("src"):
                self.found.append(f"<script> without src {attrs!r}")

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False

    def handle_data(self, data):
        if self.in_script and data.strip():
            self.found.append(f"inline script {data[:60]!r}")


def scripts_in(response):
    """Whatever in the page would run script (see ScriptFinder)."""
    finder = ScriptFinder()
    finder.feed(response.content.decode())
    return finder.found


def assert_new_table_refused(client, game, data, message):
    """The new-table form of `game` posted with `data`: refused (422) with `message`, nothing saved."""
    response = csrf_post(client, reverse("new_table", args=[game]), data)
    assert response.status_code == 422
    assert message.lower() in page(response).lower()
    assert Table.objects.count() == 0


def assert_import_refused(client, table_file, message):
    """`table_file` (a document) uploaded: refused whole (422) with `message`, no table saved."""
    upload = SimpleUploadedFile("bad.json", json.dumps(table_file).encode(), content_type="application/json")
    response = csrf_post(client, reverse("import_file"), {"file": upload})
    assert response.status_code == 422
    assert message in page(response)
    assert Table.objects.count() == 0


# --- what is stored ------------------------------------------------------------------------------


def counts():
    return (Table.objects.count(), Hand.objects.count(), HandChange.objects.count(), Puzzle.objects.count())


def running_totals(table):
    """Every player's running total, unsampled: before the first hand, then after each hand."""
    steps = [table.opening, *table.hands.order_by("number").values_list("totals", flat=True)]
    return {name: [step.get(name) for step in steps] for name in table.players}


def snapshot(table):
    """Every stored field of the table and of its hands: what a refused post must leave alone."""
    return (
        Table.objects.filter(pk=table.pk).values().first(),
        list(
            Hand.objects.filter(table_id=table.pk)
            .order_by("number")
            .values("number", "version", "inputs", "points", "totals")
        ),
    )


def a_photo(color=(200, 30, 30)):
    """A hand's photo as games/plumbing/photos.py keeps it, made from a plain camera-sized JPEG."""
    out = io.BytesIO()
    Image.new("RGB", (2000, 1500), color).save(out, "JPEG")
    return photos.read(SimpleUploadedFile("photo.jpg", out.getvalue(), content_type="image/jpeg"))


def full_server(owner):
    """Every kind of row a server holds, for its backup: a second account in an account group, with
    permissions of its own and of the group; a point table; a table of every game with its first
    hand (and its history); two of them in a group, the last followed by a rematch; a photo on the
    first table's hand; a 24 puzzle. Returns the tables."""
    guest = get_user_model().objects.create_user("guest", password=PASSWORD)
    scorekeepers = AccountGroup.objects.create(name="scorekeepers")
    scorekeepers.permissions.add(Permission.objects.get(content_type__app_label="games", codename="view_table"))
    guest.groups.add(scorekeepers)
    guest.user_permissions.add(Permission.objects.get(content_type__app_label="games", codename="change_hand"))
    PointTable.objects.create(game="marriage", rules={"point_rate": 2})
    played = [fresh_table(game, owner) for game in GAMES]
    season_of_tables(played[:2], owner)
    hand_photos.attach(played[0], 1, a_photo())
    make_puzzle(owner.username)
    return list(Table.objects.order_by("pk"))


# --- a Marriage table, the 24 engine's next deal ------------------------------------------------


@pytest.fixture
def next_deal(monkeypatch):
    """The 24 engine deals ACE_TO_FOUR, every time (and records which difficulty was asked for)."""
    asked = []

    def fake_deal(rng=None, difficulty=None):
        asked.append(difficulty)
        return solver24.Deal([tuple(card) for card in ACE_TO_FOUR], [1, 2, 3, 4], "easy", 4, "4*3*2*1")

    monkeypatch.setattr(solver24, "deal", fake_deal)
    return asked


def device_of(player):
    """The device id test phones without an account chose `player` on (player_client, make_puzzle)."""
    return f"phone-of-{player}"[:32]


def make_puzzle(player="owner", cards=EIGHTS_AND_THREES, **fields):
    """A 24 puzzle of `player`: an account's when an account has that name, else the name's on the
    phone device_of(player)."""
    values = sorted(expressions24.card_value(rank) for rank, _suit in cards)
    entry = solver24.table()[tuple(values)]
    user = get_user_model().objects.filter(username=player).first()
    fields = {
        "difficulty": entry.difficulty,
        "solutions": entry.count,
        "user": user,
        "device": "" if user else device_of(player),
        **fields,
    }
    return Puzzle.objects.create(player=player, cards=cards, **fields)


@pytest.fixture
def marriage_table(owner):
    return tables.create_table(game="marriage", name="Friday", players=players_of("marriage"), rules={}, owner=owner)


# --- browser pages (tests/browser) ---------------------------------------------------------------

PHONE = {"width": 390, "height": 844}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def log_in(page, base_url):
    """Log the owner in through the login page."""
    page.goto(f"{base_url}/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base_url}/")


def fill_new_table(page, live_server, game, players=None):
    """Open the new-table page of `game`; type the sample table name and the players, one a seat."""
    sample = SAMPLES[game]
    page.goto(f"{live_server.url}/new/{game}/")
    page.fill("#id_name", sample["new_table"]["name"])
    seats = page.locator("input[name=player]")
    expect(seats).to_have_count(sample["seats"])
    for seat, name in enumerate(players_of(game) if players is None else players):
        seats.nth(seat).fill(name)


def start_table(page, game):
    """Press "Start the table" on a filled new-table page and wait for the table's page."""
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("heading", name=SAMPLES[game]["new_table"]["name"])).to_be_visible()


def totals(page):
    """The totals in the board's footer, in seat order."""
    return page.locator("tfoot td.total")


def tap_cards(picker, codes):
    """Tap each card on a picker: rank then suit; "JK" is the Joker button, "JK=7C" Joker, 7, clubs;
    "/" starts a new group."""
    for code in codes:
        if code == "/":
            picker.get_by_role("button", name="New group").click()
            continue
        if code.startswith("JK"):
            picker.get_by_role("button", name="Joker").click()
            if code == "JK":
                continue
            code = code[3:]
        picker.get_by_role("button", name=code[:-1], exact=True).click()
        picker.get_by_role("button", name=SUITS[code[-1]], exact=True).click()


# --- servers in processes of their own ---------------------------------------------------------


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a redirect is an answer to look at


class Phone:
    """A phone's browser for a server in a process of its own: its own cookies, no redirect
    followed; answers are (status, page), and the last answer's headers are kept in `headers`."""

    def __init__(self):
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), NoRedirects)
        self.headers = None

    def get(self, url):
        return self.open(urllib.request.Request(url))

    def post(self, url, data):
        token = next(cookie.value for cookie in self.cookies if cookie.name == "csrftoken")
        body = urlencode({**data, "csrfmiddlewaretoken": token}, doseq=True).encode()
        return self.open(urllib.request.Request(url, data=body))

    def open(self, request):
        try:
            with self.opener.open(request, timeout=30) as response:
                self.headers = response.headers
                return response.status, response.read().decode()
        except urllib.error.HTTPError as answer:
            self.headers = answer.headers
            return answer.code, answer.read().decode()


def manage_env(tmp_path, **changes):
    """The environment of a fresh production server: DEBUG unset, its own data folder."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DEBUG", "HTTPS", "SECRET_KEY", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    env["CARDSCORE_DATA_DIR"] = str(tmp_path)
    env.update(changes)
    return env


def run_command(args, env):
    return subprocess.run(args, cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=120)


def served_database_url():
    """The test database (SQLite's file or PostgreSQL's test_ database) as a DATABASE_URL, for a
    server started in a process of its own: what it saves, the test sees (transactional_db)."""
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{database['NAME']}"
    credentials = quote(database["USER"]) + (f":{quote(database['PASSWORD'])}" if database["PASSWORD"] else "")
    return f"postgres://{credentials}@{database['HOST'] or 'localhost'}:{database['PORT'] or 5432}/{database['NAME']}"


def free_port():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


@contextmanager
def server_process(command, port, env, log_path):
    """Start a server (its output in log_path), wait until its /health/ answers, and always stop
    it and every process it started."""
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            command, cwd=PROJECT_DIR, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        wait_for_health(f"http://127.0.0.1:{port}/health/", process, log_path)
        yield process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_for_health(url, process, log_path, patience=90):
    # Patience for a loaded machine: scripts/serve installs and migrates before it serves.
    give_up = time.monotonic() + patience
    while True:
        if process.poll() is not None:
            raise AssertionError(f"the server stopped: {Path(log_path).read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > give_up:
            raise AssertionError(f"no answer from {url}: {Path(log_path).read_text()}")
        time.sleep(0.2)
