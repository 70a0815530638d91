"""Which table a link opens, and what its holder may do there: the one way every table view
loads its table (table_view). Loading changes nothing else; table_view then shows the view's page
in the table's language, once for every view of a table."""

from functools import wraps
from typing import NamedTuple

from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from games.models import Table
from games.plumbing import language


class Link(NamedTuple):
    game: str
    revision: int
    can_edit: bool
    language: str


def who(request):
    """Who made a change: the account, else the link that was used."""
    if request.user.is_authenticated:
        return request.user.get_username()
    return _("scorekeeper link")


def owns(user, table):
    """Whether the signed-in user is the table's owner (or staff): who may change its links, follow
    its rematches and see which account made a change."""
    return user.is_authenticated and (user.pk == table.owner_id or user.is_staff)


def table_for(token, game=None):
    """The table a link opens, and whether that link may change it; `game`: only a table of
    that game (a game's own endpoints)."""
    # With its owner and group: the table page asks whether the user owns it and shows the group,
    # and that costs no query of its own.
    table = Table.objects.select_related("owner", "group").filter(Q(keeper_token=token) | Q(viewer_token=token)).first()
    if table is None or (game is not None and table.game != game):
        raise Http404(_("No table has this link."))
    return table, table.keeper_token == token


def link_for(token):
    """(game, revision, whether the link may change the table, the table's language), without
    loading the table."""
    link = Table.objects.link_state(token)
    if link is None:
        raise Http404(_("No table has this link."))
    return Link(*link)


def keeper_table(token, game=None):
    table, can_edit = table_for(token, game)
    if not can_edit:
        raise Http404(_("This link can only view the table."))
    return table


def table_view(load, **where):
    """A view of the table opened by the `token` in its URL: it is given what `load(token, **where)`
    finds (a table, a tuple that starts with one, or a Link: each part an argument), then `token`
    and the URL's other parts; its page is shown in the table's language, unless this device chose
    its own. Every view of a table is one (tests/test_language.py), so none can forget the language,
    and loading a table switches none."""

    def decorate(view):
        @wraps(view)
        def opened(request, token, **kwargs):
            loaded = load(token, **where)
            parts = loaded if isinstance(loaded, tuple) else (loaded,)
            table_language = loaded.language if isinstance(loaded, Link) else parts[0].language
            language.follow_table(request, table_language)
            return view(request, *parts, token=token, **kwargs)

        opened.follows_table_language = True
        return opened

    return decorate
