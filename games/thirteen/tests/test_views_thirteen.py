"""Thirteen through its web pages: a table of four, bids then books each round, corrections, the end.

Spec: docs/rules/thirteen.md and docs/FORMAT.md. The helpers at the top only build
requests and read pages; every test is one behaviour.
"""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Hand, Table
from games.services import recording, seating, tables
from games.thirteen.tests.samples import THIRTEEN_COLORS
from scoring import thirteen
from tests.fixtures import (
    MINUS,
    add_url,
    assert_import_refused,
    assert_new_table_refused,
    board_row,
    csrf_post,
    edit_url,
    page,
    play_hand,
    players_of,
    read_text,
    seeded,
    snapshot,
    table_form,
    table_url,
    totals_row,
    without,
)
from tests.inputs import document, thirteen_round

pytestmark = pytest.mark.django_db

# Player 1 .. player 4: David (player 4) deals round 1, Asha (player 1) bids first.
PLAYERS = players_of("thirteen")
COLORS = THIRTEEN_COLORS

# Three rounds in seat order (Asha, Bikram, Charlie, David): (bids, books) and the points they score.
ROUND_1 = ([1, 0, 0, 0], [1, 0, 0, 0])  # 1 card: Asha 10
ROUND_2 = ([0, 1, 0, 1], [0, 1, 1, 0])  # 2 cards: Bikram 10, Charlie 1 (a sandbag), David -10
ROUND_3 = ([1, 0, 2, 1], [1, 1, 0, 1])  # 3 cards, the spec's complete round: 10, 1, -20, 10
POINTS = [
    {"Asha": 10, "Bikram": 0, "Charlie": 0, "David": 0},
    {"Asha": 0, "Bikram": 10, "Charlie": 1, "David": -10},
    {"Asha": 10, "Bikram": 1, "Charlie": -20, "David": 10},
]
TOTALS_3 = {"Asha": 20, "Bikram": 11, "Charlie": -19, "David": 0}


# --- helpers ---------------------------------------------------------------------------------


def entry_form(response):
    """The new-hand section of the table page (from its heading to the end of its form)."""
    body = page(response)
    start = body.index('id="new-hand"')
    return body[start : body.index("</form>", start)]


def row_names(fragment):
    """The players of a round form, in the order the form lists them."""
    return re.findall(
        r'<span class="who" id="who-\d"><span class="dot [^"]*" aria-hidden="true"></span>([^<]+)</span>', fragment
    )


def test_each_bid_and_books_box_is_named_with_its_player(client, table):
    form = entry_form(client.get(table_url(table)))
    for seat, name in enumerate(PLAYERS):
        assert f'<span class="who" id="who-{seat}">' in form and f"</span>{name}</span>" in form
        assert re.search(
            rf'<span id="bid-{seat}-label">Bid</span>\s*<input name="bid-{seat}" [^>]*'
            rf'aria-labelledby="who-{seat} bid-{seat}-label"',
            form,
        )
    csrf_post(client, add_url(table), bids_form(1, [1, 0, 0, 0]))
    form = entry_form(client.get(table_url(table)))
    for seat in range(4):
        assert re.search(rf'<input name="books-{seat}" [^>]*aria-labelledby="who-{seat} books-{seat}-label"', form)
    assert len(re.findall(r'<span id="books-\d-label">Books</span>', form)) == 4


def test_an_event_row_says_where_it_sits_in_rounds(client, owner):
    table = seeded(owner, "thirteen", whole_game()[:2], colors=dict(zip(PLAYERS, COLORS)))
    seating.add_event(table, {"kind": "adjust", "points": {"Asha": 5, "Bikram": -5}, "reason": "pizza"})
    body = page(client.get(table_url(table)))
    assert '<span class="visually-hidden">Between round 2 and 3</span>' in body
    assert "Between hands" not in body


def input_names(fragment):
    return re.findall(r'<input name="((?:bid|books)-\d)"', fragment)


def sheet(response):
    """The score sheet: player -> (colour, total, bid, sandbags) as printed."""
    rows = re.findall(
        r'<tr><th scope="row" class="who" title="[^"]*">'
        r'<span class="dot ([^"]*)" aria-hidden="true"></span>([^<]+)</th>\s*'
        r'<td class="total">([^<]*)</td>\s*<td>([^<]*)</td>\s*<td>([^<]*)</td></tr>',
        page(response),
    )
    return {name: (color, total, bid, sandbags) for color, name, total, bid, sandbags in rows}


def play(table, bids, books):
    """One whole round through the services, as two earlier posts (bids, then books) would have."""
    return play_hand(table, thirteen_round(bids, books, players=table.players), table.hands.count() + 1)


def bid(table, bids):
    """The bids of the next round only: it stays pending."""
    return recording.record_hand(table, thirteen_round(bids, players=table.players), table.hands.count() + 1)


def bids_form(number, bids, trump=""):
    """The bids step as the page posts it: one field per seat, the trump select."""
    data = {"hand_number": str(number), "trump": trump}
    data.update({f"bid-{seat}": str(value) for seat, value in enumerate(bids)})
    return data


def books_form(number, version, books):
    data = {"hand_number": str(number), "version": str(version)}
    data.update({f"books-{seat}": str(value) for seat, value in enumerate(books)})
    return data


