"""Fuzzed input: random and hostile form values posted to every POST endpoint of every game.

Each property posts a form built from the endpoint's real field names (and random ones), with
values that are random text, huge, negative, non-ASCII digits, empty, HTML/JS, lists (a field sent
twice) or missing, often on top of a valid form so the engine's deeper checks are reached too.
For every answer:
- never a server error (the test client re-raises a view's exception, which fails the example);
- a refused post (4xx) saved nothing: the counts of tables, hands, changes and puzzles and every
  stored field of the table and its hands are as before;
- whatever was saved is whole: the stored points, totals and progress are what the engine
  computes from the stored inputs (no partial save);
- no page carries an injected script: no <script> without src, no on* handler attribute, and the
  HTML payloads never appear unescaped; a player's name is shown escaped on the table page.

Each example starts from fresh tables made in the test body, so examples do not depend on each other.
The @example cases are the hostile values that once broke a view; while one fails, Hypothesis
reports it (all failing explicit examples at once) without going on to random examples.
FUZZ_EXAMPLES=500 runs a longer hunt.
"""

import copy
import json
import os
from urllib.parse import quote, urlencode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.models import Table
from games.sdk.registry import get_game
from games.services import recording
from games.twentyfour.models import Puzzle
from tests.fixtures import (
    GAMES,
    SAMPLES,
    SET_61,
    counts,
    csrf_token,
    fresh_table,
    players_form,
    players_of,
    running_totals,
    scripts_in,
    snapshot,
    table_form,
)
from tests.inputs import EIGHTS_AND_THREES, EIGHTS_AND_THREES_KEYS, thirteen_round

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 40)),
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
PAYLOADS = (SCRIPT, "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>")
HOSTILE = [
    SCRIPT,
    IMG,
    "<svg onload=alert(1)>",
    "{{ 7|add:7 }}",
    "{% debug %}",
    "' OR '1'='1",
    '"; DROP TABLE games_table; --',
    "",
    " ",
    "\t\n",
    "0",
    "1",
    "2",
    "-1",
    "-0",
    "--1",
    "+1",
    "1.5",
    "1e3",
    "1_000",
    "0x1F",
    "NaN",
    "inf",
    "-inf",
    "9" * 30,
    "-" + "9" * 30,
    "9" * 5000,
    "²",
    "٣",
    "①",
    "１",
    "\x00",
    "a\x00b",
    "\u202eevil",
    "😀" * 20,
    "a" * 5000,
    "null",
    "true",
    "on",
    "yes",
    "[]",
    "{}",
    "../../etc/passwd",
    "%00",
    "Asha",
    "_hand",
    "__proto__",
]
# Values the real forms send, so random forms sometimes make sense to the engine.
CHOICES = [
    "winner",
    "seen",
    "unseen",
    "out",
    "declared",
    "played",
    "surrendered_first",
    "surrendered_later",
    "no_turn",
    "inactive",
    "set",
    "not_set",
    "S",
    "H",
    "D",
    "C",
    "keeper",
    "viewer",
    "easy",
    "medium",
    "hard",
    "red",
    "yellow",
    "green",
    "blue",
    "clockwise",
    "anticlockwise",
    "c0",
    "c1",
    "c2",
    "c3",
    "+",
    "-",
    "*",
    "/",
    "(",
    ")",
    "=",
    "back",
    "clear",
    "give_up",
    "AS 7H JK",
    SET_61,
    EIGHTS_AND_THREES_KEYS,
]

VALUE = st.one_of(
    st.sampled_from(HOSTILE),
    st.sampled_from(CHOICES),
    st.text(max_size=40),
    st.integers(min_value=-(2**80), max_value=2**80).map(str),
    st.integers(min_value=-3, max_value=30).map(str),
)
FIELD_VALUE = st.one_of(VALUE, VALUE, VALUE, st.lists(VALUE, max_size=4))
RANDOM_KEY = st.text(max_size=15).filter(lambda key: key != "csrfmiddlewaretoken")


def hand_fields(game):
    sample = SAMPLES[game]
    seats = range(len(sample["players"]) + 2)  # a seat or two beyond the table, too
    return ["hand_number", "version", *sample["hand_fields"]] + [
        f"{field}-{seat}" for field in sample["seat_fields"] for seat in seats
    ]


