"""A hand saved (or corrected) with htmx is answered with what changed on the phone's page
(games/pages/save_answer.py, templates/games/saved.html); the browser test that the page then equals a
reload is tests/browser/test_save_answer_browser.py."""

import re

import pytest
from django.urls import reverse

from games.services import recording, table_file
from tests.fixtures import SAMPLES, csrf_post, fresh_table, page, play_hand, table_url
from tests.inputs import hand_form, marriage_inputs

pytestmark = pytest.mark.django_db


def marriage_of(hands, owner):
    document = {
        "format": table_file.FORMAT,
        "game": "marriage",
        "players": ["Asha", "Bikash", "Chandra", "Dipa"],
        "hands": [{"inputs": marriage_inputs("sWsu", (12, 4, 6, 0))} for _ in range(hands)],
    }
    table, _warnings = table_file.import_table(document, owner=owner)
    return table


def answer_of(response):
    """The answer's HTML with its white space closed up (templates break long tags over lines)."""
    return re.sub(r"\s+", " ", page(response))


def page_state(client, table):
    """What the table's page posts with its next hand: its board's revision and its form's key."""
    shown = page(client.get(table_url(table)))
    return {name: re.search(rf'name="{name}" value="([^"]*)"', shown).group(1) for name in ("revision", "form_key")}


def save(client, table, fields, state=None, **headers):
    url = reverse("add_hand", args=[table.keeper_token])
    return csrf_post(client, url, {**fields, **(state or {})}, HTTP_HX_REQUEST="true", **headers)


def test_a_save_from_the_page_answers_with_only_what_changed(client, owner, django_assert_max_num_queries):
    table = marriage_of(30, owner)
    state = page_state(client, table)
    with django_assert_max_num_queries(12):  # the session, the save, and the board's window and chart
        response = save(client, table, hand_form("sWsu", (12, 4, 6, 0), next_number=31), state)
    answer = answer_of(response)
    assert response.status_code == 200 and response["HX-Reswap"] == "none"
    assert len(response.content) < 6 * 1024  # the whole table was 30 KB here
    # The new row joins the board and the oldest leaves it, so that it shows the latest 12.
    assert '<tbody hx-swap-oob="beforeend:#board-rows">' in answer and '<tr class="hand-31">' in answer
    assert '<tr hx-swap-oob="delete:.hand-19, .after-18"></tr>' in answer
    assert "Show 19 earlier hands" in answer
    # The form's fields are the blank ones the page holds: only its heading and ids come.
    assert (
        '<div id="hand-fields" data-form-key="{}" hx-swap-oob="true" data-blank></div>'.format(state["form_key"])
        in answer
    )
    assert 'name="status-0"' not in answer and 'name="hand_number" value="32"' in answer
    assert (
        "Hand 31 saved: Asha" in answer
        and 'id="board-revision" name="revision" value="{}"'.format(int(state["revision"]) + 1) in answer
    )
    # The chart's lines get their last pieces; totals and standings come whole.
    assert re.search(r'<polyline id="chart-0-\d+" points="[^"]+" hx-swap-oob="true"/>', answer)
    assert (
        '<tfoot id="board-totals" hx-swap-oob="true">' in answer and 'id="standings-card" hx-swap-oob="true"' in answer
    )


def test_a_page_that_is_not_the_one_the_save_changed_gets_the_whole_table(client, owner):
    table = marriage_of(3, owner)
    state = page_state(client, table)
    play_hand(table, marriage_inputs("sWsu", (12, 4, 6, 0)), 4)  # another phone saved meanwhile
    table.refresh_from_db()
    response = save(client, table, hand_form("Wsss", (3, 0, 0, 0), next_number=5), state)
    assert response.status_code == 200 and "HX-Reswap" not in response
    assert 'id="live-board"' in page(response) and 'name="status-0"' in page(response)
    # A post without the page's state (no JavaScript's htmx, the offline outbox) too.
    response = save(client, table, hand_form("Wsss", (3, 0, 0, 0), next_number=6))
    assert "HX-Reswap" not in response and 'id="live-board"' in page(response)


def test_a_post_sent_again_is_answered_with_the_whole_table(client, owner):
    table = marriage_of(3, owner)
    state = page_state(client, table)
    fields = {**hand_form("sWsu", (12, 4, 6, 0), next_number=4), "key": recording.new_key()}
    first, again = save(client, table, fields, state), save(client, table, fields, state)
    assert first["HX-Reswap"] == "none" and "HX-Reswap" not in again
    assert table.hands.count() == 4


def test_a_form_the_page_does_not_hold_blank_comes_whole(client, owner):
    table = marriage_of(3, owner)
    state = {**page_state(client, table), "form_key": "another"}
    answer = answer_of(save(client, table, hand_form("sWsu", (12, 4, 6, 0), next_number=4), state))
    assert '<section class="card" id="new-hand" hx-swap-oob="true">' in answer and 'name="status-0"' in answer


def test_thirteen_bids_add_the_round_and_its_books_replace_it(client, owner):
    table = fresh_table("thirteen", owner)
    bids = {"hand_number": "2", "trump": "H", "bid-0": "0", "bid-1": "1", "bid-2": "0", "bid-3": "1"}
    answer = answer_of(save(client, table, bids, page_state(client, table)))
    assert '<tr class="hand-2">' in answer and "delete:" not in answer
    assert "board-totals" not in answer  # nobody's total moved yet
    books = {"hand_number": "2", "version": "1", **{f"books-{seat}": str(seat % 2) for seat in range(4)}}
    answer = answer_of(save(client, table, books, page_state(client, table)))
    assert '<tr hx-swap-oob="delete:.hand-2"></tr>' in answer and '<tr class="hand-2">' in answer
    assert '<tfoot id="board-totals" hx-swap-oob="true">' in answer


def test_a_correction_in_the_page_answers_with_its_row_and_those_after_it(client, owner):
    table = marriage_of(5, owner)
    state = page_state(client, table)
    edit = reverse("edit_hand", args=[table.keeper_token, 3])
    opened = client.get(edit, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="explained")
    assert f'hx-post="{edit}" hx-target="#explained"' in page(opened) and "<html" not in page(opened)
    fields = {**SAMPLES["marriage"]["edit_hand"], **state}
    response = csrf_post(client, edit, fields, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="explained")
    answer = answer_of(response)
    assert response["HX-Reswap"] == "none" and "Hand 3 corrected" in answer
    assert '<tr hx-swap-oob="delete:.hand-3, .after-3"></tr>' in answer and "delete:.hand-2" not in answer
    assert [int(number) for number in re.findall(r'<tr class="hand-(\d+)">', answer)] == [3, 4, 5]
    assert 'id="chart-card" hx-swap-oob="true"' in answer  # every point after it moved
    assert 'id="new-hand"' not in answer and "entry-ids" not in answer  # the next hand's form is left as it is
    assert '<div id="explained" hx-swap-oob="true"></div>' in answer


def test_a_refused_correction_in_the_page_comes_back_in_its_place(client, owner):
    table = marriage_of(5, owner)
    edit = reverse("edit_hand", args=[table.keeper_token, 3])
    fields = {**SAMPLES["marriage"]["edit_hand"], "status-0": "seen"}  # nobody won
    response = csrf_post(client, edit, fields, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="explained")
    assert response.status_code == 422 and 'id="problems-end"' in page(response) and "<html" not in page(response)