def edit_form(version, bids, books):
    data = {"version": str(version), "trump": ""}
    data.update({f"bid-{seat}": str(value) for seat, value in enumerate(bids)})
    data.update({f"books-{seat}": str(value) for seat, value in enumerate(books)})
    return data


def whole_game(winner_seat=3):
    """25 complete rounds: the player in `winner_seat` bids and takes every card."""
    hands = []
    for number in range(1, 26):
        cards = thirteen.cards_in_round(number)
        bids = [cards if seat == winner_seat else 0 for seat in range(4)]
        hands.append(thirteen_round(bids, bids))
    return hands


@pytest.fixture
def table(owner):
    return tables.create_table(
        game="thirteen",
        name="Thirteen night",
        players=PLAYERS,
        rules={},
        owner=owner,
        colors=dict(zip(PLAYERS, COLORS)),
    )


@pytest.fixture
def three_rounds(table):
    for bids, books in (ROUND_1, ROUND_2, ROUND_3):
        play(table, bids, books)
    table.refresh_from_db()
    assert table.totals == TOTALS_3
    return table


# --- creating a table ------------------------------------------------------------------------


def test_the_new_table_form_has_four_seats_each_with_a_colour(client):
    response = client.get(reverse("new_table", args=["thirteen"]))
    assert response.status_code == 200
    body = page(response)
    assert body.count('name="player"') == 4
    assert body.count('<select name="color"') == 4
    assert re.findall(r'<option value="(\w+)" selected>', body) == COLORS
    for key in ("sandbag_penalty", "sandbag_limit", "sandbag_penalty_points"):
        assert f'name="{key}"' in body
    assert "Player 4 deals the first round" in body


def test_creating_a_table_saves_four_players_in_seat_order_with_colours_and_rules(client, owner):
    data = table_form(
        "thirteen",
        ["Charlie", "Asha", "David", "Bikram"],
        colors=["blue", "red", "green", "yellow"],
        sandbag_penalty="on",
        sandbag_limit="8",
        sandbag_penalty_points="50",
    )
    response = csrf_post(client, reverse("new_table", args=["thirteen"]), data)
    assert response.status_code == 302
    table = Table.objects.get()
    assert response["Location"] == table_url(table)
    assert (table.game, table.name, table.owner) == ("thirteen", "Thirteen night", owner)
    assert table.players == ["Charlie", "Asha", "David", "Bikram"]
    assert table.colors == {"Charlie": "blue", "Asha": "red", "David": "green", "Bikram": "yellow"}
    assert table.rules == {"sandbag_penalty": True, "sandbag_limit": 8, "sandbag_penalty_points": 50}
    assert table.totals == {"Charlie": 0, "Asha": 0, "David": 0, "Bikram": 0}
    assert table.progress["dealer"] == "Bikram"  # player 4 deals round 1
    assert table.progress["bidding_order"] == ["Charlie", "Asha", "David", "Bikram"]
    assert table.progress["pending"] is False
    body = page(client.get(table_url(table)))
    assert "Round 1 · bids" in body
    assert re.search(r'<span class="dot blue" aria-hidden="true"></span>Charlie', body)


def test_the_house_rules_default_to_off(client):
    response = csrf_post(client, reverse("new_table", args=["thirteen"]), table_form("thirteen"))
    assert response.status_code == 302
    assert Table.objects.get().rules == thirteen.ENGINE.default_rules()


BAD_TABLES = [
    pytest.param(table_form("thirteen", PLAYERS[:3]), "table needs exactly 4 players", id="three-players"),
    pytest.param(
        table_form("thirteen", [*PLAYERS, "Eve"], colors=[*COLORS, "red"]),
        "table needs exactly 4 players",
        id="five-players",
    ),
    pytest.param(
        table_form("thirteen", ["Asha", "Bikram", "asha", "David"]), "two players have this name", id="duplicate-names"
    ),
    pytest.param(
        table_form("thirteen", colors=["red", "purple", "green", "blue"]),
        "choose a colour for each player",
        id="unknown-colour",
    ),
    pytest.param(
        table_form("thirteen", colors=["red", "blue", "green", "blue"]),
        "two players wear blue: give each player a colour of their own",
        id="same-colour",
    ),
    pytest.param(table_form("thirteen", sandbag_limit="0"), "Must be at least 1", id="sandbag-limit-0"),
]


@pytest.mark.parametrize(("data", "message"), BAD_TABLES)
def test_a_bad_table_is_refused_with_a_message_and_nothing_saved(client, data, message):
    assert_new_table_refused(client, "thirteen", data, message)


def test_the_seats_in_the_same_colour_are_marked_beside_the_message(client):
    response = csrf_post(
        client, reverse("new_table", args=["thirteen"]), table_form("thirteen", colors=["red", "blue", "green", "blue"])
    )
    assert response.status_code == 422
    marked = re.findall(
        r'<select name="color" aria-label="Colour of player (\d)" aria-invalid="true" '
        r'aria-describedby="players-error">',
        page(response),
    )
    assert marked == ["2", "4"]
    assert re.search(r'id="players-error" role="alert">Two players wear blue', page(response))


