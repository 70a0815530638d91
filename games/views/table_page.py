"""A table's page and its live board (polled by every phone showing it), and the table's own
settings (its language, finished)."""

from django.contrib import messages
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST, require_safe

from games.pages import save_answer
from games.pages.render import SAVED, render_table, table_context
from games.plumbing import language
from games.plumbing.access import keeper_table, link_for, owns, table_for, table_view
from games.sdk import problems, registry
from games.services import seasons, tables
from scoring.errors import InputError


@require_safe
@table_view(link_for)
def table(request, game, revision, can_edit, table_language, token):
    described = registry.get_game(game)
    if can_edit or described.page_is_personal or request.user.is_authenticated or len(get_messages(request)):
        table, can_edit = table_for(token)
        extra = {**described.page_context(request, table), **games_around(table, request.user)}
        saved = [message.message for message in get_messages(request) if message.extra_tags == SAVED]
        if saved:
            extra["saved"] = saved[-1]
        return render(request, "games/table.html", table_context(request, table, can_edit, token, **extra))
    return viewer_page(request, token, revision)


def games_around(table, user=None):
    """The game this table is a rematch of and its rematch: linked (by their scorekeeper links)
    for the table's owner only. A link opens its own table and no other, so a guest given
    tonight's link cannot walk back to last week's game, and revoking one link contains it; a
    link holder is told only that a rematch has started."""
    previous, following = seasons.games_around(table)
    around = {"rematch_made": following is not None}
    if user is not None and owns(user, table):
        around.update(
            {
                name: other.keeper_token
                for name, other in (("previous_game", previous), ("next_game", following))
                if other is not None
            }
        )
    return around


VIEWER_PAGE_SECONDS = 600


def viewer_page(request, token, revision, template="games/table.html"):
    """The board as every phone holding the viewer link sees it (`template`: the whole page, or
    the live board a poll gets): the same for all of them until the table changes, so it is
    rendered once per revision (and per process)."""
    page = cache.get(viewer_page_key(request, template, token, revision))
    if page is None:
        table, _can_edit = table_for(token)
        page = render_to_string(
            template, table_context(request, table, False, token, **games_around(table)), request=request
        )
        cache.set(viewer_page_key(request, template, token, table.revision), page, VIEWER_PAGE_SECONDS)
    return HttpResponse(page)


def viewer_page_key(request, template, token, revision):
    # The page's language switcher shows this device's choices (its digits are written after the cache).
    chosen = f"{language.chosen_language(request) or ''}:{language.digits_choice(request)}"
    # A board of earlier hands (?hands=all&upto=N, or the live poll of such a page) is another board.
    window = save_answer.board_window(request)
    hands = f"{window.size}:{window.upto}"
    return (
        f"viewer-page:{template}:{token}:{revision}:{hands}:{get_language()}:{chosen}:"
        f"{request.scheme}://{request.get_host()}"
    )


@require_POST
@table_view(keeper_table)
def table_language(request, table, token):
    """The scorekeeper gives the table a language (or none): every phone of it follows."""
    try:
        tables.set_language(table, request.POST.get("language", ""))
    except InputError as error:
        return render_table(request, table, True, token, status=422, language_error=problems.message(error))
    return redirect("table", token=token)


@require_POST
@table_view(keeper_table)
def finish(request, table, token):
    tables.set_finished(table, request.POST.get("finished") == "yes")
    return redirect("table", token=token)


@require_POST
@table_view(keeper_table)
def pause_clock(request, table, token):
    """The scorekeeper pauses the game's clock for a break ("paused": "yes"), or resumes it ("no")."""
    paused = request.POST.get("paused")
    if paused not in ("yes", "no"):
        messages.error(request, _("Say whether to pause the clock or resume it."))
        return render_table(request, table, True, token, status=400)
    try:
        tables.pause(table, paused == "yes")
    except tables.Conflict as conflict:
        messages.warning(request, str(conflict))
        return render_table(request, conflict.table or table, True, token, status=409)
    return redirect("table", token=token)


@require_GET
@table_view(link_for)
def live(request, _game, revision, can_edit, table_language, token):
    """Polled by every phone showing the board: nothing (204) while the table is unchanged."""
    if request.GET.get("revision") == str(revision):
        return HttpResponse(status=204)
    if not can_edit:  # every viewer's phone asks for the same board after a change: rendered once
        return viewer_page(request, token, revision, "games/live.html")
    table, can_edit = table_for(token)
    return render(request, "games/live.html", table_context(request, table, can_edit, token))


@require_safe
@table_view(link_for)
def tv(request, _game, revision, _can_edit, _language, token):
    """The board for a screen across the room (a TV, a laptop at the table): read only with either
    link, so every screen of the table is given the same page, rendered once per revision."""
    return viewer_page(request, token, revision, "games/tv.html")


@require_GET
@table_view(link_for)
def tv_live(request, _game, revision, _can_edit, _language, token):
    """Polled by a TV board: nothing (204) while the table is unchanged, else the board again."""
    if request.GET.get("revision") == str(revision):
        return HttpResponse(status=204)
    return viewer_page(request, token, revision, "games/tv.html#tv-board")
