"""A hand worked out (its page, and on the board with htmx) and a total hand by hand, for every
game and both links; the worked lines of each game's rules as a person at the table reads them."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.pages import board
from games.services import table_file, tables
from scoring import settle
from tests.fixtures import GAMES, MINUS, fresh_table, guests_evening, page, players_of, read_text, seeded, table_url
from tests.inputs import marriage_inputs, thirteen_round

FIVE = ["Asha", "Bikash", "Chandra", "Dipa", "Eka"]


def hand_url(table, number, token=None):
    return reverse("hand", args=[token or table.viewer_token, number])


def total_url(table, seat, token=None):
    return reverse("total", args=[token or table.viewer_token, seat])


def worked(response, name):
    """What the hand page says about one player: their heading, what was entered, each term and the total."""
    block = re.search(
        rf'<li>\s*<h2><span class="cut" title="{re.escape(name)}">.*?</li>\s*(?=<li>\s*<h2>|</ol>)',
        page(response),
        re.S,
    )
    return " ".join(re.sub(r"<[^>]+>", " ", block.group(0)).split())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_explains_a_hand_to_the_viewer_and_the_keeper(game, owner, django_assert_max_num_queries):
    table = fresh_table(game, owner)
    viewer = Client()
    with django_assert_max_num_queries(3):  # whether the site has an owner, the table, the hands up to this one
        response = viewer.get(hand_url(table, 1))
    assert response.status_code == 200
    text = read_text(response)
    assert table.game_descriptor.hand_name(1) in text
    for name in players_of(game):
        assert name in text
    assert "Fix " not in text  # a viewer cannot fix it
    keeper = viewer.get(hand_url(table, 1, table.keeper_token))
    assert keeper.status_code == 200
    if table.game_descriptor.hands_editable:
        assert reverse("edit_hand", args=[table.keeper_token, 1]) in page(keeper)


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_that_is_not_recorded_is_not_found(game, owner):
    table = fresh_table(game, owner)
    assert Client().get(hand_url(table, 2)).status_code == 404
    assert Client().get(hand_url(table, 0)).status_code == 404
    assert Client().get(reverse("hand", args=["no-such-link", 1])).status_code == 404


def test_the_board_opens_a_hand_in_place_with_htmx_and_as_a_page_without(client, owner):
    table = seeded(owner, "marriage", [marriage_inputs("sWsu", (12, 4, 6, 5))])
    for token in (table.keeper_token, table.viewer_token):
        board = page(client.get(table_url(table, token)))
        url = hand_url(table, 1, token)
        assert re.search(rf'<a class="hand-link" href="{url}" hx-get="{url}" hx-target="#explained"', board)
        assert '<div id="explained"></div>' in board
    fragment = page(Client().get(hand_url(table, 1), headers={"HX-Request": "true"}))
    assert fragment.lstrip().startswith('<section class="card explained"') and "<html" not in fragment


def test_marriage_every_players_line(owner):
    # n = 5, P = 17 + 7 = 24
    table = seeded(owner, "marriage", [marriage_inputs("Wsuss", (17, 7, 0, 0, 0), players=FIVE)], players=FIVE)
    response = Client().get(hand_url(table, 1))
    assert worked(response, "Bikash").startswith("Bikash +8 seen, maal 7 5 × 7 − 3 − 24 = 8")
    assert "5 × 0 − 10 − 24 = −34" in worked(response, "Chandra")
    assert "5 × 0 − 3 − 24 = −27" in worked(response, "Dipa")
    assert "−(8 − 34 − 27 − 27) = 80" in worked(response, "Asha")
    assert "Total 0 + 80 = +80" in worked(response, "Asha")


def test_marriage_house_rules_each_a_line(owner):
    table = seeded(
        owner,
        "marriage",
        [marriage_inputs("sWsu", (12, 4, 6, 5), Bikash={"dublee": True}, Chandra={"foul": True})],
        rules={"kidnap": True},
    )
    response = Client().get(hand_url(table, 1))
    assert "kidnap: an unseen player's maal 5 goes to Bikash" in worked(response, "Dipa")
    assert "kidnap: takes the maal 5 of Dipa" in worked(response, "Bikash")
    assert "5 × 3 = +15 dublee bonus from each of the others" in worked(response, "Bikash")
    assert "−5 dublee bonus to Bikash" in worked(response, "Asha")
    assert "−15 × 3 = −45 foul" in worked(response, "Chandra")
    assert "+15 the fine for Chandra's foul" in worked(response, "Dipa")


def test_marriage_counted_maal_shows_the_split_the_counter_chose(owner):
    counted = {"tiplu": 1, "poplu": 1, "jhiplu": 1, "tunnellas": {"ordinary": 1, "joker": 0, "poplu_jhiplu": 0}}
    hand = marriage_inputs("sWsu", (0, 4, 6, 5))
    hand["Asha"] = {"status": "seen", "maal_counts": counted}
    table = seeded(owner, "marriage", [hand])
    asha = worked(Client().get(hand_url(table, 1)), "Asha")
    assert "1 tiplu, 1 poplu, 1 jhiplu, 1 tunnella = 15" in asha  # what was counted
    assert "1 marriage 10 + 1 tunnella 5 = 15 Maal" in asha  # and how it was split


def test_honors_part_a_and_part_b(owner):
    table = fresh_table("marriage-honors", owner)
    response = Client().get(hand_url(table, 1))
    assert "3 × 24 − 32 = 40" in worked(response, "Bina") and "−2 × 17 = −34" in worked(response, "Bina")
    assert "−(−34 − 4) = 38" in worked(response, "Asha")
    assert "sat out" in worked(response, "Dev") and "Total" not in worked(response, "Dev")


def konkan_hand(chet_penalty):
    return {
        "Asha": {"outcome": "winner"},
        "Bina": {"outcome": "set", "hand_penalty": 10},
        "Chet": {"outcome": "set", "hand_penalty": chet_penalty},
    }


def test_konkan_cards_left_and_an_elimination(owner):
    table = seeded(
        owner,
        "konkan",
        [
            {
                "Asha": {"outcome": "set", "cards": ["AS", "7H", "JK"]},
                "Bina": {"outcome": "winner"},
                "Chet": {"outcome": "not_set"},
            },
            konkan_hand(100),
            konkan_hand(100),
            konkan_hand(82),
        ],
    )
    first = Client().get(hand_url(table, 1))
    assert "A♠ 11 + 7♥ 7 + joker 50 = 68" in worked(first, "Asha")
    assert "100 had not set" in worked(first, "Chet")
    # Chet: 100 + 100 + 100 + 82 = 382 > 301
    last = Client().get(hand_url(table, 4))
    assert "382 > 301: out" in worked(last, "Chet") and "Total 300 + 82 = 382" in worked(last, "Chet")


def test_konkan_a_joker_discard_says_what_it_replaces_and_a_failed_win_is_added(owner):
    table = seeded(
        owner,
        "konkan",
        [
            {
                "_hand": {"joker_discard": True},
                "Asha": {"outcome": "set", "hand_penalty": 12, "failed_wins": 1},
                "Bina": {"outcome": "winner"},
                "Chet": {"outcome": "not_set"},
            }
        ],
    )
    asha = worked(Client().get(hand_url(table, 1)), "Asha")
    assert "200 The winner's last discard was a joker (everyone else gets 200)" in asha
    assert "1 × 50 = 50 a failed win" in asha and "Total 0 + 250 = 250" in asha
    assert "nothing else" not in asha


def test_thirteen_a_sandbag_penalty(owner):
    rounds = [
        thirteen_round([1, 0, 0, 0], [1, 0, 0, 0]),
        thirteen_round([0, 0, 0, 0], [2, 0, 0, 0]),
        thirteen_round([0, 0, 0, 0], [3, 0, 0, 0]),
        thirteen_round([0, 0, 0, 0], [4, 0, 0, 0]),
        thirteen_round([0, 0, 0, 0], [5, 0, 0, 0]),
    ]
    table = seeded(
        owner,
        "thirteen",
        rounds,
        rules={"sandbag_penalty": True},
        colors=dict(zip(players_of("thirteen"), ["red", "yellow", "green", "blue"])),
    )
    line = worked(Client().get(hand_url(table, 5)), "Asha")
    assert "10 × 0 + 5 = 5" in line
    assert "−1 × 100 = −100 sandbag penalty: sandbags 9 + 5 = 14, at least 10; 4 left" in line
    assert "Total +19 − 95 = −76" in line


def test_a_finished_table_offers_no_fix(client, owner):
    table = fresh_table("marriage", owner)
    tables.set_finished(table, True)
    assert "Fix hand 1" not in read_text(client.get(hand_url(table, 1, table.keeper_token)))


@pytest.mark.parametrize("game", GAMES)
def test_a_total_hand_by_hand(game, owner, django_assert_max_num_queries):
    table = fresh_table(game, owner)
    board = page(Client().get(table_url(table, table.viewer_token)))
    assert f'href="{total_url(table, 0)}"' in board
    with django_assert_max_num_queries(3):  # whether the site has an owner, the table, its hands
        response = Client().get(total_url(table, 1))
    assert response.status_code == 200
    assert f'href="{hand_url(table, 1)}"' in page(response)
    assert Client().get(total_url(table, len(table.players))).status_code == 404


def test_a_total_shows_each_hand_and_the_running_total(owner):
    table = seeded(owner, "marriage", [marriage_inputs("sWsu", (12, 4, 6, 5)), marriage_inputs("Wsso", (0, 0, 0, 0))])
    text = read_text(Client().get(total_url(table, 3)))
    # Dipa: −17 in hand 1, sat out hand 2
    assert re.search(rf"Dipa ?: {MINUS}17", text)
    assert re.search(rf"1 {MINUS}17 {MINUS}17 .*2 – sat out {MINUS}17", text)


def test_who_pays_whom_explains_itself(client, owner, django_assert_max_num_queries):
    # totals: Asha +23, Bikash +10, Chandra −1, Dipa −32; 0.5 a point
    table = seeded(owner, "marriage", [marriage_inputs("sWsu", (12, 4, 6, 0))], rules={"point_rate": 0.5})
    assert f'href="{reverse("settlement", args=[table.viewer_token])}"' in page(
        client.get(table_url(table, table.viewer_token))
    )
    with django_assert_max_num_queries(3):  # whether the site has an owner, the table (and its owner)
        response = Client().get(reverse("settlement", args=[table.viewer_token]))
    text = read_text(response)
    assert "4 players owe or are owed: 3 transfers." in text
    assert f"23 + 10 {MINUS} 1 {MINUS} 32 = 0" in text
    assert "Asha +23 is owed 11.50" in text and f"Dipa {MINUS}32 owes 16.00" in text
    assert "it takes at least 4 − 1 = 3 transfers" in text


def test_two_groups_that_cancel_settle_apart(owner):
    # Asha wins 7 from Bikash, Chandra 3 from Dipa: two pairs that cancel, two transfers
    table = seeded(owner, "marriage", [marriage_inputs("Wsoo", (4, 0, 0, 0)), marriage_inputs("ooWs", (0, 0, 0, 0))])
    assert table.totals == {"Asha": 7, "Bikash": -7, "Chandra": 3, "Dipa": -3}
    text = read_text(Client().get(reverse("settlement", args=[table.viewer_token])))
    assert "4 players owe or are owed: 2 transfers." in text and text.count("A group of 2") == 2
    assert f"7 {MINUS} 7 = 0" in text and f"3 {MINUS} 3 = 0" in text and "at most 2 groups" in text
    assert "it takes at least 4 − 2 = 2 transfers" in text


def test_a_table_without_money_has_no_settlement(owner):
    table = fresh_table("konkan", owner)
    assert Client().get(reverse("settlement", args=[table.viewer_token])).status_code == 404


def test_a_season_of_guests_settles_and_says_it_may_not_be_the_fewest(owner, django_assert_max_num_queries):
    """60 players who came and went: the exact search took minutes (and every page of the table
    was a 500 past 63 players); beyond 12 people it gives a settlement that says so."""
    table, _warnings = table_file.import_table(guests_evening(60), owner=owner)
    assert len(table.players) == 60
    text = read_text(Client().get(reverse("settlement", args=[table.viewer_token])))
    assert "Perhaps not the fewest" in text and "Why no fewer" not in text
    transfers = board.transfers(table)
    paid = dict.fromkeys(table.players, 0)
    for transfer in transfers:
        paid[transfer["payer"]] -= transfer["points"]
        paid[transfer["payee"]] += transfer["points"]
    assert paid == table.totals and len(transfers) < 59
    with django_assert_max_num_queries(7):
        assert Client().get(table_url(table, table.viewer_token)).status_code == 200


def test_a_settlement_is_worked_out_once_for_every_page_and_poll_until_the_totals_change(owner, monkeypatch):
    table, _warnings = table_file.import_table(guests_evening(12), owner=owner)
    worked_out = []
    explain = settle.explain
    monkeypatch.setattr(settle, "explain", lambda totals: worked_out.append(totals) or explain(totals))
    viewer = Client()
    for name in ("table", "summary", "settlement", "table"):
        viewer.get(reverse(name, args=[table.viewer_token]), {"hands": "all"} if name == "table" else {})
    assert len(worked_out) == 1
