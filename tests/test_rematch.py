"""Rematch: the same players start the next game in one tap, and the two tables link to each other."""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table
from games.sdk.registry import get_game
from games.services import seasons, table_file, tables
from tests.fixtures import GAMES, colors_of, csrf_post, fresh_table, page, play_hand, players_of, seeded, table_url
from tests.inputs import marriage_inputs
from tests.test_concurrency import fire, logged_in_clients

pytestmark = pytest.mark.django_db


def next_game(table):
    return seasons.games_around(table)[1]


def rematch_url(table, token=None):
    return reverse("rematch", args=[token or table.keeper_token])


@pytest.mark.parametrize("game", GAMES)
def test_a_rematch_keeps_players_colours_rules_and_owner_and_moves_the_deal_on(game, owner):
    table = fresh_table(game, owner)
    following, made = seasons.rematch(table)
    assert made
    players = players_of(game)
    assert following.players == following.seated == players  # the same seats
    engine = get_game(game).engine
    first = engine.progress(table.rules, players, engine.start(table.rules, players))["dealer"]
    if first is not None:  # who dealt the first hand of the game before deals the second
        assert following.progress["dealer"] == players[(players.index(first) + 1) % len(players)]
    assert following.game == game and following.rules == table.rules and following.owner == owner
    assert following.colors == table.colors == (colors_of(game) or {})
    assert following.previous == table and next_game(table) == following
    assert following.hands.count() == 0 and following.totals == dict.fromkeys(players, 0)
    assert following.keeper_token != table.keeper_token and following.viewer_token != table.viewer_token


def test_the_second_player_deals_the_first_hand_of_the_rematch(owner):
    table = fresh_table("marriage", owner)
    assert table.players[0] == "Asha"
    assert seasons.rematch(table)[0].progress["dealer"] == table.players[1]


def test_a_rematch_finishes_the_game_it_follows_and_tells_its_phones(owner):
    table = fresh_table("marriage", owner)
    revision = table.revision
    seasons.rematch(table)
    table.refresh_from_db()
    assert table.finished is not None and table.revision == revision + 1


def test_a_second_tap_opens_the_same_rematch(owner):
    table = fresh_table("konkan", owner)
    first, _made = seasons.rematch(table)
    assert seasons.rematch(Table.objects.get(pk=table.pk)) == (first, False)
    assert Table.objects.filter(previous=table).count() == 1


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Friday", "Friday (2)"),
        ("Friday (2)", "Friday (3)"),
        ("Friday (9)", "Friday (10)"),
        ("Cup (final)", "Cup (final) (2)"),
        ("x" * 80, "x" * 76 + " (2)"),
    ],
)
def test_a_rematch_is_named_after_the_game_it_follows(name, expected):
    assert seasons.rematch_name(name) == expected


def test_the_scorekeeper_taps_rematch_and_lands_on_the_new_tables_scorekeeper_page(client, owner):
    table = fresh_table("marriage", owner)
    response = csrf_post(client, rematch_url(table))
    following = next_game(table)
    assert response.status_code == 302 and response["Location"] == table_url(following)
    text = page(client.get(response["Location"]))
    assert f'href="{table_url(table)}">← Previous game</a>' in text
    assert following.name in text


def test_the_finished_game_links_to_its_rematch_for_its_owner_only(client, owner):
    table = fresh_table("thirteen", owner)
    csrf_post(client, rematch_url(table))
    following = next_game(table)
    keeper_page = page(client.get(table_url(table)))
    assert f'href="{table_url(following)}">Next game →</a>' in keeper_page
    assert 'action="%s"' % rematch_url(table) not in keeper_page  # no second rematch button
    for token in (table.keeper_token, table.viewer_token):
        link_page = page(Client().get(table_url(table, token)))
        assert "The next game has started: its scorekeeper has its link." in link_page
        assert following.keeper_token not in link_page and following.viewer_token not in link_page
        assert 'action="%s"' % rematch_url(table) not in link_page


def test_a_link_opens_its_own_game_and_no_other_along_a_chain_of_rematches(owner):
    """A guest given Wednesday's scorekeeper link cannot walk back to Monday's game, reopen it and
    delete a hand; Monday's link holders cannot walk forward either."""
    monday = fresh_table("marriage", owner)
    tuesday, _made = seasons.rematch(monday)
    play_hand(tuesday, marriage_inputs("Wsss", [5, 5, 5, 5]), 1)
    wednesday, _made = seasons.rematch(Table.objects.get(pk=tuesday.pk))
    guest = Client()
    for game, token in [
        (wednesday, wednesday.keeper_token),
        (wednesday, wednesday.viewer_token),
        (monday, monday.keeper_token),
        (monday, monday.viewer_token),
    ]:
        text = page(guest.get(table_url(game, token)))
        for other in {monday, tuesday, wednesday} - {game}:
            assert other.keeper_token not in text and other.viewer_token not in text
    # A second tap on Monday's rematch button does not hand over Tuesday's link either.
    response = csrf_post(guest, rematch_url(monday))
    assert response.status_code == 302 and response["Location"] == table_url(monday)
    assert "The rematch has already started on another phone" in page(guest.get(response["Location"]))
    assert Table.objects.filter(previous=monday).count() == 1


