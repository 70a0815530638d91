"""Offline: the service worker, served from the site's root (its scope is the folder it is served
from, and it must look after every table's page) with the addresses of the files it keeps."""

import hashlib
import json

from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.pages.colors import colors_url
from games.sdk import registry

# The app shell: what a table's page needs besides the page itself (and its game's files: shell_urls).
SHELL = [
    "cardscore.css",
    "cardscore.js",
    "offline.js",
    "django_htmx/htmx-2.min.js",
    "favicon.svg",
    "icons/icon-192.png",
]


def shell_urls():
    """The addresses the service worker keeps: the app shell and every game's own files."""
    return [
        *(static(path) for path in [*SHELL, *registry.all_assets()]),
        *(colors_url(game) for game in registry.all_games() if game.colors),
    ]


@require_safe
def service_worker(request):
    shell = shell_urls()
    # A new version of a static file has a new address: the worker's bytes change, phones install it again.
    version = hashlib.sha256(" ".join(shell).encode()).hexdigest()[:12]
    response = render(
        request,
        "sw.js",
        {"shell": json.dumps(shell), "version": version},
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    return response


def dealer_notes(table, skip=()):
    """The "X deals" note of each hand to come, from the next one on, in turn round the seats
    (JSON, for the hand form): a hand kept offline moves the form on to the next hand, whose
    heading still says who deals it. Who is seated, and who is out (`skip`), can change only
    once the server has the hands; the page then comes from the server again."""
    seated = [name for name in table.seated if name not in skip]
    dealer = table.progress.get("dealer")
    if dealer not in seated:
        return ""
    at = seated.index(dealer)
    return json.dumps(
        [_("%(dealer)s deals") % {"dealer": name} for name in seated[at:] + seated[:at]], ensure_ascii=False
    )