# --- strategies --------------------------------------------------------------------------------


def forms(fields, base=None):
    """A form: the valid `base` with one field changed or left out, or with several fields dropped
    and random ones added (real names and made-up ones), or random fields alone."""
    fuzz = st.dictionaries(
        st.one_of(st.sampled_from(fields), st.sampled_from(fields), RANDOM_KEY), FIELD_VALUE, max_size=8
    )
    if base is None:
        return fuzz

    @st.composite
    def build(draw):
        mode = draw(st.sampled_from(["one", "one", "many", "random"]))
        if mode == "random":
            return draw(fuzz)
        data = copy.deepcopy(base)
        if mode == "one":
            key = draw(st.sampled_from(sorted({*fields, *base})))
            if key in data and draw(st.integers(min_value=0, max_value=4)) == 0:
                del data[key]
            else:
                data[key] = draw(FIELD_VALUE)
            return data
        for key in draw(st.sets(st.sampled_from(sorted(data)), max_size=3)):
            del data[key]
        data.update(draw(fuzz))
        return data

    return build()


# --- checks --------------------------------------------------------------------------------------


def check_page(response):
    """No server error; an HTML answer carries no injected script and no raw payload."""
    assert response.status_code < 500, response.status_code
    if "text/html" not in response.get("Content-Type", "") or getattr(response, "streaming", False):
        return
    body = response.content.decode()
    for payload in PAYLOADS:
        assert payload not in body, f"unescaped {payload!r} in the page"
    found = scripts_in(response)
    assert not found, found


def last(value):
    """What the view reads for a field posted as `value` (QueryDict.get: the last one sent)."""
    if isinstance(value, list):
        return value[-1] if value else None
    return value


def encoded(data, token):
    pairs = []
    for key, value in data.items():
        if key != "csrfmiddlewaretoken":
            pairs.extend((key, each) for each in (value if isinstance(value, list) else [value]))
    pairs.append(("csrfmiddlewaretoken", token))
    return urlencode(pairs)


def post(client, url, data):
    """POST the form as a browser does (urlencoded, with the CSRF token), in a savepoint so a
    database error in the view fails this example without spoiling the next ones."""
    token = csrf_token(client)
    with transaction.atomic():
        response = client.post(url, encoded(data, token), content_type="application/x-www-form-urlencoded")
    check_page(response)
    return response


def assert_whole(table):
    """What is stored is what the engine derives from the stored inputs: nothing half saved."""
    table = Table.objects.get(pk=table.pk)
    hands = list(table.hands.order_by("number"))
    assert [hand.number for hand in hands] == list(range(1, len(hands) + 1))
    inputs = [hand.inputs for hand in hands]
    being_played = [table.current_hand["inputs"]] if "inputs" in table.current_hand else []
    players, events = table.starting_players, table.events
    assert table.engine.validate(table.rules, players, inputs + being_played, events) == inputs + being_played
    result = table.engine.score(table.rules, players, inputs, events)
    assert [hand.points for hand in hands] == result.points
    assert table.totals == result.totals
    assert table.progress == table.engine.score(table.rules, players, inputs + being_played, events).progress
    assert table.state == result.state
    assert running_totals(table) == {name: [step.get(name) for step in result.steps] for name in table.players}


def assert_names_escaped(client, table):
    """The table page shows every player's name escaped (and the name of the table)."""
    table = Table.objects.get(pk=table.pk)
    for token in (table.keeper_token, table.viewer_token):
        response = client.get(reverse("table", args=[token]))
        assert response.status_code == 200
        check_page(response)
        body = response.content.decode()
        for name in [*table.players, table.name]:
            assert escape(name) in body, name


def post_refused_or_whole(client, table, view, data, *args):
    """Posts to one of the scorekeeper's endpoints: a 4xx saved nothing, and whatever the
    answer, the table left behind is whole."""
    before_counts, before = counts(), snapshot(table)
    response = post(client, reverse(view, args=[table.keeper_token, *args]), data)
    if 400 <= response.status_code < 500:
        assert counts() == before_counts, f"{response.status_code} but something was saved"
        assert snapshot(table) == before, f"{response.status_code} but a table changed"
    if Table.objects.filter(pk=table.pk).exists():
        assert_whole(table)
    return response


