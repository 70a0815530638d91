"""The table file: exported as the JSON document (docs/FORMAT.md) or a spreadsheet, and imported."""

import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import capfirst, slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.pages import events, teams
from games.pages.forms import ImportForm
from games.plumbing.access import table_for, table_view
from games.sdk import problems, registry
from games.services import table_file
from scoring.errors import InputError


@require_GET
@table_view(table_for)
def export(request, table, _can_edit, token):
    response = HttpResponse(
        table_file.dumps(table_file.export_table(table), indent=2, ensure_ascii=False), content_type="application/json"
    )
    filename = slugify(table.name) or "table"
    response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


@require_GET
@table_view(table_for)
def export_csv(request, table, _can_edit, token):
    """The board as a spreadsheet: one row per hand, one column per player (blank where they were
    not at the table) or at a team game per team, totals last; each event between hands in its
    place, with the points it gave (a newcomer's start, an adjustment; a team's: what it moved the
    team's total by), so that each column adds up to its total; how long
    each hand took, when any hand's time is known (blank where not); the hands' notes and the
    events' words in a last column when there are any."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(table.name) or "table"}.csv"'
    hands = list(table.hands.values_list("number", "points", "totals", "note", "seconds"))
    noted = bool(table.events) or any(note for *_hand, note, _seconds in hands)
    timed = any(seconds is not None for *_hand, seconds in hands)
    writer = csv.writer(response)
    shown = table.game_descriptor.shown  # the number people read: 3.2, never a float
    in_teams = bool(table.engine.TEAM_SEATS)
    running = [0] * len(table.engine.TEAM_SEATS)  # in teams: each team's total so far

    def write(row):
        writer.writerow([spreadsheet_text(cell) for cell in row])

    write(
        [
            capfirst(table.game_descriptor.hand_word),
            *(column.name for column in teams.columns(table)),
            *([_("Seconds")] if timed else []),
            *([_("Note")] if noted else []),
        ]
    )

    def events_after(number, totals):
        """The events after hand `number`, each with the points it gave each player; in teams, with
        what they moved each team's total by, on the first of them."""
        after = [event for event in table.events if event["after"] == number]
        if in_teams and after:
            moved = [
                total - before for total, before in zip(teams.totals_by_team_after(table, number, totals), running)
            ]
            running[:] = [before + change for before, change in zip(running, moved)]
        for index, event in enumerate(after):
            if in_teams:
                given = moved if index == 0 else [None] * len(running)
            else:
                given = [events.points_of(event, name) for name in table.players]
            write(
                [
                    "",
                    *("" if points is None else shown(points) for points in given),
                    *([""] if timed else []),
                    events.said(table, event),
                ]
            )

    events_after(0, table.opening)
    for number, points, totals, note, seconds in hands:
        if in_teams:
            given = teams.points_by_team(table, number, points)
            running[:] = [before + change for before, change in zip(running, given)]
        else:
            given = [points.get(name) for name in table.players]
        write(
            [
                number,
                *("" if value is None else shown(value) for value in given),
                *(["" if seconds is None else seconds] if timed else []),
                *([note] if noted else []),
            ]
        )
        events_after(number, totals)
    write([_("Total"), *(shown(table.totals.get(column.players[0], 0)) for column in teams.columns(table))])
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
            document = table_file.loads(form.cleaned_data["file"].read())
            table, warnings = table_file.import_table(document, owner=request.user)
        except (ValueError, UnicodeDecodeError, RecursionError) as problem:
            error = problems.text(problem) if isinstance(problem, InputError) else _("The file is not valid JSON.")
        else:
            for warning in warnings:
                messages.warning(request, warning)
            messages.success(request, _("Table imported."))
            return redirect("table", token=table.keeper_token)
    tables = request.user.tables.all()[:50]
    return render(
        request,
        "games/home.html",
        {
            "tables": tables,
            "games": registry.game_choices(),
            "entries": registry.home_entries(),
            "import_form": form,
            "import_error": error,
        },
        status=413 if form.has_error("file", "too_big") else 422,
    )
