"""A game is a plug-in: no shared file names a game or uses a game's words. Each game's words
(its slug, its rule labels and models, and the words of its table kept below) are looked for,
as whole words, in every file outside the games' folders, comments and docstrings aside. Also:
a game's own files are loaded on its pages only."""

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.templatetags.static import static
from django.urls import reverse

from games.pages.colors import colors_url
from games.sdk import registry
from tests.fixtures import SAMPLES, manage_env, run_command, seeded

ROOT = Path(settings.BASE_DIR)
# What each game's players and rules say (its marks among them), beyond what its Game declares: its
# sample's "words" (<app>/tests/samples.py).
WORDS = {slug: sample["words"] for slug, sample in SAMPLES.items()}
# The shared files: the site, the shared app (every folder of it but the games' own) and its
# templates and static files. A game's folder (games/<game>/), its engine (scoring/),
# translations, docs and tests are the game's own.
SHARED = [
    "cardscore/**/*.py",
    "games/**/*.py",
    "templates/**/*.html",
    "templates/**/*.js",
    "static/**/*.js",
    "static/**/*.css",
]
# The one line a game has in the settings: its app in INSTALLED_APPS.
SETTINGS_LINE = re.compile(r'^\s*"games\.[a-z_]+",\s*$')


def game_words(game):
    """The words of `game` (regular expressions): its slug, its rule labels, its models, and WORDS."""
    app = apps.get_containing_app_config(game.form_class.__module__)
    named = [game.slug, *game.rule_labels, *(model.__name__ for model in app.get_models())]
    return {*(re.escape(word) for word in named), *WORDS.get(game.slug, ())}


def python_code(text):
    """Python source without its comments and docstrings."""
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            docstrings.update(range(body[0].lineno, body[0].end_lineno + 1))
    lines = text.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column]
    return "\n".join(line for number, line in enumerate(lines, 1) if number not in docstrings)


def other_code(path, text):
    """A template, script or stylesheet without its comments."""
    text = re.sub(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}|/\*.*?\*/", "", text, flags=re.S)
    if path.suffix == ".js":
        text = re.sub(r"(^|\s)//.*$", "", text, flags=re.M)
    return text


def games_folders():
    """The games' own folders, and the shared app's migrations: history, written while the games'
    tables and models lived in it, and never changed since."""
    own = {Path(apps.get_containing_app_config(game.form_class.__module__).path) for game in registry.all_games()}
    return {*own, ROOT / "games" / "migrations"}


def shared_code():
    own = games_folders()
    for pattern in SHARED:
        for path in sorted(ROOT.glob(pattern)):
            if any(path.is_relative_to(folder) for folder in own):
                continue
            text = path.read_text()
            code = python_code(text) if path.suffix == ".py" else other_code(path, text)
            yield path.relative_to(ROOT), [line for line in code.splitlines() if not SETTINGS_LINE.match(line)]


def test_no_shared_file_uses_a_game_s_words():
    words = sorted({word for game in registry.all_games() for word in game_words(game)}, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(words) + r")\b", re.I)
    found = [
        f"{path}:{number}: {match.group()!r}"
        for path, lines in shared_code()
        for number, line in enumerate(lines, 1)
        for match in pattern.finditer(line)
    ]
    assert found == []


@pytest.mark.django_db
def test_a_game_s_own_files_are_loaded_on_its_pages_only(client, owner):
    pages = {
        game.slug: client.get(reverse("table", args=[seeded(owner, game.slug, []).keeper_token])).content.decode()
        for game in registry.all_games()
    }
    for game in registry.all_games():
        own = [static(path) for path in game.assets] + ([colors_url(game)] if game.colors else [])
        for slug, html in pages.items():
            for url in own:
                assert (url in html) == (slug == game.slug), (game.slug, url, slug)


# Run in a server without the 24 Game: its home page (a guest's and an owner's) and a table of
# every other game, each answered 200 and naming no 24 Game link.
WITHOUT_24 = """
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from games.sdk import registry
from games.services import tables
call_command("migrate", verbosity=0)
owner = get_user_model().objects.create_user("owner", password="pw-owner-123")
guest, client = Client(), Client()
client.force_login(owner)
pages = {"guest home": guest.get("/"), "home": client.get("/")}
for game in registry.all_games():
    players = ["Asha", "Bikash", "Chandra", "Dipa"][:max(game.engine.MIN_PLAYERS, 2)]
    colors = dict(zip(players, [color.key for color in game.colors])) if game.colors else None
    table = tables.create_table(game=game.slug, name="T", players=players, rules={}, owner=owner, colors=colors)
    pages[game.slug] = client.get(f"/t/{table.keeper_token}/")
for name, response in pages.items():
    print(name, response.status_code, "/24/" in response.content.decode())
"""


@pytest.mark.slow
def test_a_server_without_the_24_game_serves_every_other_game(tmp_path):
    env = {**manage_env(tmp_path, DJANGO_SETTINGS_MODULE="tests.settings_without_24")}
    env.pop("DATABASE_URL", None)  # its own SQLite file in tmp_path
    checked = run_command([sys.executable, "manage.py", "check"], env)
    assert checked.returncode == 0, checked.stderr
    served = run_command([sys.executable, "manage.py", "shell", "-c", WITHOUT_24], env)
    assert served.returncode == 0, served.stderr
    games = [game.slug for game in registry.all_games() if game.slug != "twentyfour"]
    assert served.stdout.split("\n")[-len(games) - 3 : -1] == [
        "guest home 200 False",
        "home 200 False",
        *(f"{slug} 200 False" for slug in games),
    ]
