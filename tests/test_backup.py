"""Backup and restore: for every game, export → import → export gives the same document.

Each game's table is built from its sample document (its tests/samples.py: a few realistic hands, house
rules, names in other scripts, colours where the game has them), then round-tripped through the
services and through the command line (manage.py export_table / import_table). The documents
are compared whole: `created` is kept as given, so nothing is left out of the comparison.
"""

import copy
import io

import pytest
from django.core.management import call_command

from games.models import Hand, Table
from games.services import table_file, tables
from tests.fixtures import GAMES, SAMPLES, play_hand


def source(game):
    return copy.deepcopy(SAMPLES[game]["document"])


def round_trip(document):
    """Serialized and read back, as a file would be."""
    return table_file.loads(table_file.dumps(document, ensure_ascii=False))


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_export_import_export_gives_the_same_document(game, owner):
    table, warnings = table_file.import_table(source(game), owner=owner)
    assert warnings == []
    first = round_trip(table_file.export_table(table))
    assert len(first["hands"]) == len(SAMPLES[game]["document"]["hands"])
    assert first["created"] == SAMPLES[game]["document"]["created"]  # kept as given

    copied, warnings = table_file.import_table(round_trip(first), owner=owner)
    assert warnings == []  # the file's points and totals are what the server computes
    assert copied.pk != table.pk
    second = round_trip(table_file.export_table(copied))

    assert second == first
    # And the copy is the same table, not only the same document.
    for field in ("game", "name", "players", "rules", "colors", "totals", "progress", "created"):
        assert getattr(copied, field) == getattr(table, field), field
    assert list(copied.hands.values_list("number", "inputs", "points")) == list(
        table.hands.values_list("number", "inputs", "points")
    )


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_a_table_played_on_the_server_survives_a_backup(game, owner):
    """Export → import → export of a table whose hands were entered one by one (not imported)."""
    document = source(game)
    table = tables.create_table(
        game=game,
        name=document["name"],
        players=document["players"],
        rules=document.get("rules", {}),
        owner=owner,
        colors=document.get("colors"),
    )
    for number, hand in enumerate(document["hands"], 1):
        play_hand(table, hand["inputs"], number)
    table.refresh_from_db()
    first = round_trip(table_file.export_table(table))
    copied, warnings = table_file.import_table(round_trip(first))
    assert warnings == []
    assert round_trip(table_file.export_table(copied)) == first


def export_command(table_id):
    out = io.StringIO()
    call_command("export_table", table_id, stdout=out)
    return table_file.loads(out.getvalue())


def import_command(path):
    out, err = io.StringIO(), io.StringIO()
    call_command("import_table", str(path), stdout=out, stderr=err)
    lines = out.getvalue().splitlines()
    assert err.getvalue() == ""  # no warnings: the exported points are the computed ones
    return lines


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_command_line_round_trip_gives_the_same_document(game, tmp_path):
    table, _warnings = table_file.import_table(source(game))
    first = export_command(table.pk)
    assert first == round_trip(table_file.export_table(table))

    path = tmp_path / f"{game}.json"
    path.write_text(table_file.dumps(first, indent=2, ensure_ascii=False), encoding="utf-8")
    lines = import_command(path)
    copied = Table.objects.get(pk=lines[0])  # the new table's id alone on the first line
    assert copied.pk != table.pk and copied.owner is None
    assert lines[1].endswith(f"/t/{copied.keeper_token}/") and lines[2].endswith(f"/t/{copied.viewer_token}/")

    assert export_command(copied.pk) == first
    being_played = "inputs" in copied.current_hand  # a Thirteen round whose books are not in yet
    assert Hand.objects.filter(table=copied).count() + being_played == len(first["hands"])


@pytest.mark.django_db
def test_names_in_any_script_and_with_markup_survive_a_backup(owner):
    # (A direction override is no name: tests/test_input_hygiene.py.)
    names = ["<script>alert(1)</script>", 'O\'Brien "Ob"', "😀 Asha", "श्\u200dयाम", "आशा"]
    document = source("marriage-honors")
    renamed = dict(zip(document["players"], names))
    document["players"] = names
    document["name"] = "<b>Friday</b> & co"
    document["hands"] = [
        {"inputs": {renamed[name]: entry for name, entry in hand["inputs"].items()}} for hand in document["hands"]
    ]
    table, warnings = table_file.import_table(document, owner=owner)
    assert warnings == []
    first = round_trip(table_file.export_table(table))
    assert first["players"] == names and first["name"] == "<b>Friday</b> & co"
    copied, _warnings = table_file.import_table(round_trip(first))
    assert round_trip(table_file.export_table(copied)) == first


@pytest.mark.django_db
def test_a_file_nested_too_deep_is_rejected_in_one_line(tmp_path):
    """A rejected import exits non-zero with a one-line reason on stderr, no traceback
    (docs/FORMAT.md, "What an import checks")."""
    path = tmp_path / "deep.json"
    path.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    out, err = io.StringIO(), io.StringIO()
    before = Table.objects.count()
    with pytest.raises(SystemExit) as exit_info:
        call_command("import_table", str(path), stdout=out, stderr=err)
    assert exit_info.value.code != 0
    assert len(err.getvalue().strip().splitlines()) == 1 and "Traceback" not in err.getvalue()
    assert Table.objects.count() == before
