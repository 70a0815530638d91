"""A note per hand ("misdeal, replayed"): written on the hand's page, shown on its board row and
page, kept in the history, through undo and redo, and in the table file and the spreadsheet."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Hand, HandChange, Table
from games.services import recording, table_file
from scoring.errors import InputError
from tests.fixtures import csrf_post, fresh_table, page, table_url

pytestmark = pytest.mark.django_db

NOTE = "misdeal, replayed"


def note_url(table, number, token=None):
    return reverse("hand_note", args=[token or table.keeper_token, number])


def hand_url(table, number, token=None):
    return reverse("hand", args=[token or table.keeper_token, number])


def test_the_scorekeeper_notes_a_hand_and_every_phone_sees_it(client, owner):
    table = fresh_table("marriage", owner)
    revision = table.revision
    response = csrf_post(client, note_url(table, 1), {"note": f"  {NOTE} "})
    assert response.status_code == 302 and response["Location"] == table_url(table)
    board = page(client.get(response["Location"]))
    assert "Hand 1: note saved." in board
    assert f'<td colspan="4" class="small muted">{NOTE}</td>' in board
    table.refresh_from_db()
    assert table.hands.get(number=1).note == NOTE and table.revision == revision + 1
    viewer = page(Client().get(table_url(table, table.viewer_token)))
    assert NOTE in viewer
    assert f'<p class="hand-note">{NOTE}</p>' in page(Client().get(hand_url(table, 1, table.viewer_token)))
    assert f'value="{NOTE}"' in page(client.get(hand_url(table, 1)))  # the keeper's form holds it


def test_the_history_says_who_wrote_which_note(client, owner):
    table = fresh_table("konkan", owner)
    csrf_post(client, note_url(table, 1), {"note": NOTE})
    csrf_post(client, note_url(table, 1), {"note": ""})
    history = page(client.get(reverse("history", args=[table.keeper_token])))
    assert "Hand 1: note written" in history and NOTE in history and "the note was removed" in history
    assert list(HandChange.objects.filter(action=HandChange.NOTED).values_list("note", "by")) == [
        ("", "owner"),
        (NOTE, "owner"),
    ]
    assert table.hands.get(number=1).note == ""


def test_the_same_note_again_changes_nothing(client, owner):
    table = fresh_table("marriage", owner)
    csrf_post(client, note_url(table, 1), {"note": NOTE})
    revision = Table.objects.get(pk=table.pk).revision
    csrf_post(client, note_url(table, 1), {"note": NOTE})
    assert Table.objects.get(pk=table.pk).revision == revision
    assert HandChange.objects.filter(action=HandChange.NOTED).count() == 1


def test_a_note_too_long_is_refused_beside_its_field_and_nothing_saved(client, owner):
    table = fresh_table("thirteen", owner)
    response = csrf_post(client, note_url(table, 1), {"note": "x" * 201})
    assert response.status_code == 422
    assert 'id="note-1-error" role="alert">Must be at most 200 characters</div>' in page(response)
    assert 'aria-invalid="true"' in page(response)
    assert table.hands.get(number=1).note == "" and not HandChange.objects.filter(action=HandChange.NOTED).exists()


def test_only_the_scorekeeper_link_writes_notes(client, owner):
    table = fresh_table("marriage", owner)
    assert csrf_post(client, note_url(table, 1, table.viewer_token), {"note": NOTE}).status_code == 404
    assert client.get(note_url(table, 1)).status_code == 405
    assert 'name="note"' not in page(Client().get(hand_url(table, 1, table.viewer_token)))
    assert table.hands.get(number=1).note == ""


def test_a_note_for_a_hand_that_is_gone_says_so_and_saves_nothing(client, owner):
    table = fresh_table("marriage", owner)
    response = csrf_post(client, note_url(table, 7), {"note": NOTE})
    assert response.status_code == 302
    assert "Hand 7 no longer exists." in page(client.get(response["Location"]))
    assert not Hand.objects.filter(note=NOTE).exists()


def test_undo_and_redo_keep_the_note_and_a_note_elsewhere_keeps_the_redo(client, owner):
    table = fresh_table("marriage", owner)
    recording.record_hand(Table.objects.get(pk=table.pk), table.hands.get(number=1).inputs, 2)
    recording.set_note(Table.objects.get(pk=table.pk), 2, NOTE)
    recording.delete_hand(Table.objects.get(pk=table.pk), 2)
    recording.set_note(Table.objects.get(pk=table.pk), 1, "first hand")
    assert recording.redo_number(Table.objects.get(pk=table.pk)) == 2
    restored = recording.restore_hand(Table.objects.get(pk=table.pk), 2)
    assert restored.note == NOTE


def test_notes_go_through_the_table_file_and_into_the_spreadsheet(client, owner):
    table = fresh_table("marriage", owner)
    recording.set_note(table, 1, NOTE)
    document = table_file.export_table(table)
    assert document["hands"][0]["note"] == NOTE
    copy, warnings = table_file.import_table(document, owner=owner)
    assert warnings == [] and table_file.export_table(copy) == {**document, "name": copy.name}
    rows = list(csv.reader(io.StringIO(client.get(reverse("export_csv", args=[table.keeper_token])).content.decode())))
    assert rows[0][-1] == "Note" and rows[1][-1] == NOTE and rows[-1][0] == "Total"


def test_a_table_file_with_a_note_too_long_is_refused(owner):
    table = fresh_table("marriage", owner)
    document = table_file.export_table(table)
    document["hands"][0]["note"] = "x" * 201
    with pytest.raises(InputError, match="hand 1, note: must be at most 200 characters"):
        table_file.import_table(document, owner=owner)


def test_a_spreadsheet_without_notes_has_no_note_column(client, owner):
    table = fresh_table("marriage", owner)
    rows = list(csv.reader(io.StringIO(client.get(reverse("export_csv", args=[table.keeper_token])).content.decode())))
    assert rows[0] == ["Hand", *table.players, "Seconds"]  # how long each hand took (tests/test_clock.py)
