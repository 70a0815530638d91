"""Around every game: history, undo, links and QR codes, chart, CSV, players, the app manifest."""

import csv
import io
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import HandChange, Table
from games.pages import chart, colors
from games.pages.numbers import points
from games.services import recording, table_file, tables
from tests.fixtures import csrf_post, page, read_text, running_totals
from tests.inputs import hand_form, marriage_inputs


def post_hand(client, table, statuses, maal, number):
    return csrf_post(client, reverse("add_hand", args=[table.keeper_token]), hand_form(statuses, maal, number))


def test_history_keeps_who_when_and_what_changed_for_entry_correction_and_deletion(client, marriage_table):
    keeper = marriage_table.keeper_token
    post_hand(client, marriage_table, "sWsu", (12, 4, 6, 0), 1)
    post_hand(client, marriage_table, "Wsus", (3, 0, 0, 2), 2)
    version = marriage_table.hands.get(number=1).version
    response = csrf_post(
        client, reverse("edit_hand", args=[keeper, 1]), {**hand_form("sWsu", (10, 4, 6, 0)), "version": version}
    )
    assert response.status_code == 302
    csrf_post(client, reverse("delete_hand", args=[keeper, 2]))

    actions = list(HandChange.objects.order_by("pk").values_list("number", "action", "by"))
    assert actions == [
        (1, "entered", "owner"),
        (2, "entered", "owner"),
        (1, "corrected", "owner"),
        (2, "deleted", "owner"),
    ]
    correction = HandChange.objects.get(action="corrected")
    assert correction.before["Asha"]["maal"] == 12 and correction.after["Asha"]["maal"] == 10

    page = client.get(reverse("history", args=[keeper]), {"hand": 1}).content.decode()
    assert "History of hand 1" in page and "Asha: <del>maal 12</del> → <ins>maal 10</ins>" in page
    assert "<strong>Hand 2 deleted</strong>" not in page  # one hand's history only
    everything = client.get(reverse("history", args=[marriage_table.viewer_token])).content.decode()
    assert "<strong>Hand 2 deleted</strong>" in everything and "<strong>Hand 1 corrected</strong>" in everything


def test_a_change_through_the_scorekeeper_link_is_signed_by_the_link(marriage_table):
    phone = Client(enforce_csrf_checks=True)
    assert post_hand(phone, marriage_table, "sWsu", (12, 4, 6, 0), 1).status_code == 302
    assert HandChange.objects.get().by == "scorekeeper link"


def test_undo_removes_the_last_hand_in_one_tap(client, marriage_table):
    post_hand(client, marriage_table, "sWsu", (12, 4, 6, 0), 1)
    post_hand(client, marriage_table, "Wsus", (3, 0, 0, 2), 2)
    page = client.get(reverse("table", args=[marriage_table.keeper_token])).content.decode()
    undo = reverse("delete_hand", args=[marriage_table.keeper_token, 2])
    assert f'action="{undo}"' in page and "Undo hand 2" in page
    csrf_post(client, undo)
    marriage_table.refresh_from_db()
    assert marriage_table.hands.count() == 1
    assert marriage_table.totals == {"Asha": 23, "Bikash": 10, "Chandra": -1, "Dipa": -32}


def test_the_owner_revokes_a_link_and_the_old_one_gets_404(client, marriage_table):
    old_viewer, old_keeper = marriage_table.viewer_token, marriage_table.keeper_token
    response = csrf_post(client, reverse("new_link", args=[old_keeper]), {"which": "viewer"})
    marriage_table.refresh_from_db()
    assert response.status_code == 302 and marriage_table.viewer_token != old_viewer
    assert client.get(reverse("table", args=[old_viewer])).status_code == 404
    assert client.get(reverse("table", args=[marriage_table.viewer_token])).status_code == 200

    response = csrf_post(client, reverse("new_link", args=[old_keeper]), {"which": "keeper"})
    marriage_table.refresh_from_db()
    assert response.url == reverse("table", args=[marriage_table.keeper_token])
    assert client.get(reverse("table", args=[old_keeper])).status_code == 404
    assert post_hand(client, Table(keeper_token=old_keeper), "sWsu", (1, 0, 0, 0), 1).status_code == 404


def test_qr_codes_are_svg_made_on_the_server_and_the_viewer_cannot_get_the_scorekeeper_one(client, marriage_table):
    response = client.get(reverse("qr_code", args=[marriage_table.keeper_token, "keeper"]))
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg") and b"<path" in response.content
    assert client.get(reverse("qr_code", args=[marriage_table.viewer_token, "viewer"])).status_code == 200
    assert client.get(reverse("qr_code", args=[marriage_table.viewer_token, "keeper"])).status_code == 404


def test_the_chart_draws_each_players_running_total_in_their_colour(client, owner):
    table = tables.create_table(
        game="thirteen",
        name="T",
        players=["A", "B", "C", "D"],
        rules={},
        owner=owner,
        colors={"A": "red", "B": "yellow", "C": "green", "D": "blue"},
    )
    document = table_file.export_table(table)
    document["hands"] = [
        {
            "inputs": {
                "A": {"bid": 1, "books": 1},
                "B": {"bid": 0, "books": 0},
                "C": {"bid": 0, "books": 0},
                "D": {"bid": 1, "books": 0},
            }
        }
    ]
    imported, _warnings = table_file.import_table(document, owner=owner)
    assert running_totals(imported) == {"A": [0, 10], "B": [0, 0], "C": [0, 0], "D": [0, -10]}
    page = client.get(reverse("table", args=[imported.viewer_token])).content.decode()
    assert page.count("<polyline") == 4
    worn = colors.drawn(imported.game_descriptor)
    assert f'stroke="{worn["red"]}"' in page and f'stroke="{worn["blue"]}"' in page
    assert 'aria-label="Running totals of T"' in page


