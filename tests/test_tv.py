"""The TV board: the table on a landscape screen across the room, read only with either link, and
following the game by a poll that costs one query while nothing changed."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.fixtures import MINUS, csrf_post, page, play_hand, read_text, table_url
from tests.inputs import hand_form, marriage_inputs


def tv_url(table, token=None):
    return reverse("tv", args=[token or table.viewer_token])


def assert_read_only(response):
    text = page(response)
    assert "TV board (read only)" in text
    # Nothing to post: no form, no CSRF token (the page is one copy for every screen), no link to change a hand.
    assert "<form" not in text and "csrf" not in text.lower() and "hx-post" not in text
    assert "/hands/" not in text and "/seats/" not in text


@pytest.mark.parametrize("link", ["viewer", "keeper"])
def test_the_board_shows_on_a_tv_with_either_link_read_only(client, marriage_table, link):
    play_hand(marriage_table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    token = getattr(marriage_table, f"{link}_token")
    # The scorekeeper's link, opened by its owner, is read only on the TV too (no account's links either).
    screen = client if link == "keeper" else Client()
    response = screen.get(tv_url(marriage_table, token))
    assert response.status_code == 200
    assert_read_only(response)
    said = read_text(response)
    assert f"Σ +23 +10 {MINUS}1 {MINUS}32" in said  # the totals
    assert "Hand 1 Asha +23 Bikash +10 (won) Chandra" in said  # the last hand in words, player by player
    assert "Next deal: Bikash" in said
    assert "Standings" in said and "Who pays whom" not in said
    assert 'class="chart"' in page(response)
    assert f'hx-get="{reverse("tv_live", args=[token])}"' in page(response)
    assert "data-wake-lock" in page(response)


def test_a_table_without_hands_shows_an_empty_board(marriage_table):
    response = Client().get(tv_url(marriage_table))
    assert response.status_code == 200 and "No hands yet." in read_text(response)
    assert 'class="chart"' not in page(response)


def test_a_bad_link_shows_no_tv_board(marriage_table):
    phone = Client()
    assert phone.get(reverse("tv", args=["not-a-table"])).status_code == 404
    assert phone.get(reverse("tv_live", args=["not-a-table"]), {"revision": "0"}).status_code == 404
    assert phone.post(tv_url(marriage_table)).status_code == 405


def test_an_unchanged_tv_poll_answers_204_with_one_query(client, marriage_table, django_assert_max_num_queries):
    tv = Client()
    url = reverse("tv_live", args=[marriage_table.viewer_token])
    revision = marriage_table.revision
    tv.get(tv_url(marriage_table))  # the page that polls
    with django_assert_max_num_queries(1):
        response = tv.get(url, {"revision": revision}, HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response.content == b""

    csrf_post(client, reverse("add_hand", args=[marriage_table.keeper_token]), hand_form("sWsu", (12, 4, 6, 0)))
    response = tv.get(url, {"revision": revision}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert 'id="tv-board"' in page(response) and "+23" in page(response)
    assert f'id="board-revision" name="revision" value="{revision + 1}"' in page(response)
    assert "<html" not in page(response)  # the board alone
    assert "<form" not in page(response) and "csrf" not in page(response).lower()


def test_the_table_page_offers_the_tv_board_by_the_viewer_link(client, marriage_table):
    for token in (marriage_table.keeper_token, marriage_table.viewer_token):
        shown = page(client.get(table_url(marriage_table, token)))
        assert f'<a href="{tv_url(marriage_table)}">Show on a TV</a>' in shown
    assert marriage_table.keeper_token not in tv_url(marriage_table)


def test_a_board_asked_for_every_hand_is_kept_apart_from_the_latest_hands(marriage_table):
    """Every viewer's board is rendered once per revision: one page that asked for every hand
    (?hands=all) must not be the copy every other phone and TV is given."""
    for number in range(1, 15):
        play_hand(marriage_table, marriage_inputs("sWsu", (number, 0, 0, 0)), number)
    marriage_table.refresh_from_db()
    url = reverse("live", args=[marriage_table.viewer_token])
    every = Client().get(
        url, HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=f"http://testserver{table_url(marriage_table)}?hands=all"
    )
    assert 'class="hand-1"' in page(every)
    latest = Client().get(url, HTTP_HX_REQUEST="true")
    assert 'class="hand-1"' not in page(latest) and 'class="hand-14"' in page(latest)
    tv = Client().get(tv_url(marriage_table))
    assert "Show 2 earlier" not in page(tv) and ">14</th>" in page(tv) and ">2</th>" not in page(tv)
