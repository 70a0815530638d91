"""The 24 Game pages: pick a name, deal, build the expression key by key, the score board."""

from urllib.parse import quote, unquote

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scoring import solver24
from scoring.checks import printable
from scoring.errors import InputError

from . import puzzle as puzzles
from .models import Puzzle

PLAYER_COOKIE = "player24"
DIFFICULTY_COOKIE = "difficulty24"
ONE_YEAR = 365 * 24 * 3600


def player_of(request):
    """(name, account): the logged-in account, else the name chosen once on this device.

    The cookie holds the name percent-encoded, so a name in any script fits in a header.
    """
    if request.user.is_authenticated:
        return request.user.get_username(), request.user
    return unquote(request.COOKIES.get(PLAYER_COOKIE, ""))[:40], None


def home_context(request, **extra):
    name, user = player_of(request)
    return {"player": name, "board": puzzles.score_board(name, user) if name else None,
            "difficulties": solver24.DIFFICULTIES, "difficulty": request.COOKIES.get(DIFFICULTY_COOKIE, ""), **extra}


@require_safe
def home(request):
    return render(request, "games/puzzle/home.html", home_context(request))


@require_POST
def choose_name(request):
    name = request.POST.get("name", "").strip()
    if not name or len(name) > 40 or not printable(name):
        context = {"player": "", "name_error": _("Type a name of 1 to 40 characters."), "name": name[:40]}
        return render(request, "games/puzzle/home.html", context, status=422)
    response = redirect("puzzle_home")
    response.set_cookie(PLAYER_COOKIE, quote(name), max_age=ONE_YEAR, samesite="Lax", httponly=True)
    return response


@require_POST
def deal(request):
    """A new puzzle at the chosen difficulty (remembered on this device for the next deal)."""
    name, user = player_of(request)
    if not name:
        return redirect("puzzle_home")
    difficulty = request.POST.get("difficulty", request.COOKIES.get(DIFFICULTY_COOKIE, ""))
    if difficulty and difficulty not in solver24.DIFFICULTIES:
        return render(request, "games/puzzle/home.html",
                      home_context(request, deal_error=_("Choose easy, medium or hard.")), status=422)
    puzzle = puzzles.new_puzzle(name, user, difficulty)
    response = redirect("puzzle", puzzle_id=puzzle.pk)
    response.set_cookie(DIFFICULTY_COOKIE, difficulty, max_age=ONE_YEAR, samesite="Lax", httponly=True)
    return response


def own_puzzle(request, puzzle_id):
    name, user = player_of(request)
    puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
    if puzzle.user != user or puzzle.player != name:
        raise Http404(_("This is another player's puzzle."))
    return puzzle


def pad_context(puzzle, keys, **extra):
    used = {int(key[1]) for key in keys if key.startswith("c")}
    return {
        "puzzle": puzzle,
        "keys": " ".join(keys),
        "shown": puzzles.shown(puzzle, keys),
        "cards": [{"index": index, "rank": rank, "suit": suit, "used": index in used}
                  for index, (rank, suit) in enumerate(puzzle.cards)],
        "operators": list(puzzles.SHOWN.items()),
        "answer": puzzles.pretty(puzzle.expression),
        **extra,
    }


def render_pad(request, puzzle, keys, status=200, error=None, **extra):
    if error:
        extra["error"] = puzzles.pretty_message(error)
    template = "games/puzzle/play.html#pad" if request.htmx else "games/puzzle/play.html"
    return render(request, template, pad_context(puzzle, keys, **extra), status=status)


def play(request, puzzle_id):
    """GET shows the deal; each POST is one key: a card, an operator, back, clear, = or give up."""
    puzzle = own_puzzle(request, puzzle_id)
    if request.method != "POST":
        return render_pad(request, puzzle, [])
    if puzzle.result:
        return render_pad(request, puzzle, [], status=409, error=_("This game is over: deal again."))
    try:
        keys = puzzles.read_keys(request.POST.get("keys"))
    except InputError as error:
        return render_pad(request, puzzle, [], status=400, error=error.message)
    key = request.POST.get("key", "")
    if key == "give_up":
        return render_pad(request, puzzles.give_up(puzzle), keys)
    if key == "=":
        try:
            value = puzzles.evaluate(puzzle, keys)
        except InputError as error:
            return render_pad(request, puzzle, keys, status=422, error=error.message)
        if value == solver24.TARGET:
            return render_pad(request, puzzles.finish(puzzle, Puzzle.WON, puzzles.shown(puzzle, keys)), keys)
        return render_pad(request, puzzle, keys, miss=value)
    try:
        keys = puzzles.press(puzzle, keys, key)
    except InputError as error:
        return render_pad(request, puzzle, keys, status=422, error=error.message)
    return render_pad(request, puzzle, keys)
