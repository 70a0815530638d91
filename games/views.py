"""Thin views: read the form, let the engine and services do the work, render."""

import csv
import json
import re
from functools import partial
from urllib.parse import quote

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.db import connection
from django.db.models import Q
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.text import capfirst, slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST, require_safe

from scoring.errors import InputError, gettext_noop

from . import board, chart, events, explained, first_run, fragments, language, problems, registry, result_card, roster, services
from .forms import ImportForm, NewTableForm
from .history import rows as history_rows
from .models import Table


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
    if table is None or game is not None and table.game != game:
        raise Http404(_("No table has this link."))
    language.follow_table(table.language)
    return table, table.keeper_token == token


def link_for(token):
    """(game, revision, whether the link may change the table), without loading the table."""
    link = Table.objects.link_state(token)
    if link is None:
        raise Http404(_("No table has this link."))
    game, revision, can_edit, table_language = link
    language.follow_table(table_language)
    return game, revision, can_edit


def keeper_table(token, game=None):
    table, can_edit = table_for(token, game)
    if not can_edit:
        raise Http404(_("This link can only view the table."))
    return table


@require_safe
def manifest(request):
    """The web app manifest: "Add to home screen" opens CardScore full-screen."""
    data = {
        "name": "CardScore",
        "short_name": "CardScore",
        "description": _("Keeps score at the card table."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f3f1ec",
        "theme_color": "#0f6b4f",
        "icons": [{"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": "any maskable"} for size in (192, 512)],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_safe
def health(request):
    """For the container's health check: answers only if the database does."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return HttpResponse("ok", content_type="text/plain")


def setup(request):
    """The first visit creates the owner account, given the setup code the server printed."""
    if first_run.has_owner():
        return redirect("home")
    code = request.POST.get("code") or request.GET.get("code", "")
    if not first_run.is_right_code(code):
        first_run.log_new_code()
        # 403: without the code the owner account cannot be made; the page says where it is.
        return render(request, "games/setup_code.html", {"code": code}, status=403)
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = first_run.create_owner(form, code)
        if user is None:  # someone else used the code a moment ago
            return redirect("setup")
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome! You own this CardScore server."))
        return redirect("home")
    return render(request, "games/setup.html", {"form": form, "code": code}, status=422 if form.errors else 200)


@require_safe
def home(request):
    tables = request.user.tables.all()[:50] if request.user.is_authenticated else []
    groups = request.user.table_groups.all() if request.user.is_authenticated else []
    return render(request, "games/home.html", {"tables": tables, "groups": groups, "games": registry.game_choices(),
                                               "entries": registry.home_entries(), "import_form": ImportForm()})


@login_required
def new_table(request, game):
    if game not in dict(registry.game_choices()):
        raise Http404(_("Unknown game."))
    form = NewTableForm(game, request.POST or None)
    if request.method == "POST" and form.is_valid():
        table = services.create_table(
            game=game, name=form.cleaned_data["name"], players=form.players, rules=form.rules, owner=request.user,
            colors=form.color_map, language=form.cleaned_data["language"],
        )
        return redirect("table", token=table.keeper_token)
    names = roster.roster(request.user.tables.all())
    return render(request, "games/new_table.html", {"form": form, "game": game, "roster": names},
                  status=422 if form.errors else 200)


# A message that belongs beside the next hand's form (what was just saved), not at the page's top.
SAVED = "saved"

# The board shows the latest hands; the rest are one tap away, so the page stays small and quick.
RECENT_HANDS = 12


def table_context(request, table, can_edit, token, **extra):
    show_all = request.GET.get("hands") == "all"
    latest_first = table.hands.order_by("-number")
    hands = list(latest_first if show_all else latest_first[:RECENT_HANDS])[::-1]
    played = hands[-1].number if hands else 0
    entry = services.next_entry(table)
    game = table.game_descriptor
    grid = board.grid(table, hands, game.cell_details, entry)
    form_context = game.entry.form_context(table, entry.number, entry.inputs)
    context = {
        "table": table,
        "can_edit": can_edit,
        "token": token,
        "grid": grid,
        "legend": board.legend(table, hands),
        "last_hand": board.last_hand(grid),
        "hidden_hands": 0 if show_all else played - len(hands),
        "standings": board.standings(table),
        "totals": board.totals(table),
        "chart": chart.svg(table, _("Running totals of %(table)s") % {"table": table.name}) if played else "",
        "chart_colors": chart.player_colors(table),
        "has_money": "point_rate" in table.rules,
        "signed": not game.engine.LOWER_WINS,
        "transfers": board.transfers(table),
        "entry_number": entry.number,
        "entry_version": entry.version or "",
        "entry_key": services.new_key(),
        "game": game,
        "hands_editable": can_edit and game.hands_editable and not table.finished,
        # Said on the scorekeeper's rematch button: the evening's deal goes on in the next game.
        "rematch_dealer": services.next_first_dealer(table) if can_edit else None,
        **form_context,
    }
    # Only the scorekeeper is offered a redo: a viewer's page costs no query for it, nor does the
    # answer to a save (which leaves nothing to redo).
    if "redo" not in extra:
        context["redo"] = services.redo_number(table) if context["hands_editable"] else None
    if can_edit and "rows" not in extra:
        extra["rows"] = with_problems(game.entry.rows(table, entry.number, entry.inputs))
    context.update(extra)
    if can_edit:  # worked out only if the page shows the generic hand form (a template calls it)
        context["hand_form_key"] = partial(fragments.hand_form_key, table, token, form_context, context["rows"])
    return context


def render_table(request, table, can_edit, token, status=200, **extra):
    template = "games/table.html#table-main" if request.htmx else "games/table.html"
    return render(request, template, table_context(request, table, can_edit, token, **extra), status=status)


def with_problems(rows, problems=()):
    """The form's rows, each with the problems found in its player's part of the form."""
    for row in rows:
        row["problems"] = [problem for problem in problems if problem["player"] == row["name"]]
        row["invalid"] = {problem["field"] for problem in row["problems"]}
    return rows


def problems_context(table, error, rows, number):
    """Hand `number` refused: every problem, for the summary (each linking to its player's part
    of the form, or to the form itself, in seat order) and marked on its player's row. A problem the change
    makes in a later hand (an elimination that no longer holds) names that hand."""
    game = table.game_descriptor
    seats = {name: seat for seat, name in enumerate(table.players)}
    listed = [{"player": problem.player, "field": problem.field, "label": game.field_label(problem.field),
               "message": problems.message(problem),
               "hand": problem.hand if problem.hand not in (None, number) else None,
               "target": f"seat-{seats[problem.player]}" if problem.player in seats else "new-hand"}
              for problem in sorted(error.problems, key=lambda problem: seats.get(problem.player, -1))]
    return {"problems": listed, "rows": with_problems(rows, listed)}


@require_safe
def table(request, token):
    game, revision, can_edit = link_for(token)
    described = registry.get_game(game)
    if can_edit or described.page_is_personal or request.user.is_authenticated or request.GET or len(get_messages(request)):
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
    previous, following = services.games_around(table)
    around = {"rematch_made": following is not None}
    if user is not None and owns(user, table):
        around.update({name: other.keeper_token for name, other in
                       (("previous_game", previous), ("next_game", following)) if other is not None})
    return around


VIEWER_PAGE_SECONDS = 600
RESULT_CARD_SECONDS = 3600  # a picture costs about 50 ms to draw; a new revision makes a new one


def viewer_page(request, token, revision, template="games/table.html"):
    """The board as every phone holding the viewer link sees it (`template`: the whole page, or
    the live board a poll gets): the same for all of them until the table changes, so it is
    rendered once per revision (and per process)."""
    page = cache.get(viewer_page_key(request, template, token, revision))
    if page is None:
        table, _can_edit = table_for(token)
        page = render_to_string(template, table_context(request, table, False, token, **games_around(table)),
                                request=request)
        cache.set(viewer_page_key(request, template, token, table.revision), page, VIEWER_PAGE_SECONDS)
    return HttpResponse(page)


def viewer_page_key(request, template, token, revision):
    # The page's language switcher shows this device's choices (its digits are written after the cache).
    chosen = f"{language.chosen_language(request) or ''}:{language.digits_choice(request)}"
    return f"viewer-page:{template}:{token}:{revision}:{get_language()}:{chosen}:{request.scheme}://{request.get_host()}"


def posted_number(data, field):
    value = data.get(field, "")
    if not (value.isascii() and value.isdigit() and len(value) <= 9):
        raise InputError(gettext_noop("the form is out of date: reload the page"), field=field)
    return int(value)


def posted_key(data):
    """The key a post carries (see services.new_key), or "" for none."""
    key = data.get("key", "")
    if not re.fullmatch(r"[A-Za-z0-9_-]{0,40}", key):
        raise InputError(gettext_noop("the form is out of date: reload the page"), field="key")
    return key


@require_POST
def add_hand(request, token):
    """The next hand, or the rest of a pending one (Thirteen's books after its bids). A post sent
    again (its answer was lost) answers as the first one did."""
    table = keeper_table(token)
    entry = services.next_entry(table)
    hand_entry = table.game_descriptor.entry
    try:
        expected = posted_number(request.POST, "hand_number")
        key, posted = posted_key(request.POST), services.fingerprint(request.POST)
        recorded = services.done_already(table, key, posted)
        if recorded is None:
            version = posted_number(request.POST, "version") if entry.version else None
            inputs = services.read_hand(table, request.POST, entry.number, entry.inputs)
            recorded = services.record_hand(table, inputs, expected, version, by=who(request), key=key, posted=posted)
    except InputError as error:
        rows = hand_entry.rows_from_post(request.POST, table, entry.number, entry.inputs)
        return render_table(request, table, True, token, status=422, **problems_context(table, error, rows, entry.number))
    except services.Conflict as conflict:
        messages.warning(request, str(conflict))
        response = render_table(request, conflict.table, True, token, status=409)
        # A phone sending a hand it kept while offline says who saved that number first.
        response["CardScore-Saved-By"] = quote(services.who_recorded(conflict.table, expected))
        return response
    saved = board.saved_line(recorded)
    if request.htmx:
        return render_table(request, recorded.table, True, token, saved=saved, redo=None)
    messages.success(request, saved, extra_tags=SAVED)
    return redirect("table", token=token)


def edit_hand(request, token, number):
    table = keeper_table(token)
    hand = services.hand_to_edit(table, number)
    game = table.game_descriptor
    if hand is None or not game.hands_editable:
        raise Http404(_("No such %(hand)s.") % {"hand": game.hand_word})
    context = {"table": table, "token": token, "hand": hand, "game": game, "key": services.new_key(),
               "version": hand.version, "rows": with_problems(game.entry.rows(table, number, hand.inputs)),
               **game.entry.form_context(table, number, hand.inputs)}
    if request.method == "POST":
        try:
            key, posted = posted_key(request.POST), services.fingerprint(request.POST)
            if not services.done_already(table, key, posted):
                version = posted_number(request.POST, "version")
                inputs = services.read_hand(table, request.POST, number, hand.inputs)
                services.edit_hand(table, number, inputs, version, by=who(request), key=key, posted=posted)
        except InputError as error:
            rows = game.entry.rows_from_post(request.POST, table, number, hand.inputs)
            context.update(problems_context(table, error, rows, number))
            return render(request, "games/edit_hand.html", context, status=422)
        except services.Conflict as conflict:
            hand = services.hand_to_edit(Table.objects.get(pk=table.pk), number)
            if hand is None:
                messages.warning(request, str(conflict))
                return redirect("table", token=token)
            context.update(rows=with_problems(game.entry.rows(table, number, hand.inputs)), version=hand.version,
                           conflict=str(conflict))
            return render(request, "games/edit_hand.html", context, status=409)
        messages.success(request, _("%(hand)s corrected; every total after it follows.")
                         % {"hand": game.hand_name(number)})
        return redirect("table", token=token)
    return render(request, "games/edit_hand.html", context)


@require_safe
def hand(request, token, number):
    """Hand `number` worked out, player by player; with htmx, the part that opens on the board."""
    table, can_edit = table_for(token)
    game = table.game_descriptor
    worked = explained.hand(table, number)
    if worked is None:
        raise Http404(_("No such %(hand)s.") % {"hand": game.hand_word})
    template = "games/hand.html#explained" if request.htmx else "games/hand.html"
    return render(request, template, hand_context(table, token, can_edit, worked))


def hand_context(table, token, can_edit, worked):
    game = table.game_descriptor
    return {"table": table, "token": token, "game": game, "hand": worked, "keeper": can_edit,
            "can_edit": can_edit and game.hands_editable and not table.finished, "signed": not game.engine.LOWER_WINS}


@require_POST
def hand_note(request, token, number):
    """The scorekeeper writes a hand's note (or clears it), from the hand's page."""
    table = keeper_table(token)
    try:
        services.set_note(table, number, request.POST.get("note", ""), by=who(request))
    except InputError as error:
        worked = explained.hand(table, number)
        if worked is None:
            raise Http404(_("No such %(hand)s.") % {"hand": table.game_descriptor.hand_word}) from None
        return render(request, "games/hand.html", {**hand_context(table, token, True, worked),
                                                   "note_error": problems.shown(error),
                                                   "note": request.POST.get("note", "")}, status=422)
    except services.Conflict as conflict:
        messages.warning(request, str(conflict))
        return redirect("table", token=token)
    messages.success(request, _("%(hand)s: note saved.") % {"hand": table.game_descriptor.hand_name(number)},
                     extra_tags=SAVED)
    return redirect("table", token=token)


@require_safe
def total(request, token, seat):
    """How the total of the player in `seat` was reached, hand by hand."""
    table, _can_edit = table_for(token)
    if seat >= len(table.players):
        raise Http404(_("No such player."))
    name = table.players[seat]
    return render(request, "games/total.html", {"table": table, "token": token, "game": table.game_descriptor,
                                                "name": name, "total": table.totals.get(name, 0),
                                                "rows": explained.total(table, name),
                                                "signed": not table.engine.LOWER_WINS})


@require_safe
def settlement(request, token):
    """Who pays whom, worked out: each player's balance, the groups whose balances cancel, and why
    no fewer transfers can settle them."""
    table, _can_edit = table_for(token)
    groups, fewest = board.settlement(table)
    if not groups:
        raise Http404(_("Nobody owes anybody anything here."))
    people = sum(len(group["balances"]) for group in groups)
    return render(request, "games/settlement.html", {
        "table": table, "token": token, "groups": groups, "people": people, "fewest": fewest,
        "transfers": sum(len(group["transfers"]) for group in groups)})


def shared_result(token):
    """The table a result link shows, when it has a hand to show; the scorekeeper's link is
    redirected to the viewer's, so that the link a phone shares can change nothing."""
    table, can_edit = table_for(token)
    if not chart.hands_drawn(table.series):
        raise Http404(_("This table has no result yet."))
    return table, can_edit


@require_safe
def summary(request, token):
    """The result to share: the standings, who pays whom and the chart, read only."""
    table, can_edit = shared_result(token)
    if can_edit:
        return redirect("summary", token=table.viewer_token)
    return render(request, "games/summary.html", {
        "table": table, "token": token, "standings": board.standings(table), "transfers": board.transfers(table),
        "signed": not table.engine.LOWER_WINS, "has_money": "point_rate" in table.rules,
        "hands_played": chart.hands_drawn(table.series),
        "picture": request.build_absolute_uri(reverse("result_picture", args=[token])),
        "chart": chart.svg(table, _("Running totals of %(table)s") % {"table": table.name}),
        "chart_colors": chart.player_colors(table),
    })


@require_safe
def result_picture(request, token):
    """The result card (games/result_card.py), kept until the table changes."""
    table, can_edit = shared_result(token)
    if can_edit:
        return redirect("result_picture", token=table.viewer_token)
    key = f"result-card:{table.pk}:{table.revision}:{get_language()}"
    picture = cache.get(key)
    if picture is None:
        picture = result_card.png(table)
        cache.set(key, picture, RESULT_CARD_SECONDS)
    return HttpResponse(picture, content_type="image/png")


def editable_table(token):
    """The table a scorekeeper link opens, and its game, where recorded hands can be changed."""
    table = keeper_table(token)
    game = table.game_descriptor
    if not game.hands_editable:
        raise Http404(_("No such %(hand)s.") % {"hand": game.hand_word})
    return table, game


@require_POST
def delete_hand(request, token, number):
    table, game = editable_table(token)
    try:
        moved = services.delete_hand(table, number, by=who(request))
    except services.Conflict as conflict:
        messages.warning(request, str(conflict))
        return redirect("table", token=token)
    except InputError as error:
        messages.error(request, _("%(hand)s cannot be deleted: %(reason)s")
                       % {"hand": game.hand_name(number), "reason": problems.text(error, game)})
        return redirect("table", token=token)
    word = {"hand": game.hand_name(number), "count": moved, "one": game.hand_word, "many": game.hands_word}
    if moved:
        message = ngettext("%(hand)s deleted; the %(one)s after it moved up.",
                           "%(hand)s deleted; the %(count)s %(many)s after it moved up.", moved)
    else:
        message = _("%(hand)s deleted.")
    messages.success(request, message % word)
    return redirect("table", token=token)


@require_POST
def restore_hand(request, token, number):
    """Redo: put back hand `number`, the last hand, deleted by the latest change to the table."""
    table, game = editable_table(token)
    try:
        services.restore_hand(table, number, by=who(request))
    except services.Conflict as conflict:
        messages.warning(request, str(conflict))
        return render_table(request, conflict.table, True, token, status=409)
    messages.success(request, _("%(hand)s restored.") % {"hand": game.hand_name(number)})
    return redirect("table", token=token)


@require_POST
def players(request, token):
    """Correct the players' names (and colours, where the game has them); seats stay."""
    table = keeper_table(token)
    game = table.game_descriptor
    colors = request.POST.getlist("color") if game.colors else None
    try:
        services.rename_players(table, [name.strip() for name in request.POST.getlist("player")], colors)
    except InputError as error:
        return render_table(request, table, True, token, status=422, players_error=problems.text(error, game))
    messages.success(request, _("Players updated."))
    return redirect("table", token=token)


def seats_context(table, token, posted=None, **extra):
    """What the seats page shows: who sits where, what each kind of event needs, the events so far
    (`posted`: a refused form's values, shown again)."""
    engine, posted = table.engine, posted or {}
    open_now = not table.is_over and not services.played_inputs(table)
    return {"table": table, "token": token, "game": table.game_descriptor, "changes": engine.CHANGES,
            "open": open_now, "zero_sum": engine.ZERO_SUM, "signed": not engine.LOWER_WINS,
            "left": [name for name in table.players if name not in table.seated],
            "joining_score": engine.joining_score(table.rules, table.state) if open_now else 0,
            "events": [{"said": events.said(table, event), "index": index}
                       for index, event in enumerate(table.events)][::-1],
            "dealer_choices": [name for name in table.seated if name not in table.progress.get("out", ())]
            if open_now and can_give_deal(table) else [],
            "posted": posted, "adjust_rows": [{"seat": seat, "name": name, "value": posted.get(f"points-{seat}", "")}
                                              for seat, name in enumerate(table.seated)],
            **extra}


def can_give_deal(table):
    """Whether the game lets the deal be given now (nobody deals a race; Thirteen's first deal only
    before round 1)."""
    try:
        table.engine.deal_to(table.rules, table.state, table.progress.get("dealer"))
    except InputError:
        return False
    return table.progress.get("dealer") is not None


@require_http_methods(["GET", "HEAD", "POST"])
def seats(request, token):
    """The scorekeeper seats a newcomer, lets a player leave or be replaced, adjusts points, or
    gives the deal, between two hands."""
    table = keeper_table(token)
    if request.method == "POST":
        try:
            event = events.read(table, request.POST)
            table = services.add_event(table, event, by=who(request))
        except InputError as error:
            if request.POST.get("kind") not in (*table.engine.CHANGES, "adjust", "dealer"):  # no form of its own
                return render(request, "games/seats.html", seats_context(table, token, conflict=problems.message(error)),
                              status=422)
            return render(request, "games/seats.html", seats_context(table, token, error=problems.shown(error),
                                                                     posted=request.POST), status=422)
        except services.Conflict as conflict:
            return render(request, "games/seats.html", seats_context(conflict.table, token, conflict=str(conflict)),
                          status=409)
        messages.success(request, events.said(table, table.events[-1]), extra_tags=SAVED)
        return redirect("table", token=token)
    return render(request, "games/seats.html", seats_context(table, token))


@require_POST
def take_back_event(request, token, index):
    """Take back an event (a join only while the newcomer has played no hand); totals follow."""
    table = keeper_table(token)
    try:
        services.remove_event(table, index, by=who(request))
    except services.Conflict as conflict:
        return render(request, "games/seats.html", seats_context(conflict.table, token, conflict=str(conflict)),
                      status=409)
    messages.success(request, _("Change taken back; every total follows."), extra_tags=SAVED)
    return redirect("table", token=token)


PICKER_MODES = ("cards", "groups")


@require_POST
def picker_total(request, token, mode):
    """What the cards typed or tapped into a card picker's field are worth, as they change (the
    post carries the form the picker is in, and which of its fields the picker fills)."""
    table = keeper_table(token)
    total = table.game_descriptor.picker_total
    if not table.game_descriptor.picker_adds_up or mode not in PICKER_MODES:
        raise Http404
    field = request.POST.get("field", "")
    text = request.POST.get(field, "")
    if not text.strip():
        return HttpResponse("")
    try:
        value = total(table, mode, text)
    except InputError as error:
        return render(request, "games/picker_total.html", {"error": problems.message(error)}, status=422)
    response = render(request, "games/picker_total.html", {"value": value})
    # A field that counts into another (Konkan's cards into the penalty) gets what was found, with
    # the text it was found for (an answer overtaken by the next card is not written).
    response["HX-Trigger"] = json.dumps({"cards-counted": {"field": field, "text": text, "value": value}})
    return response


@require_POST
def new_link(request, token):
    """The owner revokes the scorekeeper or the viewer link and gets a new one."""
    table = keeper_table(token)
    if not owns(request.user, table):
        raise PermissionDenied(_("Only the table's owner can change its links."))
    which = request.POST.get("which")
    if which not in ("keeper", "viewer"):
        return HttpResponseBadRequest(_("Choose the scorekeeper or the viewer link."))
    services.new_link(table, which)
    messages.success(request, _("The old link no longer works; share the new one."))
    return redirect("table", token=table.keeper_token)


@require_POST
def table_language(request, token):
    """The scorekeeper gives the table a language (or none): every phone of it follows."""
    table = keeper_table(token)
    try:
        services.set_language(table, request.POST.get("language", ""))
    except InputError as error:
        return render_table(request, table, True, token, status=422, language_error=problems.message(error))
    return redirect("table", token=token)


# The switcher's choices are kept a year on this device.
CHOICE_SECONDS = 365 * 24 * 3600


@csrf_exempt  # it changes only how this device shows pages; a viewer's page (shared, kept) has no token
@require_POST
def choose_language(request):
    """This device's language ("" follows the table, else the phone) and digits; back to the page."""
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = reverse("home")
    response = redirect(back)
    code = request.POST.get("language", "")
    if code in dict(settings.LANGUAGES):
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, code, max_age=CHOICE_SECONDS, samesite="Lax",
                            secure=settings.LANGUAGE_COOKIE_SECURE)
    else:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME, samesite="Lax")
    digits = language.NATIVE if request.POST.get("digits") == language.NATIVE else language.WESTERN
    response.set_cookie(language.DIGITS_COOKIE, digits, max_age=CHOICE_SECONDS, samesite="Lax",
                        secure=settings.LANGUAGE_COOKIE_SECURE)
    return response


@require_POST
def finish(request, token):
    table = keeper_table(token)
    services.set_finished(table, request.POST.get("finished") == "yes")
    return redirect("table", token=token)


@login_required
def table_group(request, token):
    """The owner puts the table in one of their groups, a new one, or none."""
    table = keeper_table(token)
    if table.owner != request.user:
        raise PermissionDenied
    context = {"table": table, "token": token, "groups": request.user.table_groups.all()}
    if request.method == "POST":
        try:
            services.set_group(table, request.POST.get("group", ""), request.POST.get("new_group", ""))
        except InputError as error:
            context.update(error=problems.shown(error), new_group=request.POST.get("new_group", ""))
            return render(request, "games/table_group.html", context, status=422)
        return redirect("table", token=token)
    return render(request, "games/table_group.html", context)


@login_required
@require_safe
def group(request, pk):
    """A group's season: its players' records across its tables, per game."""
    group = request.user.table_groups.filter(pk=pk).first()
    if group is None:
        raise Http404(_("You have no such group."))
    tables = list(group.tables.all())
    return render(request, "games/group.html", {"group": group, "tables": tables, "games": roster.records(tables)})


@require_POST
def rematch(request, token):
    table = keeper_table(token)
    try:
        following, made = services.rematch(table)
    except services.Conflict as conflict:
        messages.warning(request, str(conflict))
        return redirect("table", token=token)
    if not made and not owns(request.user, table):
        # Started already, from another phone: its link is that phone's to share, not this link's to reveal.
        messages.info(request, _("The rematch has already started on another phone: ask for its link there."))
        return redirect("table", token=token)
    return redirect("table", token=following.keeper_token)


@require_GET
def export(request, token):
    table, _can_edit = table_for(token)
    response = JsonResponse(services.export_table(table), json_dumps_params={"indent": 2, "ensure_ascii": False})
    filename = slugify(table.name) or "table"
    response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


@login_required
@require_safe
def players_list(request):
    return render(request, "games/players.html", {"names": roster.roster(request.user.tables.all())})


@login_required
@require_safe
def player(request, name):
    tables, games = roster.record(name, list(request.user.tables.all()))
    if not tables:
        raise Http404(_("No table of yours has this player."))
    return render(request, "games/player.html", {"name": name, "tables": tables, "games": games})


@require_safe
def qr_code(request, token, which):
    """A QR code of one of the table's links, as SVG (made only when someone opens it)."""
    table, can_edit = table_for(token)
    if which not in ("keeper", "viewer") or which == "keeper" and not can_edit:
        raise Http404
    link = request.build_absolute_uri(reverse("table", args=[getattr(table, f"{which}_token")]))
    svg = segno.make(link, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff")
    return HttpResponse(svg, content_type="image/svg+xml")


@require_GET
def export_csv(request, token):
    """The board as a spreadsheet: one row per hand, one column per player (blank where they were
    not at the table), totals last; each event between hands in its place, with the points it
    gave (a newcomer's start, an adjustment), so that each column adds up to its total; the hands'
    notes and the events' words in a last column when there are any."""
    table, _can_edit = table_for(token)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(table.name) or "table"}.csv"'
    hands = list(table.hands.values_list("number", "points", "note"))
    noted = bool(table.events) or any(note for _number, _points, note in hands)
    writer = csv.writer(response)

    def write(row):
        writer.writerow([spreadsheet_text(cell) for cell in row])

    write([capfirst(table.game_descriptor.hand_word), *table.players, *([_("Note")] if noted else [])])

    def events_after(number):
        for event in (event for event in table.events if event["after"] == number):
            given = (events.points_of(event, name) for name in table.players)
            write(["", *("" if points is None else points for points in given), events.said(table, event)])

    events_after(0)
    for number, points, note in hands:
        write([number, *(points.get(name, "") for name in table.players), *([note] if noted else [])])
        events_after(number)
    write([_("Total"), *(table.totals.get(name, 0) for name in table.players)])
    return response


# A spreadsheet runs a cell that starts like a formula: a player named =HYPERLINK("…") would be a
# link in it, or worse. Such text is written after a ' (shown as typed, never run); numbers such as
# -20 are no text, and stay numbers.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(cell):
    return f"'{cell}" if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) else cell


