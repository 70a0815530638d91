"""The site around the tables: the first visit's setup, the home page, a new table, this device's
language, and what a phone or a container asks of the server (the manifest, the health check)."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.db import DatabaseError, connection
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe

from games.pages import roster
from games.pages.forms import ImportForm, NewTableForm
from games.plumbing import faults, first_run, language
from games.sdk import registry
from games.services import tables


@require_safe
def manifest(request):
    """The web app manifest: "Add to home screen" opens CardScore full-screen."""
    data = {
        "name": "CardScore",
        "short_name": "CardScore",
        "description": _("Keeps score at the card table."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f3f1ec",
        "theme_color": "#0f6b4f",
        "icons": [
            {
                "src": static(f"icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any maskable",
            }
            for size in (192, 512)
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_safe
def health(request):
    """For the container's health check and the proxy: 200 while the database answers, 503 while
    it does not (the connection is made again at the next request)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return HttpResponse(
            "database unavailable",
            content_type="text/plain",
            status=503,
            headers={"Retry-After": str(faults.RETRY_AFTER_SECONDS)},
        )
    return HttpResponse("ok", content_type="text/plain")


def setup(request):
    """The first visit creates the owner account, given the setup code the server printed."""
    if first_run.has_owner():
        return redirect("home")
    code = request.POST.get("code") or request.GET.get("code", "")
    if not first_run.is_right_code(code):
        first_run.log_new_code()
        # 403: without the code the owner account cannot be made; the page says where it is.
        return render(request, "games/setup_code.html", {"code": code}, status=403)
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = first_run.create_owner(form, code)
        if user is None:  # someone else used the code a moment ago
            return redirect("setup")
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome! You own this CardScore server."))
        return redirect("home")
    return render(request, "games/setup.html", {"form": form, "code": code}, status=422 if form.errors else 200)


@require_safe
def home(request):
    tables = request.user.tables.all()[:50] if request.user.is_authenticated else []
    groups = request.user.table_groups.all() if request.user.is_authenticated else []
    return render(
        request,
        "games/home.html",
        {
            "tables": tables,
            "groups": groups,
            "games": registry.game_choices(),
            "game_names": language.text_list(name for _slug, name in registry.game_choices()),
            "entries": registry.home_entries(),
            "import_form": ImportForm(),
        },
    )


@login_required
def new_table(request, game):
    if game not in dict(registry.game_choices()):
        raise Http404(_("Unknown game."))
    # "Draw seats" and "Draw the first dealer" post the form to be shown back, drawn (htmx swaps the form).
    drawing = request.POST.get("draw") if request.method == "POST" else None
    form = NewTableForm(game, request.POST or None, drawing=drawing)
    if request.method == "POST" and form.is_valid():
        if form.drawing:
            form.draw_again()
        else:
            if form.draw_undone:
                messages.info(request, _("The players changed after the draw: the table keeps them as typed."))
            table = tables.create_table(
                game=game,
                name=form.cleaned_data["name"],
                players=form.players,
                rules=form.rules,
                owner=request.user,
                colors=form.color_map,
                language=form.cleaned_data["language"],
                draw=form.drawn,
            )
            return redirect("table", token=table.keeper_token)
    names = roster.roster(request.user.tables.all())
    return render(
        request,
        "games/new_table.html",
        {"form": form, "game": game, "roster": names},
        status=422 if form.errors else 200,
    )


# The switcher's choices are kept a year on this device.
CHOICE_SECONDS = 365 * 24 * 3600


@csrf_exempt  # it changes only how this device shows pages; a viewer's page (shared, kept) has no token
@require_POST
def choose_language(request):
    """This device's language ("" follows the table, else the phone) and digits; back to the page."""
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        back = reverse("home")
    response = redirect(back)
    code = request.POST.get("language", "")
    if code in dict(settings.LANGUAGES):
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=CHOICE_SECONDS,
            samesite="Lax",
            secure=settings.LANGUAGE_COOKIE_SECURE,
        )
    else:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME, samesite="Lax")
    digits = language.NATIVE if request.POST.get("digits") == language.NATIVE else language.WESTERN
    response.set_cookie(
        language.DIGITS_COOKIE, digits, max_age=CHOICE_SECONDS, samesite="Lax", secure=settings.LANGUAGE_COOKIE_SECURE
    )
    return response
