"""The loop at the table: enter a hand, see what was recorded, see every problem of a refused one."""

import json
import re

import pytest
from django.urls import reverse

from games.models import Hand
from games.pages import board
from games.services import recording, seating, tables
from tests.fixtures import SET_61, add_url, board_cells, csrf_post, edit_url, fresh_table, page, snapshot, table_url
from tests.inputs import hand_form, marriage_inputs, thirteen_round


def problems(response):
    """The lines of the summary beside the Save button, as shown."""
    summary = re.search(r'<div class="error summary" role="alert"[^>]*>(.*?)</div>', page(response), re.S)
    return [re.sub(r"<[^>]+>", "", line).strip() for line in re.findall(r"<li>(.*?)</li>", summary.group(1), re.S)]


def test_a_refused_hand_lists_every_problem_and_saves_nothing(client, marriage_table):
    before = snapshot(marriage_table)
    # Letters in Asha's maal, a negative maal for Bikash, no status for Chandra, and a foul for the winner.
    data = hand_form("sW-u", maal=("ten", -4, 6, 0), **{"foul-1": "on"})
    response = csrf_post(client, add_url(marriage_table), data)
    assert response.status_code == 422
    assert problems(response) == [
        "Asha · Maal: must be a whole number",
        "Bikash · Maal: must be at least 0",
        "Chandra · Status: choose winner, seen, unseen or out",
    ]
    assert "Nothing was saved: fix these 3 things first." in page(response)
    assert snapshot(marriage_table) == before
    body = page(response)
    # Each line leads to its player's part of the form, which is marked.
    assert re.findall(r'<li><a href="#(seat-\d)">', body)[:3] == ["seat-0", "seat-1", "seat-2"]
    assert re.search(
        r'id="maal-0" name="maal-0" value="ten"[^>]*aria-invalid="true" aria-describedby="problems-0"', body
    )
    assert 'id="problems-2"' in body  # Chandra's own list, next to her fieldset


def test_a_hand_wide_problem_links_to_the_form(client, marriage_table):
    response = csrf_post(client, add_url(marriage_table), hand_form("ssss", maal=(1, 2, 3, 4)))
    assert response.status_code == 422
    assert problems(response) == ["Status: choose the winner"]
    assert '<li><a href="#new-hand">' in page(response)


def test_a_refused_round_lists_a_too_high_bid_and_letters_at_once(client, owner):
    table = tables.create_table(
        game="thirteen", name="T", players=["Asha", "Bikram", "Charlie", "David"], rules={}, owner=owner, colors={}
    )
    data = {"hand_number": "1", "bid-0": "2", "bid-1": "x", "bid-2": "0", "bid-3": "1"}
    response = csrf_post(client, add_url(table), data)
    assert response.status_code == 422
    assert problems(response) == ["Asha · Bid: must be at most 1", "Bikram · Bid: must be a whole number"]
    assert Hand.objects.filter(table=table).count() == 0 and table.current_hand == {}


def test_an_edit_lists_every_problem_too(client, marriage_table):
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    data = {**hand_form("sWsu", maal=("x", "y", 6, 0)), "version": "1"}
    response = csrf_post(client, edit_url(marriage_table, 1), data)
    assert response.status_code == 422
    assert problems(response) == ["Asha · Maal: must be a whole number", "Bikash · Maal: must be a whole number"]