def test_the_owner_s_second_tap_opens_the_same_rematch(client, owner):
    table = fresh_table("marriage", owner)
    first, _made = seasons.rematch(table)
    response = csrf_post(client, rematch_url(table))
    assert response["Location"] == table_url(first)


def test_an_import_without_an_owner_links_to_no_game(owner):
    ownerless = table_file.import_table(table_file.export_table(fresh_table("marriage", owner)))[0]
    document = {**table_file.export_table(ownerless), "previous": ownerless.pk}
    copy, warnings = table_file.import_table(document)
    assert copy.previous is None and len(warnings) == 1


def test_the_rematch_button_is_offered_to_the_scorekeeper_only(client, owner):
    table = fresh_table("marriage", owner)
    assert f'action="{rematch_url(table)}"' in page(client.get(table_url(table)))
    assert f'action="{rematch_url(table)}"' not in page(Client().get(table_url(table, table.viewer_token)))


def test_a_viewer_link_cannot_start_a_rematch(client, owner):
    table = fresh_table("marriage", owner)
    assert csrf_post(client, rematch_url(table, table.viewer_token)).status_code == 404
    assert client.get(rematch_url(table)).status_code == 405
    assert not Table.objects.filter(previous=table).exists()


def test_a_reopened_game_still_links_to_its_rematch_and_offers_no_second_one(
    client, owner, django_assert_max_num_queries
):
    table = fresh_table("marriage", owner)
    following, _made = seasons.rematch(table)
    csrf_post(client, reverse("finish", args=[table.keeper_token]), {"finished": "no"})
    client.get(reverse("home"))  # the first request of a client checks for the owner account once
    with django_assert_max_num_queries(8):  # as many as any table page
        text = page(client.get(table_url(table)))
    assert f'href="{table_url(following)}">Next game →</a>' in text
    assert f'action="{rematch_url(table)}"' not in text


def test_an_imported_file_links_only_to_a_game_of_the_same_owner(owner, django_user_model):
    victim = fresh_table("marriage", owner)
    seasons.rematch(victim)
    document = {**table_file.export_table(victim), "previous": victim.pk, "created": "2000-01-01T00:00:00Z"}
    other = django_user_model.objects.create_user("other")
    copy, warnings = table_file.import_table(document, owner=other)
    assert copy.previous is None
    assert warnings == [
        f"previous: no table {victim.pk} of the same owner here, so this one is not linked to the game before it"
    ]
    # Even linked by hand, another owner's table is neither the next game nor shown as the previous one.
    Table.objects.filter(pk=copy.pk).update(previous=victim)
    copy.refresh_from_db()
    assert next_game(victim).owner == owner
    assert seasons.games_around(copy) == (None, None)


def test_the_link_to_the_previous_game_round_trips_through_the_table_file(owner):
    table = fresh_table("marriage", owner)
    following, _made = seasons.rematch(table)
    document = table_file.export_table(following)
    assert document["previous"] == table.pk
    copy, warnings = table_file.import_table(document, owner=owner)
    assert warnings == [] and copy.previous == table
    assert table_file.export_table(copy) == document


def test_a_file_whose_previous_game_is_not_here_imports_unlinked_with_a_warning(owner):
    table = fresh_table("marriage", owner)
    document = {**table_file.export_table(table), "previous": "0" * 32}
    copy, warnings = table_file.import_table(document, owner=owner)
    assert copy.previous is None
    assert warnings == [
        f"previous: no table {'0' * 32} of the same owner here, so this one is not linked to the game before it"
    ]


def test_a_table_file_without_a_previous_game_exports_none(owner):
    table = seeded(owner, "konkan", [])
    assert "previous" not in table_file.export_table(table)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_eight_phones_tapping_rematch_at_once_start_one_game(owner):
    table = fresh_table("marriage", owner)
    results = fire(logged_in_clients(owner), lambda client: client.post(rematch_url(table)))
    assert {status for status, _body in results} == {302}
    assert Table.objects.filter(previous=table).count() == 1


def test_a_rematch_follows_the_evening_s_deal_and_its_button_says_who_deals(client, owner):
    """Three hands dealt by Asha, Bikash and Chandra: Dipa deals next, in this game or the next
    (the rematch began with Bikash, the second seat, whatever the evening's deal)."""
    table = seeded(owner, "marriage", [marriage_inputs("Wsss", (5, 5, 5, 5))] * 3)
    assert table.progress["dealer"] == "Dipa"
    tables.set_finished(table, True)
    assert "Rematch · Dipa deals" in page(client.get(table_url(table)))
    following, _made = seasons.rematch(table)
    assert following.progress["dealer"] == "Dipa"
