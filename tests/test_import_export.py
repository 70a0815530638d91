"""The table file (docs/FORMAT.md, cardscore-table/1): export, import, and the command-line tools."""

import copy
import io
import json
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.models import Hand, PointTable, Table, new_token
from games.services import recording, table_file, tables
from scoring import InputError, marriage
from tests.fixtures import PROJECT_DIR, csrf_post, page, players_of, seeded, totals_row
from tests.inputs import marriage_inputs

PYTHON = PROJECT_DIR / ".venv" / "bin" / "python"

# The example document of docs/FORMAT.md ("An example"), as written there.
EXAMPLE = {
    "format": "cardscore-table/1",
    "game": "marriage",
    "name": "Friday night",
    "created": "2026-11-20T19:30:00Z",
    "rules": {"seen_points": 3, "unseen_points": 10, "murder": True},
    "players": ["Asha", "Bikash", "Chandra", "Dipa"],
    "hands": [
        {
            "inputs": {
                "Asha": {"status": "seen", "maal": 12},
                "Bikash": {"status": "winner", "maal": 4},
                "Chandra": {"status": "seen", "maal": 6},
                "Dipa": {"status": "unseen", "maal": 5},
            },
            "points": {"Asha": 23, "Bikash": 10, "Chandra": -1, "Dipa": -32},
        }
    ],
    "totals": {"Asha": 23, "Bikash": 10, "Chandra": -1, "Dipa": -32},
}
WORKED_POINTS = {"Asha": 23, "Bikash": 10, "Chandra": -1, "Dipa": -32}
PLAYERS = players_of("marriage")


def example():
    return copy.deepcopy(EXAMPLE)


def hand(statuses, maal):
    return {"inputs": marriage_inputs(statuses, maal, PLAYERS)}


def without_defaults(entry):
    """A player's exported entry without dublee/foul when they are false (the format's default)."""
    return {key: value for key, value in entry.items() if not (key in ("dublee", "foul") and value is False)}


