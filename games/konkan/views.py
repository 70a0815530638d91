from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import konkan as engine
from scoring.errors import InputError

from ..api import keeper_table, problem_shown, render_table, save_current_hand, table_view
from .sets import record_set as checked_sets


@require_POST
@table_view(keeper_table, game=engine.ENGINE.SLUG)
def record_set(request, table, token):
    """The set threshold: check a set as it is laid down and show what the next one needs."""
    groups, score = request.POST.get("groups", ""), request.POST.get("score", "")
    try:
        sets = checked_sets(table, request.POST.get("player", ""), groups, score)
    except InputError as error:
        return render_table(
            request,
            table,
            True,
            token,
            status=422,
            set_error=problem_shown(error),
            set_groups=groups,
            set_score=score,
            set_player=request.POST.get("player", ""),
        )
    save_current_hand(table, {"sets": sets})
    messages.success(request, _("%(player)s set with %(value)s.") % sets[-1])
    if request.htmx:
        return render_table(request, table, True, token)
    return redirect("table", token=token)