@pytest.mark.django_db
def test_a_long_game_is_sampled_for_the_chart_keeping_the_last_total(django_assert_num_queries):
    hands = [{"inputs": marriage_inputs("Wsss", (3, 0, 0, 0))} for _ in range(300)]
    table, _warnings = table_file.import_table(
        {
            "format": table_file.FORMAT,
            "game": "marriage",
            "players": ["Asha", "Bikash", "Chandra", "Dipa"],
            "hands": hands,
        }
    )
    every = running_totals(table)
    with django_assert_num_queries(1):  # only the hands drawn are read
        lines = chart.lines(table)
    assert chart.kept(301) == [*range(0, 300, 3), 300]  # 303 hands wide, a point every 3 hands
    assert chart.kept(91) == list(range(91)) and chart.kept(92) == [*range(0, 91, 2), 91]
    assert len(chart.kept(5001)) <= chart.MAX_POINTS + 1
    for name, line in lines.items():
        assert line[0] == 0 and line[-1] == table.totals[name] == every[name][-1]
        assert line == [every[name][index] for index in chart.kept(301)]


def test_the_csv_export_is_the_board(client, marriage_table):
    post_hand(client, marriage_table, "sWsu", (12, 4, 6, 0), 1)
    post_hand(client, marriage_table, "sWsu", (12, 4, 6, 0), 2)
    response = client.get(reverse("export_csv", args=[marriage_table.viewer_token]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert [row[:5] for row in rows] == [
        ["Hand", "Asha", "Bikash", "Chandra", "Dipa"],
        ["1", "23", "10", "-1", "-32"],
        ["2", "23", "10", "-1", "-32"],
        ["Total", "46", "20", "-2", "-64"],
    ]
    # then how long each hand took (tests/test_clock.py), nothing under the totals
    assert [row[5:] for row in rows[::3]] == [["Seconds"], []] and all(row[5].isdigit() for row in rows[1:3])


def test_players_across_tables_and_the_roster_when_starting_a_table(client, owner, marriage_table):
    post_hand(client, marriage_table, "sWsu", (12, 4, 6, 0), 1)
    post_hand(client, marriage_table, "Wsus", (30, 0, 0, 2), 2)
    csrf_post(client, reverse("finish", args=[marriage_table.keeper_token]), {"finished": "yes"})
    other = tables.create_table(game="konkan", name="K", players=["Asha", "Zed"], rules={}, owner=owner)
    assert other.pk
    page = client.get(reverse("player", args=["Asha"])).content.decode()
    assert "Nepali Marriage" in page and "Konkan" in page
    marriage_table.refresh_from_db()
    total = marriage_table.totals["Asha"]
    assert f"<dt>Points</dt><dd>{points(total)}</dd>" in page  # signed, as on the board
    assert "<dt>Best hand</dt><dd>" in page and "<dt>Wins</dt><dd>1</dd>" in page
    assert client.get(reverse("player", args=["Nobody"])).status_code == 404
    new_table = client.get(reverse("new_table", args=["marriage"])).content.decode()
    assert '<option value="Asha">' in new_table and '<option value="Zed">' in new_table


def test_the_web_app_manifest_makes_it_installable(client):
    response = client.get(reverse("manifest"))
    data = json.loads(response.content)
    assert response["Content-Type"] == "application/manifest+json"
    assert data["display"] == "standalone" and data["start_url"] == "/"
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}
    assert 'rel="manifest"' in client.get("/").content.decode()


def test_the_viewer_board_is_rendered_once_per_revision_and_follows_every_change(
    client, marriage_table, django_assert_max_num_queries
):
    phone = Client()
    url = reverse("table", args=[marriage_table.viewer_token])
    first = phone.get(url).content.decode()
    assert "csrfmiddlewaretoken" not in first and "X-CSRFToken" not in first  # the same page for every viewer
    with django_assert_max_num_queries(1):  # rendered already: only the table's revision is read
        assert phone.get(url).content.decode() == first

    post_hand(client, marriage_table, "sWsu", (12, 4, 6, 0), 1)
    assert "+23" in phone.get(url).content.decode()
    csrf_post(client, reverse("finish", args=[marriage_table.keeper_token]), {"finished": "yes"})
    assert "Final standings" in phone.get(url).content.decode()


def test_a_players_money_is_shown_per_currency_never_added_across_currencies(client, owner):
    for currency in ("NPR", "EUR", "NPR", ""):
        table = tables.create_table(
            game="marriage",
            name=f"In {currency}",
            players=["Asha", "Bikash"],
            rules={"currency": currency, "point_rate": 0.5},
            owner=owner,
        )
        recording.record_hand(table, marriage_inputs("Ws", (10, 0), players=["Asha", "Bikash"]), 1)
    won = Table.objects.first().totals["Asha"] / 2
    money = re.findall(r"<dt>(Money[^<]*)</dt><dd>([^<]*)</dd>", page(client.get(reverse("player", args=["Asha"]))))
    assert sorted(money) == [("Money", f"{won:.2f}"), ("Money (EUR)", f"{won:.2f}"), ("Money (NPR)", f"{2 * won:.2f}")]


def test_a_game_that_plays_hands_says_hand(client, marriage_table):
    post_hand(client, marriage_table, "sWsu", (12, 4, 6, 0), 1)
    board = read_text(client.get(reverse("table", args=[marriage_table.keeper_token])))
    assert "Hand 1 worked out" in board and "Undo hand 1" in board