# --- export ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_export_matches_the_format(client, owner):
    created = datetime(2026, 11, 21, 1, 15, 0, 123456, tzinfo=ZoneInfo("Asia/Kathmandu"))  # 19:30 UTC
    table = tables.create_table(
        game="marriage",
        name="Friday night",
        players=PLAYERS,
        rules={"murder": True, "point_rate": 0.25, "currency": "NPR"},
        owner=owner,
        created=created,
    )
    recording.record_hand(
        table,
        {
            "Asha": {"status": "seen", "maal": 12},
            "Bikash": {"status": "winner", "maal": 4},
            "Chandra": {"status": "seen", "maal": 6},
            "Dipa": {"status": "unseen", "maal": 5},
        },
        1,
    )
    response = client.get(reverse("export", args=[table.keeper_token]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == 'attachment; filename="friday-night.json"'
    document = json.loads(response.content)
    assert set(document) == {"format", "game", "name", "created", "rules", "players", "hands", "totals"}
    assert document["format"] == "cardscore-table/1"
    assert document["game"] == "marriage"
    assert document["name"] == "Friday night"
    assert document["created"] == "2026-11-20T19:30:00Z"
    assert document["rules"] == {
        **marriage.ENGINE.default_rules(),
        "murder": True,
        "point_rate": 0.25,
        "currency": "NPR",
    }
    assert document["players"] == PLAYERS
    assert len(document["hands"]) == 1
    exported = document["hands"][0]
    assert set(exported) == {"inputs", "points", "seconds"}  # how long the hand took (tests/test_clock.py)
    assert {name: without_defaults(entry) for name, entry in exported["inputs"].items()} == EXAMPLE["hands"][0][
        "inputs"
    ]
    assert exported["points"] == WORKED_POINTS
    assert document["totals"] == WORKED_POINTS
    # the viewer link may download too
    assert json.loads(client.get(reverse("export", args=[table.viewer_token])).content) == document


@pytest.mark.django_db
def test_export_then_import_then_export_gives_the_same_document(owner):
    table = tables.create_table(
        game="marriage",
        name="Round trip",
        players=PLAYERS,
        owner=owner,
        rules={"kidnap": True, "foul_fine": 20, "point_rate": 0.5, "currency": "NPR", "maal_table": {"tiplu": [4, 8]}},
        created=datetime(2026, 11, 20, 19, 30, 5, tzinfo=UTC),
    )
    recording.record_hand(
        table,
        {
            "Asha": {
                "status": "seen",
                "maal_counts": {"tiplu": 2, "poplu": 1, "jhiplu": 1, "tunnellas": {"ordinary": 1}},
            },
            "Bikash": {"status": "winner", "maal": 4, "dublee": True},
            "Chandra": {"status": "seen", "maal": 6, "foul": True},
            "Dipa": {"status": "unseen", "maal": 5},
        },
        1,
    )
    recording.record_hand(
        table,
        {
            "Asha": {"status": "out"},
            "Bikash": {"status": "seen", "maal": 2, "dublee": True},
            "Chandra": {"status": "winner", "maal": 9},
            "Dipa": {"status": "seen", "maal": 0},
        },
        2,
    )
    table.refresh_from_db()
    first = table_file.export_table(table)
    assert first["hands"][1]["points"]["Asha"] == 0
    assert sum(first["totals"].values()) == 0
    assert "colors" not in first  # Marriage's players wear none (the games that have colours: tests/test_backup.py)

    copied, warnings = table_file.import_table(json.loads(json.dumps(first)))
    assert warnings == []
    assert copied.pk != table.pk
    assert copied.owner is None
    second = table_file.export_table(Table.objects.get(pk=copied.pk))
    assert second == first


# --- import ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_importing_the_format_example_works():
    table, warnings = table_file.import_table(example())
    assert warnings == []
    table = Table.objects.get(pk=table.pk)
    assert table.game == "marriage"
    assert table.name == "Friday night"
    assert table.created == datetime(2026, 11, 20, 19, 30, tzinfo=UTC)
    assert table.players == PLAYERS
    assert table.owner is None
    assert table.rules == {**marriage.ENGINE.default_rules(), "murder": True}
    assert list(table.hands.values_list("number", "points")) == [(1, WORKED_POINTS)]
    assert table.totals == WORKED_POINTS
    assert table.progress["dealer"] == "Bikash"


@pytest.mark.django_db
def test_uploading_the_format_example_on_the_home_page(client, owner):
    upload = SimpleUploadedFile("friday.json", json.dumps(EXAMPLE).encode(), content_type="application/json")
    response = csrf_post(client, reverse("import_file"), {"file": upload})
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[table.keeper_token])
    assert table.owner == owner
    assert table.totals == WORKED_POINTS
    opened = client.get(response["Location"])
    board = opened.content.decode()
    assert "Table imported." in board
    assert totals_row(opened)["Asha"] == "+23"


@pytest.mark.django_db
def test_import_rules_differ_from_the_built_in_defaults_not_the_servers():
    PointTable.objects.create(game="marriage", rules={"seen_points": 5, "unseen_points": 20, "foul_fine": 0})
    document = example()
    document["rules"] = {"murder": True, "unseen_points": 12}
    del document["totals"]
    del document["hands"][0]["points"]
    table, warnings = table_file.import_table(document)
    assert warnings == []
    assert table.rules == {**marriage.ENGINE.default_rules(), "murder": True, "unseen_points": 12}
    assert table.rules["seen_points"] == 3 and table.rules["foul_fine"] == 15
    # maal 12, 4, 6, 0 (murder), seen 3, unseen 12: P = 22
    assert Hand.objects.get(table=table).points == {"Asha": 23, "Bikash": 12, "Chandra": -1, "Dipa": -34}


@pytest.mark.django_db
def test_an_import_without_rules_uses_the_built_in_defaults_not_the_servers():
    PointTable.objects.create(game="marriage", rules={"murder": True, "seen_points": 5})
    document = example()
    del document["rules"], document["totals"], document["hands"][0]["points"]
    table, warnings = table_file.import_table(document)
    assert warnings == []
    assert table.rules == marriage.ENGINE.default_rules()
    # no murder: Dipa's 5 maal counts, P = 27
    assert table.totals == {"Asha": 18, "Bikash": 5, "Chandra": -6, "Dipa": -17}


@pytest.mark.django_db
def test_a_file_whose_points_differ_imports_with_a_warning(client):
    document = example()
    document["hands"][0]["points"] = {"Asha": 20, "Bikash": 13, "Chandra": -1, "Dipa": -32}
    document["totals"] = {"Asha": 20, "Bikash": 13, "Chandra": -1, "Dipa": -32}
    table, warnings = table_file.import_table(document)
    assert len(warnings) == 2
    assert warnings[0].startswith("hand 1")
    assert warnings[1].startswith("totals")
    assert Hand.objects.get(table=table).points == WORKED_POINTS
    assert table.totals == WORKED_POINTS

    upload = SimpleUploadedFile("friday.json", json.dumps(document).encode(), content_type="application/json")
    response = csrf_post(client, reverse("import_file"), {"file": upload})
    assert response.status_code == 302
    assert Table.objects.count() == 2
    board = page(client.get(response["Location"]))
    assert "hand 1: the file's points" in board


def _set(path, value):
    def change(document):
        *parents, last = path
        target = document
        for key in parents:
            target = target[key]
        target[last] = value
        return document

    return change


def _delete(key):
    def change(document):
        del document[key]
        return document

    return change


def _extra_key(document):
    document["owner"] = "Asha"
    return document


def _drop_player_from_hand(document):
    del document["hands"][0]["inputs"]["Dipa"]
    return document


def _bad_third_of_four(document):
    document["hands"] = [
        hand("sWsu", (12, 4, 6, 0)),
        hand("Wsss", (0, 0, 0, 0)),
        hand("WWsu", (1, 2, 3, 0)),
        hand("sWss", (0, 0, 0, 0)),
    ]
    del document["totals"]
    return document


INVALID_FILES = [
    pytest.param(_extra_key, "unknown key 'owner'", id="unknown-top-level-key"),
    pytest.param(_delete("players"), "players: is missing", id="missing-players"),
    pytest.param(_set(["format"], "cardscore-table/2"), "format: must be 'cardscore-table/1'", id="wrong-format"),
    pytest.param(_set(["game"], "poker"), "unknown game 'poker'", id="unknown-game"),
    pytest.param(_set(["rules", "tiplu_bonus"], 3), "unknown key 'tiplu_bonus'", id="bad-rule-key"),
    pytest.param(_set(["rules", "seen_points"], -1), "seen_points: must be at least 0", id="rule-out-of-range"),
    pytest.param(
        _set(["players"], ["Asha", "Bikash", "Chandra", "asha"]), "two players have this name", id="duplicate-player"
    ),
    pytest.param(
        _set(["players"], ["Asha", "Bikash", "Chandra", "_Dipa"]),
        "a name cannot start with '_'",
        id="player-starting-with-underscore",
    ),
    pytest.param(_drop_player_from_hand, "hand 1, Dipa, status", id="hand-missing-a-player"),
    pytest.param(
        _bad_third_of_four, "hand 3, Bikash, status: only one player can win a hand", id="invalid-hand-in-the-middle"
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("change", "message"), INVALID_FILES)
def test_an_invalid_file_is_rejected_by_the_service(change, message):
    with pytest.raises(InputError) as error:
        table_file.import_table(change(example()))
    assert message in str(error.value)
    assert Table.objects.count() == 0
    assert Hand.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(("change", "message"), INVALID_FILES)
def test_an_invalid_file_is_rejected_by_the_upload(client, marriage_table, change, message):
    upload = SimpleUploadedFile("bad.json", json.dumps(change(example())).encode(), content_type="application/json")
    response = csrf_post(client, reverse("import_file"), {"file": upload})
    assert response.status_code == 422
    assert message in page(response)
    assert list(Table.objects.values_list("pk", flat=True)) == [marriage_table.pk]
    assert Hand.objects.count() == 0


@pytest.mark.django_db
def test_an_upload_that_is_not_json_is_rejected(client):
    upload = SimpleUploadedFile("bad.json", b"{not json", content_type="application/json")
    response = csrf_post(client, reverse("import_file"), {"file": upload})
    assert response.status_code == 422
    assert "The file is not valid JSON." in response.content.decode()
    assert Table.objects.count() == 0


# --- command line ---------------------------------------------------------------------------


def command(*args):
    """Run a management command here: (its standard output, its standard error, its exit status)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*map(str, args), stdout=out, stderr=err)
    except SystemExit as exit:
        return out.getvalue(), err.getvalue(), exit.code
    return out.getvalue(), err.getvalue(), 0


@pytest.mark.django_db
def test_export_table_finds_a_table_by_its_id_either_link_or_the_code_at_a_links_end(owner):
    table = seeded(owner, "marriage", [])
    seeded(owner, "marriage", [], name="Another table")
    site = "http://192.168.1.20:8000"
    for reference in (
        table.pk,
        table.keeper_token,
        table.viewer_token,
        f"{site}/t/{table.keeper_token}/",
        f"{site}/t/{table.viewer_token}/",
        f"{site}/t/{table.viewer_token}/history/",
        f"/t/{table.keeper_token}",
        f" {table.viewer_token}\n",
    ):
        out, err, status = command("export_table", reference)
        assert (status, err) == (0, ""), reference
        assert json.loads(out) == table_file.export_table(table), reference


@pytest.mark.django_db
def test_export_table_names_what_it_could_not_find(owner):
    seeded(owner, "marriage", [])
    for reference in ("0123456789abcdef0123456789abcdef", "http://192.168.1.20:8000/t/no-such-code/", ""):
        with pytest.raises(CommandError, match="no table with the id, link or code"):
            command("export_table", reference)


@pytest.mark.django_db
def test_import_table_with_an_owner_puts_the_table_under_their_tables(owner, client, tmp_path):
    friday = tmp_path / "friday.json"
    friday.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    out, err, status = command("import_table", friday, "--owner", "owner")
    assert (status, err) == (0, "")
    table = Table.objects.get(pk=out.splitlines()[0])
    assert table.owner == owner
    assert reverse("table", args=[table.keeper_token]) in client.get(reverse("home")).content.decode()
    out, err, status = command("import_table", friday)
    assert Table.objects.get(pk=out.splitlines()[0]).owner is None  # as before: no owner unless asked


@pytest.mark.django_db
def test_import_table_for_an_unknown_owner_says_so_in_one_line_and_saves_nothing(owner, tmp_path):
    friday = tmp_path / "friday.json"
    friday.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    out, err, status = command("import_table", friday, "--owner", "nobody")
    assert (out, err, status) == ("", "no user named 'nobody'\n", 1)
    assert Table.objects.count() == 0


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    """A migrated SQLite database of its own, and a way to run manage.py against it."""
    folder = tmp_path_factory.mktemp("cli")
    database = folder / "x.sqlite3"
    env = {**os.environ, "CARDSCORE_DATA_DIR": str(folder / "data"), "DATABASE_URL": f"sqlite:///{database}"}
    python = str(PYTHON if PYTHON.exists() else sys.executable)

    def manage(*args):
        return subprocess.run(
            [python, "manage.py", *map(str, args)],
            cwd=PROJECT_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    migrated = manage("migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr

    def table_rows():
        with sqlite3.connect(database) as connection:
            return connection.execute("SELECT id, keeper_token, viewer_token FROM games_table").fetchall()

    example_file = folder / "friday.json"
    example_file.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    return {"manage": manage, "tables": table_rows, "folder": folder, "example": example_file}


@pytest.fixture(scope="module")
def imported(cli):
    before = cli["tables"]()
    result = cli["manage"]("import_table", cli["example"])
    return result, before


@pytest.mark.slow
def test_import_table_prints_the_id_then_the_links(cli, imported):
    result, before = imported
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    new = [row for row in cli["tables"]() if row not in before]
    assert len(new) == 1
    table_id, keeper, viewer = new[0]
    assert lines[0] == table_id
    assert len(lines) == 3
    assert lines[1].startswith("scorekeeper: ") and lines[1].endswith(f"/t/{keeper}/")
    assert lines[2].startswith("viewer: ") and lines[2].endswith(f"/t/{viewer}/")


@pytest.mark.slow
def test_export_table_prints_the_document(cli, imported):
    table_id = imported[0].stdout.splitlines()[0]
    result = cli["manage"]("export_table", table_id)
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["format"] == "cardscore-table/1"
    assert document["game"] == "marriage"
    assert document["name"] == "Friday night"
    assert document["created"] == "2026-11-20T19:30:00Z"
    assert document["rules"] == {**marriage.ENGINE.default_rules(), "murder": True}
    assert document["players"] == PLAYERS
    assert [
        {name: without_defaults(entry) for name, entry in each["inputs"].items()} for each in document["hands"]
    ] == [EXAMPLE["hands"][0]["inputs"]]
    assert [each["points"] for each in document["hands"]] == [WORKED_POINTS]
    assert document["totals"] == WORKED_POINTS


@pytest.mark.slow
def test_import_table_rejects_an_invalid_file_in_one_line(cli, imported):
    bad = cli["folder"] / "bad.json"
    bad.write_text(json.dumps(_bad_third_of_four(example())), encoding="utf-8")
    before = cli["tables"]()
    result = cli["manage"]("import_table", bad)
    assert result.returncode != 0
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "hand 3" in result.stderr
    assert cli["tables"]() == before


@pytest.mark.slow
def test_import_table_rejects_a_missing_file_in_one_line(cli, imported):
    before = cli["tables"]()
    result = cli["manage"]("import_table", cli["folder"] / "no-such-file.json")
    assert result.returncode != 0
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "no-such-file.json" in result.stderr
    assert cli["tables"]() == before


@pytest.mark.slow
def test_export_table_takes_the_viewer_link_import_table_printed(cli, imported):
    viewer_link = imported[0].stdout.splitlines()[2].removeprefix("viewer: ")
    by_link = cli["manage"]("export_table", viewer_link)
    by_id = cli["manage"]("export_table", imported[0].stdout.splitlines()[0])
    assert by_link.returncode == 0, by_link.stderr
    assert json.loads(by_link.stdout) == json.loads(by_id.stdout)


def test_a_link_code_never_starts_with_a_dash_that_a_command_line_would_take_for_an_option(monkeypatch):
    drawn = iter(["-starts-with-a-dash", "plain-code"])
    monkeypatch.setattr("games.models.secrets.token_urlsafe", lambda nbytes: next(drawn))
    assert new_token() == "plain-code"
