"""The colours players wear, drawn from each game's one definition (games.sdk.registry.Game.colors):
the board's dots by a small stylesheet made from it (the pages allow no inline style), the
chart's lines and the result card by the same #rrggbb values."""

import hashlib

from django.http import Http404, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from games.sdk.registry import get_game
from scoring.errors import InputError

# The stylesheet's address changes with its content (colours_url), so a phone may keep it a year.
KEPT_SECONDS = 365 * 24 * 3600


def drawn(game):
    """Colour key -> how it is drawn (#rrggbb), for the chart and the result card."""
    return {color.key: color.hex for color in game.colors}


def stylesheet(game):
    """One rule per colour: a player's dot drawn in it."""
    return "".join(f".dot.{color.key} {{ background: {color.hex}; }}\n" for color in game.colors)


def colors_url(game):
    """The address of `game`'s colours stylesheet, which changes whenever its colours do."""
    version = hashlib.sha256(stylesheet(game).encode()).hexdigest()[:12]
    return f"{reverse('game_colors', args=[game.slug])}?v={version}"


@require_safe
def colors_css(request, game):
    try:
        described = get_game(game)
    except InputError:
        raise Http404 from None
    response = HttpResponse(stylesheet(described), content_type="text/css; charset=utf-8")
    response["Cache-Control"] = f"public, max-age={KEPT_SECONDS}, immutable"
    return response
