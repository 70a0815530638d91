"""Marriage with honors through its web pages: honors, marriages, points in hand, who deals.

Spec: docs/rules/marriage-honors.md and docs/FORMAT.md. The helpers at the top
only build requests and read pages; every test is one behaviour.
"""

import json
import re
from importlib import import_module

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Hand, PointTable, Table
from games.services import recording, tables
from scoring import marriage_honors
from tests.fixtures import (
    MINUS,
    add_url,
    assert_import_refused,
    assert_new_table_refused,
    csrf_post,
    page,
    players_of,
    seeded,
    snapshot,
    table_form,
    table_url,
    totals_row,
)
from tests.fixtures import board_cells as shared_board_cells
from tests.inputs import document

pytestmark = pytest.mark.django_db

PLAYERS = players_of("marriage-honors")
OUTCOMES = {
    "D": "declared",
    "p": "played",
    "f": "surrendered_first",
    "l": "surrendered_later",
    "n": "no_turn",
    "i": "inactive",
}
# The spec's worked example (honor value 4, marriage 20), with a fourth player sitting out.
WORKED = {"Asha": 30, "Bina": 6, "Chet": -36, "Dev": 0}
WORKED_INPUTS = {
    "Asha": {"outcome": "declared", "honors": 2, "marriages": 0},
    "Bina": {"outcome": "played", "honors": 1, "marriages": 1, "hand_points": 17},
    "Chet": {"outcome": "surrendered_first", "honors": 0, "marriages": 0},
    "Dev": {"outcome": "inactive"},
}


# --- helpers ---------------------------------------------------------------------------------


def board_cells(response, number):
    """Hand `number` on the board: [(score as printed, the PART_A/PART_B detail or None)] in seat order."""
    return [(cell["shown"], cell["detail"]) for cell in shared_board_cells(response, number)]


def standings(response):
    """[(name, total, money)] in the order the standings list them."""
    return re.findall(
        r'<li class="[^"]*"><span class="name"><span class="cut" title="[^"]*">([^<]+)</span></span>\s*'
        r'<span class="num">([^<]*)</span>'
        r'<span class="num money">([^<]*)</span>',
        page(response),
    )


def transfers(response):
    return re.findall(
        r"<strong>(\w+)</strong> pays <strong>(\w+)</strong>\s*<span class=\"num\">([^<]*)</span>", page(response)
    )


def stats(response):
    """Player -> (games played, declarations, surrenders, honors, marriages, games without honors)
    as printed."""
    rows = re.findall(
        r'<tr><th scope="row" class="who" title="[^"]*">([^<]+)</th>((?:\s*<td>[^<]*</td>)+)\s*</tr>', page(response)
    )
    return {name: tuple(re.findall(r"<td>([^<]*)</td>", cells)) for name, cells in rows}