@pytest.mark.parametrize("players", [PLAYERS[:3], [*PLAYERS, "Eve"]], ids=["three", "five"])
def test_the_message_for_the_wrong_number_of_players_names_four(client, players):
    response = csrf_post(client, reverse("new_table", args=["thirteen"]), table_form("thirteen", players))
    assert response.status_code == 422
    assert re.search(r'role="alert">[^<]*4 players', page(response))
    assert Table.objects.count() == 0


# --- bids, then books ------------------------------------------------------------------------


def test_the_history_says_the_bids_then_the_books_were_entered(client, table):
    csrf_post(client, add_url(table), bids_form(1, [1, 0, 0, 0]))
    csrf_post(client, add_url(table), books_form(1, 1, [1, 0, 0, 0]))
    history = page(client.get(reverse("history", args=[table.keeper_token])))
    assert "<strong>Round 1 · bids entered</strong>" in history
    assert "<strong>Round 1 · books entered</strong>" in history
    assert "Asha: bid 1, took 1 book</li>" in history  # the whole round as it stands once the books are in
    assert "corrected" not in history


def test_the_bids_are_saved_as_a_pending_round_then_the_books_complete_it(client, table):
    response = csrf_post(client, add_url(table), bids_form(1, [1, 0, 0, 0], trump="H"))
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    table.refresh_from_db()
    # The round being played is the table's current hand until its books come.
    assert not Hand.objects.filter(table=table).exists()
    assert table.current_hand == {"inputs": {**thirteen_round([1, 0, 0, 0]), "_hand": {"trump": "H"}}, "version": 1}
    assert table.progress["pending"] is True
    assert table.progress["bids"] == {"Asha": 1, "Bikram": 0, "Charlie": 0, "David": 0}
    assert table.totals == dict.fromkeys(PLAYERS, 0)

    board = client.get(table_url(table))
    body = page(board)
    assert "Round 1 · bids saved." in body
    assert "bids in, waiting for the books" in body
    form = entry_form(board)
    assert "Round 1 · books" in form
    assert 'name="hand_number" value="1"' in form
    assert 'name="version" value="1"' in form
    assert input_names(form) == ["books-0", "books-1", "books-2", "books-3"]
    assert re.findall(r'<span class="hint">bid (\d+)</span>', form) == ["1", "0", "0", "0"]
    assert "Save the books" in form
    assert re.search(r'<option value="H" selected>', form)

    response = csrf_post(client, add_url(table), books_form(1, 1, [1, 0, 0, 0]))
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert (hand.number, hand.version) == (1, 2)
    assert hand.inputs == {**thirteen_round([1, 0, 0, 0], [1, 0, 0, 0]), "_hand": {"trump": "H"}}
    assert hand.points == POINTS[0]
    table.refresh_from_db()
    assert table.progress["pending"] is False and table.current_hand == {}
    assert table.totals == POINTS[0]
    board = client.get(table_url(table))
    assert "Round 1 · books saved:" in page(board)
    assert totals_row(board) == {"Asha": "+10", "Bikram": "0", "Charlie": "0", "David": "0"}
    form = entry_form(board)
    assert "Round 2 · bids" in form
    assert 'name="hand_number" value="2"' in form
    assert 'name="version"' not in form


def test_three_rounds_through_the_views_score_as_the_spec_says(client, table):
    for number, (bids, books) in enumerate((ROUND_1, ROUND_2, ROUND_3), 1):
        assert csrf_post(client, add_url(table), bids_form(number, bids)).status_code == 302
        assert csrf_post(client, add_url(table), books_form(number, 1, books)).status_code == 302
    assert [hand.points for hand in Hand.objects.filter(table=table)] == POINTS
    table.refresh_from_db()
    assert table.totals == TOTALS_3
    board = client.get(table_url(table))
    assert totals_row(board) == {"Asha": "+20", "Bikram": "+11", "Charlie": f"{MINUS}19", "David": "0"}
    assert board_row(board, 3) == ["+10", "+1", f"{MINUS}20", "+10"]


