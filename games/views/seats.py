"""Who sits at the table: the players' names, and the events between hands (a newcomer, a player
who leaves or is replaced, points adjusted, the deal given)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.pages import events
from games.pages.render import SAVED, render_table
from games.plumbing.access import keeper_table, table_view, who
from games.sdk import problems
from games.services import seating, tables
from scoring.errors import InputError


@require_POST
@table_view(keeper_table)
def players(request, table, token):
    """Correct the players' names (and colours, where the game has them); seats stay."""
    game = table.game_descriptor
    colors = request.POST.getlist("color") if game.colors else None
    try:
        seating.rename_players(table, [name.strip() for name in request.POST.getlist("player")], colors)
    except InputError as error:
        return render_table(request, table, True, token, status=422, players_error=problems.text(error, game))
    messages.success(request, _("Players updated."))
    return redirect("table", token=token)


def seats_context(table, token, posted=None, **extra):
    """What the seats page shows: who sits where, what each kind of event needs, the events so far
    (`posted`: a refused form's values, shown again)."""
    engine, posted = table.engine, posted or {}
    open_now = not table.is_over and not tables.played_inputs(table)
    left = own_seats(table, posted)
    return {
        "table": table,
        "token": token,
        "game": table.game_descriptor,
        "changes": engine.CHANGES,
        "open": open_now,
        "zero_sum": table.zero_sum,
        "signed": not table.lower_wins,
        "left": left,
        "own_seat": next((player["seat"] for player in left if player["chosen"]), None),
        "joining_score": table.game_descriptor.shown(engine.joining_score(table.rules, table.state)) if open_now else 0,
        # What a box for points takes after its digits: nothing, or a decimal in a game of tenths.
        "tenths_pattern": "(?:[.٫][0-9٠-٩०-९])?" if engine.POINT_DECIMALS else "",
        "events": [{"said": events.said(table, event), "index": index} for index, event in enumerate(table.events)][
            ::-1
        ],
        "dealer_choices": [name for name in table.seated if name not in table.progress.get("out", ())]
        if open_now and can_give_deal(table)
        else [],
        "posted": posted,
        "adjust_rows": [
            {"seat": seat, "name": name, "value": posted.get(f"points-{seat}", "")}
            for seat, name in enumerate(table.seated)
        ],
        **extra,
    }


def own_seats(table, posted):
    """Who has got up, each with the seat that is theirs to come back to (before the first player
    still seated whose column is after theirs), and whether the form shows them chosen (a refused
    form's choice, else the first)."""
    left = [name for name in table.players if name not in table.seated]
    chosen = posted.get("player") if posted.get("kind") == "join" and posted.get("player") in left else None
    return [
        {
            "name": name,
            "seat": sum(table.players.index(other) < table.players.index(name) for other in table.seated),
            "chosen": name == (chosen or left[0]),
        }
        for name in left
    ]


def can_give_deal(table):
    """Whether the game lets the deal be given now (nobody deals a race; Thirteen's first deal only
    before round 1)."""
    try:
        table.engine.deal_to(table.rules, table.state, table.progress.get("dealer"))
    except InputError:
        return False
    return table.progress.get("dealer") is not None


@require_http_methods(["GET", "HEAD", "POST"])
@table_view(keeper_table)
def seats(request, table, token):
    """The scorekeeper seats a newcomer, lets a player leave or be replaced, adjusts points, or
    gives the deal, between two hands."""
    if request.method == "POST":
        try:
            event = events.read(table, request.POST)
            table = seating.add_event(table, event, by=who(request))
        except InputError as error:
            if request.POST.get("kind") not in (*table.engine.CHANGES, "adjust", "dealer"):  # no form of its own
                return render(
                    request,
                    "games/seats.html",
                    seats_context(table, token, conflict=problems.message(error)),
                    status=422,
                )
            return render(
                request,
                "games/seats.html",
                seats_context(table, token, error=problems.shown(error), posted=request.POST),
                status=422,
            )
        except tables.Conflict as conflict:
            return render(
                request, "games/seats.html", seats_context(conflict.table, token, conflict=str(conflict)), status=409
            )
        messages.success(request, events.said(table, table.events[-1]), extra_tags=SAVED)
        return redirect("table", token=token)
    return render(request, "games/seats.html", seats_context(table, token))


@require_POST
@table_view(keeper_table)
def take_back_event(request, table, token, index):
    """Take back an event (a join only while the newcomer has played no hand); totals follow."""
    try:
        seating.remove_event(table, index, by=who(request))
    except tables.Conflict as conflict:
        return render(
            request, "games/seats.html", seats_context(conflict.table, token, conflict=str(conflict)), status=409
        )
    messages.success(request, _("Change taken back; every total follows."), extra_tags=SAVED)
    return redirect("table", token=token)