# --- new tables ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_new_table(game, client, owner):
    fields = ["name", "player", "color", *get_game(game).rule_fields]
    base, seats = table_form(game), len(players_of(game))

    @FUZZ
    @given(data=forms(fields, base))
    @example(data={**base, "name": SCRIPT})
    @example(data={**base, "player": [SCRIPT, IMG, "Chandra", "Dipa"][:seats]})
    @example(data={**base, "name": "a\x00b"})
    @example(data={**base, "player": ["Asha", "Bi\x00na", "Chet", "Dev"][:seats]})
    def check(data):
        before_counts = counts()
        response = post(client, reverse("new_table", args=[game]), data)
        if response.status_code == 302:
            table = Table.objects.get(keeper_token=response["Location"].split("/")[2])
            assert counts() == (before_counts[0] + 1, *before_counts[1:])
            assert table.game == game and table.owner == owner
            assert_whole(table)
            assert_names_escaped(client, table)
        else:
            assert response.status_code in (200, 422)
            assert counts() == before_counts

    check()


def typed(game, which, seat):
    """The name of a field a person types into: the seat field `which` (0: the first, -1: the last)
    of seat `seat`; in a game whose hand has no part per player (Tarneeb), its own field `which`."""
    seat_fields = SAMPLES[game]["seat_fields"]
    return f"{seat_fields[which]}-{seat}" if seat_fields else SAMPLES[game]["hand_fields"][which]


# --- hands -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_add_hand(game, client, owner):
    base = SAMPLES[game]["add_hand"]

    @FUZZ
    @given(data=forms(hand_fields(game), base))
    @example(data={**base, "hand_number": "²"})
    @example(data={**base, "hand_number": "9" * 5000})
    @example(data={**base, "hand_number": "-2"})
    @example(data={**base, typed(game, -1, 0): "9" * 5000})
    @example(data={**base, typed(game, 0, 1): "--1"})
    @example(data={**base, typed(game, 0, 1): "²"})
    @example(data={**base, typed(game, -1, 2): "\x00"})
    def check(data):
        table = fresh_table(game, owner)
        post_refused_or_whole(client, table, "add_hand", data)

    check()


def test_add_hand_completing_a_pending_thirteen_round(client, owner):
    """Thirteen's books step, which also reads the version."""
    game = "thirteen"
    base = {"hand_number": "2", "version": "1", "books-0": "0", "books-1": "1", "books-2": "1", "books-3": "0"}

    @FUZZ
    @given(data=forms(hand_fields(game), base))
    @example(data={**base, "version": "²"})
    @example(data={**base, "version": "9" * 5000})
    @example(data={**base, "books-1": "--1"})
    def check(data):
        table = fresh_table(game, owner)
        recording.record_hand(table, thirteen_round([0, 1, 0, 1]), 2)
        post_refused_or_whole(client, table, "add_hand", data)

    check()


HAND_NUMBERS = st.one_of(st.integers(min_value=0, max_value=4), st.sampled_from([2**31, 2**63, 10**30]))


@pytest.mark.parametrize("game", GAMES)
def test_edit_hand(game, client, owner):
    base = SAMPLES[game]["edit_hand"]

    @FUZZ
    @given(number=HAND_NUMBERS, data=forms(hand_fields(game), base))
    @example(number=1, data={**base, "version": "²"})
    @example(number=1, data={**base, "version": "9" * 5000})
    @example(number=1, data={**base, typed(game, 0, 0): "--1"})
    @example(number=1, data={**base, typed(game, -1, 1): "9" * 5000})
    @example(number=10**30, data=base)
    def check(number, data):
        table = fresh_table(game, owner)
        post_refused_or_whole(client, table, "edit_hand", data, number)

    check()


