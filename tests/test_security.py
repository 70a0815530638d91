"""Security: deployment checks, Content Security Policy, login attempts, viewer links, tokens,
the admin and who may change a table's links.

Each test is one item of the issue's security list; the helpers at the top build requests.
"""

import base64
import ipaddress
import json
import re
import sys

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.models import Table, new_token
from games.plumbing import first_run
from games.services import recording, table_file, tables
from games.twentyfour.models import Puzzle
from tests.fixtures import (
    GAMES,
    PASSWORD,
    SAMPLES,
    SET_61,
    counts,
    csrf_post,
    fresh_table,
    manage_env,
    players_form,
    players_of,
    run_command,
    scripts_in,
    snapshot,
    table_form,
)
from tests.inputs import EIGHTS_AND_THREES, EIGHTS_AND_THREES_KEYS

PYTHON = sys.executable
HTTPS_ONLY_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]


# --- helpers ---------------------------------------------------------------------------------

CHECKS_SCRIPT = """
import json, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardscore.settings")
import django
django.setup()
from django.conf import settings
from django.core import checks
silenced = list(settings.SILENCED_SYSTEM_CHECKS)
settings.SILENCED_SYSTEM_CHECKS = []
found = sorted({m.id for m in checks.run_checks(include_deployment_checks=True) if m.level >= checks.WARNING})
print(json.dumps({"silenced": sorted(silenced), "found": found, "debug": settings.DEBUG}))
"""


def policy(response):
    """The Content-Security-Policy header as {directive: [sources]}."""
    assert "Content-Security-Policy" in response, f"no CSP on {response.status_code} {response.get('Content-Type')}"
    directives = {}
    for part in response["Content-Security-Policy"].split(";"):
        if part.strip():
            name, *sources = part.split()
            directives[name.lower()] = sources
    return directives


def assert_strict_policy(response, what=""):
    directives = policy(response)
    header = response["Content-Security-Policy"]
    assert directives.get("script-src") == ["'self'"], what
    assert "'unsafe-inline'" not in header and "'unsafe-eval'" not in header, what
    assert directives.get("default-src") == ["'self'"], what
    assert directives.get("object-src") == ["'none'"], what
    assert directives.get("base-uri") == ["'none'"], what
    assert directives.get("frame-ancestors") == ["'none'"], what


@pytest.fixture
def other_user(django_user_model, fast_passwords):
    return django_user_model.objects.create_user("guest", password=PASSWORD)


# --- manage.py check --deploy ----------------------------------------------------------------


@pytest.mark.slow
def test_check_deploy_has_no_warnings_behind_https(tmp_path):
    result = run_command(
        [PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], manage_env(tmp_path, HTTPS="true")
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (1 silenced)." in result.stdout, result.stdout + result.stderr
    assert "WARNING" not in result.stderr


@pytest.mark.slow
def test_check_deploy_has_no_warnings_with_hsts_preloading(tmp_path):
    result = run_command(
        [PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        manage_env(tmp_path, HTTPS="true", HSTS_PRELOAD="true"),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout, result.stdout + result.stderr


@pytest.mark.slow
def test_behind_https_only_the_request_to_preload_is_silenced(tmp_path):
    # Preloading is the owner's choice (HSTS_PRELOAD): the check asking for it is all that is silenced.
    result = run_command([PYTHON, "-c", CHECKS_SCRIPT], manage_env(tmp_path, HTTPS="true"))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1]) == {
        "silenced": ["security.W021"],
        "found": ["security.W021"],
        "debug": False,
    }
    result = run_command([PYTHON, "-c", CHECKS_SCRIPT], manage_env(tmp_path, HTTPS="true", HSTS_PRELOAD="true"))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1]) == {"silenced": [], "found": [], "debug": False}