def test_htmx_posts_answer_with_the_next_step(client, table):
    response = csrf_post(client, add_url(table), bids_form(1, [0, 0, 0, 1]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = page(response)
    assert "<html" not in body
    assert "Round 1 · bids saved." in body
    assert "Round 1 · books" in body
    assert 'name="version" value="1"' in body
    response = csrf_post(client, add_url(table), books_form(1, 1, [0, 0, 0, 1]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = page(response)
    assert "Round 1 · books saved:" in body
    assert "Round 2 · bids" in body
    assert totals_row(response) == {"Asha": "0", "Bikram": "0", "Charlie": "0", "David": "+10"}


def test_the_round_form_lists_players_from_the_first_bidder(client, table):
    expected = [
        (["Asha", "Bikram", "Charlie", "David"], "1 card, David deals"),
        (["Bikram", "Charlie", "David", "Asha"], "2 cards, Asha deals"),
        (["Charlie", "David", "Asha", "Bikram"], "3 cards, Bikram deals"),
        (["David", "Asha", "Bikram", "Charlie"], "4 cards, Charlie deals"),
    ]
    for number, (order, note) in enumerate(expected, 1):
        form = entry_form(client.get(table_url(table)))
        assert f"Round {number} · bids" in form
        assert row_names(form) == order
        assert input_names(form) == [f"bid-{PLAYERS.index(name)}" for name in order]
        assert note in form
        play(table, [0, 0, 0, 0], [number, 0, 0, 0])


def test_the_books_step_lists_players_from_the_first_bidder_too(client, table):
    play(table, *ROUND_1)
    bid(table, ROUND_2[0])
    form = entry_form(client.get(table_url(table)))
    assert row_names(form) == ["Bikram", "Charlie", "David", "Asha"]
    assert input_names(form) == ["books-1", "books-2", "books-3", "books-0"]
    assert re.findall(r'<span class="hint">bid (\d+)</span>', form) == ["1", "0", "1", "0"]


def test_bids_remaining_is_shown_while_bidding_and_the_bids_total_while_taking_books(client, table):
    play(table, *ROUND_1)
    play(table, *ROUND_2)
    form = entry_form(client.get(table_url(table)))
    assert re.search(r'data-remaining="3">Bids remaining: <output data-remaining-value>3</output>', form)
    assert "information only" in form
    assert all('data-sum="bids"' in tag for tag in re.findall(r'<input name="bid-\d"[^>]*>', form))
    bid(table, [2, 1, 1, 1])  # the bids may add up to more than the cards
    form = entry_form(client.get(table_url(table)))
    assert "Bids total 5 of 3 cards." in form
    assert "Bids remaining" not in form


def test_bids_remaining_on_a_refused_form_counts_the_bids_typed(client, table):
    # Round 1 (1 card): Asha bids 2, which is refused; the form comes back with her 2 and the
    # remaining bids shown as cards minus the bids typed: 1 - 2 = -1.
    response = csrf_post(client, add_url(table), bids_form(1, [2, 0, 0, 0]))
    assert response.status_code == 422
    form = entry_form(response)
    assert re.search(r'<input name="bid-0" value="2"', form)
    remaining = re.search(r"<output data-remaining-value>([^<]*)</output>", form).group(1)
    assert remaining in ("-1", f"{MINUS}1")


def test_the_score_sheet_shows_totals_bids_and_sandbags(client, table):
    play(table, *ROUND_1)
    play(table, *ROUND_2)
    board = client.get(table_url(table))
    assert sheet(board) == {
        "Asha": ("red", "+10", "–", "0"),
        "Bikram": ("yellow", "+10", "–", "0"),
        "Charlie": ("green", "+1", "–", "1"),
        "David": ("blue", f"{MINUS}10", "–", "0"),
    }
    body = page(board)
    assert re.search(r"Round 3\s*<span class=\"phase up\"", body)
    assert "3 cards · Bikram deals" in body
    bid(table, ROUND_3[0])
    board = client.get(table_url(table))
    assert sheet(board) == {
        "Asha": ("red", "+10", "1", "0"),
        "Bikram": ("yellow", "+10", "0", "0"),
        "Charlie": ("green", "+1", "2", "1"),
        "David": ("blue", f"{MINUS}10", "1", "0"),
    }


def test_round_13_always_has_spades_as_trump(client, owner):
    table = seeded(owner, "thirteen", whole_game()[:12], colors=dict(zip(PLAYERS, COLORS)))
    form = entry_form(client.get(table_url(table)))
    assert "Round 13 · bids" in form
    assert "♠ (always spades)" in form
    assert 'name="trump"' not in form
    assert 'for="trump"' not in form and 'id="trump"' not in form  # no label points at text
    response = csrf_post(client, add_url(table), {**bids_form(13, [13, 0, 0, 0]), "trump": "H"})
    assert response.status_code == 422
    assert "trump is always spades in round 13" in page(response)
    assert table.hands.count() == 12
    data = bids_form(13, [13, 0, 0, 0])
    del data["trump"]
    assert csrf_post(client, add_url(table), data).status_code == 302
    assert Table.objects.get(pk=table.pk).current_hand["inputs"]["Asha"] == {"bid": 13}


# --- bad input -------------------------------------------------------------------------------


def _books_only(number, books):
    data = {"hand_number": str(number), "trump": ""}
    data.update({f"books-{seat}": str(value) for seat, value in enumerate(books)})
    return data


# (stage of round 2, form data, status, message). Round 1 is complete; round 2 deals 2 cards.
BAD_POSTS = [
    pytest.param("bids", bids_form(2, [0, 3, 0, 0]), 422, "Bikram · Bid: must be at most 2", id="bid-above-cards"),
    pytest.param("bids", bids_form(2, [-1, 0, 0, 0]), 422, "Asha · Bid: must be at least 0", id="bid-negative"),
    pytest.param("bids", bids_form(2, [0, 0, "two", 0]), 422, "Charlie · Bid: must be a whole number", id="bid-text"),
    pytest.param("bids", bids_form(2, [0, 0, 0, "1.5"]), 422, "David · Bid: must be a whole number", id="bid-fraction"),
    pytest.param("bids", bids_form(2, [0, "", 0, 0]), 422, "Bikram · Bid: enter a number", id="bid-blank"),
    pytest.param(
        "bids", without(bids_form(2, [0, 0, 0, 0]), "bid-3"), 422, "David · Bid: the bid is missing", id="bid-missing"
    ),
    pytest.param("bids", _books_only(2, [1, 1, 0, 0]), 422, "bids come before books", id="books-before-bids"),
    pytest.param(
        "bids", bids_form(2, [0, 0, 0, 0], trump="X"), 422, "trump: must be S, H, D or C", id="trump-not-a-suit"
    ),
    pytest.param(
        "bids",
        without(bids_form(2, [0, 0, 0, 0]), "hand_number"),
        422,
        "the form is out of date: reload the page",
        id="no-hand-number",
    ),
    pytest.param("bids", bids_form(1, [0, 0, 0, 0]), 409, "Round 1 was already recorded", id="round-already-played"),
    pytest.param(
        "books",
        books_form(2, 1, [0, 1, 0, 0]),
        422,
        "the books add up to 1, but 2 tricks were played",
        id="books-short",
    ),
    pytest.param(
        "books", books_form(2, 1, [1, 1, 1, 0]), 422, "the books add up to 3, but 2 tricks were played", id="books-over"
    ),
    pytest.param(
        "books", books_form(2, 1, [0, 3, 0, 0]), 422, "Bikram · Books: must be at most 2", id="books-above-cards"
    ),
    pytest.param(
        "books", books_form(2, 1, [0, 1, 2, -1]), 422, "David · Books: must be at least 0", id="books-negative"
    ),
    pytest.param(
        "books", books_form(2, 1, [0, "x", 1, 1]), 422, "Bikram · Books: must be a whole number", id="books-text"
    ),
    pytest.param("books", books_form(2, 1, [0, 1, "", 1]), 422, "Charlie · Books: enter a number", id="books-blank"),
    pytest.param(
        "books",
        without(books_form(2, 1, [0, 1, 1, 0]), "books-3"),
        422,
        "David · Books: the books are missing",
        id="books-missing",
    ),
    pytest.param(
        "books",
        without(books_form(2, 1, [0, 1, 1, 0]), "version"),
        422,
        "the form is out of date: reload the page",
        id="books-without-version",
    ),
    pytest.param(
        "books",
        books_form(2, 7, [0, 1, 1, 0]),
        409,
        "Round 2 was already recorded on another phone",
        id="books-stale-version",
    ),
    pytest.param(
        "books",
        {**bids_form(3, [0, 0, 0, 0]), "version": "1"},
        422,
        "enter the books of round 2 first",
        id="next-round-while-pending",
    ),
]


@pytest.mark.parametrize(("stage", "data", "status", "message"), BAD_POSTS)
def test_a_bad_post_is_refused_with_a_message_and_nothing_saved(client, table, stage, data, status, message):
    play(table, *ROUND_1)
    if stage == "books":
        bid(table, ROUND_2[0])
    before = snapshot(table)
    response = csrf_post(client, add_url(table), data)
    assert response.status_code == status
    assert message.lower() in page(response).lower()
    assert snapshot(table) == before
    if status == 422:
        assert 'class="error summary" role="alert"' in response.content.decode()


def test_a_refused_post_keeps_what_was_typed_and_marks_the_field(client, table):
    play(table, *ROUND_1)
    response = csrf_post(client, add_url(table), bids_form(2, [0, 3, 1, 0]))
    assert response.status_code == 422
    form = entry_form(response)
    assert re.search(r'<input name="bid-1" value="3"[^>]*aria-invalid="true"', form)
    assert re.search(r'<input name="bid-2" value="1"', form)
    assert "Bid: must be at most 2" in form
    bid(table, ROUND_2[0])
    response = csrf_post(client, add_url(table), books_form(2, 1, [0, 1, 0, 0]))
    assert response.status_code == 422
    form = entry_form(response)
    assert re.search(r'<input name="books-1" value="1"', form)
    assert "Round 2 · books" in form
    assert 'name="version" value="1"' in form


def test_books_from_a_page_older_than_a_correction_of_the_bids_are_refused(client, table):
    play(table, *ROUND_1)
    bid(table, ROUND_2[0])
    # Another phone corrects round 2's bids while this one shows the books form of version 1.
    recording.edit_hand(table, 2, thirteen_round([0, 2, 0, 0]), version=1)
    before = snapshot(table)
    response = csrf_post(client, add_url(table), books_form(2, 1, ROUND_2[1]))
    assert response.status_code == 409
    assert "already recorded on another phone" in page(response)
    assert snapshot(table) == before
    assert 'name="version" value="2"' in entry_form(response)
    assert csrf_post(client, add_url(table), books_form(2, 2, ROUND_2[1])).status_code == 302
    assert Hand.objects.get(table=table, number=2).points == {"Asha": 0, "Bikram": -20, "Charlie": 1, "David": 0}


def test_the_same_books_posted_from_two_phones_are_recorded_once(client, table):
    bid(table, ROUND_1[0])
    assert csrf_post(client, add_url(table), books_form(1, 1, ROUND_1[1])).status_code == 302
    before = snapshot(table)
    second = csrf_post(client, add_url(table), books_form(1, 1, [0, 1, 0, 0]))
    assert second.status_code == 409
    assert "Round 1 was already recorded" in page(second)
    assert snapshot(table) == before
    assert totals_row(second) == {"Asha": "+10", "Bikram": "0", "Charlie": "0", "David": "0"}


def test_a_post_without_the_csrf_token_is_refused(client, table):
    response = client.post(add_url(table), bids_form(1, [1, 0, 0, 0]))
    assert response.status_code == 403
    assert Hand.objects.count() == 0


# --- correcting rounds -----------------------------------------------------------------------


def test_the_edit_page_shows_the_bids_and_books_of_a_round(client, three_rounds):
    response = client.get(edit_url(three_rounds, 2))
    assert response.status_code == 200
    body = page(response)
    assert 'name="version" value="2"' in body  # 1 for the bids, 2 once the books were in
    assert row_names(body) == ["Bikram", "Charlie", "David", "Asha"]
    values = dict(re.findall(r'<input name="((?:bid|books)-\d)" value="(\d*)"', body))
    assert values == {
        "bid-1": "1",
        "books-1": "1",
        "bid-2": "0",
        "books-2": "1",
        "bid-3": "1",
        "books-3": "0",
        "bid-0": "0",
        "books-0": "0",
    }
    assert "Save the correction" in body


def test_correcting_an_earlier_rounds_books_changes_every_later_total(client, three_rounds):
    table = three_rounds
    # Round 1: Bikram, not Asha, took the only book. Asha goes set (-10), Bikram gets a sandbag (+1).
    response = csrf_post(client, edit_url(table, 1), edit_form(2, ROUND_1[0], [0, 1, 0, 0]))
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    hands = list(Hand.objects.filter(table=table))
    assert [hand.points for hand in hands] == [
        {"Asha": -10, "Bikram": 1, "Charlie": 0, "David": 0},
        POINTS[1],
        POINTS[2],
    ]
    assert [hand.version for hand in hands] == [3, 2, 2]
    assert hands[0].inputs == thirteen_round(ROUND_1[0], [0, 1, 0, 0])
    table.refresh_from_db()
    assert table.totals == {"Asha": 0, "Bikram": 12, "Charlie": -19, "David": 0}
    assert table.progress["sandbags"] == {"Asha": 0, "Bikram": 2, "Charlie": 1, "David": 0}
    board = client.get(table_url(table))
    assert "Round 1 corrected; every total after it follows." in page(board)
    assert totals_row(board) == {"Asha": "0", "Bikram": "+12", "Charlie": f"{MINUS}19", "David": "0"}
    assert sheet(board)["Bikram"] == ("yellow", "+12", "–", "2")


def test_a_correction_moves_a_sandbag_penalty_into_a_later_round(client, owner):
    table = tables.create_table(
        game="thirteen",
        name="Sandbags",
        players=PLAYERS,
        owner=owner,
        rules={"sandbag_penalty": True, "sandbag_limit": 2, "sandbag_penalty_points": 50},
    )
    for bids, books in (ROUND_1, ROUND_2, ROUND_3):
        play(table, bids, books)
    table.refresh_from_db()
    assert table.totals == TOTALS_3  # nobody reached 2 sandbags
    response = csrf_post(client, edit_url(table, 1), edit_form(2, ROUND_1[0], [0, 1, 0, 0]))
    assert response.status_code == 302
    # Bikram now has a sandbag from round 1; his sandbag in round 3 makes 2: -50 in round 3.
    assert [hand.points["Bikram"] for hand in Hand.objects.filter(table=table)] == [1, 10, 1 - 50]
    table.refresh_from_db()
    assert table.totals == {"Asha": 0, "Bikram": 1 + 10 - 49, "Charlie": -19, "David": 0}
    assert table.progress["sandbags"]["Bikram"] == 0


def test_correcting_a_bid_of_an_earlier_round(client, three_rounds):
    table = three_rounds
    # Round 2: David really bid 0 (no longer set: 0 instead of -10).
    response = csrf_post(client, edit_url(table, 2), edit_form(2, [0, 1, 0, 0], ROUND_2[1]))
    assert response.status_code == 302
    assert Hand.objects.get(table=table, number=2).points == {"Asha": 0, "Bikram": 10, "Charlie": 1, "David": 0}
    table.refresh_from_db()
    assert table.totals == {**TOTALS_3, "David": 10}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(
            edit_form(2, ROUND_1[0], [1, 1, 0, 0]),
            "the books add up to 2, but 1 trick was played",
            id="books-not-adding-up",
        ),
        pytest.param(edit_form(2, [2, 0, 0, 0], ROUND_1[1]), "Asha · Bid: must be at most 1", id="bid-above-cards"),
        pytest.param(edit_form(2, ROUND_1[0], [1, 0, "", 0]), "Charlie · Books: enter a number", id="books-blank"),
    ],
)
def test_a_bad_correction_is_refused_and_nothing_changes(client, three_rounds, data, message):
    before = snapshot(three_rounds)
    response = csrf_post(client, edit_url(three_rounds, 1), data)
    assert response.status_code == 422
    assert message in page(response)
    assert snapshot(three_rounds) == before


def test_a_correction_from_a_stale_page_is_refused(client, three_rounds):
    recording.edit_hand(three_rounds, 1, thirteen_round(ROUND_1[0], [0, 0, 1, 0]), version=2)  # another phone
    before = snapshot(three_rounds)
    response = csrf_post(client, edit_url(three_rounds, 1), edit_form(2, ROUND_1[0], [0, 1, 0, 0]))
    assert response.status_code == 409
    assert "changed on another phone" in page(response)
    assert snapshot(three_rounds) == before


# --- correcting names and colours ------------------------------------------------------------


def test_correcting_a_name_renames_it_everywhere_and_colours_change(client, three_rounds):
    table = three_rounds
    bid(table, [1, 1, 1, 1])  # round 4 pending: its bids are renamed too
    response = csrf_post(
        client,
        reverse("players", args=[table.keeper_token]),
        {"player": ["Anita", "Bikram", "Charlie", "Dev"], "color": ["blue", "yellow", "green", "red"]},
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.players == ["Anita", "Bikram", "Charlie", "Dev"]
    assert table.colors == {"Anita": "blue", "Bikram": "yellow", "Charlie": "green", "Dev": "red"}
    assert table.totals == {"Anita": 20, "Bikram": 11, "Charlie": -19, "Dev": 0}
    assert table.progress["bids"] == {"Anita": 1, "Bikram": 1, "Charlie": 1, "Dev": 1}
    hands = list(Hand.objects.filter(table=table))
    renamed = ["Anita", "Bikram", "Charlie", "Dev"]
    for hand, (bids, books) in zip(hands, (ROUND_1, ROUND_2, ROUND_3)):
        assert hand.inputs == thirteen_round(bids, books, players=renamed)
    assert table.current_hand["inputs"] == thirteen_round([1, 1, 1, 1], players=renamed)
    assert [hand.points for hand in hands[:3]] == [
        {{"Asha": "Anita", "David": "Dev"}.get(name, name): value for name, value in points.items()}
        for points in POINTS
    ]
    board = client.get(table_url(table))
    body = page(board)
    assert "Players updated." in body
    assert "Asha" not in body and "David" not in body
    assert totals_row(board) == {"Anita": "+20", "Bikram": "+11", "Charlie": f"{MINUS}19", "Dev": "0"}
    assert sheet(board)["Anita"] == ("blue", "+20", "1", "0")
    assert sheet(board)["Dev"] == ("red", "0", "1", "0")
    assert row_names(entry_form(board)) == ["Dev", "Anita", "Bikram", "Charlie"]  # round 4: Charlie deals
    # The pending round can still be completed under the new names.
    assert csrf_post(client, add_url(table), books_form(4, 1, [1, 1, 1, 1])).status_code == 302
    table.refresh_from_db()
    assert table.totals == {"Anita": 30, "Bikram": 21, "Charlie": -9, "Dev": 10}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({"player": ["Anita", "Bikram", "Charlie"], "color": COLORS}, "4 players", id="three-names"),
        pytest.param(
            {"player": ["Anita", "Bikram", "Charlie", "anita"], "color": COLORS},
            "two players have this name",
            id="duplicate",
        ),
        pytest.param(
            {"player": PLAYERS, "color": ["red", "red", "pink", "blue"]},
            "choose a colour for each player",
            id="unknown-colour",
        ),
        pytest.param(
            {"player": PLAYERS, "color": ["red", "yellow", "red", "blue"]},
            "two players wear red: give each player a colour of their own",
            id="same-colour",
        ),
    ],
)
def test_a_bad_name_correction_is_refused_and_nothing_changes(client, three_rounds, data, message):
    before = snapshot(three_rounds)
    response = csrf_post(client, reverse("players", args=[three_rounds.keeper_token]), data)
    assert response.status_code == 422
    assert message in page(response).lower()
    assert snapshot(three_rounds) == before


# --- the game's words: a Thirteen table plays rounds ---------------------------------------------

HAND = re.compile(r"\bhands?\b", re.IGNORECASE)


@pytest.fixture
def fourteenth_round(owner):
    """13 rounds played and the bids of round 14 in: the board hides round 1 and shows 14 pending."""
    table = seeded(owner, "thirteen", whole_game()[:13], colors=dict(zip(PLAYERS, COLORS)))
    bid(table, [1, 1, 1, 1])
    return table


def test_the_board_says_round_where_other_games_say_hand(client, fourteenth_round):
    board = read_text(client.get(table_url(fourteenth_round)))
    for words in ("Show 1 earlier round", "Round 2 worked out", "Fix round 14", "Undo round 14?", "Undo round 14"):
        assert words in board
    assert HAND.findall(board) == []
    assert HAND.findall(read_text(client.get(table_url(fourteenth_round, fourteenth_round.viewer_token)))) == []


def test_the_edit_and_history_pages_and_messages_say_round(client, fourteenth_round):
    table = fourteenth_round
    edit_page = read_text(client.get(edit_url(table, 14)))
    for words in (
        "Fix round 14",
        "every total after this round follows",
        "Delete this round? The rounds after it",
        "Delete round 14",
        "History of round 14",
    ):
        assert words in edit_page
    assert HAND.findall(edit_page) == []
    player = read_text(client.get(reverse("player", args=["Asha"])))
    assert "Best round" in player and HAND.findall(player) == []
    history = read_text(client.get(reverse("history", args=[table.keeper_token]) + "?hand=14"))
    assert "History of round 14" in history and HAND.findall(history) == []
    csrf_post(client, reverse("delete_hand", args=[table.keeper_token, 14]))
    assert "Round 14 deleted." in page(client.get(table_url(table)))
    tables.set_finished(table, True)
    refused = csrf_post(client, edit_url(table, 2), edit_form(2, [0, 0, 0, 2], [0, 0, 0, 2]))
    assert "Reopen it to change rounds." in page(client.get(table_url(table))) + page(refused)


# --- the end ---------------------------------------------------------------------------------


@pytest.fixture
def finished_game(owner):
    table = seeded(owner, "thirteen", whole_game(winner_seat=3))
    assert table.hands.count() == 25
    return table


def test_after_round_25_the_page_shows_game_over_and_the_winner(client, finished_game):
    assert finished_game.progress["game_over"] is True
    assert finished_game.totals == {"Asha": 0, "Bikram": 0, "Charlie": 0, "David": 1690}
    response = client.get(table_url(finished_game))
    assert response.status_code == 200
    body = page(response)
    assert "Game over" in body
    assert "<strong>David</strong> wins." in body
    assert 'id="new-hand"' not in body
    assert 'name="hand_number"' not in body
    assert totals_row(response)["David"] == "+1690"


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(bids_form(26, [1, 0, 0, 0]), id="round-26"),
        pytest.param({**bids_form(25, [1, 0, 0, 0]), "version": "1"}, id="round-25-again"),
    ],
)
def test_a_post_after_the_game_is_over_is_refused_and_nothing_saved(client, finished_game, data):
    before = snapshot(finished_game)
    response = csrf_post(client, add_url(finished_game), data)
    assert response.status_code == 409
    assert "The game is over" in page(response)
    assert snapshot(finished_game) == before
    assert not Hand.objects.filter(table=finished_game, number=26).exists()


