"""The template tags and filters of every page: numbers as people read them (games/pages/numbers.py),
cards, a game's hand names and its own assets."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language_bidi

from games.pages.colors import colors_url
from games.pages.numbers import duration, isolated_numbers, money, owed, points, sign_of, sum_of
from games.sdk import registry
from games.sdk.cards import cards

register = template.Library()
for number_filter in (points, duration, money, owed, sum_of, sign_of):
    register.filter(number_filter)


class WorkedNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        # The template escaped what it rendered; isolated_numbers adds only Unicode isolates around numbers.
        return mark_safe(isolated_numbers(self.nodelist.render(context)))  # noqa: S308


@register.tag
def worked(parser, token):
    """{% worked %}…{% endworked %}: a worked line (sums, cards and the formulas in its words),
    its numbers isolated for right-to-left pages (isolated_numbers)."""
    nodelist = parser.parse(("endworked",))
    parser.delete_first_token()
    return WorkedNode(nodelist)


@register.filter
def shown(units, game):
    """Points in the game's units (a Game, or its table) as the number people read (Game.shown)."""
    return getattr(game, "game_descriptor", game).shown(units)


@register.filter
def isolated(name):
    """A name inside a translated sentence, where no <bdi> can go, kept whole in its own direction
    in right-to-left pages (FSI … PDI): a team's "Asha وChandra" in an Arabic line, its Latin
    names and the number after it each in their place."""
    return f"\u2068{name}\u2069" if get_language_bidi() else name


@register.filter
def get_item(mapping, key):
    return mapping.get(key)


@register.filter
def minus(value, other):
    """value − other, for a worked line ("10 × 2 + 1": the books over the bid)."""
    return int(value) - int(other)


@register.filter
def card(code):
    """A card code as people read it: "A♠", "joker"."""
    return cards([code])


@register.filter
def hand_name(game, number):
    """ "Hand 3", "Round 3": what the game calls hand `number` (games/sdk/registry.py)."""
    return game.hand_name(number)


@register.simple_tag
def game_assets(game):
    """A game's own stylesheets and scripts (its `assets`, and its colours' stylesheet if players
    wear colours), for the <head> of its pages, after the shared ones. `game` is the Game or its
    slug; a page of no game (an empty value) gets none."""
    if not game:
        return ""
    described = game if isinstance(game, registry.Game) else registry.get_game(game)
    sheets = [static(path) for path in described.assets if path.endswith(".css")]
    if described.colors:
        sheets.append(colors_url(described))
    scripts = [static(path) for path in described.assets if path.endswith(".js")]
    return format_html(
        "{}{}",
        format_html_join("", '<link rel="stylesheet" href="{}">', ((url,) for url in sheets)),
        format_html_join("", '<script src="{}" defer></script>', ((url,) for url in scripts)),
    )
