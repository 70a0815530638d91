import json

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_POST

from scoring import marriage as engine
from scoring.errors import InputError

from ..api import keeper_table, problem_message, table_view
from .forms import COUNTERS, MarriageSeatForm


@require_POST
@table_view(keeper_table, game=engine.ENGINE.SLUG)
def maal_preview(request, table, token, seat):
    """The maal the counter finds for one player, from the engine (shown as the steppers change)."""
    if not 0 <= seat < len(table.seated):
        raise Http404
    name = table.seated[seat]
    try:
        form = MarriageSeatForm(request.POST, table=table, seat=seat, name=name)
        counts = engine.validate_counts(form.counts(), player=name)
        maal = engine.count_maal(table.rules["maal_table"], counts)
    except InputError as error:
        return render(request, "marriage/maal_found.html", {"error": problem_message(error)}, status=422)
    response = render(request, "marriage/maal_found.html", {"maal": maal})
    # The page writes what the counter found into the Maal field (and frees it when nothing is counted).
    counted = None if counts == engine.empty_counts() else maal
    typed = {field: form[field].value() for field, _label in COUNTERS}
    response["HX-Trigger"] = json.dumps({"maal-counted": {"seat": seat, "maal": counted, "counts": typed}})
    return response
