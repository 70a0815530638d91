"""The 24 Game on a phone, solo: a name, a deal, the pad key by key, giving up, the score board.

Each test is one behaviour of the feature list (docs/rules/twentyfour.md and the 24 Game issue). Deals
are made deterministic by creating Puzzle rows with known cards, or by replacing the engine's deal.
"""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.twentyfour import views as views24
from games.twentyfour.models import Puzzle
from games.twentyfour.views import DEVICE_COOKIE, PLAYER_COOKIE
from scoring import expressions24, solver24
from tests.fixtures import alert, csrf_post, device_of, make_puzzle, page
from tests.inputs import EIGHTS_AND_THREES, EIGHTS_AND_THREES_KEYS

pytestmark = pytest.mark.django_db

# 8♠ 3♥ 8♦ 3♣ (EIGHTS_AND_THREES): one solution, 8 ÷ (3 − 8 ÷ 3), which needs a fraction on the way.
WINNING_KEYS = EIGHTS_AND_THREES_KEYS.split()
ALL_CARDS_NOT_24 = "c0 + c1 + c2 + c3"  # 22


# --- helpers ---------------------------------------------------------------------------------


def expression(response):
    found = re.search(r'<output class="expression"[^>]*>(.*?)</output>', page(response), re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def hidden_keys(response):
    return re.search(r'<input type="hidden" name="keys" value="([^"]*)">', page(response)).group(1)


def player_client(name):
    """A phone without a login that chose `name` once (the owner fixture must exist: first-visit setup)."""
    client = Client(enforce_csrf_checks=True)
    client.cookies[PLAYER_COOKIE] = name
    client.cookies[DEVICE_COOKIE] = device_of(name)
    return client


def puzzle_url(puzzle):
    return reverse("puzzle", args=[puzzle.pk])


def press(client, puzzle, keys, key, **extra):
    """One tap on the pad: the keys shown so far (a list or the hidden field's text) and the key."""
    keys = keys if isinstance(keys, str) else " ".join(keys)
    return csrf_post(client, puzzle_url(puzzle), {"keys": keys, "key": key}, **extra)


def unchanged(puzzle):
    """The puzzle as stored, to compare before and after a refused post."""
    puzzle = Puzzle.objects.get(pk=puzzle.pk)
    return (puzzle.result, puzzle.ended, puzzle.seconds, puzzle.expression)


def assert_refused(response, puzzle, before, *words):
    """A clear message (naming `words`), a 4xx, and the puzzle exactly as it was."""
    assert 400 <= response.status_code < 500, response.status_code
    message = alert(response)
    assert message, "no error message next to the expression"
    for word in words:
        assert word.lower() in message.lower(), (word, message)  # the message starts with a capital
    assert unchanged(puzzle) == before
    assert Puzzle.objects.filter(result=Puzzle.WON).count() == 0


@pytest.fixture
def puzzle(owner):
    return make_puzzle()


@pytest.fixture
def known_deal(monkeypatch):
    """The engine deals 8♠ 3♥ 8♦ 3♣ (with the difficulty asked for)."""
    calls = []

    def fake_deal(rng=None, difficulty=None):
        calls.append(difficulty)
        cards = [tuple(card) for card in EIGHTS_AND_THREES]
        return solver24.Deal(cards, [8, 3, 8, 3], difficulty or "hard", 1, "8/(3-8/3)")

    monkeypatch.setattr(solver24, "deal", fake_deal)
    return calls


# --- choosing a name -------------------------------------------------------------------------


def test_a_phone_without_a_name_is_asked_for_one_and_keeps_it(owner):
    client = Client(enforce_csrf_checks=True)
    first = client.get(reverse("puzzle_home"))
    assert first.status_code == 200
    assert 'name="name"' in page(first)
    assert reverse("puzzle_deal") not in page(first)  # no deal before a name

    response = csrf_post(client, reverse("puzzle_name"), {"name": "  Asha  "})
    assert response.status_code == 302 and response.url == reverse("puzzle_home")
    assert client.cookies[PLAYER_COOKIE].value == "Asha"
    home = client.get(reverse("puzzle_home"))
    assert "Score board of Asha" in page(home)
    assert reverse("puzzle_deal") in page(home)


@pytest.mark.parametrize("name", ["", "   ", "x" * 41])
def test_a_blank_or_too_long_name_is_refused(owner, name):
    client = Client(enforce_csrf_checks=True)
    response = csrf_post(client, reverse("puzzle_name"), {"name": name})
    assert response.status_code == 422
    assert "Type a name of 1 to 40 characters." in page(response)
    assert PLAYER_COOKIE not in client.cookies or not client.cookies[PLAYER_COOKIE].value


def test_a_name_in_any_script_can_be_chosen(owner):
    """Names like आशा must survive the trip: HTTP servers (gunicorn, wsgiref) send headers as Latin-1."""
    client = Client(enforce_csrf_checks=True)
    response = csrf_post(client, reverse("puzzle_name"), {"name": "आशा"})
    assert response.status_code == 302
    set_cookie = response.cookies[PLAYER_COOKIE].output(header="Set-Cookie:")
    set_cookie.encode("latin-1")  # what the server does with every header; raises if it cannot be sent
    phone = Client(
        HTTP_COOKIE=f"{PLAYER_COOKIE}={response.cookies[PLAYER_COOKIE].coded_value}; "
        f"{DEVICE_COOKIE}={response.cookies[DEVICE_COOKIE].coded_value}"
    )
    assert "Score board of आशा" in page(phone.get(reverse("puzzle_home")))


def test_a_logged_in_player_plays_under_their_username(client, known_deal):
    home = client.get(reverse("puzzle_home"))
    assert "Score board of owner" in page(home)
    response = csrf_post(client, reverse("puzzle_deal"), {"difficulty": ""})
    puzzle = Puzzle.objects.get()
    assert response.status_code == 302 and response.url == puzzle_url(puzzle)
    assert puzzle.player == "owner" and puzzle.user.username == "owner"


# --- dealing ---------------------------------------------------------------------------------


def test_a_bad_difficulty_is_refused_and_deals_nothing(client):
    response = csrf_post(client, reverse("puzzle_deal"), {"difficulty": "impossible"})
    assert response.status_code == 422
    assert "Choose easy, medium or hard." in page(response)
    assert not Puzzle.objects.exists()


def test_dealing_without_a_name_deals_nothing(owner):
    client = Client(enforce_csrf_checks=True)
    response = csrf_post(client, reverse("puzzle_deal"), {"difficulty": "easy"})
    assert response.status_code == 302 and response.url == reverse("puzzle_home")
    assert not Puzzle.objects.exists()


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_each_difficulty_is_honoured(client, difficulty):
    for _ in range(5):
        response = csrf_post(client, reverse("puzzle_deal"), {"difficulty": difficulty})
        assert response.status_code == 302
    for puzzle in Puzzle.objects.all():
        values = tuple(sorted(expressions24.card_value(rank) for rank, _suit in puzzle.cards))
        entry = solver24.table()[values]
        assert entry.solvable
        assert puzzle.difficulty == entry.difficulty == difficulty
        assert puzzle.solutions == entry.count == len(solver24.solve(values))
        # four different cards from one pack
        assert len({(rank, suit) for rank, suit in puzzle.cards}) == 4


def test_any_difficulty_deals_a_solvable_hand(client):
    csrf_post(client, reverse("puzzle_deal"), {"difficulty": ""})
    puzzle = Puzzle.objects.get()
    values = [expressions24.card_value(rank) for rank, _suit in puzzle.cards]
    assert solver24.solve(values)
    assert puzzle.difficulty in solver24.DIFFICULTIES


def test_the_deal_shows_four_card_faces_and_a_running_timer(client, puzzle):
    response = client.get(puzzle_url(puzzle))
    assert response.status_code == 200
    body = page(response)
    assert body.count('class="playing-card') == 4
    for label in ("8 of spades", "3 of hearts", "8 of diamonds", "3 of clubs"):
        assert f'aria-label="{label}"' in body
    assert 'class="timer" data-seconds="' in body
    assert "hard · 1 solution" in body


def timer(response):
    found = re.search(r'<span class="timer" data-seconds="(\d+)">[^<]*<output>([^<]*)</output>', page(response))
    return int(found.group(1)), found.group(2)


def test_the_timer_shows_the_time_since_the_deal_on_every_pad(client, puzzle):
    """Each key swaps in a new pad: its timer must go on from the deal, not flash 0:00 until the script ticks."""
    Puzzle.objects.filter(pk=puzzle.pk).update(started=timezone.now() - timedelta(minutes=10, seconds=5))
    for response in (
        client.get(puzzle_url(puzzle)),
        press(client, puzzle, "", "c0", HTTP_HX_REQUEST="true"),
        press(client, puzzle, "c0", "+", HTTP_HX_REQUEST="true"),
    ):
        assert response.status_code == 200
        seconds, shown = timer(response)
        assert 605 <= seconds < 660  # well under a minute to answer, on the slowest machine
        assert shown == f"10:{seconds - 600:02d}"


# --- playing: a win key by key ----------------------------------------------------------------


def test_a_full_win_by_key_presses(client, puzzle):
    keys = []
    shown = []
    display = {"c0": "8", "c1": "3", "c2": "8", "c3": "3", "/": "÷", "-": "−", "(": "(", ")": ")"}
    for key in WINNING_KEYS:
        response = press(client, puzzle, keys, key, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, alert(response)
        assert alert(response) is None
        keys.append(key)
        shown.append(display[key])
        assert hidden_keys(response) == " ".join(keys)
        assert expression(response) == " ".join(shown)
        assert "<html" not in page(response)  # htmx gets the pad fragment only
    # a used card is turned over and cannot be pressed again
    assert re.search(r'class="playing-card suit-S used" name="key" value="c0" disabled', page(response))
    assert Puzzle.objects.get().result == ""

    response = press(client, puzzle, keys, "=")
    assert response.status_code == 200
    assert "= 24 — solved in" in page(response)
    won = Puzzle.objects.get()
    assert won.result == Puzzle.WON
    assert won.ended is not None and won.seconds is not None and won.seconds >= 0
    assert won.expression == "8 ÷ ( 3 − 8 ÷ 3 )"
    assert 'class="timer"' not in page(response)


def face_up(response):
    """The labels of the cards shown face up (not turned over as used), and whether each can be tapped."""
    return [
        (label, "disabled" not in attributes)
        for attributes, label in re.findall(
            r'<button type="submit" class="playing-card suit-\w"([^>]*)aria-label="([^"]+)"', page(response)
        )
    ]


SOLVED_DEAL = [("8 of spades", False), ("3 of hearts", False), ("8 of diamonds", False), ("3 of clubs", False)]


def test_the_solved_deal_stays_face_up_with_its_answer(client, puzzle):
    response = press(client, puzzle, WINNING_KEYS, "=", HTTP_HX_REQUEST="true")
    assert "= 24 — solved in" in page(response)
    assert face_up(response) == SOLVED_DEAL  # every card was used, yet none is turned over
    assert expression(response) == "8 ÷ ( 3 − 8 ÷ 3 )"
    again = client.get(puzzle_url(puzzle))  # and so it stays, with the answer, when the page is opened again
    assert face_up(again) == SOLVED_DEAL
    assert expression(again) == "8 ÷ ( 3 − 8 ÷ 3 )"


def test_the_deal_stays_face_up_after_giving_up(client, puzzle):
    response = press(client, puzzle, "c0 / ( c1 - c2", "give_up")
    assert face_up(response) == SOLVED_DEAL
    assert "A solution: <strong>8÷(3−8÷3)</strong>" in page(response)


def test_back_and_clear(client, puzzle):
    response = press(client, puzzle, "c0 / ( c1", "back")
    assert response.status_code == 200
    assert hidden_keys(response) == "c0 / ("
    assert 'value="c1"' in page(response) and "suit-H used" not in page(response)  # the card is back
    response = press(client, puzzle, "c0 / ( c1", "clear")
    assert response.status_code == 200
    assert hidden_keys(response) == ""
    assert expression(response) == "…"


def test_a_miss_shows_not_24_and_the_value_as_a_fraction(client, puzzle):
    response = press(client, puzzle, "( c0 + c2 ) / ( c1 + c3 )", "=")  # 16 / 6
    assert response.status_code == 200
    assert "≠ 24 (8/3)" in page(response)
    assert Puzzle.objects.get().result == ""  # a wrong "=" can be tried again


def test_a_miss_with_a_whole_value(client, puzzle):
    response = press(client, puzzle, ALL_CARDS_NOT_24, "=")
    assert response.status_code == 200
    assert "≠ 24 (22)" in page(response)
    assert Puzzle.objects.get().result == ""


# --- bad input: a clear message, a 4xx, nothing recorded -------------------------------------


@pytest.mark.parametrize(
    ("keys", "key", "words"),
    [
        ("c0 +", "+", ["cannot follow"]),  # operator after operator
        ("c0 +", "*", ["'×' cannot follow '+'"]),
        ("c0", "c1", ["cannot follow"]),  # card after card
        ("", "/", ["cannot start"]),
        ("c0 +", ")", ["')' without '('"]),
        ("c0 + c0", "+", ["once"]),  # the same card twice
        ("c0 + c0 + c1 + c3", "=", ["once"]),
        ("c0 / ( c1 - c3", ")", ["division by zero"]),  # 8 / (3 − 3)
    ],
    ids=[
        "op-op",
        "op-op-shown",
        "card-card",
        "starts-with-op",
        "close-without-open",
        "card-twice",
        "card-twice-equals",
        "division-by-zero",
    ],
)
def test_a_refused_key(client, puzzle, keys, key, words):
    before = unchanged(puzzle)
    response = press(client, puzzle, keys, key)
    assert response.status_code == 422
    assert_refused(response, puzzle, before, *words)
    # the expression is kept as it was before the refused key
    assert hidden_keys(response) == keys


def test_operator_after_operator(client, puzzle):
    before = unchanged(puzzle)
    response = press(client, puzzle, "c0 -", "*")
    assert response.status_code == 422
    assert_refused(response, puzzle, before, "'×' cannot follow '−'")


def test_the_same_card_twice_in_the_posted_keys(client, puzzle):
    before = unchanged(puzzle)
    response = press(client, puzzle, "c0 + c0", "=")
    assert response.status_code == 422
    assert_refused(response, puzzle, before, "each card can be used once")


def test_the_same_card_twice_smuggled_in_one_key(client, puzzle):
    """A key with a space in it is still one tap: 'c0 c0' must not slip past the checks."""
    before = unchanged(puzzle)
    response = press(client, puzzle, "", "c0 + c0")
    assert_refused(response, puzzle, before)
    assert "c0 + c0" not in hidden_keys(response)


@pytest.mark.parametrize("key", ["x", "c4", "8", "**", "sqrt", "%"])
def test_an_unknown_key_is_refused(client, puzzle, key):
    before = unchanged(puzzle)
    response = press(client, puzzle, "c0 +", key)
    assert response.status_code == 422
    assert_refused(response, puzzle, before)


@pytest.mark.parametrize("keys", ["c0 + 8", "c0 + c4", "8 / ( 3 - 8 / 3 )", "c0 ^ c1"])
def test_posted_keys_with_unknown_tokens_or_cards_not_from_the_deal_are_refused(client, puzzle, keys):
    before = unchanged(puzzle)
    response = press(client, puzzle, keys, "=")
    assert_refused(response, puzzle, before, "unknown key")


def test_a_key_list_over_the_limit_is_refused(client, puzzle):
    before = unchanged(puzzle)
    keys = "( " * 20 + "c0 + c1 * ( c2 - c3 ) " + ") " * 20  # 51 keys, more than MAX_TOKENS
    assert len(keys.split()) > expressions24.MAX_TOKENS
    response = press(client, puzzle, keys, "=")
    assert_refused(response, puzzle, before, "too long")


def test_growing_the_expression_past_the_limit_is_refused(client, puzzle):
    before = unchanged(puzzle)
    keys = " ".join(["("] * expressions24.MAX_TOKENS)
    response = press(client, puzzle, keys, "(")
    assert_refused(response, puzzle, before, "too long")


def test_equals_with_cards_unused(client, puzzle):
    before = unchanged(puzzle)
    response = press(client, puzzle, "c0 + c1", "=")
    assert response.status_code == 422
    assert_refused(response, puzzle, before, "every card must be used")


def test_equals_with_an_unclosed_bracket(client, puzzle):
    before = unchanged(puzzle)
    response = press(client, puzzle, "c0 / ( c1 - c2 / c3", "=")
    assert response.status_code == 422
    assert_refused(response, puzzle, before, "'(' is not closed")


def test_division_by_zero_at_equals(client, puzzle):
    before = unchanged(puzzle)
    response = press(client, puzzle, "c0 / ( c1 - c3 ) + c2", "=")
    assert response.status_code == 422
    assert_refused(response, puzzle, before, "division by zero")


def test_a_forged_win_with_keys_that_do_not_make_24_records_no_win(client, puzzle):
    response = press(client, puzzle, ALL_CARDS_NOT_24, "=")
    assert "≠ 24" in page(response)
    assert "solved" not in page(response)
    assert Puzzle.objects.get().result == ""
    # a made-up answer in card values (not card keys) is refused outright
    before = unchanged(puzzle)
    response = press(client, puzzle, "24", "=")
    assert_refused(response, puzzle, before)


def test_a_forged_win_on_a_given_up_puzzle_is_refused(client, puzzle):
    """After giving up, posting the right answer must not turn the loss into a win."""
    press(client, puzzle, "", "give_up")
    before = unchanged(puzzle)
    assert before[0] == Puzzle.LOST
    response = press(client, puzzle, WINNING_KEYS, "=")
    assert unchanged(puzzle) == before
    assert "solved" not in page(response)
    assert_refused(response, puzzle, before)


@pytest.mark.parametrize("key", ["=", "give_up", "c0", "clear"])
def test_a_key_for_a_finished_puzzle_changes_nothing(client, puzzle, key):
    press(client, puzzle, WINNING_KEYS, "=")
    before = unchanged(puzzle)
    assert before[0] == Puzzle.WON
    response = press(client, puzzle, WINNING_KEYS if key == "=" else "", key)
    assert unchanged(puzzle) == before
    assert Puzzle.objects.count() == 1
    assert 'name="key" value="="' not in page(response)  # no pad keys on a finished puzzle


# --- giving up -------------------------------------------------------------------------------


def test_giving_up_records_a_loss_and_shows_a_solution_and_the_count(client, puzzle):
    response = press(client, puzzle, "c0 +", "give_up")
    assert response.status_code == 200
    lost = Puzzle.objects.get()
    assert lost.result == Puzzle.LOST and lost.ended and lost.seconds is not None
    assert lost.expression == "8/(3-8/3)"
    body = page(response)
    assert "A solution: <strong>8÷(3−8÷3)</strong>" in body
    assert "(1 distinct solution)" in body


def test_giving_up_asks_first(client, puzzle):
    """The give-up button has a form of its own that the script confirms (data-confirm) before it posts."""
    body = page(client.get(puzzle_url(puzzle)))
    forms = re.findall(r"<form [^>]*>.*?</form>", body, re.S)
    give_up = [form for form in forms if 'value="give_up"' in form]
    assert len(give_up) == 1
    assert 'data-confirm="Give up this deal? It counts as a loss."' in give_up[0]
    assert "hx-post" not in give_up[0]  # htmx would post before the question is asked
    assert Puzzle.objects.get().result == ""


def test_giving_up_on_a_hand_with_several_solutions_shows_their_number(client):
    cards = [["A", "S"], ["2", "H"], ["3", "D"], ["4", "C"]]
    puzzle = make_puzzle(cards=cards)
    count = len(solver24.solve([1, 2, 3, 4]))
    assert count > 1 and puzzle.solutions == count
    response = press(client, puzzle, "", "give_up")
    lost = Puzzle.objects.get()
    assert expressions24.check_answer(lost.expression, [1, 2, 3, 4]) == 24
    assert f"({count} distinct solutions)" in page(response)


# --- the score board ------------------------------------------------------------------------


def test_the_score_board_counts_wins_losses_best_average_and_shows_the_last_10(owner):
    start = timezone.now() - timedelta(hours=2)
    # 12 games, oldest first: seconds and result; the two oldest fall off the recent list.
    games = [
        (50.0, "won"),
        (7.0, "lost"),
        (30.0, "won"),
        (9.0, "lost"),
        (10.0, "won"),
        (11.0, "lost"),
        (12.0, "lost"),
        (20.0, "won"),
        (13.0, "lost"),
        (14.0, "lost"),
        (15.0, "lost"),
        (40.0, "won"),
    ]
    for number, (seconds, result) in enumerate(games):
        make_puzzle(
            player="Asha",
            result=result,
            seconds=seconds,
            ended=start + timedelta(minutes=number),
            expression="8/(3-8/3)",
        )
    make_puzzle(player="Asha")  # open: not on the board
    make_puzzle(player="Bikash", result="won", seconds=1.0, ended=timezone.now())  # another player
    client = player_client("Asha")
    body = page(client.get(reverse("puzzle_home")))
    stats = dict(re.findall(r"<dt>(\w+)</dt><dd>([^<]*)</dd>", body))
    wins = [s for s, r in games if r == "won"]
    assert stats["Wins"] == "5"
    assert stats["Losses"] == "7"
    assert stats["Best"] == "10.0 s"
    assert stats["Average"] == f"{sum(wins) / len(wins):.1f} s" == "30.0 s"
    recent = re.findall(
        r'<li><span class="(pos|neg)">([✓✗])</span>.*?<span class="muted">([\d.]+) s</span></li>', body, re.S
    )
    assert len(recent) == 10
    newest_first = games[::-1][:10]
    assert [(mark, float(seconds)) for _cls, mark, seconds in recent] == [
        ("✓" if result == "won" else "✗", seconds) for seconds, result in newest_first
    ]


def test_the_score_board_after_playing(client, puzzle):
    press(client, puzzle, WINNING_KEYS, "=")
    other = make_puzzle()
    press(client, other, "", "give_up")
    body = page(client.get(reverse("puzzle_home")))
    stats = dict(re.findall(r"<dt>(\w+)</dt><dd>([^<]*)</dd>", body))
    assert stats["Wins"] == "1" and stats["Losses"] == "1"
    assert stats["Best"] != "–" and stats["Average"] == stats["Best"]
    assert body.count("✓") == 1 and body.count("✗") == 1


# --- whose puzzle ---------------------------------------------------------------------------


def test_another_players_puzzle_is_not_found(owner):
    puzzle = make_puzzle(player="Bikash")
    asha = player_client("Asha")
    assert asha.get(puzzle_url(puzzle)).status_code == 404
    before = unchanged(puzzle)
    assert press(asha, puzzle, "", "give_up").status_code == 404
    assert press(asha, puzzle, WINNING_KEYS, "=").status_code == 404
    assert unchanged(puzzle) == before
    assert player_client("Bikash").get(puzzle_url(puzzle)).status_code == 200


def test_a_logged_in_user_cannot_open_a_device_players_puzzle(client):
    puzzle = make_puzzle(player="Asha")
    assert client.get(puzzle_url(puzzle)).status_code == 404


def test_an_unknown_puzzle_is_not_found(client):
    assert client.get(reverse("puzzle", args=[999])).status_code == 404


# --- without a login ------------------------------------------------------------------------


def test_the_solo_game_works_without_a_login(owner, known_deal):
    client = Client(enforce_csrf_checks=True)
    assert client.get(reverse("puzzle_home")).status_code == 200
    csrf_post(client, reverse("puzzle_name"), {"name": "Asha"})
    response = csrf_post(client, reverse("puzzle_deal"), {"difficulty": "hard"})
    assert known_deal == ["hard"]
    puzzle = Puzzle.objects.get()
    assert response.url == puzzle_url(puzzle)
    assert puzzle.player == "Asha" and puzzle.user is None
    assert client.get(puzzle_url(puzzle)).status_code == 200
    keys = []
    for key in WINNING_KEYS:
        assert press(client, puzzle, keys, key).status_code == 200
        keys.append(key)
    assert "solved" in page(press(client, puzzle, keys, "="))
    assert Puzzle.objects.get().result == Puzzle.WON
    body = page(client.get(reverse("puzzle_home")))
    assert "Score board of Asha" in body and "✓" in body


def test_a_name_typed_on_another_phone_is_another_player(owner):
    """A guest who typed "Hari" played and gave up Hari's puzzles."""
    hari = make_puzzle(player="Hari")
    impostor = Client(enforce_csrf_checks=True)
    csrf_post(impostor, reverse("puzzle_name"), {"name": "Hari"})
    assert impostor.cookies[DEVICE_COOKIE].value not in ("", device_of("Hari"))
    before = unchanged(hari)
    assert impostor.get(puzzle_url(hari)).status_code == 404
    assert press(impostor, hari, "", "give_up").status_code == 404
    assert unchanged(hari) == before
    assert player_client("Hari").get(puzzle_url(hari)).status_code == 200


def test_dealing_faster_than_any_player_is_refused(owner, monkeypatch, known_deal):
    monkeypatch.setattr(views24, "DEALS_A_MINUTE", 3)
    phone = player_client("Asha")
    assert [csrf_post(phone, reverse("puzzle_deal")).status_code for _ in range(3)] == [302] * 3
    refused = csrf_post(phone, reverse("puzzle_deal"))
    assert refused.status_code == 429 and "That is a lot of deals: wait a minute." in page(refused)
    assert Puzzle.objects.count() == 3