def deal_line(response):
    """The deal line, tags stripped and spaces collapsed."""
    found = re.search(r'<p class="deal-info" id="deal-info">(.*?)</p>', page(response), re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>", "", found).split())


def game_form(outcomes, number=1, honors=(), marriages=(), points=None, cards=None, **extra):
    """The game form as the page posts it: outcomes like "Dpfi" (D declared, p played, f surrendered
    first, l surrendered later, n no turn, i inactive, - nothing chosen); points/cards: {seat: value}."""
    points, cards = points or {}, cards or {}
    data = {"hand_number": str(number)}
    for seat, code in enumerate(outcomes):
        if code != "-":
            data[f"outcome-{seat}"] = OUTCOMES[code]
        data[f"honors-{seat}"] = str(honors[seat]) if seat < len(honors) else "0"
        data[f"marriages-{seat}"] = str(marriages[seat]) if seat < len(marriages) else "0"
        data[f"hand_points-{seat}"] = str(points.get(seat, ""))
        data[f"cards-{seat}"] = cards.get(seat, "")
    data.update(extra)
    return data


WORKED_FORM = game_form("Dpfi", honors=(2, 1, 0, 0), marriages=(0, 1, 0, 0), points={1: 17})


def inputs_for(outcomes, honors=(), points=None, players=PLAYERS):
    """Engine inputs: outcomes like "Dfff"; honors by seat; hand points {seat: value}."""
    points = points or {}
    inputs = {}
    for seat, (name, code) in enumerate(zip(players, outcomes)):
        entry = {"outcome": OUTCOMES[code]}
        if code != "i":
            entry["honors"] = honors[seat] if seat < len(honors) else 0
        if seat in points:
            entry["hand_points"] = points[seat]
        inputs[name] = entry
    return inputs


def deal_url(table, token=None):
    return reverse("deal_info", args=[token or table.keeper_token])


@pytest.fixture
def table(owner):
    return tables.create_table(game="marriage-honors", name="Honors night", players=PLAYERS, rules={}, owner=owner)


@pytest.fixture
def played(table):
    """The worked example as game 1."""
    recording.record_hand(table, WORKED_INPUTS, 1)
    table.refresh_from_db()
    assert table.totals == WORKED
    return table


# --- creating a table ------------------------------------------------------------------------


def test_creating_a_table_keeps_the_players_in_order_and_the_settings(client, owner):
    data = table_form(
        "marriage-honors",
        ["Dev", "", "Asha", "Bina", "Chet"],
        decks="4",
        cards_per_hand="13",
        direction="anticlockwise",
        honor_value="5",
        marriage_points="25",
        point_rate="0.5",
        currency="NPR",
    )
    response = csrf_post(client, reverse("new_table", args=["marriage-honors"]), data)
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert table.game == "marriage-honors"
    assert table.owner == owner
    assert table.players == ["Dev", "Asha", "Bina", "Chet"]
    assert table.rules == {
        **marriage_honors.ENGINE.default_rules(),
        "decks": 4,
        "cards_per_hand": 13,
        "direction": "anticlockwise",
        "honor_value": 5,
        "marriage_points": 25,
        "point_rate": 0.5,
        "currency": "NPR",
    }
    assert table.totals == dict.fromkeys(["Dev", "Asha", "Bina", "Chet"], 0)


def test_the_new_table_form_offers_ten_seats_and_the_admins_defaults(client):
    PointTable.objects.create(game="marriage-honors", rules={"honor_value": 3, "decks": 4})
    form_page = client.get(reverse("new_table", args=["marriage-honors"])).content.decode()
    assert len(re.findall(r'<input name="player"', form_page)) == 10
    assert re.search(r'<input[^>]*name="honor_value"[^>]*value="3"', form_page)
    assert re.search(r'<input[^>]*name="decks"[^>]*value="4"', form_page)
    assert re.search(r'<input[^>]*name="marriage_points"[^>]*value="20"', form_page)


def test_ten_players_is_a_table(client):
    names = [f"P{seat}" for seat in range(1, 11)]
    response = csrf_post(client, reverse("new_table", args=["marriage-honors"]), table_form("marriage-honors", names))
    assert response.status_code == 302
    assert Table.objects.get().players == names


BAD_TABLES = [
    pytest.param(table_form("marriage-honors", ["Asha"]), "a table needs 2 to 10 players", id="one-player"),
    pytest.param(
        table_form("marriage-honors", [f"P{seat}" for seat in range(1, 12)]),
        "a table needs 2 to 10 players",
        id="eleven-players",
    ),
    pytest.param(table_form("marriage-honors", decks="2"), "Must be at least 3", id="two-decks"),
    pytest.param(table_form("marriage-honors", decks="6"), "Must be at most 5", id="six-decks"),
    pytest.param(table_form("marriage-honors", cards_per_hand="2"), "Must be at least 3", id="two-cards"),
    pytest.param(table_form("marriage-honors", honor_value="-1"), "Must be at least 0", id="negative-honor-value"),
    pytest.param(table_form("marriage-honors", direction="sideways"), "select a valid choice", id="bad-direction"),
    pytest.param(table_form("marriage-honors", point_rate="0"), "Must be more than 0", id="point-rate-0"),
    pytest.param(
        table_form("marriage-honors", ["Asha", "Bina", "asha"]), "two players have this name", id="duplicate-names"
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_TABLES)
def test_a_bad_table_is_refused_with_a_message_and_nothing_saved(client, data, message):
    assert_new_table_refused(client, "marriage-honors", data, message)


def test_one_refusal_says_every_problem_of_the_new_table_form(client):
    data = table_form("marriage-honors", ["Asha"], name="", decks="7", honor_value="x", point_rate="10000000")
    response = csrf_post(client, reverse("new_table", args=["marriage-honors"]), data)
    assert response.status_code == 422
    text = page(response)
    for said in (
        "Is missing",  # the name
        "A table needs 2 to 10 players",
        "Must be at most 5",  # decks
        "Must be a whole number",  # honor value
        "Must be at most 1000000",  # point rate
    ):
        assert said in text
    assert "Ensure this value" not in text and Table.objects.count() == 0


# --- entering a game -------------------------------------------------------------------------


def test_the_worked_example_through_the_form_with_a_player_sitting_out(client, table):
    response = csrf_post(client, add_url(table), WORKED_FORM)
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    hand = Hand.objects.get(table=table)
    assert hand.inputs == WORKED_INPUTS
    assert hand.points == WORKED
    table.refresh_from_db()
    assert table.totals == WORKED
    board = client.get(table_url(table))
    assert totals_row(board) == {"Asha": "+30", "Bina": "+6", "Chet": f"{MINUS}36", "Dev": "0"}
    assert [score for score, _detail in board_cells(board, 1)] == ["+30", "+6", f"{MINUS}36", "–"]  # Dev sat out
    assert [(name, total) for name, total, _money in standings(board)] == [
        ("Asha", "+30"),
        ("Bina", "+6"),
        ("Dev", "0"),
        ("Chet", f"{MINUS}36"),
    ]
    assert 'name="hand_number" value="2"' in page(board)


def test_part_a_and_part_b_are_shown_on_tap(client, table):
    csrf_post(client, add_url(table), WORKED_FORM)
    board = client.get(table_url(table))
    # PART_A = n·h − H (H = 32), PART_B = −2 × points in hand, the declarer the rest.
    assert board_cells(board, 1) == [
        ("+30", f"honors {MINUS}8, hand +38"),
        ("+6", f"honors +40, hand {MINUS}34"),
        (f"{MINUS}36", f"honors {MINUS}32, hand {MINUS}4"),
        ("–", None),  # sat out: not in the game
    ]
    assert page(board).count('<details class="cell">') == 3


def test_hand_points_are_counted_from_the_cards(client, table):
    # Bina played on with K♠ Q♥ 7♦ joker = 27; Chet never got a turn with 10♣ 2♥ = 12 (halved: 6).
    data = game_form("Dpnf", cards={1: "KS qh 7♦ JK", 2: "10C, 2H"})
    response = csrf_post(client, add_url(table), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.inputs["Bina"] == {"outcome": "played", "honors": 0, "marriages": 0, "hand_points": 27}
    assert hand.inputs["Chet"] == {"outcome": "no_turn", "honors": 0, "marriages": 0, "hand_points": 12}
    # PART_B: Bina −54, Chet −12, Dev −4, Asha +70; no honors.
    assert hand.points == {"Asha": 70, "Bina": -54, "Chet": -12, "Dev": -4}


def test_aces_and_court_cards_count_10_and_jokers_0(client, table):
    data = game_form("Dppi", cards={1: "AS JD QC KH", 2: "JK JK 9S"})
    assert csrf_post(client, add_url(table), data).status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.inputs["Bina"]["hand_points"] == 40
    assert hand.inputs["Chet"]["hand_points"] == 9
    assert hand.points == {"Asha": 98, "Bina": -80, "Chet": -18, "Dev": 0}


def test_surrendered_later_and_no_turn_with_typed_points(client, table):
    # Asha declared; Bina surrendered later (5 → −10); Chet no turn with 21 (−21); Dev played on with 3 (−6).
    data = game_form("Dlnp", honors=(0, 1, 0, 0), points={2: 21, 3: 3})
    assert csrf_post(client, add_url(table), data).status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.inputs["Chet"]["hand_points"] == 21  # stored as counted; the engine halves it
    # H = 4: PART_A Bina 12, the others −4.
    assert hand.points == {"Asha": -4 + 37, "Bina": 12 - 10, "Chet": -4 - 21, "Dev": -4 - 6}


def test_an_htmx_post_answers_with_the_board_fragment(client, table):
    response = csrf_post(client, add_url(table), WORKED_FORM, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = page(response)
    assert "<html" not in body
    assert "Game 1 saved:" in body
    assert totals_row(response) == {"Asha": "+30", "Bina": "+6", "Chet": f"{MINUS}36", "Dev": "0"}
    assert 'name="hand_number" value="2"' in body


def test_statistics_are_shown_per_player(client, played):
    # Game 2: Chet declares with a marriage; Bina surrenders later; Asha plays on; Dev surrenders first.
    data = game_form("plDf", number=2, honors=(0, 3, 1, 0), marriages=(0, 0, 1, 0), points={0: 12})
    assert csrf_post(client, add_url(played), data).status_code == 302
    board = client.get(table_url(played))
    assert "Statistics" in page(board)
    # games played (Dev sat game 1 out), declarations, surrenders, honors, marriages, games without honors
    assert stats(board) == {
        "Asha": ("2", "1", "0", "2", "0", "1"),
        "Bina": ("2", "0", "1", "4", "1", "0"),
        "Chet": ("2", "1", "1", "1", "1", "1"),
        "Dev": ("1", "0", "1", "0", "0", "1"),
    }


# --- who deals, cuts and leads ---------------------------------------------------------------


def test_the_deal_line_shows_who_deals_cuts_and_leads_and_the_round(client, table):
    board = client.get(table_url(table))
    assert deal_line(board) == "Round 1, deal 1 · Asha deals, Dev cuts and picks the joker, Bina plays first"


def test_the_deal_passes_after_each_game(client, played):
    # Game 1 was dealt by Asha; Bina deals game 2 (Dev sat out game 1, but is back for game 2).
    assert deal_line(client.get(table_url(played))) == (
        "Round 1, deal 2 · Bina deals, Asha cuts and picks the joker, Chet plays first"
    )


def test_deal_info_changes_the_cutter_when_a_player_sits_out(client, table):
    response = client.get(deal_url(table), {"outcome-3": "inactive"})
    assert response.status_code == 200
    assert "<html" not in page(response)
    assert deal_line(response) == "Round 1, deal 1 · Asha deals, Chet cuts and picks the joker, Bina plays first"


def test_deal_info_changes_the_dealer_when_the_dealer_sits_out(client, table):
    response = client.get(deal_url(table), {"outcome-0": "inactive", "outcome-1": "played"})
    assert response.status_code == 200
    assert deal_line(response) == "Round 1, deal 1 · Bina deals, Dev cuts and picks the joker, Chet plays first"
    response = client.get(deal_url(table), {"outcome-0": "inactive", "outcome-1": "inactive"})
    assert deal_line(response) == "Round 1, deal 1 · Chet deals, Dev cuts and picks the joker, Dev plays first"


def test_deal_info_with_fewer_than_two_active_players_says_so(client, table):
    data = {"outcome-0": "inactive", "outcome-1": "inactive", "outcome-2": "inactive"}
    response = client.get(deal_url(table), data)
    assert response.status_code == 200
    assert "at least 2 players must be active" in page(response)
    assert deal_line(response).startswith("Round 1, deal 1 · Asha deals")


def test_deal_info_is_for_the_scorekeeper_only(client, table):
    assert client.get(deal_url(table, table.viewer_token), {"outcome-3": "inactive"}).status_code == 404


def test_anticlockwise_play_cuts_from_the_next_seat(client, owner):
    table = tables.create_table(
        game="marriage-honors", name="Anticlockwise", players=PLAYERS, rules={"direction": "anticlockwise"}, owner=owner
    )
    assert deal_line(client.get(table_url(table))) == (
        "Round 1, deal 1 · Asha deals, Bina cuts and picks the joker, Dev plays first"
    )
    recording.record_hand(table, inputs_for("Dfff"), 1)
    table.refresh_from_db()
    assert deal_line(client.get(table_url(table))) == (
        "Round 1, deal 2 · Dev deals, Asha cuts and picks the joker, Chet plays first"
    )


def test_the_round_is_shown_as_rounds_done_dot_deal(client, owner):
    # Eleven games, everyone active: rounds 1 and 2 done, two deals of round 3 done; the next is "Round 3, deal 3".
    table = seeded(owner, "marriage-honors", [inputs_for("Dfff")] * 10)
    assert deal_line(client.get(table_url(table))) == (
        "Round 3, deal 3 · Chet deals, Bina cuts and picks the joker, Dev plays first"
    )
    recording.record_hand(table, inputs_for("Dfff"), 11)
    table.refresh_from_db()
    assert deal_line(client.get(table_url(table))) == (
        "Round 3, deal 4 · Dev deals, Chet cuts and picks the joker, Asha plays first"
    )


# --- bad games -------------------------------------------------------------------------------

BAD_GAMES = [
    pytest.param(game_form("pfff", points={0: 10}), "choose who declared", id="no-declarer"),
    pytest.param(game_form("DDff"), "only one player can declare", id="two-declarers"),
    pytest.param(game_form("Dff-"), "Dev · Outcome: choose declared, played", id="outcome-missing"),
    pytest.param(game_form("Dpff"), "Bina · Hand points: is missing", id="played-without-hand-points"),
    pytest.param(game_form("Dnff"), "Bina · Hand points: is missing", id="no-turn-without-hand-points"),
    pytest.param(
        game_form("Dpff", points={1: -5}), "Bina · Hand points: must be at least 0", id="negative-hand-points"
    ),
    pytest.param(
        game_form("Dpff", points={1: "12.5"}), "Bina · Hand points: must be a whole number", id="fractional-hand-points"
    ),
    pytest.param(
        game_form("Dpff", points={1: 211}), "Bina · Hand points: must be at most 210", id="too-many-hand-points"
    ),
    pytest.param(
        game_form("Dfff", points={1: 4}),
        "hand points mean nothing for surrendered first",
        id="hand-points-for-surrender",
    ),
    pytest.param(
        game_form("Dfff", points={0: 4}), "hand points mean nothing for declared", id="hand-points-for-declarer"
    ),
    pytest.param(
        game_form("Dpff", points={1: 4}, cards={1: "AS"}),
        "type the hand points or count the cards, not both",
        id="typed-and-counted",
    ),
    pytest.param(game_form("Dpff", cards={1: "AS ZZ"}), "'ZZ' is not a card", id="unknown-card"),
    pytest.param(game_form("Diii"), "at least 2 players must be active", id="one-active"),
    pytest.param(game_form("iiii"), "at least 2 players must be active", id="nobody-active"),
    pytest.param(game_form("Dfff", honors=(0, -1, 0, 0)), "Bina · Honors: must be at least 0", id="negative-honors"),
    pytest.param(game_form("Dfff", honors=(0, "two", 0, 0)), "Bina · Honors: must be a whole number", id="text-honors"),
    pytest.param(
        game_form("Dfff", marriages=(0, 0, -1, 0)), "Chet · Marriages: must be at least 0", id="negative-marriages"
    ),
    pytest.param(
        game_form("Dfff", marriages=(2, 2, 0, 0)),
        "3 decks hold only 3 marriages, 4 were entered",
        id="too-many-marriages",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_GAMES)
def test_a_bad_game_is_refused_with_a_message_and_nothing_saved(client, played, data, message):
    before = snapshot(played)
    data = {**data, "hand_number": "2"}
    response = csrf_post(client, add_url(played), data)
    assert response.status_code == 422
    assert message.lower() in page(response).lower()
    assert 'class="error summary"' in response.content.decode()
    assert snapshot(played) == before


def test_a_refused_game_keeps_what_was_typed(client, table):
    data = game_form("Dpfi", honors=(2, 1, 0, 0), marriages=(0, 1, 0, 0), points={1: -17})
    response = csrf_post(client, add_url(table), data)
    assert response.status_code == 422
    body = page(response)
    assert re.search(r'name="hand_points-1" value="-17"[^>]*aria-invalid="true"', body)
    assert re.search(r'name="honors-0" value="2"', body)
    assert re.search(r'name="outcome-3" value="inactive" checked', body)


def test_a_game_from_a_stale_page_is_refused(client, played):
    before = snapshot(played)
    response = csrf_post(client, add_url(played), game_form("Dfff", number=1))
    assert response.status_code == 409
    assert "Game 1 was already recorded" in page(response)
    assert snapshot(played) == before


def test_a_post_without_the_csrf_token_is_refused(client, table):
    response = client.post(add_url(table), WORKED_FORM)
    assert response.status_code == 403
    assert Hand.objects.count() == 0


# --- correcting games ------------------------------------------------------------------------


def test_the_edit_page_shows_the_game_as_entered(client, played):
    response = client.get(reverse("edit_hand", args=[played.keeper_token, 1]))
    assert response.status_code == 200
    body = page(response)
    assert 'name="version" value="1"' in body
    assert re.search(r'name="outcome-0" value="declared" checked', body)
    assert re.search(r'name="outcome-3" value="inactive" checked', body)
    assert re.search(r'name="hand_points-1" value="17"', body)
    assert re.search(r'name="marriages-1" value="1"', body)


def test_fixing_an_earlier_game_changes_every_total_after(client, played):
    recording.record_hand(played, inputs_for("fDff"), 2)  # Bina +12, the others −4
    played.refresh_from_db()
    assert played.totals == {"Asha": 26, "Bina": 18, "Chet": -40, "Dev": -4}
    # Game 1: Bina held 12 points in hand, not 17, and Dev did play (surrendered first).
    data = {**game_form("Dpff", honors=(2, 1, 0, 0), marriages=(0, 1, 0, 0), points={1: 12}), "version": "1"}
    response = csrf_post(client, reverse("edit_hand", args=[played.keeper_token, 1]), data)
    assert response.status_code == 302
    # n = 4, H = 32: PART_A Asha 0, Bina 64, Chet −32, Dev −32; PART_B Bina −24, Chet −4, Dev −4, Asha +32.
    assert Hand.objects.get(table=played, number=1).points == {"Asha": 32, "Bina": 40, "Chet": -36, "Dev": -36}
    played.refresh_from_db()
    assert played.totals == {"Asha": 28, "Bina": 52, "Chet": -40, "Dev": -40}
    board = client.get(table_url(played))
    assert totals_row(board) == {"Asha": "+28", "Bina": "+52", "Chet": f"{MINUS}40", "Dev": f"{MINUS}40"}
    assert [score for score, _detail in board_cells(board, 1)] == ["+32", "+40", f"{MINUS}36", f"{MINUS}36"]
    assert board_cells(board, 1)[3][1] is not None  # Dev played: his PART_A/PART_B are shown now


def test_a_bad_correction_is_refused_and_nothing_changes(client, played):
    before = snapshot(played)
    data = {**game_form("DDff"), "version": "1"}
    response = csrf_post(client, reverse("edit_hand", args=[played.keeper_token, 1]), data)
    assert response.status_code == 422
    assert "only one player can declare" in page(response)
    assert snapshot(played) == before


# --- ending the session and money ------------------------------------------------------------


@pytest.fixture
def money_table(owner):
    table = tables.create_table(
        game="marriage-honors", name="Money", players=PLAYERS, rules={"point_rate": 0.5, "currency": "NPR"}, owner=owner
    )
    recording.record_hand(table, WORKED_INPUTS, 1)
    table.refresh_from_db()
    return table


def test_who_pays_whom_at_the_point_rate(client, money_table):
    board = client.get(table_url(money_table))
    assert standings(board) == [
        ("Asha", "+30", "15.00 NPR"),
        ("Bina", "+6", "3.00 NPR"),
        ("Dev", "0", "0.00 NPR"),
        ("Chet", f"{MINUS}36", f"{MINUS}18.00 NPR"),
    ]
    assert "Who pays whom" in page(board)
    assert transfers(board) == [("Chet", "Asha", "15.00 NPR"), ("Chet", "Bina", "3.00 NPR")]


def test_the_session_can_end_part_way(client, money_table):
    recording.record_hand(money_table, inputs_for("fDff"), 2)  # Bina +12, the others −4
    response = csrf_post(client, reverse("finish", args=[money_table.keeper_token]), {"finished": "yes"})
    assert response.status_code == 302
    money_table.refresh_from_db()
    assert money_table.finished is not None
    board = client.get(table_url(money_table))
    body = page(board)
    assert "Final standings" in body
    assert 'name="hand_number"' not in body
    assert 'id="deal-info"' not in body
    assert totals_row(board) == {"Asha": "+26", "Bina": "+18", "Chet": f"{MINUS}40", "Dev": f"{MINUS}4"}
    assert transfers(board) == [
        ("Chet", "Asha", "13.00 NPR"),
        ("Chet", "Bina", "7.00 NPR"),
        ("Dev", "Bina", "2.00 NPR"),
    ]
    response = csrf_post(client, add_url(money_table), game_form("Dfff", number=3))
    assert response.status_code == 409
    assert money_table.hands.count() == 2


# --- import and export -----------------------------------------------------------------------


def test_export_import_export_gives_the_same_document(client, owner):
    table = tables.create_table(
        game="marriage-honors",
        name="Round trip",
        players=PLAYERS,
        owner=owner,
        rules={"decks": 4, "honor_value": 5, "point_rate": 0.25, "currency": "NPR"},
    )
    assert csrf_post(client, add_url(table), WORKED_FORM).status_code == 302
    data = game_form("pDnl", number=2, honors=(1, 0, 3, 0), marriages=(1, 0, 0, 0), cards={0: "KS 4H"}, points={2: 9})
    assert csrf_post(client, add_url(table), data).status_code == 302
    response = client.get(reverse("export", args=[table.keeper_token]))
    assert response.status_code == 200
    first = json.loads(response.content)
    assert first["format"] == "cardscore-table/1"
    assert first["game"] == "marriage-honors"
    assert first["players"] == PLAYERS
    assert first["rules"] == {
        **marriage_honors.ENGINE.default_rules(),
        "decks": 4,
        "honor_value": 5,
        "point_rate": 0.25,
        "currency": "NPR",
    }
    assert first["hands"][0]["inputs"] == {**WORKED_INPUTS}
    # Honor value 5: h = 10, 25, 0; H = 35; PART_A −5, 40, −35; PART_B +38, −34, −4.
    assert first["hands"][0]["points"] == {"Asha": 33, "Bina": 6, "Chet": -39, "Dev": 0}
    assert first["hands"][1]["inputs"]["Asha"] == {"outcome": "played", "honors": 1, "marriages": 1, "hand_points": 14}
    assert sum(first["hands"][1]["points"].values()) == 0
    assert sum(first["totals"].values()) == 0

    upload = SimpleUploadedFile("round-trip.json", response.content, content_type="application/json")
    imported = csrf_post(client, reverse("import_file"), {"file": upload})
    assert imported.status_code == 302
    copy = Table.objects.exclude(pk=table.pk).get()
    assert imported["Location"] == table_url(copy)
    second = json.loads(client.get(reverse("export", args=[copy.keeper_token])).content)
    assert second == first
    assert copy.progress == Table.objects.get(pk=table.pk).progress
    assert deal_line(client.get(table_url(copy))) == deal_line(client.get(table_url(table)))
    # The copy carries on.
    assert csrf_post(client, add_url(copy), game_form("Dfff", number=3)).status_code == 302


BAD_FILES = [
    pytest.param({"rules": {"decks": 2}}, [], "decks: must be at least 3", id="two-decks"),
    pytest.param({"rules": {"decks": 6}}, [], "decks: must be at most 5", id="six-decks"),
    pytest.param({"players": ["Asha"]}, [], "a table needs 2 to 10 players", id="one-player"),
    pytest.param(
        {}, [inputs_for("Dfff"), inputs_for("Dpff")], "hand 2, Bina, hand_points: is missing", id="hand-points-missing"
    ),
    pytest.param(
        {}, [inputs_for("Dfff", honors=(0, 0, -2, 0))], "hand 1, Chet, honors: must be at least 0", id="negative-honors"
    ),
    pytest.param({}, [inputs_for("DDff")], "hand 1, Bina, outcome: only one player can declare", id="two-declarers"),
]


@pytest.mark.parametrize(("extra", "hands", "message"), BAD_FILES)
def test_an_invalid_honors_file_is_rejected_whole(client, extra, hands, message):
    assert_import_refused(client, {**document("marriage-honors", PLAYERS, hands), **extra}, message)


@pytest.mark.django_db
def test_a_table_saved_before_the_rounds_were_numbered_gets_its_numbers(client, played):
    """Migration 0014: a table whose progress still holds the English "round 1, deal 2" is given
    the round and the deal as numbers, and its page words them again."""
    Table.objects.filter(pk=played.pk).update(
        progress={key: value for key, value in played.progress.items() if key not in ("round_number", "deal_number")}
    )
    import_module("games.migrations.0014_honors_round_numbers").number_the_rounds(apps, None)
    assert "Round 1, deal 2" in deal_line(client.get(reverse("table", args=[played.keeper_token])))