@pytest.mark.parametrize("game", GAMES)
def test_delete_hand(game, client, owner):
    @FUZZ
    @given(number=HAND_NUMBERS, data=forms(hand_fields(game)))
    @example(number=1, data={})
    @example(number=10**30, data={})
    def check(number, data):
        table = fresh_table(game, owner)
        post_refused_or_whole(client, table, "delete_hand", data, number)

    check()


# --- players, sets, finish, links ------------------------------------------------------------

NAMES = st.lists(
    st.one_of(st.sampled_from(HOSTILE), st.text(max_size=45), st.sampled_from(["Asha", "Bina"])), max_size=7
)


@pytest.mark.parametrize("game", GAMES)
def test_players(game, client, owner):
    players = players_of(game)
    base = players_form(game, [f"{name} 2" for name in players])

    @FUZZ
    @given(data=st.one_of(forms(["player", "color"], base), NAMES.map(lambda names: players_form(game, names))))
    @example(data=players_form(game, [SCRIPT, IMG, "<b>Chandra</b>", "Dipa & Co"][: len(players)]))
    @example(data=players_form(game, ["Asha", "Bi\x00na", "Chet", "Dev"][: len(players)]))
    @example(data=players_form(game, ["Asha", "\u202eevil", "٣", "😀"][: len(players)]))
    @example(data={"player": ["Asha", "Bina", "Chet", "Dev"][: len(players)], "color": ["red", "red", "pink", "blue"]})
    def check(data):
        table = fresh_table(game, owner)
        response = post_refused_or_whole(client, table, "players", data)
        if response.status_code == 302:
            assert_names_escaped(client, table)

    check()


def test_record_set(client, owner):
    base = {"player": "Asha", "groups": SET_61, "score": ""}

    @FUZZ
    @given(data=forms(["player", "groups", "score"], base))
    @example(data={**base, "score": "9" * 5000})
    @example(data={**base, "score": "²"})
    @example(data={**base, "player": SCRIPT})
    @example(data={**base, "groups": "AS 2S 3S / " * 500})
    def check(data):
        table = fresh_table("konkan", owner)
        post_refused_or_whole(client, table, "record_set", data)

    check()


@pytest.mark.parametrize("game", GAMES)
def test_finish(game, client, owner):
    @FUZZ
    @given(data=forms(["finished"], {"finished": "yes"}))
    def check(data):
        table = fresh_table(game, owner)
        response = post_refused_or_whole(client, table, "finish", data)
        finished = Table.objects.get(pk=table.pk).finished
        assert response.status_code == 302
        assert (finished is not None) == (last(data.get("finished")) == "yes")

    check()


def test_pause_clock(client, owner):
    @FUZZ
    @given(game=st.sampled_from(GAMES), data=forms(["paused"], {"paused": "yes"}))
    def check(game, data):
        table = fresh_table(game, owner)
        response = post_refused_or_whole(client, table, "pause_clock", data)
        paused = last(data.get("paused"))
        assert response.status_code == (302 if paused in ("yes", "no") else 400)
        assert (Table.objects.get(pk=table.pk).paused_at is not None) == (paused == "yes")

    check()


def test_new_link(client, owner):
    @FUZZ
    @given(game=st.sampled_from(GAMES), data=forms(["which"], {"which": "viewer"}))
    def check(game, data):
        table = fresh_table(game, owner)
        response = post_refused_or_whole(client, table, "new_link", data)
        after = Table.objects.get(pk=table.pk)
        which = last(data.get("which"))
        changed = {
            field for field in ("keeper_token", "viewer_token") if getattr(after, field) != getattr(table, field)
        }
        if which in ("keeper", "viewer"):
            assert response.status_code == 302 and changed == {f"{which}_token"}
        else:
            assert response.status_code == 400 and not changed

    check()


