"""The page caches the board's rows and the blank hand form under a digest of what they show
(games/pages/fragments.py): a row is rendered once, and again as soon as its hand changes; the form is
reused for the next hand, and rendered again with the problems of a refused one."""

import pytest
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.utils import translation

from games.pages import board, fragments
from games.pages.render import table_context
from games.sdk import registry
from games.services import recording
from tests.fixtures import MINUS, SAMPLES, csrf_post, fresh_table, table_url
from tests.inputs import marriage_inputs

SENTINEL = "<tr><td>a row from the cache</td></tr>"


def page(client, table):
    return client.get(table_url(table)).content.decode()


def cached_row_key(table, number):
    hand = table.hands.get(number=number)
    with translation.override("en"):
        (row,) = board.grid(table, [hand], table.game_descriptor.cell_details, recording.next_entry(table))
    return make_template_fragment_key("board-row-2", [table.keeper_token, row["key"]])


@pytest.mark.django_db
def test_a_row_comes_from_the_cache_until_its_hand_changes(client, owner):
    table = fresh_table("marriage", owner)
    page(client, table)
    cache.set(cached_row_key(table, 1), SENTINEL)
    assert SENTINEL in page(client, table)

    recording.edit_hand(table, 1, marriage_inputs("Wsss", (0, 0, 0, 0)), version=1)
    table.refresh_from_db()
    shown = page(client, table)
    assert SENTINEL not in shown
    assert f"{MINUS}3" in shown  # hand 1 again, worked out anew: each seen player pays the winner 3


@pytest.mark.django_db
def test_the_blank_form_is_reused_and_a_refused_hand_gets_its_own(client, owner, rf):
    table = fresh_table("marriage", owner)
    request = rf.get("/")
    request.htmx = False
    key = table_context(request, table, True, table.keeper_token)["hand_form_key"]()
    cache.set(make_template_fragment_key("hand-form", [key]), "<p>a form from the cache</p>")
    assert "a form from the cache" in page(client, table)

    refused = csrf_post(
        client,
        f"/t/{table.keeper_token}/hands/",
        {**SAMPLES["marriage"]["add_hand"], "maal-0": "x"},
        HTTP_HX_REQUEST="true",
    )
    assert refused.status_code == 422
    assert "a form from the cache" not in refused.content.decode()
    assert "must be a whole number" in refused.content.decode()


def test_a_key_differs_by_language_and_refuses_what_it_cannot_see_into():
    with translation.override("en"):
        english = fragments.key({"meaning": registry.BOARD_MARKS["won"].meaning})
    with translation.override("ne"):
        assert fragments.key({"meaning": registry.BOARD_MARKS["won"].meaning}) != english
    with pytest.raises(TypeError):
        fragments.key(object())
