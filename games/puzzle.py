"""The 24 Game on a phone: the expression pad's state and finishing a puzzle.

The pad keeps no state on the server: the form carries the puzzle id and the keys pressed so
far ("c0".."c3" for the four cards, operators and brackets), and every press is checked by the
engine at once.
"""

from django.db import transaction
from django.db.models import Avg, Count, Min, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import expressions24, solver24
from scoring.errors import InputError

from .models import Puzzle

SHOWN = {"+": "+", "-": "−", "*": "×", "/": "÷", "(": "(", ")": ")"}  # operator keys as the pad shows them
RECENT_GAMES = 10


def new_puzzle(player, user=None, difficulty=None):
    dealt = solver24.deal(difficulty=difficulty or None)
    return Puzzle.objects.create(player=player, user=user, cards=[list(card) for card in dealt.cards],
                                 difficulty=dealt.difficulty, solutions=dealt.count)


def card_values(puzzle):
    return [expressions24.card_value(rank, field="card") for rank, _suit in puzzle.cards]


def read_keys(text):
    """The keys pressed so far, from the form's hidden field."""
    keys = (text or "").split()
    if len(keys) > expressions24.MAX_TOKENS:
        raise InputError(_("the expression is too long"), field="expression")
    for key in keys:
        if key not in SHOWN and key not in ("c0", "c1", "c2", "c3"):
            raise InputError(_("unknown key %(key)s") % {"key": key[:10]}, field="expression")
    return keys


def engine_tokens(puzzle, keys):
    """Cards as their ranks (a card can be pressed once); operators as they are."""
    used = [key for key in keys if key.startswith("c")]
    if len(used) != len(set(used)):
        raise InputError(_("each card can be used once"), field="expression")
    return [puzzle.cards[int(key[1])][0] if key.startswith("c") else key for key in keys]


def press(puzzle, keys, key):
    """The keys after pressing `key` ("back" and "clear" included); InputError if it cannot go there."""
    if key == "back":
        return keys[:-1]
    if key == "clear":
        return []
    new_keys = read_keys(" ".join(keys + [key]))
    if len(new_keys) != len(keys) + 1:
        raise InputError(_("press one key at a time"), field="expression")
    expressions24.check_partial(engine_tokens(puzzle, new_keys), card_values(puzzle))
    return new_keys


def pretty(text):
    """ASCII arithmetic as the pad shows it: × ÷ −."""
    return text.translate(str.maketrans({"*": "×", "/": "÷", "-": "−"}))


def shown_ascii(puzzle, keys):
    """The expression in plain ASCII, as the engine and the table file write it."""
    return "".join(puzzle.cards[int(key[1])][0] if key.startswith("c") else key for key in keys)


def pretty_message(message):
    """An engine message with the operators it quotes as the pad shows them."""
    for ascii_key, symbol in SHOWN.items():
        message = message.replace(f"'{ascii_key}'", f"'{symbol}'")
    return message


def shown(puzzle, keys):
    """The expression as the player sees it: A 2..10 J Q K and × ÷ −."""
    return " ".join(puzzle.cards[int(key[1])][0] if key.startswith("c") else SHOWN[key] for key in keys)


def evaluate(puzzle, keys):
    """The exact value of a finished expression (every card used); InputError otherwise."""
    return expressions24.check_partial(engine_tokens(puzzle, keys) + ["="], card_values(puzzle))


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
    return finish(puzzle, Puzzle.LOST, solver24.solve([value for value in card_values(puzzle)])[0])


def score_board(player, user=None):
    """Wins, losses, best and average winning time, and the last games of one player (an account,
    or a name chosen on a device)."""
    games = (Puzzle.objects.filter(user=user) if user else Puzzle.objects.filter(player=player, user=None))
    games = games.exclude(result="")
    summary = games.aggregate(wins=Count("pk", filter=Q(result=Puzzle.WON)),
                              losses=Count("pk", filter=Q(result=Puzzle.LOST)),
                              best=Min("seconds", filter=Q(result=Puzzle.WON)),
                              average=Avg("seconds", filter=Q(result=Puzzle.WON)))
    return {**summary, "recent": list(games.order_by("-ended")[:RECENT_GAMES])}