@pytest.mark.parametrize("game", GAMES)
def test_maal_preview(game, client, owner):
    """The maal counter is Marriage's; on another game's table it is refused (4xx), never a 500."""
    counters = SAMPLES["marriage"]["seat_fields"][4:]

    @FUZZ
    @given(
        seat=st.one_of(st.integers(min_value=0, max_value=6), st.just(10**30)),
        data=forms(
            [f"{field}-{seat}" for field in counters for seat in range(6)],
            {"tiplu-0": "1", "poplu-0": "1", "jhiplu-0": "1"},
        ),
    )
    @example(seat=0, data={"tiplu-0": "9" * 5000})
    @example(seat=0, data={"tiplu-0": "²"})
    @example(seat=0, data={"tunnella_joker-0": "-1"})
    def check(seat, data):
        table = fresh_table(game, owner)
        before_counts, before = counts(), snapshot(table)
        post(client, reverse("maal_preview", args=[table.keeper_token, seat]), data)
        # A preview never saves, whatever it answers.
        assert counts() == before_counts and snapshot(table) == before

    check()


# --- the 24 race and the puzzle --------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_race_press(game, client, owner, next_deal):
    """The race pad is the 24 race's; on another game's table it is refused (4xx), never a 500."""
    base = {"player": "Asha", "deal": "2", "keys": EIGHTS_AND_THREES_KEYS, "key": "="}

    @FUZZ
    @given(data=forms(["player", "deal", "keys", "key"], base))
    @example(data={**base, "deal": "²"})
    @example(data={**base, "keys": "c0 " * 5000})
    @example(data={**base, "player": SCRIPT})
    @example(data={**base, "key": "c9"})
    @example(data={**base, "keys": "c0 / ( c1 - c2 / c3", "key": ")"})
    def check(data):
        table = fresh_table(game, owner)
        post_refused_or_whole(client, table, "race_press", data)

    check()


@pytest.mark.parametrize("game", [game for game in GAMES if game != "twentyfour"])
def test_the_race_pad_of_another_game_is_not_found(game, client, owner):
    """race_press and race_state belong to the 24 race: another game's table answers 404, not 500."""
    table = fresh_table(game, owner)
    before_counts, before = counts(), snapshot(table)
    with transaction.atomic():
        state = client.get(reverse("race_state", args=[table.viewer_token]), {"deal": "1"})
    assert state.status_code == 404
    response = post(
        client,
        reverse("race_press", args=[table.keeper_token]),
        {"player": "Asha", "deal": "1", "keys": "", "key": "c0"},
    )
    assert response.status_code == 404
    assert counts() == before_counts and snapshot(table) == before


def test_puzzle_name_and_deal(owner):
    @FUZZ
    @given(name=forms(["name"], {"name": "Asha"}), deal=forms(["difficulty"], {"difficulty": "easy"}))
    @example(name={"name": SCRIPT}, deal={"difficulty": "easy"})
    @example(name={"name": "a\x00b"}, deal={"difficulty": "easy"})
    @example(name={"name": "😀" * 40}, deal={"difficulty": ""})
    @example(name={"name": "Asha"}, deal={"difficulty": SCRIPT})
    def check(name, deal):
        phone = Client(enforce_csrf_checks=True)  # no account: the name is kept in a cookie
        before = counts()
        response = post(phone, reverse("puzzle_name"), name)
        assert counts() == before
        if response.status_code != 302:
            assert response.status_code == 422 and "player24" not in response.cookies
            return
        response = post(phone, reverse("puzzle_deal"), deal)
        if 400 <= response.status_code < 500:
            assert counts() == before
        else:
            assert response.status_code == 302
            assert counts() == (*before[:3], before[3] + 1)
            puzzle = Puzzle.objects.latest("pk")
            assert puzzle.user is None
        check_page(phone.get(reverse("puzzle_home")))

    check()


def test_puzzle_deal_with_an_account(client, owner):
    @FUZZ
    @given(data=forms(["difficulty"], {"difficulty": "hard"}))
    def check(data):
        before = counts()
        response = post(client, reverse("puzzle_deal"), data)
        if 400 <= response.status_code < 500:
            assert counts() == before
        else:
            assert response.status_code == 302 and counts()[3] == before[3] + 1

    check()


