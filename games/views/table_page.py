"""A table's page and its live board (polled by every phone showing it), and the table's own
settings (its language, finished)."""

from functools import partial

from django.contrib import messages
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST, require_safe
from django_htmx.http import reswap, retarget

from games.pages import board, chart, fragments, save_answer
from games.plumbing import language
from games.plumbing.access import keeper_table, link_for, owns, table_for, table_view
from games.sdk import problems, registry
from games.services import clock, draw, recording, seasons, tables
from scoring.errors import InputError

# A message that belongs beside the next hand's form (what was just saved), not at the page's top.
SAVED = "saved"


def table_context(request, table, can_edit, token, **extra):
    window = save_answer.board_window(request)
    shown = table.hands.order_by("-number")
    if window.upto is not None:
        shown = shown.filter(number__lte=window.upto)
    hands = list(shown[: window.size])[::-1]
    entry = recording.next_entry(table)
    game = table.game_descriptor
    grid = board.grid(table, hands, game.cell_details, entry)
    form = extra.pop("form", None) or game.form_class(table, entry.number, entry.inputs)
    form_context = form.context()
    context = {
        "table": table,
        "can_edit": can_edit,
        "token": token,
        "grid": grid,
        "legend": board.legend(table, hands),
        "last_hand": board.last_hand(grid),
        "window": window,
        **earlier_and_later(table, hands, window),
        "standings": board.standings(table),
        "totals": board.totals(table),
        "charted": bool(hands),
        "last_told": partial(board.last_hand_told, table, hands),  # the TV board's words on the last hand
        # drawn only if the page shows it (a save's answer mostly draws only the end of each line)
        "chart": partial(chart.svg, table, _("Running totals of %(table)s") % {"table": table.name}),
        "chart_colors": chart.player_colors(table),
        "has_money": "point_rate" in table.rules,
        "signed": not table.lower_wins,
        "transfers": board.transfers(table),
        "entry_number": entry.number,
        "entry_version": entry.version or "",
        "entry_key": recording.new_key(),
        "game": game,
        "hands_editable": can_edit and game.hands_editable and not table.finished,
        # Said on the scorekeeper's rematch button: the evening's deal goes on in the next game.
        "rematch_dealer": seasons.next_first_dealer(table) if can_edit else None,
        "rematch_draws_dealer": can_edit and draw.deals(table.engine, table.rules),
        "clock": clock.clock(table),
        **form_context,
    }
    # Only the scorekeeper is offered a redo: a viewer's page costs no query for it, nor does the
    # answer to a save (which leaves nothing to redo).
    if "redo" not in extra:
        context["redo"] = recording.redo_number(table) if context["hands_editable"] else None
    if can_edit:
        context.update(form.page(extra.pop("refused", None)))
        # worked out only if the page shows the generic hand form (a template calls it)
        context["hand_form_key"] = partial(fragments.hand_form_key, table, token, form_context, form.shown())
    context.update(extra)
    return context


def earlier_and_later(table, hands, window):
    """The board's links to the hands it does not show: how many earlier ones the next tap shows
    (and its address), and whether later ones exist (a page of earlier hands)."""
    first = hands[0].number if hands else 1
    earlier = first - 1
    if window.size == save_answer.RECENT_HANDS:
        next_earlier, earlier_query = min(earlier, save_answer.PAGE_HANDS - len(hands)), "?hands=all"
    else:
        next_earlier, earlier_query = min(earlier, save_answer.PAGE_HANDS), f"?hands=all&upto={earlier}"
    later = bool(hands) and window.upto is not None and hands[-1].number < table.state["hands"]
    return {"hidden_hands": next_earlier, "earlier_query": earlier_query, "later_hands": later}


def render_table(request, table, can_edit, token, status=200, **extra):
    template = "games/table.html#table-main" if request.htmx else "games/table.html"
    return render(request, template, table_context(request, table, can_edit, token, **extra), status=status)


def render_saved(request, table, token, saved, was):
    """The answer to a hand saved with htmx (`was`: the table as the save found it): what changed
    on the phone's page, or the whole table when that cannot be told (games/pages/save_answer.py)."""
    context = table_context(request, table, True, token, saved=saved, redo=None)
    changes = save_answer.changes(request, table, context, was)
    if changes is None:
        return render(request, "games/table.html#table-main", context)
    return reswap(render(request, "games/saved.html", {**context, **changes}), "none")


def render_corrected(request, table, token, saved, was, number):
    """The answer to hand `number` corrected in the page (htmx): its row and the rows after it,
    and what follows from them; or the whole table, in place of the correction's form."""
    context = table_context(request, table, True, token, saved=saved)
    changes = save_answer.corrected(request, table, context, was, number)
    if changes is None:
        return retarget(reswap(render(request, "games/table.html#table-main", context), "innerHTML"), "#table-main")
    return reswap(render(request, "games/saved.html", {**context, **changes}), "none")


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
