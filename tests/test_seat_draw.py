"""The seat draw and the first dealer's (issue 33): the server draws, the form shows it, the table
keeps it (the drawn dealer deals hand 1, the deal goes round by each game's rule) and says it in
its history and its file; a phone's posted order is never taken for a draw."""

import html
import random
import re
import secrets

import pytest
from django.urls import reverse

from games.models import Table
from games.sdk.registry import get_game
from games.services import draw, seasons, table_file
from tests.fixtures import (
    GAMES,
    SAMPLES,
    csrf_post,
    fresh_table,
    page,
    play_hand,
    players_of,
    table_form,
    table_url,
)

pytestmark = pytest.mark.django_db

DEALING = [game for game in GAMES if draw.deals(get_game(game).engine, get_game(game).engine.default_rules())]


class Backwards:
    """A random source that draws the seats backwards and the third player to deal: a known draw."""

    def shuffle(self, items):
        items.reverse()

    def choice(self, items):
        return items[2]


@pytest.fixture
def known_draw(monkeypatch):
    monkeypatch.setattr(draw, "SOURCE", Backwards())


def said(response):
    """The page's text, tags taken out where they stand (a name is isolated in a <bdi>)."""
    return " ".join(re.sub(r"<[^>]+>", "", page(response)).split())


def new_table_url(game):
    return reverse("new_table", args=[game])


def seats_in(response):
    """The names in the form's seats, in order (blank seats left out)."""
    return [name for name in re.findall(r'<input name="player" value="([^"]*)"', page(response)) if name]


def drawn_token(response):
    return re.search(r'<input type="hidden" name="drawn" value="([^"]*)"', page(response)).group(1)


def drawn_then_started(client, game, kinds, players=None):
    """The new-table form of `game` posted with each draw of `kinds` in turn, then started as
    drawn: (the table, the last draw's response)."""
    data = table_form(game, players)
    response = None
    for kind in kinds:
        response = csrf_post(client, new_table_url(game), {**data, "draw": kind})
        assert response.status_code == 200
        seats = seats_in(response)
        data = table_form(game, seats, colors=colors_in(response) or None, drawn=drawn_token(response))
    assert csrf_post(client, new_table_url(game), data).status_code == 302
    return Table.objects.get(), response


def colors_in(response):
    """The colour chosen in each seat, in order."""
    seats = re.findall(r'<select name="color".*?</select>', page(response), re.S)
    return [re.search(r'<option value="([^"]*)" selected>', seat).group(1) for seat in seats]


def test_drawing_seats_shows_the_same_players_in_the_drawn_order_and_saves_nothing(client, known_draw):
    response = csrf_post(client, new_table_url("marriage"), {**table_form("marriage"), "draw": "seats"})
    assert response.status_code == 200
    assert seats_in(response) == ["Dipa", "Chandra", "Bikash", "Asha"]
    assert "Seats drawn: Dipa, Chandra, Bikash, Asha" in said(response)
    assert 'value="Friday night"' in page(response)  # the rest of the form as typed
    assert Table.objects.count() == 0


def test_the_draw_uses_the_system_s_random_source():
    assert isinstance(draw.SOURCE, secrets.SystemRandom)
    players = ["Asha", "Bikash", "Chandra", "Dipa"]
    assert sorted(draw.seats(players)) == players and draw.dealer(players) in players


def test_a_drawn_order_can_differ_from_the_typed_one(client, monkeypatch):
    """With a seeded source in the system's place, some draw moves somebody."""
    orders = set()
    for seed in range(5):
        monkeypatch.setattr(draw, "SOURCE", random.Random(seed))
        response = csrf_post(client, new_table_url("marriage"), {**table_form("marriage"), "draw": "seats"})
        assert sorted(seats_in(response)) == sorted(players_of("marriage"))
        orders.add(tuple(seats_in(response)))
    assert len(orders) > 1


def test_a_table_started_after_the_draw_keeps_it_and_its_history_says_it(client, known_draw):
    table, _response = drawn_then_started(client, "marriage", ["seats", "dealer"])
    assert table.players == ["Dipa", "Chandra", "Bikash", "Asha"]
    assert table.draw == {"seats": ["Dipa", "Chandra", "Bikash", "Asha"], "dealer": "Bikash"}
    assert table.progress["dealer"] == "Bikash"
    history = said(client.get(reverse("history", args=[table.keeper_token])))
    assert "Before hand 1: the draw" in history
    assert "Seats drawn: Dipa, Chandra, Bikash, Asha" in history and "First dealer drawn: Bikash" in history