@pytest.mark.slow
def test_without_https_only_the_https_warnings_are_silenced(tmp_path):
    result = run_command([PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], manage_env(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"no issues ({len(HTTPS_ONLY_CHECKS)} silenced)" in result.stdout
    # Silenced: exactly the four that need HTTPS; unsilenced, those four are all that is found.
    result = run_command([PYTHON, "-c", CHECKS_SCRIPT], manage_env(tmp_path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1]) == {
        "silenced": HTTPS_ONLY_CHECKS,
        "found": HTTPS_ONLY_CHECKS,
        "debug": False,
    }


HTTPS_SCRIPT = """
import json, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardscore.settings")
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from games.plumbing.first_run import current_code
client = Client()
plain = client.get("/setup/")
health = client.get("/health/")
proxied = client.get("/setup/", {"code": current_code()[0]}, HTTP_X_FORWARDED_PROTO="https")
cookie = proxied.cookies.get("csrftoken")
print(json.dumps({
    "plain": [plain.status_code, plain.get("Location")],
    "health": health.status_code,
    "proxied": proxied.status_code,
    "hsts": proxied.get("Strict-Transport-Security"),
    "csrf_cookie_secure": bool(cookie and cookie["secure"]),
}))
"""


@pytest.mark.slow
def test_behind_an_https_proxy_http_is_redirected_and_hsts_and_secure_cookies_are_sent(tmp_path):
    env = manage_env(tmp_path, HTTPS="true")
    env.pop("DATABASE_URL", None)  # a throwaway SQLite database in the data folder
    collected = run_command([PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"], env)  # as a deployment does
    assert collected.returncode == 0, collected.stderr
    result = run_command([PYTHON, "-c", HTTPS_SCRIPT], env)
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout.splitlines()[-1])
    assert answers["plain"] == [301, "https://testserver/setup/"]
    assert answers["health"] == 200  # the container's health check speaks plain HTTP
    assert answers["proxied"] == 200
    assert answers["hsts"] == "max-age=31536000; includeSubDomains"  # preload only with HSTS_PRELOAD=true
    assert answers["csrf_cookie_secure"] is True


# --- Content Security Policy -----------------------------------------------------------------


def every_page(client, owner):
    """(url, response) for every kind of page a phone sees: each game's table (keeper and viewer),
    its other pages, the 24 pages, errors."""
    tables = {game: fresh_table(game, owner) for game in GAMES}
    urls = [
        reverse("home"),
        reverse("players_list"),
        reverse("player", args=["Asha"]),
        reverse("puzzle_home"),
        reverse("import_file"),
        reverse("manifest"),
        reverse("health"),
        "/no-such-page/",
        "/t/nope/",
    ]
    for game, table in tables.items():
        urls += [
            reverse("new_table", args=[game]),
            reverse("table", args=[table.keeper_token]),
            reverse("table", args=[table.viewer_token]),
            reverse("history", args=[table.keeper_token]),
            reverse("live", args=[table.viewer_token]),
            reverse("tv", args=[table.viewer_token]),
            reverse("tv", args=[table.keeper_token]),
            reverse("tv_live", args=[table.viewer_token]),
            reverse("export", args=[table.viewer_token]),
            reverse("export_csv", args=[table.viewer_token]),
            reverse("qr_code", args=[table.keeper_token, "keeper"]),
            reverse("table", args=[table.keeper_token]) + "?hands=all",
            reverse("hand", args=[table.viewer_token, 1]),
            reverse("photo_file", args=[table.viewer_token, "0" * 16, "thumb"]),  # 404: no such photo
            reverse("total", args=[table.viewer_token, 0]),
        ]
        if game == "twentyfour":
            urls.append(reverse("race_state", args=[table.viewer_token]))
        else:
            urls.append(reverse("edit_hand", args=[table.keeper_token, 1]))
    urls.append(reverse("deal_info", args=[tables["marriage-honors"].keeper_token]))
    urls.append(reverse("settlement", args=[tables["marriage"].viewer_token]))
    puzzle = Puzzle.objects.create(
        player=owner.get_username(), user=owner, cards=EIGHTS_AND_THREES, difficulty="hard", solutions=1
    )
    urls.append(reverse("puzzle", args=[puzzle.pk]))
    pages = [(url, client.get(url)) for url in urls]
    # POST answers too: a redirect, a refused hand (422), a conflict (409), a forbidden (403), 405.
    marriage, konkan = tables["marriage"], tables["konkan"]
    posts = [
        (reverse("add_hand", args=[marriage.keeper_token]), SAMPLES["marriage"]["add_hand"]),
        (reverse("add_hand", args=[marriage.keeper_token]), SAMPLES["marriage"]["add_hand"]),  # 409: already recorded
        (reverse("add_hand", args=[marriage.keeper_token]), {"hand_number": "3"}),  # 422
        (reverse("hand_photo", args=[marriage.keeper_token, 1]), {"photo": SimpleUploadedFile("a.txt", b"text")}),
        (reverse("record_set", args=[konkan.keeper_token]), {"player": "Asha", "groups": SET_61}),
        (reverse("puzzle", args=[puzzle.pk]), {"keys": EIGHTS_AND_THREES_KEYS, "key": "="}),
        (reverse("new_table", args=["marriage"]), table_form("marriage")),
    ]
    pages += [(url, csrf_post(client, url, data)) for url, data in posts]
    pages.append(("POST without CSRF token", Client(enforce_csrf_checks=True).post(reverse("puzzle_name"))))
    pages.append(("GET on a POST-only page", client.get(reverse("add_hand", args=[marriage.keeper_token]))))
    anonymous = Client()
    pages += [
        (url, anonymous.get(url))
        for url in (
            reverse("home"),
            reverse("login"),
            reverse("puzzle_home"),
            reverse("table", args=[konkan.viewer_token]),
        )
    ]
    return pages


@pytest.mark.django_db
def test_every_response_carries_a_csp_without_inline_script(client, owner):
    statuses = set()
    for url, response in every_page(client, owner):
        assert_strict_policy(response, url)
        statuses.add(response.status_code)
    assert {200, 302, 403, 404, 405, 409, 422} <= statuses


@pytest.mark.django_db
def test_static_files_carry_the_csp_too(client):
    """An SVG opened by itself is a document: the icons are served with the policy as well."""
    for path in ("/static/favicon.svg", "/static/cardscore.js", "/static/cardscore.css"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert_strict_policy(response, path)


@pytest.mark.django_db
def test_no_page_has_an_inline_script_or_event_handler(client, owner):
    for url, response in every_page(client, owner):
        if "text/html" in response.get("Content-Type", ""):
            assert scripts_in(response) == [], url
            # Every script comes from this server.
            for src in re.findall(r'<script[^>]*\ssrc="([^"]+)"', response.content.decode()):
                assert src.startswith("/static/"), (url, src)


@pytest.mark.django_db
def test_the_setup_page_and_the_admin_have_no_inline_script(admin_client, django_user_model):
    pages = [
        reverse("admin:index"),
        reverse("admin:games_table_changelist"),
        reverse("admin:games_table_add"),
        reverse("admin:games_pointtable_add"),
        reverse("admin:auth_user_changelist"),
        reverse("admin:games_group_changelist"),
        reverse("admin:games_group_add"),
    ]
    for url in pages:
        response = admin_client.get(url)
        assert response.status_code == 200, url
        assert_strict_policy(response, url)
        assert scripts_in(response) == [], url


@pytest.mark.django_db
def test_the_first_visit_setup_pages_have_a_csp_and_no_inline_script():
    code, _ = first_run.current_code()
    for query, status in (({}, 403), ({"code": code}, 200)):
        response = Client().get(reverse("setup"), query)
        assert response.status_code == status
        assert_strict_policy(response)
        assert scripts_in(response) == []


# --- login attempts (django-axes) ------------------------------------------------------------


def login(client, password, username="owner", **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def logged_in(client):
    return "_auth_user_id" in client.session


@pytest.mark.django_db
def test_five_wrong_passwords_lock_the_account_even_for_the_right_one(owner):
    client = Client()
    for attempt in range(4):
        response = login(client, f"wrong-{attempt}")
        assert response.status_code == 200 and not logged_in(client)  # the form again, with its error
    locked = login(client, "wrong-5")
    assert locked.status_code == 429  # django-axes: AXES_HTTP_RESPONSE_CODE, 429 Too Many Requests
    assert "Too many attempts" in locked.content.decode()
    assert_strict_policy(locked)
    assert scripts_in(locked) == []

    refused = login(client, PASSWORD)
    assert refused.status_code == 429 and not logged_in(client)
    assert login(Client(), PASSWORD).status_code == 429  # a new browser too


@pytest.mark.django_db
def test_the_lock_is_for_that_username_from_that_address(owner, django_user_model):
    django_user_model.objects.create_user("bina", password=PASSWORD)
    for attempt in range(5):
        login(Client(), f"wrong-{attempt}")
    assert login(Client(), PASSWORD).status_code == 429
    other_address = Client(REMOTE_ADDR="10.0.0.9")
    assert login(other_address, PASSWORD).status_code == 302 and logged_in(other_address)
    other_account = Client()
    assert login(other_account, PASSWORD, username="bina").status_code == 302 and logged_in(other_account)


@pytest.mark.django_db
def test_behind_the_proxy_a_stranger_s_wrong_passwords_do_not_lock_the_owner_out(owner, settings):
    """Every login through the proxy came from the proxy's address: five wrong passwords from
    anywhere on the internet locked the owner out, again and again."""
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.2/32")]
    stranger = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "203.0.113.7"}
    for attempt in range(5):
        login(Client(**stranger), f"wrong-{attempt}")
    assert login(Client(**stranger), PASSWORD).status_code == 429
    owner_phone = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert login(owner_phone, PASSWORD).status_code == 302 and logged_in(owner_phone)


@pytest.mark.django_db
def test_a_forwarded_address_is_believed_only_from_a_trusted_proxy(owner, settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.2/32")]
    for attempt in range(5):  # a client that writes a new X-Forwarded-For each time, past the proxy and without it
        login(
            Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=f"192.0.2.{attempt}, 203.0.113.7"), f"wrong-{attempt}"
        )
    assert login(Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.7"), PASSWORD).status_code == 429
    for attempt in range(5):
        login(Client(REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR=f"192.0.2.{attempt}"), f"wrong-{attempt}")
    assert login(Client(REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="192.0.2.99"), PASSWORD).status_code == 429


@pytest.mark.django_db
def test_a_link_holder_s_history_names_no_account(client, owner):
    """The owner's username (half of their login) was shown in History, which every viewer reads."""
    table = fresh_table("marriage", owner)
    csrf_post(client, reverse("add_hand", args=[table.keeper_token]), SAMPLES["marriage"]["add_hand"])
    for token in (table.keeper_token, table.viewer_token):
        text = Client().get(reverse("history", args=[token])).content.decode()
        assert owner.username not in text and "an account" in text
    assert owner.username in client.get(reverse("history", args=[table.viewer_token])).content.decode()


@pytest.mark.django_db
def test_a_successful_login_resets_the_count(owner):
    for attempt in range(4):
        assert login(Client(), f"wrong-{attempt}").status_code == 200
    client = Client()
    assert login(client, PASSWORD).status_code == 302 and logged_in(client)
    for attempt in range(4):  # four more: with the count reset, still below five
        assert login(Client(), f"again-{attempt}").status_code == 200
    client = Client()
    assert login(client, PASSWORD).status_code == 302 and logged_in(client)


# --- viewer links cannot write ---------------------------------------------------------------


def write_posts(game, table):
    """(endpoint, url args after the token, a valid form) for every POST endpoint of a table."""
    renamed = players_form(game, [f"{name} 2" for name in players_of(game)])
    return [
        ("add_hand", [], SAMPLES[game]["add_hand"]),
        ("edit_hand", [1], SAMPLES[game]["edit_hand"]),
        ("delete_hand", [1], {}),
        ("restore_hand", [1], {}),
        ("finish", [], {"finished": "yes"}),
        ("pause_clock", [], {"paused": "yes"}),
        ("players", [], renamed),
        ("record_set", [], {"player": players_of(game)[0], "groups": SET_61}),
        ("new_link", [], {"which": "keeper"}),
        ("new_link", [], {"which": "viewer"}),
        ("maal_preview", [0], {"tiplu-0": "1"}),
        ("race_press", [], {"player": players_of(game)[0], "deal": "2", "keys": EIGHTS_AND_THREES_KEYS, "key": "="}),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_a_viewer_link_cannot_write_anything(game, client, owner):
    table = fresh_table(game, owner)
    phones = {"the owner's phone": client, "a phone without an account": Client(enforce_csrf_checks=True)}
    before_counts, before = counts(), snapshot(table)
    for who, phone in phones.items():
        for endpoint, args, data in write_posts(game, table):
            if (game, endpoint) == ("twentyfour", "race_press"):
                # The one write a viewer link has: racing for a seated player
                # (games/twentyfour/tests/test_views_race.py).
                continue
            response = csrf_post(phone, reverse(endpoint, args=[table.viewer_token, *args]), data)
            assert response.status_code == 404, (who, endpoint, response.status_code)
            assert counts() == before_counts and snapshot(table) == before, (who, endpoint)
    # Nor can it open the correction page or the scorekeeper's QR code.
    if game != "twentyfour":
        assert client.get(reverse("edit_hand", args=[table.viewer_token, 1])).status_code == 404
    assert client.get(reverse("qr_code", args=[table.viewer_token, "keeper"])).status_code == 404
    assert client.get(reverse("deal_info", args=[table.viewer_token])).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_same_posts_with_the_keeper_link_are_not_refused(game, client, owner):
    """The forms above are valid: with the scorekeeper link each of the game's own is accepted."""
    for endpoint, args, data in write_posts(game, fresh_table(game, owner)):
        table = fresh_table(game, owner)
        applies = {
            "add_hand": game != "twentyfour",
            "record_set": game == "konkan",
            "race_press": game == "twentyfour",
            "edit_hand": game != "twentyfour",
            "delete_hand": game != "twentyfour",
            "restore_hand": game != "twentyfour",
            "maal_preview": game == "marriage",
        }.get(endpoint, True)
        if not applies:
            continue
        if endpoint == "restore_hand":
            recording.delete_hand(table, 1)  # the undo that a redo takes back
        response = csrf_post(client, reverse(endpoint, args=[table.keeper_token, *args]), data)
        assert response.status_code in (200, 302), (endpoint, response.status_code)


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_viewer_page_never_shows_the_scorekeeper_link(game, client, owner):
    table = fresh_table(game, owner)
    for url in (
        reverse("table", args=[table.viewer_token]),
        reverse("live", args=[table.viewer_token]),
        reverse("tv", args=[table.viewer_token]),
        reverse("tv_live", args=[table.viewer_token]),
        reverse("history", args=[table.viewer_token]),
        reverse("export", args=[table.viewer_token]),
        reverse("export_csv", args=[table.viewer_token]),
        reverse("qr_code", args=[table.viewer_token, "viewer"]),
    ):
        for phone in (client, Client()):
            response = phone.get(url)
            assert response.status_code == 200, url
            assert table.keeper_token not in response.content.decode(), url
    page = client.get(reverse("table", args=[table.viewer_token])).content.decode()
    # No form on the viewer's page posts to the table (only the account's log-out form remains),
    # but the 24 Game's race pad, the viewer's one write.
    actions = re.findall(r'<form[^>]*method="post"[^>]*action="([^"]*)"', page)
    race = [reverse("race_press", args=[table.viewer_token])] if game == "twentyfour" else []
    assert [action for action in actions if action.startswith("/t/")] == race, actions


@pytest.mark.django_db
def test_posts_without_the_csrf_token_are_refused(client, owner):
    table = fresh_table("marriage", owner)
    before_counts, before = counts(), snapshot(table)
    for endpoint, args, data in write_posts("marriage", table):
        response = client.post(reverse(endpoint, args=[table.keeper_token, *args]), data)
        assert response.status_code == 403, endpoint
    assert counts() == before_counts and snapshot(table) == before


# --- table ids and tokens --------------------------------------------------------------------

URLSAFE = re.compile(r"^[A-Za-z0-9_-]+$")


def assert_128_bits(token):
    assert isinstance(token, str) and len(token) >= 22 and URLSAFE.match(token), token
    assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) >= 16, token


@pytest.mark.slow
@pytest.mark.django_db
def test_table_ids_and_links_have_128_random_bits_and_never_repeat(owner):
    seen = []
    for number in range(1000):
        table = tables.create_table(game="marriage", name=f"T{number}", players=["Asha", "Bina"], rules={}, owner=owner)
        for token in (table.pk, table.keeper_token, table.viewer_token):
            assert_128_bits(token)
            seen.append(token)
    assert len(set(seen)) == len(seen) == 3000
    stored_ids = set(Table.objects.values_list("id", "keeper_token", "viewer_token").distinct())
    assert len(stored_ids) == 1000


@pytest.mark.django_db
def test_new_links_have_128_random_bits_and_never_repeat(owner):
    table = tables.create_table(game="marriage", name="T", players=["Asha", "Bina"], rules={}, owner=owner)
    seen = {table.pk, table.keeper_token, table.viewer_token}
    for which in ["keeper", "viewer"] * 500:
        token = getattr(tables.new_link(table, which), f"{which}_token")
        assert_128_bits(token)
        assert token not in seen
        seen.add(token)
    assert len(seen) == 1003
    assert all(len(new_token()) >= 22 for _ in range(100))


@pytest.mark.django_db
def test_imported_tables_get_fresh_random_ids_too(owner):
    document = table_file.export_table(
        tables.create_table(game="konkan", name="K", players=["Asha", "Bina"], rules={}, owner=owner)
    )
    imported = [table_file.import_table(document, owner=owner)[0] for _ in range(50)]
    tokens = [token for table in imported for token in (table.pk, table.keeper_token, table.viewer_token)]
    for token in tokens:
        assert_128_bits(token)
    assert len(set(tokens)) == 150


@pytest.mark.django_db
def test_a_puzzle_is_seen_only_by_its_player(owner, other_user):
    """Puzzle ids are counted, not random: an id alone must not open someone else's puzzle."""
    puzzle = Puzzle.objects.create(player="owner", user=owner, cards=EIGHTS_AND_THREES, difficulty="hard", solutions=1)
    guest = Client()
    guest.force_login(other_user)
    named = Client()
    named.cookies["player24"] = "owner"  # a device that chose the same name, without the account
    for phone in (guest, named, Client()):
        assert phone.get(reverse("puzzle", args=[puzzle.pk])).status_code == 404
        assert phone.post(reverse("puzzle", args=[puzzle.pk]), {"keys": "", "key": "give_up"}).status_code == 404
    puzzle.refresh_from_db()
    assert puzzle.result == ""


# --- the admin -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_admin_is_for_staff_only(owner, other_user):
    guest = Client()
    guest.force_login(other_user)
    for url in (reverse("admin:index"), reverse("admin:games_table_changelist"), reverse("admin:auth_user_changelist")):
        response = guest.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("admin:login")), url
        anonymous = Client().get(url)
        assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("admin:login"))
    staff = Client()
    staff.force_login(owner)
    assert staff.get(reverse("admin:index")).status_code == 200
    assert staff.get(reverse("admin:games_table_changelist")).status_code == 200


@pytest.mark.django_db
def test_the_admin_login_refuses_a_non_staff_account(other_user):
    guest = Client()
    response = guest.post(
        reverse("admin:login"), {"username": "guest", "password": PASSWORD, "next": reverse("admin:index")}
    )
    assert response.status_code == 200 and not logged_in(guest)
    assert guest.get(reverse("admin:index")).status_code == 302


# --- who may change a table's links ----------------------------------------------------------


@pytest.mark.django_db
def test_only_the_owner_or_staff_can_make_new_links(owner, other_user, django_user_model):
    table = fresh_table("marriage", owner)
    url = reverse("new_link", args=[table.keeper_token])
    before = snapshot(table)

    guest = Client()
    guest.force_login(other_user)  # logged in, holding the scorekeeper link, not the owner
    for which in ("keeper", "viewer"):
        assert guest.post(url, {"which": which}).status_code == 403
        assert Client().post(url, {"which": which}).status_code == 403  # the link alone is not enough
    assert snapshot(table) == before
    # The scorekeeper page shows the buttons only to those who may use them.
    assert 'action="%s"' % url not in guest.get(reverse("table", args=[table.keeper_token])).content.decode()

    staff_user = django_user_model.objects.create_user("helper", password=PASSWORD, is_staff=True)
    staff = Client()
    staff.force_login(staff_user)
    assert staff.post(url, {"which": "viewer"}).status_code == 302
    table.refresh_from_db()
    assert table.viewer_token != before[0]["viewer_token"]

    mine = Client()
    mine.force_login(owner)
    response = mine.post(url, {"which": "keeper"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.keeper_token != before[0]["keeper_token"]
    assert response["Location"] == reverse("table", args=[table.keeper_token])
    # The old scorekeeper link stops working at once.
    assert mine.get(reverse("table", args=[before[0]["keeper_token"]])).status_code == 404


@pytest.mark.django_db
def test_https_is_believed_from_a_trusted_proxy_only(owner, settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.9.9.9/32")]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    claimed = {"HTTP_X_FORWARDED_PROTO": "https"}
    from_anyone = Client(REMOTE_ADDR="127.0.0.1").get(reverse("login"), **claimed)
    assert from_anyone.status_code == 301 and from_anyone["Location"].startswith("https://")
    assert Client(REMOTE_ADDR="10.9.9.9").get(reverse("login"), **claimed).status_code == 200


@pytest.mark.django_db
def test_pages_with_a_tables_links_are_kept_by_no_shared_cache(client, owner):
    table = fresh_table("marriage", owner)
    for response in (
        client.get(reverse("home")),
        Client().get(reverse("table", args=[table.keeper_token])),
        Client().get(reverse("table", args=[table.viewer_token])),
    ):
        assert "private" in response["Cache-Control"]


@pytest.mark.django_db
def test_signing_out_in_the_admin_forgets_the_pages_kept_on_the_phone(client, owner):
    """The site's Log out and the admin's both lead to the page where static/offline.js forgets them."""
    for logout in (reverse("logout"), reverse("admin:logout")):
        client.force_login(owner)
        response = csrf_post(client, logout)
        assert response.status_code == 302 and response["Location"] == "/?signed-out"
        assert not client.session.get("_auth_user_id")
