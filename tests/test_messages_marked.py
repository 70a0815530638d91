"""Bad input is shown in the reader's language: every InputError message is a literal English
template marked for translation (so makemessages finds it), and what shows a problem translates
that template before filling in its values."""

import ast
import re
from pathlib import Path

import pytest

from games.sdk import problems, registry
from scoring.errors import InputError, gettext_noop
from tests.fixtures import add_url, csrf_post, page
from tests.inputs import hand_form

ROOT = Path(__file__).resolve().parent.parent
RAISING = sorted([*ROOT.glob("scoring/*.py"), *ROOT.glob("games/**/*.py")])
MARKER = "gettext_noop"
MAKERS = ("InputError", "_error")  # expressions24's _error(message, **params) makes an InputError


def is_marker(node):
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == MARKER


def marked_tables(tree):
    """Names of the module's dicts whose every value is a marked message (a message per case)."""
    return {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
        for target in node.targets
        if isinstance(target, ast.Name)
        if node.value.values and all(is_marker(value) for value in node.value.values)
    }


def is_marked(node, tables):
    """A message known to be marked: the marker's call, a choice between two, a case of a marked
    table, or the message of an InputError passed on (typing.cast's too: a cast changes nothing)."""
    if is_marker(node):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "cast":
        return is_marked(node.args[1], tables)
    if isinstance(node, ast.IfExp):
        return is_marked(node.body, tables) and is_marked(node.orelse, tables)
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Name) and node.value.id in tables
    return isinstance(node, ast.Attribute) and node.attr == "message"


def error_messages():
    """(where, message node, the module's marked tables) of every InputError made in the code."""
    for path in RAISING:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        tables = marked_tables(tree)
        # A maker's own body passes its caller's message on: the callers are checked instead.
        passed_on = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name in MAKERS
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if id(node) in passed_on:
                continue
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MAKERS:
                yield f"{path.relative_to(ROOT)}:{node.lineno}", node.args[0], tables


def marker_calls():
    for path in RAISING:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if is_marker(node):
                yield f"{path.relative_to(ROOT)}:{node.lineno}", node


def test_every_input_error_message_is_marked_for_translation():
    found = list(error_messages())
    assert len(found) > 100  # the walk sees the engine's errors
    unmarked = [where for where, message, tables in found if not is_marked(message, tables)]
    assert unmarked == []


def test_every_marked_message_is_one_plain_literal():
    """xgettext reads only a plain string: an f-string or a joined one would never be translated."""
    calls = list(marker_calls())
    assert len(calls) > 100
    bad = [
        where
        for where, call in calls
        if len(call.args) != 1
        or call.keywords
        or not isinstance(call.args[0], ast.Constant)
        or not isinstance(call.args[0].value, str)
        or not call.args[0].value.strip()
    ]
    assert bad == []


def test_the_english_text_fills_in_the_values():
    error = InputError(
        gettext_noop("must be at least %(minimum)s"), params={"minimum": 2}, hand=3, player="Hari", field="maal"
    )
    assert error.message == "must be at least %(minimum)s"
    assert error.text == "must be at least 2"
    assert str(error) == "hand 3, Hari, maal: must be at least 2"


@pytest.fixture
def shouting(monkeypatch):
    """A stand-in catalog: every message translated to capitals, the placeholders left as they are."""

    def capitals(message):
        return re.sub(
            r"%\(\w+\)s|[^%]+", lambda part: part[0] if part[0].startswith("%(") else part[0].upper(), message
        )

    monkeypatch.setattr(problems, "_", capitals)


def test_a_problem_is_translated_before_its_values_are_filled_in(shouting):
    error = InputError(gettext_noop("unknown card %(code)s"), params={"code": "'zz'"})
    assert problems.message(error) == "UNKNOWN CARD 'zz'"


def test_a_wrapped_problem_is_translated_too(shouting):
    inner = InputError(gettext_noop("a group needs at least 3 cards"))
    error = InputError(gettext_noop("group %(number)s: %(problem)s"), params={"number": 2, "problem": inner})
    assert problems.message(error) == "GROUP 2: A GROUP NEEDS AT LEAST 3 CARDS"


def test_where_a_problem_is_uses_the_game_s_words():
    thirteen = registry.get_game("thirteen")
    error = InputError(gettext_noop("must be a whole number"), hand=4, player="Asha", field="bid")
    assert problems.text(error, thirteen) == f"round 4, Asha, {thirteen.field_label('bid')}: must be a whole number"
    unlabelled = InputError(gettext_noop("two players have this name"), player="Asha", field="players")
    assert problems.text(unlabelled, thirteen) == "Asha: two players have this name"
    assert problems.text(unlabelled) == "Asha, players: two players have this name"


@pytest.mark.django_db
def test_a_refused_hand_shows_the_engine_s_message_translated(client, marriage_table, shouting):
    response = csrf_post(client, add_url(marriage_table), hand_form("sWsu", maal=(0, 0, 0, "abc")))
    assert response.status_code == 422
    assert "MUST BE A WHOLE NUMBER" in page(response)
