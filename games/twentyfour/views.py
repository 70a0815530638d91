"""The 24 Game's pages: alone (pick a name, deal, build the expression key by key, the score
board) and the table race's pad."""

import time
from urllib.parse import quote, unquote

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST, require_safe

from scoring import solver24, twentyfour
from scoring.checks import readable, visible
from scoring.errors import InputError, gettext_noop

from ..api import Conflict, client_address, new_token, problem_message, render_table, table_for, table_view
from . import pad, puzzles, race
from .game import DIFFICULTY_LABELS, GAME
from .models import Puzzle

PLAYER_COOKIE = "player24"
# A random id the phone is given with the name it chooses: a name is anyone's to type, so the
# puzzles and score board of a name without an account are that phone's only.
DEVICE_COOKIE = "device24"
DIFFICULTY_COOKIE = "difficulty24"
ONE_YEAR = 365 * 24 * 3600


def keep_cookie(response, name, value):
    """A choice this device keeps for a year; sent over HTTPS only where the site is on HTTPS."""
    response.set_cookie(
        name, value, max_age=ONE_YEAR, samesite="Lax", httponly=True, secure=settings.SESSION_COOKIE_SECURE
    )


# No player deals this fast; a script does (3,492 puzzles in 5 s from one client).
DEALS_A_MINUTE = 30


def player_of(request):
    """(name, account, device): the logged-in account, else the name chosen once on this device.

    The cookie holds the name percent-encoded, so a name in any script fits in a header. A name
    without the device id it was chosen with is no name.
    """
    if request.user.is_authenticated:
        return request.user.get_username(), request.user, ""
    device = request.COOKIES.get(DEVICE_COOKIE, "")
    name = unquote(request.COOKIES.get(PLAYER_COOKIE, "")).strip()
    # The cookie is the phone's to change: its name is held to what the name form takes.
    if not device or len(name) > 40 or not readable(name):
        return "", None, ""
    return name, None, device[:32]


def home_context(request, **extra):
    name, user, device = player_of(request)
    return {
        "player": name,
        "board": puzzles.score_board(name, user, device) if name else None,
        "difficulties": DIFFICULTY_LABELS.items(),
        "difficulty": request.COOKIES.get(DIFFICULTY_COOKIE, ""),
        "game": GAME,
        **extra,
    }


@require_safe
def home(request):
    return render(request, "twentyfour/puzzle/home.html", home_context(request))


@require_POST
def choose_name(request):
    name = request.POST.get("name", "").strip()
    error = _("Type a name of 1 to 40 characters.") if not name or len(name) > 40 else None
    try:
        visible(name)
    except InputError as problem:
        error = capfirst(problem_message(problem))
    if error:
        context = {"player": "", "name_error": error, "name": name[:40]}
        return render(request, "twentyfour/puzzle/home.html", context, status=422)
    response = redirect("puzzle_home")
    keep_cookie(response, PLAYER_COOKIE, quote(name))
    if not request.COOKIES.get(DEVICE_COOKIE):
        keep_cookie(response, DEVICE_COOKIE, new_token())
    return response


@require_POST
def deal(request):
    """A new puzzle at the chosen difficulty (remembered on this device for the next deal)."""
    name, user, device = player_of(request)
    if not name:
        return redirect("puzzle_home")
    difficulty = request.POST.get("difficulty", request.COOKIES.get(DIFFICULTY_COOKIE, ""))
    if difficulty and difficulty not in solver24.DIFFICULTIES:
        return render(
            request,
            "twentyfour/puzzle/home.html",
            home_context(request, deal_error=_("Choose easy, medium or hard.")),
            status=422,
        )
    if not deals_left(request):
        return render(
            request,
            "twentyfour/puzzle/home.html",
            home_context(request, deal_error=_("That is a lot of deals: wait a minute.")),
            status=429,
        )
    puzzle = puzzles.new_puzzle(name, user, device, difficulty)
    response = redirect("puzzle", puzzle_id=puzzle.pk)
    keep_cookie(response, DIFFICULTY_COOKIE, difficulty)
    return response


def deals_left(request):
    """Whether this address has dealt fewer than DEALS_A_MINUTE puzzles this minute (it counts this one)."""
    key = f"deals24:{client_address(request)}:{int(time.time() // 60)}"
    cache.add(key, 0, 60)
    return cache.incr(key) <= DEALS_A_MINUTE


def own_puzzle(request, puzzle_id):
    name, user, device = player_of(request)
    puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
    if puzzle.user != user or puzzle.player != name or (user is None and puzzle.device != device):
        raise Http404(_("This is another player's puzzle."))
    return puzzle


