"""A table's page as the views render it: the board, the totals, the chart and the next hand's form
in one context, and the answers to a save (the whole table, or only what changed on the phone's
page). Every view of a table renders through here, a game's own views too (games.api)."""

from functools import partial

from django.shortcuts import render
from django.utils.translation import gettext as _
from django_htmx.http import reswap, retarget

from games.pages import board, chart, fragments, save_answer
from games.pages.teams import columns
from games.services import clock, draw, recording, seasons

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
        "columns": columns(table),  # a player's each, or at a team game a team's
        "legend": board.legend(table, hands),
        "last_hand": board.last_hand(grid),
        "window": window,
        **earlier_and_later(table, hands, window),
        "standings": board.shown_standings(table),
        "totals": board.totals(table),
        "charted": bool(hands),
        "last_told": partial(board.last_hand_told, table, hands),  # the TV board's words on the last hand
        # drawn only if the page shows it (a save's answer mostly draws only the end of each line)
        "chart": partial(chart.svg, table, _("Running totals of %(table)s") % {"table": table.name}),
        "chart_legend": chart.legend(table),
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