def test_a_save_says_what_it_recorded_above_the_next_form(client, marriage_table):
    response = csrf_post(client, add_url(marriage_table), hand_form("sWsu", maal=(12, 4, 6, 0)), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = page(response)
    saved = re.search(r'<p class="saved" id="saved" role="status">([^<]*)</p>', body).group(1)
    assert saved == "Hand 1 saved: Asha +23 · Bikash +10 (won) · Chandra \u22121 · Dipa \u221232 (unseen)"
    assert body.index('id="saved"') < body.index('id="new-hand"') < body.index('id="board"')


def test_the_saved_line_leaves_out_a_player_who_left(marriage_table):
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    seating.add_event(marriage_table, {"kind": "leave", "player": "Asha"})
    recorded = recording.record_hand(
        marriage_table, marriage_inputs("Wss", (0, 4, 6), players=("Bikash", "Chandra", "Dipa")), 2
    )
    line = board.saved_line(recorded)
    assert line.startswith("Hand 2 saved: Bikash ") and "Asha" not in line


def test_without_javascript_the_saved_line_waits_for_the_page_and_shows_once(client, marriage_table):
    response = csrf_post(client, add_url(marriage_table), hand_form("sWsu", maal=(12, 4, 6, 0)))
    assert response.status_code == 302
    body = page(client.get(table_url(marriage_table)))
    assert body.count("Hand 1 saved: Asha +23") == 1
    assert '<p class="message' not in body  # told beside the form, not in the messages at the top
    assert "Hand 1 saved" not in page(client.get(table_url(marriage_table)))


def test_every_post_answer_replaces_the_messages(client, marriage_table):
    """An earlier "Hand 1 saved" must not stay on screen beside the answer to the next post."""
    saved = csrf_post(client, add_url(marriage_table), hand_form("sWsu", maal=(12, 4, 6, 0)), HTTP_HX_REQUEST="true")
    refused = csrf_post(client, add_url(marriage_table), hand_form("ssss", next_number=2), HTTP_HX_REQUEST="true")
    for response in (saved, refused):
        oob = re.findall(r'<div id="messages"[^>]*hx-swap-oob="true">(.*?)</div>', page(response), re.S)
        assert len(oob) == 1 and "<p" not in oob[0]
    assert '<p class="saved" id="saved" role="status" hidden></p>' in page(refused)


def test_a_new_marriage_hand_starts_with_everyone_seen(client, marriage_table):
    body = page(client.get(table_url(marriage_table)))
    assert re.findall(r'name="status-(\d)" value="seen" checked', body) == ["0", "1", "2", "3"]
    # A hand being corrected shows what was entered, not the default.
    recording.record_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    edit = page(client.get(edit_url(marriage_table, 1)))
    assert re.search(r'name="status-1" value="winner" checked', edit)
    assert re.search(r'name="status-3" value="unseen" checked', edit)


def test_the_maal_counter_tells_the_page_what_to_write_into_the_maal_field(client, marriage_table):
    url = reverse("maal_preview", args=[marriage_table.keeper_token, 0])
    counted = csrf_post(client, url, {"tiplu-0": "2", "poplu-0": "1", "jhiplu-0": "1"})
    assert json.loads(counted["HX-Trigger"])["maal-counted"] == {
        "seat": 0,
        "maal": 13,
        "counts": {
            "tiplu": "2",
            "poplu": "1",
            "jhiplu": "1",
            "tunnella_ordinary": "",
            "tunnella_joker": "",
            "tunnella_poplu_jhiplu": "",
        },
    }
    cleared = csrf_post(client, url, {"tiplu-0": "0"})
    assert json.loads(cleared["HX-Trigger"])["maal-counted"]["maal"] is None


def test_the_counted_maal_in_the_maal_field_is_no_conflict(client, marriage_table):
    data = hand_form("sWsu", maal=(13, 4, 6, 0), **{"tiplu-0": "2", "poplu-0": "1", "jhiplu-0": "1"})
    assert csrf_post(client, add_url(marriage_table), data).status_code == 302
    assert Hand.objects.get(table=marriage_table).inputs["Asha"]["maal_counts"]["tiplu"] == 2


@pytest.mark.parametrize(
    ("game", "inputs", "marks"),
    [
        (
            "marriage",
            marriage_inputs("sWuo", (3, 4, 0, 0), Asha={"foul": True}, Bikash={"dublee": True}),
            [["foul"], ["won", "dublee"], ["unseen"], ["sat out"]],
        ),
        (
            "thirteen",
            thirteen_round([1, 0, 0, 0], [0, 1, 0, 0]),
            [["missed the bid"], ["made the bid"], ["made the bid"], ["made the bid"]],
        ),
    ],
)
def test_the_board_marks_what_happened_in_a_hand(client, owner, game, inputs, marks):
    players = [name for name in inputs if name != "_hand"]
    colors = dict(zip(players, ["red", "yellow", "green", "blue"])) if game == "thirteen" else {}
    table = tables.create_table(game=game, name="Marks", players=players, rules={}, owner=owner, colors=colors)
    if game == "thirteen":
        bids = {name: {"bid": entry["bid"]} for name, entry in inputs.items() if name != "_hand"}
        recording.record_hand(table, bids, 1)
        table.refresh_from_db()
        recording.record_hand(table, inputs, 1, version=1)
    else:
        recording.record_hand(table, inputs, 1)
    cells = board_cells(client.get(table_url(table)), 1)
    assert [cell["marks"] for cell in cells] == marks
    if game == "marriage":
        assert cells[3]["shown"] == "–"  # sat out: a dash, not a 0


def picker_url(table, mode):
    return reverse("picker_total", args=[table.keeper_token, mode])


@pytest.mark.parametrize(
    ("game", "mode", "field", "cards", "shown"),
    [
        ("konkan", "cards", "cards-0", "AS 7H JK", "68"),
        ("konkan", "groups", "groups", SET_61, "61"),
        ("marriage-honors", "cards", "cards-1", "KS 5H JK", "15"),
    ],
)
def test_the_card_picker_shows_what_its_cards_are_worth(client, owner, game, mode, field, cards, shown):
    table = fresh_table(game, owner)
    response = csrf_post(client, picker_url(table, mode), {"field": field, field: cards, "hand_number": "2"})
    assert response.status_code == 200
    assert page(response).strip() == shown


def test_the_card_picker_total_names_a_card_it_does_not_know(client, owner):
    table = fresh_table("konkan", owner)
    response = csrf_post(client, picker_url(table, "cards"), {"field": "cards-0", "cards-0": "AS 1H"})
    assert response.status_code == 422
    assert "Unknown card '1H'" in page(response)
    assert page(csrf_post(client, picker_url(table, "cards"), {"field": "cards-0", "cards-0": "  "})) == ""


def test_a_game_without_a_card_picker_has_no_total(client, marriage_table):
    assert csrf_post(client, picker_url(marriage_table, "cards"), {"cards-0": "AS"}).status_code == 404
    konkan = tables.create_table(game="konkan", name="K", players=["A", "B"], rules={}, owner=marriage_table.owner)
    assert csrf_post(client, picker_url(konkan, "hand"), {"cards-0": "AS"}).status_code == 404
    assert (
        csrf_post(client, reverse("picker_total", args=[konkan.viewer_token, "cards"]), {"cards-0": "AS"}).status_code
        == 404
    )