def test_puzzle_play(client, owner):
    base = {"keys": EIGHTS_AND_THREES_KEYS, "key": "="}

    @FUZZ
    @given(data=forms(["keys", "key"], base))
    @example(data={"keys": "c0 " * 5000, "key": "+"})
    @example(data={"keys": "c0 c1", "key": "c1"})
    @example(data={"keys": "", "key": "give_up"})
    @example(data={"keys": "c9", "key": "="})
    def check(data):
        puzzle = Puzzle.objects.create(
            player=owner.get_username(), user=owner, cards=EIGHTS_AND_THREES, difficulty="hard", solutions=1
        )
        before_counts = counts()
        before = Puzzle.objects.filter(pk=puzzle.pk).values().first()
        response = post(client, reverse("puzzle", args=[puzzle.pk]), data)
        assert counts() == before_counts
        after = Puzzle.objects.filter(pk=puzzle.pk).values().first()
        if 400 <= response.status_code < 500:
            assert after == before
        if after["result"] == Puzzle.WON:  # only the server's own evaluation of "=" wins
            assert last(data.get("key")) == "=" and response.status_code == 200

    check()


# --- setup and import ------------------------------------------------------------------------


def test_setup_once_an_owner_exists(owner, django_user_model):
    @FUZZ
    @given(
        data=forms(
            ["username", "password1", "password2"],
            {"username": "mallory", "password1": "x-Very-long-9", "password2": "x-Very-long-9"},
        )
    )
    def check(data):
        users = django_user_model.objects.count()
        response = post(Client(enforce_csrf_checks=True), reverse("setup"), data)
        assert response.status_code == 302 and response["Location"] == reverse("home")
        assert django_user_model.objects.count() == users

    check()


JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(),
    st.text(max_size=20),
    st.sampled_from(HOSTILE),
    st.sampled_from(CHOICES),
)
JSON_VALUE = st.recursive(
    st.one_of(JSON_LEAF, st.just([]), st.just({})),
    lambda children: st.one_of(
        st.lists(children, min_size=1, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=10), st.sampled_from(HOSTILE)), children, min_size=1, max_size=4),
    ),
    max_leaves=12,
)


def places(value, path=()):
    """Every (container path, key) of a JSON document, to change one of them."""
    found = []
    if isinstance(value, dict):
        for key, child in value.items():
            found.append((path, key))
            found.extend(places(child, (*path, key)))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found.append((path, index))
            found.extend(places(child, (*path, index)))
    return found


@st.composite
def mutated_documents(draw):
    document = copy.deepcopy(draw(st.sampled_from([SAMPLES[game]["one_hand_document"] for game in GAMES])))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        path, key = draw(st.sampled_from(places(document)))
        container = document
        for step in path:
            container = container[step]
        action = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if action == "replace":
            container[key] = draw(JSON_VALUE)
        elif action == "delete":
            del container[key]
        elif isinstance(container, dict):
            container[draw(st.one_of(st.text(max_size=10), st.sampled_from(HOSTILE)))] = draw(JSON_VALUE)
        else:
            container.append(draw(JSON_VALUE))
        if not places(document):
            break
    return document


UPLOADS = st.one_of(
    mutated_documents().map(lambda doc: json.dumps(doc).encode()),
    mutated_documents().map(lambda doc: json.dumps(doc, ensure_ascii=False).encode()),
    JSON_VALUE.map(lambda value: json.dumps(value).encode()),
    st.binary(max_size=200),
    st.text(max_size=200).map(str.encode),
)
DEEP = b"[" * 100_000 + b"]" * 100_000


def with_name(game, name, **changes):
    changed = copy.deepcopy(SAMPLES[game]["one_hand_document"])
    changed["name"] = name
    changed.update(changes)
    return json.dumps(changed).encode()


