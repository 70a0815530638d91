"""A table among the owner's others: its group and a group's season, its rematch, the players
across the owner's tables."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games.pages import roster
from games.plumbing.access import keeper_table, owns, table_view
from games.sdk import problems
from games.services import seasons, tables
from scoring.errors import InputError


@login_required
@table_view(keeper_table)
def table_group(request, table, token):
    """The owner puts the table in one of their groups, a new one, or none."""
    if table.owner != request.user:
        raise PermissionDenied
    context = {"table": table, "token": token, "groups": request.user.table_groups.all()}
    if request.method == "POST":
        try:
            seasons.set_group(table, request.POST.get("group", ""), request.POST.get("new_group", ""))
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
@table_view(keeper_table)
def rematch(request, table, token):
    try:
        following, made = seasons.rematch(table, drawing=request.POST.getlist("draw"))
    except tables.Conflict as conflict:
        messages.warning(request, str(conflict))
        return redirect("table", token=token)
    if not made and not owns(request.user, table):
        # Started already, from another phone: its link is that phone's to share, not this link's to reveal.
        messages.info(request, _("The rematch has already started on another phone: ask for its link there."))
        return redirect("table", token=token)
    return redirect("table", token=following.keeper_token)


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
