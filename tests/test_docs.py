"""The documents in the repository stay true: their links lead somewhere, and the table file's
examples in docs/FORMAT.md import as they are written."""

import json
import re
from importlib import import_module

import pytest
from django.apps import apps

from cardscore import settings as site_settings
from games.sdk.registry import all_games
from games.services import table_file
from tests.fixtures import PROJECT_DIR

DOCUMENTS = [PROJECT_DIR / "README.md", *sorted((PROJECT_DIR / "docs").rglob("*.md"))]
FORMAT = (PROJECT_DIR / "docs" / "FORMAT.md").read_text()


def anchor(heading):
    """The #fragment a Markdown renderer gives a heading: lower case, punctuation dropped, spaces as dashes."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def local_links(path):
    return [target for target in re.findall(r"\]\(([^)\s]+)\)", path.read_text()) if "://" not in target]


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda path: str(path.relative_to(PROJECT_DIR)))
def test_every_link_leads_to_a_file_and_heading_of_the_repository(path):
    for target in local_links(path):
        file, _, fragment = target.partition("#")
        destination = (path.parent / file).resolve() if file else path
        assert destination.is_file(), f"{target}: no such file"
        if fragment:
            headings = re.findall(r"^#+ (.*)$", destination.read_text(), re.M)
            assert fragment in {anchor(heading) for heading in headings}, f"{target}: no such heading"


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda path: str(path.relative_to(PROJECT_DIR)))
def test_no_document_sends_the_reader_outside_the_repository(path):
    # A clone has no specification folder beside it: what a reader needs is in docs/. ([/] keeps
    # a grep for that folder's path from finding this line.)
    assert not re.search(r"\bshared[/]", path.read_text())


def per_game_examples():
    """(game, inputs of one hand) for each game's example: the section "In the table file" of its
    rules page, docs/rules/<game>.md (docs/FORMAT.md, "Inputs per game")."""
    pages = sorted((PROJECT_DIR / "docs" / "rules").glob("*.md"))
    sections = {page.stem: page.read_text().partition("\n## In the table file\n")[2] for page in pages}
    return [
        (game, json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1)))
        for game, text in sections.items()
        if text
    ]


@pytest.mark.django_db
def test_the_example_document_imports_with_the_points_it_shows():
    document = json.loads(re.search(r"```json\n(.*?)```", FORMAT, re.S).group(1))
    table, warnings = table_file.import_table(document)
    assert warnings == []
    assert table_file.export_table(table)["totals"] == document["totals"]


def engine_of(game):
    """The rules engine of a game by its slug (scoring/<slug>.py), registered on the web side or not."""
    return import_module(f"scoring.{game.replace('-', '_')}").ENGINE


def registered(game):
    return game in {registered.slug for registered in all_games()}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "inputs"),
    [pytest.param(*example, id=example[0]) for example in per_game_examples() if registered(example[0])],
)
def test_each_games_example_hand_imports_and_round_trips(game, inputs):
    named = [name for name in inputs if name != "_hand"]
    # A game whose hand names only some players (a bidder): the others fill its fewest seats.
    players = named + [f"Player {seat}" for seat in range(len(named) + 1, engine_of(game).MIN_PLAYERS + 1)]
    hands = [{"inputs": inputs}]
    if game == "thirteen":  # the example is round 2 (2 cards each): round 1 goes before it
        hands.insert(0, {"inputs": {name: {"bid": 0, "books": int(name == players[0])} for name in players}})
    table, warnings = table_file.import_table(
        {"format": "cardscore-table/1", "game": game, "players": players, "hands": hands}
    )
    assert warnings == []
    exported = table_file.export_table(table)
    assert len(exported["hands"]) == len(hands)
    copied, warnings = table_file.import_table(table_file.loads(table_file.dumps(exported)))
    assert warnings == []
    assert table_file.export_table(copied) == exported


@pytest.mark.parametrize(
    ("game", "inputs"),
    [pytest.param(*example, id=example[0]) for example in per_game_examples() if not registered(example[0])],
)
def test_the_example_hand_of_a_game_not_yet_on_the_web_is_a_first_hand_its_engine_takes(game, inputs):
    engine = engine_of(game)
    players = [name for name in inputs if name != "_hand"]
    rules = engine.validate_rules({})
    assert engine.complete(engine.validate(rules, players, [inputs])[0])


def on_the_site(game):
    """A game the site installs (cardscore/settings.py), not one only the tests add (tests/settings.py)."""
    return apps.get_containing_app_config(game.form_class.__module__).name in site_settings.INSTALLED_APPS


def test_every_game_has_an_example_in_its_rules_page():
    # A game that exists only for the tests (tests/highcard/) has no format. A game whose engine is
    # written before its web side is documented first: every documented game has an engine of that slug.
    documented = {game for game, _inputs in per_game_examples()}
    assert documented >= {game.slug for game in all_games() if on_the_site(game)}
    assert all(game == engine_of(game).SLUG for game in documented)
