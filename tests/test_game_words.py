"""A game is a plug-in: no shared file names a game or uses a game's words. Each game's words
(its slug, its rule labels and models, and the words of its table kept below) are looked for,
as whole words, in every file outside the games' folders, comments and docstrings aside. Also:
a game's own files are loaded on its pages only."""

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.templatetags.static import static
from django.urls import reverse

from games import registry
from games.colors import colors_url
from tests.fixtures import seeded

ROOT = Path(settings.BASE_DIR)
# What each game's players and rules say (its marks among them), beyond what its Game declares.
WORDS = {
    "marriage": ["marriage", "maal", "tiplu", "poplu", "jhiplu", "tunnellas?", "dublee", "unseen", "murder", "kidnap"],
    "marriage_honors": ["honors", "surrender"],
    "konkan": ["konkan", "joker_discard"],
    "thirteen": ["sandbags?", "bids?", "bids_remaining", "trump"],
    "twentyfour": ["24 game", "puzzles?", "solver24", "expressions24", "race pad"],
}
# What is left, and why: the guest's home page describes the games in one translated sentence
# (its words are in every catalog; a sentence made of the registry's names would read otherwise).
KNOWN = {"templates/games/home.html": {"Marriage", "Konkan", "Thirteen", "24 Game"}}
# The shared files: the site, the shared app and its templates and static files. A game's folder
# (games/<game>/), its engine (scoring/), translations, docs and tests are the game's own.
SHARED = ["cardscore/**/*.py", "games/*.py", "games/templatetags/**/*.py", "games/management/**/*.py",
          "templates/**/*.html", "templates/**/*.js", "static/**/*.js", "static/**/*.css"]
# The one line a game has in the settings: its app in INSTALLED_APPS.
SETTINGS_LINE = re.compile(r'^\s*"games\.[a-z_]+",\s*$')


def game_words(game):
    """The words of `game` (regular expressions): its slug, its rule labels, its models, and WORDS."""
    app = apps.get_containing_app_config(game.entry.__name__)
    named = [game.slug, *game.rule_labels, *(model.__name__ for model in app.get_models())]
    return {*(re.escape(word) for word in named), *WORDS.get(game.slug, ())}


def python_code(text):
    """Python source without its comments and docstrings."""
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
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


def shared_code():
    for pattern in SHARED:
        for path in sorted(ROOT.glob(pattern)):
            text = path.read_text()
            code = python_code(text) if path.suffix == ".py" else other_code(path, text)
            yield path.relative_to(ROOT), [line for line in code.splitlines() if not SETTINGS_LINE.match(line)]


def test_no_shared_file_uses_a_game_s_words():
    words = sorted({word for game in registry.all_games() for word in game_words(game)}, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(words) + r")\b", re.I)
    found = [f"{path}:{number}: {match.group()!r}" for path, lines in shared_code() for number, line in enumerate(lines, 1)
             for match in pattern.finditer(line) if match.group() not in KNOWN.get(str(path), ())]
    assert found == []


@pytest.mark.django_db
def test_a_game_s_own_files_are_loaded_on_its_pages_only(client, owner):
    pages = {game.slug: client.get(reverse("table", args=[seeded(owner, game.slug, []).keeper_token])).content.decode()
             for game in registry.all_games()}
    for game in registry.all_games():
        own = [static(path) for path in game.assets] + ([colors_url(game)] if game.colors else [])
        for slug, html in pages.items():
            for url in own:
                assert (url in html) == (slug == game.slug), (game.slug, url, slug)
