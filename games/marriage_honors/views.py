from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import marriage_honors as engine
from scoring.errors import InputError

from .. import language, problems
from ..views.access import keeper_table
from .forms import deal_info as next_deal


@require_GET
def deal_info(request, token):
    """Who deals, cuts and leads, as players are marked sitting out."""
    table = keeper_table(token, game=engine.ENGINE.SLUG)
    language.follow_table(request, table.language)
    try:
        deal, error = next_deal(table, request.GET), None
    except InputError as problem:
        deal, error = table.progress, problems.message(problem)
    return render(request, "marriage_honors/deal.html", {"deal": deal, "error": error})