def test_colours_go_with_their_players_to_the_drawn_seats(client, known_draw):
    game = next(game for game in GAMES if SAMPLES[game]["colors"])
    players = players_of(game)
    table, response = drawn_then_started(client, game, ["seats"])
    assert table.players == players[::-1]
    assert table.colors == dict(zip(players, SAMPLES[game]["colors"]))
    assert colors_in(response)[: len(players)] == SAMPLES[game]["colors"][::-1]


@pytest.mark.parametrize("game", DEALING)
def test_the_drawn_first_dealer_deals_hand_1_and_the_deal_goes_round_by_the_game_s_rule(client, known_draw, game):
    players = players_of(game)
    table, response = drawn_then_started(client, game, ["dealer"])
    dealer = players[2]
    assert f"First dealer drawn: {dealer}" in said(response)
    assert table.players == players  # only the dealer was drawn
    assert table.draw == {"dealer": dealer}
    assert table.progress["dealer"] == dealer
    assert f"{dealer} deals" in said(client.get(table_url(table)))
    history = said(client.get(reverse("history", args=[table.keeper_token])))
    assert f"First dealer drawn: {dealer}" in history and "Seats drawn" not in history

    # After hand 1 the deal moves on from the drawn dealer as it moves on from the usual first one.
    usual = fresh_table(game, table.owner)
    engine = get_game(game).engine
    first = engine.progress(usual.rules, players, engine.start(usual.rules, players))["dealer"]
    step = players.index(usual.progress["dealer"]) - players.index(first)
    play_hand(table, SAMPLES[game]["first_hand"], 1)
    table.refresh_from_db()
    assert table.progress["dealer"] == players[(players.index(dealer) + step) % len(players)]


def test_a_game_where_nobody_deals_offers_no_dealer_draw(client, known_draw):
    game = next(game for game in GAMES if game not in DEALING)
    assert "Draw the first dealer" not in page(client.get(new_table_url(game)))
    table, _response = drawn_then_started(client, game, ["dealer", "seats"])
    assert table.draw == {"seats": players_of(game)[::-1]}


def test_seats_moved_after_the_draw_are_not_said_to_be_drawn(client, known_draw):
    response = csrf_post(client, new_table_url("marriage"), {**table_form("marriage"), "draw": "seats"})
    moved = ["Asha", "Chandra", "Bikash", "Dipa"]
    answer = csrf_post(client, new_table_url("marriage"), table_form("marriage", moved, drawn=drawn_token(response)))
    assert answer.status_code == 302
    table = Table.objects.get()
    assert table.players == moved and table.draw == {}
    assert "the table keeps them as typed" in said(client.get(answer.url))
    assert "the draw" not in said(client.get(reverse("history", args=[table.keeper_token])))


def test_a_drawn_dealer_holds_while_the_players_do_even_with_seats_moved(client, known_draw):
    response = csrf_post(client, new_table_url("marriage"), {**table_form("marriage"), "draw": "dealer"})
    moved = ["Dipa", "Asha", "Bikash", "Chandra"]
    csrf_post(client, new_table_url("marriage"), table_form("marriage", moved, drawn=drawn_token(response)))
    table = Table.objects.get()
    assert table.draw == {"dealer": "Chandra"} and table.progress["dealer"] == "Chandra"


def test_a_dealer_drawn_among_other_players_is_not_kept(client, known_draw):
    response = csrf_post(client, new_table_url("marriage"), {**table_form("marriage"), "draw": "dealer"})
    others = ["Asha", "Bikash", "Chandra", "Hari"]
    csrf_post(client, new_table_url("marriage"), table_form("marriage", others, drawn=drawn_token(response)))
    table = Table.objects.get()
    assert table.draw == {} and table.progress["dealer"] == "Asha"


@pytest.mark.parametrize(
    "token",
    [
        "forged",
        draw.signing.dumps({"seats": ["Asha", "Bikash", "Chandra", "Dipa"], "players": []}, salt="another"),
    ],
)
def test_a_draw_the_server_did_not_sign_counts_for_nothing(client, token):
    csrf_post(client, new_table_url("marriage"), table_form("marriage", drawn=token))
    assert Table.objects.get().draw == {}