def test_import_file(client, owner):
    @FUZZ
    @given(content=UPLOADS)
    @example(content="DEEP")  # (named, so a failure report does not print 200 kB)
    @example(content=with_name("marriage", SCRIPT))
    @example(content=with_name("marriage", "a\x00b"))
    @example(
        content=with_name("thirteen", "Long night", players=["Asha", "B\x00", "Charlie", "David"], hands=[], colors={})
    )
    @example(
        content=json.dumps(
            {
                **SAMPLES["marriage"]["one_hand_document"],
                "hands": [
                    {
                        "inputs": {
                            "Asha": {"status": "seen", "maal": 10**400},
                            "Bikash": {"status": "winner", "maal": 4},
                            "Chandra": {"status": "seen", "maal": 6},
                            "Dipa": {"status": "unseen", "maal": 5},
                        }
                    }
                ],
            }
        ).encode()
    )
    @example(content=b'{"format": "cardscore-table/1", "game": "marriage", "players": NaN, "hands": []}')
    @example(content="\ufeff".encode() + json.dumps(SAMPLES["marriage"]["one_hand_document"]).encode())
    @example(content=json.dumps(SAMPLES["marriage"]["one_hand_document"]).encode("utf-16"))
    def check(content):
        content = DEEP if content == "DEEP" else content
        before_counts = counts()
        upload = SimpleUploadedFile("table.json", content, content_type="application/json")
        with transaction.atomic():
            response = client.post(reverse("import_file"), {"file": upload, "csrfmiddlewaretoken": csrf_token(client)})
        check_page(response)
        if response.status_code == 302:
            table = Table.objects.get(keeper_token=response["Location"].split("/")[2])
            assert counts()[0] == before_counts[0] + 1
            assert counts()[1] == before_counts[1] + table.hands.count()
            assert_whole(table)
            assert_names_escaped(client, table)
        else:
            assert response.status_code == 422
            assert counts() == before_counts

    check()


# --- names are escaped everywhere they are shown -----------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_hostile_names_are_shown_escaped_on_every_page_of_the_table(game, client, owner):
    names = [SCRIPT, IMG, "<svg onload=alert(1)>", "A & B"][: len(players_of(game))]
    table = fresh_table(game, owner)
    response = post(client, reverse("players", args=[table.keeper_token]), players_form(game, names))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.players == names
    assert_names_escaped(client, table)
    # The race pad remembers the player in a cookie: percent-encoded, so no header can be injected.
    if game == "twentyfour":
        response = post(
            client,
            reverse("race_press", args=[table.keeper_token]),
            {"player": SCRIPT, "deal": "2", "keys": "", "key": "c0"},
        )
        assert response.status_code == 200
        assert response.cookies[f"player-{table.pk}"].value == quote(SCRIPT)
    # A change made by a hostile name, for the history page.
    if get_game(game).hands_editable:
        hand = table.hands.get(number=1)
        recording.edit_hand(table, 1, hand.inputs, hand.version, by=SCRIPT)
    else:
        recording.record_hand(
            table,
            {
                "_hand": {"cards": ["8S", "3H", "8D", "3C"], "answer": "8/(3-8/3)"},
                **{name: {"won": name == IMG} for name in names},
            },
            2,
            by=SCRIPT,
        )
    history = client.get(reverse("history", args=[table.keeper_token]))
    check_page(history)
    assert escape(SCRIPT) in history.content.decode()
    # (page, whether it shows the players' names)
    pages = [
        (reverse("live", args=[table.viewer_token]), True),
        (reverse("player", args=[IMG]), True),
        (reverse("home"), False),
        (reverse("hand", args=[table.viewer_token, 1]), True),
        (reverse("total", args=[table.viewer_token, 1]), True),
    ]  # seat 1: IMG
    if get_game(game).hands_editable:
        pages.append((reverse("edit_hand", args=[table.keeper_token, 1]), True))
    else:
        pages.append((reverse("race_state", args=[table.viewer_token]), True))
    for url, shows_names in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        check_page(response)
        if shows_names:
            assert escape(IMG) in response.content.decode(), url
    csv_export = client.get(reverse("export_csv", args=[table.viewer_token]))
    assert csv_export["Content-Type"].startswith("text/csv")


@pytest.mark.parametrize("name", [SCRIPT, "Asha/Bina", "50/50"])
def test_the_players_page_lists_any_name_a_table_accepts(name, client, owner):
    """A name with "/" is a valid player name; the Players page must still list it (escaped)."""
    table = fresh_table("marriage", owner)
    response = post(
        client, reverse("players", args=[table.keeper_token]), {"player": [name, "Bikash", "Chandra", "Dipa"]}
    )
    assert response.status_code == 302
    with transaction.atomic():
        response = client.get(reverse("players_list"))
    check_page(response)
    assert response.status_code == 200
    assert escape(name) in response.content.decode()