@login_required
@require_POST
def import_file(request):
    form = ImportForm(request.POST, request.FILES)
    error = None
    if form.is_valid():
        try:
            document = json.load(form.cleaned_data["file"])
            table, warnings = services.import_table(document, owner=request.user)
        except (ValueError, UnicodeDecodeError, RecursionError) as problem:
            error = problems.text(problem) if isinstance(problem, InputError) else _("The file is not valid JSON.")
        else:
            for warning in warnings:
                messages.warning(request, warning)
            messages.success(request, _("Table imported."))
            return redirect("table", token=table.keeper_token)
    tables = request.user.tables.all()[:50]
    return render(request, "games/home.html",
                  {"tables": tables, "games": registry.game_choices(), "entries": registry.home_entries(),
                   "import_form": form, "import_error": error},
                  status=413 if form.has_error("file", "too_big") else 422)


@require_safe
def history(request, token):
    """Every change to the table's hands, newest first; ?hand=N for one hand."""
    table, can_edit = table_for(token)
    changes = table.changes.select_related("hand")
    number = request.GET.get("hand", "")
    if number.isdigit():
        changes = changes.filter(hand__number=int(number))
    rows = history_rows(table, changes[:200])
    if not owns(request.user, table):
        # A link holder sees that an account made a change, not which: an account's name is half its login.
        accounts = set(get_user_model().objects.filter(username__in={row["change"].by for row in rows})
                       .values_list("username", flat=True))
        for row in rows:
            if row["change"].by in accounts:
                row["change"].by = _("an account")
    return render(request, "games/history.html", {"table": table, "token": token, "can_edit": can_edit,
                                                  "rows": rows, "hand_number": number})


@require_GET
def live(request, token):
    """Polled by every phone showing the board: nothing (204) while the table is unchanged."""
    _game, revision, can_edit = link_for(token)
    if request.GET.get("revision") == str(revision):
        return HttpResponse(status=204)
    if not can_edit:  # every viewer's phone asks for the same board after a change: rendered once
        return viewer_page(request, token, revision, "games/live.html")
    table, can_edit = table_for(token)
    return render(request, "games/live.html", table_context(request, table, can_edit, token))
