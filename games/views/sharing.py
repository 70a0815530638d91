"""What a table shares: its links (new ones, as QR codes), the result (standings, who pays whom,
the picture), read only."""

import segno
from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games.pages import board, chart, result_card
from games.plumbing.access import keeper_table, owns, table_for, table_view
from games.plumbing.language import digits_choice
from games.services import tables

RESULT_CARD_SECONDS = 3600  # a picture costs about 50 ms to draw; a new revision makes a new one


@require_safe
@table_view(table_for)
def settlement(request, table, _can_edit, token):
    """Who pays whom, worked out: each player's balance, the groups whose balances cancel, and why
    no fewer transfers can settle them."""
    groups, fewest = board.settlement(table)
    if not groups:
        raise Http404(_("Nobody owes anybody anything here."))
    people = sum(len(group["balances"]) for group in groups)
    return render(
        request,
        "games/settlement.html",
        {
            "table": table,
            "token": token,
            "groups": groups,
            "people": people,
            "fewest": fewest,
            "transfers": sum(len(group["transfers"]) for group in groups),
        },
    )


def shared_result(token):
    """The table a result link shows, when it has a hand to show; the scorekeeper's link is
    redirected to the viewer's, so that the link a phone shares can change nothing."""
    table, can_edit = table_for(token)
    if not table.hands_played:
        raise Http404(_("This table has no result yet."))
    return table, can_edit


@require_safe
@table_view(shared_result)
def summary(request, table, can_edit, token):
    """The result to share: the standings, who pays whom and the chart, read only."""
    if can_edit:
        return redirect("summary", token=table.viewer_token)
    return render(
        request,
        "games/summary.html",
        {
            "table": table,
            "token": token,
            "standings": board.shown_standings(table),
            "transfers": board.transfers(table),
            "signed": not table.lower_wins,
            "has_money": "point_rate" in table.rules,
            "hands_played": table.hands_played,
            "picture": request.build_absolute_uri(reverse("result_picture", args=[token])),
            "chart": chart.svg(table, _("Running totals of %(table)s") % {"table": table.name}),
            "chart_legend": chart.legend(table),
        },
    )


@require_safe
@table_view(shared_result)
def result_picture(request, table, can_edit, token):
    """The result card (games/pages/result_card.py), kept until the table changes."""
    if can_edit:
        return redirect("result_picture", token=table.viewer_token)
    key = f"result-card:{table.pk}:{table.revision}:{get_language()}:{digits_choice(request)}"
    picture = cache.get(key)
    if picture is None:
        picture = result_card.png(table)
        cache.set(key, picture, RESULT_CARD_SECONDS)
    return HttpResponse(picture, content_type="image/png")


@require_POST
@table_view(keeper_table)
def new_link(request, table, token):
    """The owner revokes the scorekeeper or the viewer link and gets a new one."""
    if not owns(request.user, table):
        raise PermissionDenied(_("Only the table's owner can change its links."))
    which = request.POST.get("which")
    if which not in ("keeper", "viewer"):
        return HttpResponseBadRequest(_("Choose the scorekeeper or the viewer link."))
    tables.new_link(table, which)
    messages.success(request, _("The old link no longer works; share the new one."))
    return redirect("table", token=table.keeper_token)


@require_safe
@table_view(table_for)
def qr_code(request, table, can_edit, token, which):
    """A QR code of one of the table's links, as SVG (made only when someone opens it)."""
    if which not in ("keeper", "viewer") or (which == "keeper" and not can_edit):
        raise Http404
    link = request.build_absolute_uri(reverse("table", args=[getattr(table, f"{which}_token")]))
    svg = segno.make(link, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff")
    return HttpResponse(svg, content_type="image/svg+xml")