def test_a_round_can_still_be_corrected_after_the_game_is_over(client, finished_game):
    # Round 25 (1 card): Asha, not David, took the only book that David bid.
    response = csrf_post(client, edit_url(finished_game, 25), edit_form(1, [0, 0, 0, 1], [1, 0, 0, 0]))
    assert response.status_code == 302
    finished_game.refresh_from_db()
    assert finished_game.totals == {"Asha": 1, "Bikram": 0, "Charlie": 0, "David": 1690 - 20}
    assert finished_game.progress["game_over"] is True
    assert "<strong>David</strong> wins." in page(client.get(table_url(finished_game)))


# --- import and export -----------------------------------------------------------------------


def test_export_import_export_gives_the_same_document(client, owner):
    table = tables.create_table(
        game="thirteen",
        name="Round trip",
        players=PLAYERS,
        owner=owner,
        rules={"sandbag_penalty": True, "sandbag_limit": 2},
        colors=dict(zip(PLAYERS, COLORS)),
    )
    recording.record_hand(table, {**thirteen_round(ROUND_1[0]), "_hand": {"trump": "C"}}, 1)
    recording.record_hand(table, {**thirteen_round(*ROUND_1), "_hand": {"trump": "C"}}, 1, version=1)
    play(table, *ROUND_2)
    play(table, *ROUND_3)
    bid(table, [2, 0, 1, 0])  # round 4 is pending
    response = client.get(reverse("export", args=[table.keeper_token]))
    assert response.status_code == 200
    first = json.loads(response.content)
    assert first["game"] == "thirteen"
    assert first["colors"] == dict(zip(PLAYERS, COLORS))
    assert first["rules"] == {"sandbag_penalty": True, "sandbag_limit": 2, "sandbag_penalty_points": 100}
    assert first["hands"][0]["inputs"]["_hand"] == {"trump": "C"}
    assert first["hands"][3]["inputs"] == thirteen_round([2, 0, 1, 0])
    assert first["hands"][3]["points"] == dict.fromkeys(PLAYERS, 0)

    upload = SimpleUploadedFile("round-trip.json", response.content, content_type="application/json")
    imported = csrf_post(client, reverse("import_file"), {"file": upload})
    assert imported.status_code == 302
    copy = Table.objects.exclude(pk=table.pk).get()
    assert imported["Location"] == table_url(copy)
    assert copy.progress["pending"] is True
    second = json.loads(client.get(reverse("export", args=[copy.keeper_token])).content)
    assert second == first
    # The imported table carries on: round 4's books.
    assert csrf_post(client, add_url(copy), books_form(4, 1, [2, 0, 1, 1])).status_code == 302


def test_an_invalid_thirteen_file_is_rejected_whole(client):
    hands = whole_game()[:3]
    hands[2] = thirteen_round([1, 0, 2, 1], [1, 1, 0, 0])  # three cards, two books
    assert_import_refused(
        client, document("thirteen", PLAYERS, hands), "hand 3, books: the books add up to 2, but 3 tricks were played"
    )


def test_a_game_finished_while_its_bids_wait_for_books_still_shows_its_board(client, three_rounds):
    bid(three_rounds, [1, 1, 1, 1])
    finish = reverse("finish", args=[three_rounds.keeper_token])
    assert csrf_post(client, finish, {"finished": "yes"}).status_code == 302
    for token in (three_rounds.keeper_token, three_rounds.viewer_token):
        response = client.get(table_url(three_rounds, token))
        assert response.status_code == 200
        assert "bids in, waiting for the books" in page(response)
