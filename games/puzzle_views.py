"""The 24 Game pages: pick a name, deal, build the expression key by key, the score board."""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scoring import twentyfour as engine
from scoring.errors import InputError

from . import puzzle as puzzles
from .models import Puzzle

PLAYER_COOKIE = "player24"
ONE_YEAR = 365 * 24 * 3600


def player_name(request):
    """The logged-in user's name, else the name chosen once on this device."""
    if request.user.is_authenticated:
        return request.user.get_username()
    return request.COOKIES.get(PLAYER_COOKIE, "")[:40]


@require_safe
def home(request):
    player = player_name(request)
    board = puzzles.score_board(player) if player else None
    return render(request, "games/puzzle/home.html",
                  {"player": player, "board": board, "difficulties": engine.DIFFICULTIES})


@require_POST
def choose_name(request):
    name = request.POST.get("name", "").strip()
    if not name or len(name) > 40:
        return render(request, "games/puzzle/home.html",
                      {"player": "", "name_error": _("Type a name of 1 to 40 characters."), "name": name[:40]},
                      status=422)
    response = redirect("puzzle_home")
    response.set_cookie(PLAYER_COOKIE, name, max_age=ONE_YEAR, samesite="Lax", httponly=True)
    return response


@require_POST
def deal(request):
    player = player_name(request)
    if not player:
        return redirect("puzzle_home")
    difficulty = request.POST.get("difficulty", "")
    if difficulty and difficulty not in engine.DIFFICULTIES:
        return render(request, "games/puzzle/home.html",
                      {"player": player, "board": puzzles.score_board(player), "difficulties": engine.DIFFICULTIES,
                       "deal_error": _("Choose easy, medium or hard.")}, status=422)
    puzzle = puzzles.new_puzzle(player, request.user if request.user.is_authenticated else None, difficulty)
    return redirect("puzzle", puzzle_id=puzzle.pk)


def own_puzzle(request, puzzle_id):
    puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
    if puzzle.player != player_name(request):
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
    if request.method != "POST" or puzzle.result:
        return render_pad(request, puzzle, [])
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
        if value == engine.TARGET:
            return render_pad(request, puzzles.finish(puzzle, Puzzle.WON, puzzles.shown(puzzle, keys)), keys)
        return render_pad(request, puzzle, keys, miss=value)
    try:
        keys = puzzles.press(puzzle, keys, key)
    except InputError as error:
        return render_pad(request, puzzle, keys, status=422, error=error.message)
    return render_pad(request, puzzle, keys)