@pytest.mark.parametrize("kind", ["seats", "dealer"])
@pytest.mark.parametrize("names", [[], ["Asha"]])
def test_a_draw_among_fewer_than_two_players_is_refused_beside_the_players(client, kind, names):
    response = csrf_post(client, new_table_url("marriage"), {**table_form("marriage", names), "draw": kind})
    assert response.status_code == 422
    error = re.search(r'<div class="error" id="players-error" role="alert">(.*?)</div>', page(response), re.S)
    assert error and "A table needs 2 to 6 players" in error.group(1)
    assert "drawn:" not in said(response)
    assert Table.objects.count() == 0


def test_a_draw_checks_only_the_players(client, known_draw):
    """The table's name and rules are checked when it starts, not at a draw."""
    response = csrf_post(client, new_table_url("marriage"), {**table_form("marriage", name=""), "draw": "seats"})
    assert response.status_code == 200 and "Is missing" not in page(response)


@pytest.mark.parametrize("game", DEALING)
def test_once_a_dealer_is_drawn_the_form_no_longer_says_who_deals_by_the_seats(client, known_draw, game):
    seat_help = str(get_game(game).seat_help)
    assert seat_help in html.unescape(said(client.get(new_table_url(game))))
    response = csrf_post(client, new_table_url(game), {**table_form(game), "draw": "dealer"})
    text = html.unescape(said(response))
    assert seat_help not in text and f"First dealer drawn: {players_of(game)[2]}" in text


def test_enter_in_a_field_starts_the_table_and_the_draw_buttons_swap_only_the_form(client):
    text = page(client.get(new_table_url("marriage")))
    form = text[text.index('id="new-table-form"') :]
    first_submit = re.search(r'<button type="submit"[^>]*>([^<]*)</button>', form)
    assert first_submit.group(1) == "Start the table"  # the button Enter presses
    assert form.count('hx-target="#new-table-form"') == 2 and 'id="new-table-form"' in form


def test_a_rematch_can_draw_the_seats_and_the_first_dealer(client, owner, known_draw):
    table = fresh_table("marriage", owner)
    answer = csrf_post(client, reverse("rematch", args=[table.keeper_token]), {"draw": ["seats", "dealer"]})
    following = Table.objects.get(previous=table)
    assert answer.url == table_url(following)
    assert following.players == ["Dipa", "Chandra", "Bikash", "Asha"]
    assert following.draw == {"seats": following.players, "dealer": "Bikash"}
    assert following.progress["dealer"] == "Bikash"
    assert "Seats drawn: Dipa, Chandra, Bikash, Asha" in said(
        client.get(reverse("history", args=[following.keeper_token]))
    )


def test_the_finished_game_offers_a_rematch_with_a_draw(client, owner):
    table = fresh_table("marriage", owner)
    assert "Rematch · draw seats and the first dealer" in said(client.get(table_url(table)))


def test_a_plain_rematch_draws_nothing(owner):
    following, _made = seasons.rematch(fresh_table("marriage", owner))
    assert following.draw == {} and following.players == players_of("marriage")


def test_the_draw_round_trips_through_the_table_file(client, owner, known_draw):
    table, _response = drawn_then_started(client, "marriage", ["seats", "dealer"])
    document = table_file.export_table(table)
    assert document["draw"] == {"seats": ["Dipa", "Chandra", "Bikash", "Asha"], "dealer": "Bikash"}
    imported, warnings = table_file.import_table(document, owner)
    assert warnings == [] and imported.draw == table.draw and imported.progress["dealer"] == "Bikash"
    assert table_file.export_table(imported) == document


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"draw": {"seats": ["Asha", "Bikash", "Chandra", "Dipa"]}}, "the drawn seats must be the players"),
        ({"draw": {"dealer": "Asha"}}, "the drawn first dealer must be the one"),
        ({"draw": {"cut": "Asha"}}, "unknown key"),
    ],
)
def test_a_file_s_draw_must_be_what_the_table_is(client, known_draw, change, message):
    table, _response = drawn_then_started(client, "marriage", ["seats", "dealer"])
    document = table_file.export_table(table) | change
    with pytest.raises(table_file.InputError, match=message):
        table_file.import_table(document)
