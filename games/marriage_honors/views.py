from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import marriage_honors as engine
from scoring.errors import InputError

from ..api import keeper_table, problem_message, table_view
from .forms import deal_info as next_deal


@require_GET
@table_view(keeper_table, game=engine.ENGINE.SLUG)
def deal_info(request, table, token):
    """Who deals, cuts and leads, as players are marked sitting out."""
    try:
        deal, error = next_deal(table, request.GET), None
    except InputError as problem:
        deal, error = table.progress, problem_message(problem)
    return render(request, "marriage_honors/deal.html", {"deal": deal, "error": error})