def puzzle_context(puzzle, keys, **extra):
    # Used cards turn over only while the puzzle is open: a finished deal stays face up beside its
    # answer (the winning expression, also after a reload, or the solution shown on giving up).
    used = set() if puzzle.result else {int(key[1]) for key in keys if key.startswith("c")}
    return {
        "game": GAME,  # its files (the pad, the timer) are the game's
        "puzzle": puzzle,
        "difficulty_label": DIFFICULTY_LABELS.get(puzzle.difficulty, puzzle.difficulty),
        "keys": " ".join(keys),
        "shown": puzzle.expression if puzzle.result == Puzzle.WON else pad.shown(puzzle, keys),
        "cards": [
            {"index": index, "rank": rank, "suit": suit, "used": index in used}
            for index, (rank, suit) in enumerate(puzzle.cards)
        ],
        "operators": list(pad.SHOWN.items()),
        "answer": pad.pretty(puzzle.expression),
        "seconds": puzzles.seconds_so_far(puzzle),
        **extra,
    }


def render_pad(request, puzzle, keys, status=200, error=None, **extra):
    if error:
        extra["error"] = pad.pretty_message(error)
    template = "twentyfour/puzzle/play.html#pad" if request.htmx else "twentyfour/puzzle/play.html"
    return render(request, template, puzzle_context(puzzle, keys, **extra), status=status)


def play(request, puzzle_id):
    """GET shows the deal; each POST is one key: a card, an operator, back, clear, = or give up."""
    puzzle = own_puzzle(request, puzzle_id)
    if request.method != "POST":
        return render_pad(request, puzzle, [])
    if puzzle.result:
        return render_pad(request, puzzle, [], status=409, error=_("This game is over: deal again."))
    try:
        keys = pad.read_keys(request.POST.get("keys"))
    except InputError as error:
        return render_pad(request, puzzle, [], status=400, error=problem_message(error))
    key = request.POST.get("key", "")
    if key == "give_up":
        return render_pad(request, puzzles.give_up(puzzle), keys)
    if key == "=":
        try:
            value = pad.evaluate(puzzle, keys)
        except InputError as error:
            return render_pad(request, puzzle, keys, status=422, error=problem_message(error))
        if value == solver24.TARGET:
            return render_pad(request, puzzles.finish(puzzle, Puzzle.WON, pad.shown(puzzle, keys)), keys)
        return render_pad(request, puzzle, keys, miss=value)
    try:
        keys = pad.press(puzzle, keys, key)
    except InputError as error:
        return render_pad(request, puzzle, keys, status=422, error=problem_message(error))
    return render_pad(request, puzzle, keys)


# --- the table race -------------------------------------------------------------------------


@require_POST
@table_view(table_for, game=twentyfour.ENGINE.SLUG)
def race_press(request, table, can_edit, token):
    """One key on the race pad; "=" with 24 wins the deal for the player if nobody was quicker.

    The viewer link may race too, so that the racers need not be given the scorekeeper link (which
    undoes deals, changes players, finishes the game): this is a viewer's one write, and all it
    can do is win the current deal for a player seated at the table."""
    deal = race.current_deal(table)
    player = request.POST.get("player", "")
    status, keys, extra = 200, [], {}
    try:
        if deal is None or str(deal.number) != request.POST.get("deal"):
            raise Conflict(_("Someone was quicker: here is the next deal."))
        keys = pad.read_keys(request.POST.get("keys"))
        if player not in table.seated:
            # Refused before the key counts, keeping what was typed: the phone chooses and goes on.
            raise InputError(gettext_noop("choose who you are first"), field="player")
        key = request.POST.get("key", "")
        if key == "=":
            value = pad.evaluate(deal, keys)
            if value == solver24.TARGET:
                # Told by the board's "Deal N: … made 24 with …" line, which every phone's next deal
                # replaces, not by a message that would stay beside the next deal.
                table = race.win(table, player, keys, deal.number).table
                keys = []
            else:
                extra["miss"] = value
        else:
            keys = pad.press(deal, keys, key)
    except InputError as error:
        # The message goes next to its field: the player select, or the expression.
        status = 422
        extra["player_error" if error.field == "player" else "race_error"] = pad.pretty_message(problem_message(error))
    except Conflict as conflict:
        status, keys, table = 409, [], conflict.table or table
        messages.warning(request, str(conflict))
    response = render_table(
        request, table, can_edit, token, status=status, **race.pad_context(request, table, keys, **extra)
    )
    if player in table.seated:
        response.set_cookie(
            race.PLAYER_COOKIE.format(table=table.pk),
            quote(player),
            max_age=30 * 24 * 3600,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    return response


@require_GET
@table_view(table_for, game=twentyfour.ENGINE.SLUG)
def race_state(request, table, can_edit, token):
    """Polled by every phone: nothing (204) while the deal is the same, else the new board."""
    deal = race.current_deal(table)
    if deal and request.GET.get("deal") == str(deal.number):
        return HttpResponse(status=204)
    return render_table(request, table, can_edit, token, **race.pad_context(request, table))
