"""The 24 Game alone: dealing a puzzle, finishing it once, and each player's score board."""

from django.db import transaction
from django.db.models import Avg, Count, Min, Q
from django.utils import timezone

from scoring import solver24

from .models import Puzzle
from .pad import card_values

RECENT_GAMES = 10


def new_puzzle(player, user=None, device="", difficulty=None):
    dealt = solver24.deal(difficulty=difficulty or None)
    return Puzzle.objects.create(
        player=player,
        user=user,
        device=device,
        cards=[list(card) for card in dealt.cards],
        difficulty=dealt.difficulty,
        solutions=dealt.count,
    )


def seconds_so_far(puzzle):
    """Whole seconds since the deal, as the timer shows them."""
    return int((timezone.now() - puzzle.started).total_seconds())


def finish(puzzle, result, expression):
    """Close an open puzzle once: a win only after the server computed 24 itself."""
    with transaction.atomic():
        locked = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        if locked.result:
            return locked
        locked.ended = timezone.now()
        locked.seconds = (locked.ended - locked.started).total_seconds()
        locked.result, locked.expression = result, expression
        locked.save(update_fields=["ended", "seconds", "result", "expression"])
    return locked


def give_up(puzzle):
    return finish(puzzle, Puzzle.LOST, solver24.solve(card_values(puzzle))[0])


def score_board(player, user=None, device=""):
    """Wins, losses, best and average winning time, and the last games of one player (an account,
    or a name chosen on a device)."""
    games = Puzzle.objects.filter(user=user) if user else Puzzle.objects.filter(player=player, user=None, device=device)
    games = games.exclude(result="")
    summary = games.aggregate(
        wins=Count("pk", filter=Q(result=Puzzle.WON)),
        losses=Count("pk", filter=Q(result=Puzzle.LOST)),
        best=Min("seconds", filter=Q(result=Puzzle.WON)),
        average=Avg("seconds", filter=Q(result=Puzzle.WON)),
    )
    return {**summary, "recent": list(games.order_by("-ended")[:RECENT_GAMES])}
