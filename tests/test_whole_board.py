"""The whole board of a long table comes a page at a time: "Show N earlier hands" brings the latest
200 (?hands=all), and each page links to the 200 before it (&upto=N) and back to the latest. A
viewer's page is rendered once per revision whatever else its address holds, so asking again,
with any parameter, costs no rendering. (bench/whole_board.py: a table at the limits.)"""

import re

import pytest
from django.test import Client

from games.pages import save_answer
from tests.fixtures import page, players_of, seeded, table_url
from tests.inputs import marriage_inputs

pytestmark = pytest.mark.django_db

HANDS = 450


@pytest.fixture
def long_table(owner):
    return seeded(owner, "marriage", [marriage_inputs("sWsu", (12, 4, 6, 0))] * HANDS, players=players_of("marriage"))


def rows(response):
    return [int(number) for number in re.findall(r'<th scope="row"><a [^>]*>(\d+)✎?</a></th>', page(response))]


def links(response):
    return re.findall(r'<p\s+class="earlier"><a href="([^"]*)#board">\s*([^<]*?)\s*</a>', page(response))


@pytest.mark.parametrize("link", ["keeper", "viewer"])
def test_the_whole_board_comes_200_hands_at_a_time(client, long_table, link):
    token = getattr(long_table, f"{link}_token")
    latest = client.get(table_url(long_table, token))
    assert rows(latest) == list(range(HANDS - save_answer.RECENT_HANDS + 1, HANDS + 1))
    assert links(latest) == [("?hands=all", "Show 188 earlier hands")]

    all_hands = client.get(table_url(long_table, token) + "?hands=all")
    assert rows(all_hands) == list(range(HANDS - 199, HANDS + 1))
    assert links(all_hands) == [("?hands=all&upto=250", "Show 200 earlier hands")]

    earlier = client.get(table_url(long_table, token) + "?hands=all&upto=250")
    assert rows(earlier) == list(range(51, 251))
    assert links(earlier) == [("?hands=all&upto=50", "Show 50 earlier hands"), ("?hands=all", "Show the latest hands")]

    first = client.get(table_url(long_table, token) + "?hands=all&upto=50")
    assert rows(first) == list(range(1, 51))
    assert links(first) == [("?hands=all", "Show the latest hands")]


@pytest.mark.parametrize("upto", ["0", "-5", "abc", "99999999999"])
def test_a_page_number_that_is_no_hand_shows_the_latest(long_table, upto):
    response = Client().get(table_url(long_table, long_table.viewer_token) + f"?hands=all&upto={upto}")
    assert response.status_code == 200
    assert rows(response)[-1] == HANDS


def test_a_viewers_whole_board_is_rendered_once_per_revision_whatever_else_its_address_holds(
    long_table, django_assert_max_num_queries
):
    url, phone = table_url(long_table, long_table.viewer_token), Client()
    first = phone.get(url + "?hands=all")
    for query in ("?hands=all", "?hands=all&n=1", "?n=2&hands=all&utm_source=chat"):
        with django_assert_max_num_queries(1):  # the link's revision; the page comes from the cache
            assert phone.get(url + query).content == first.content
    board = phone.get(url).content
    with django_assert_max_num_queries(1):
        assert phone.get(url + "?x=1").content == board
