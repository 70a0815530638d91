"""A table's hands: one entered, corrected, deleted and put back, noted, worked out; a player's
total hand by hand; the card picker's count; the history of the changes."""

import json
import re
from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from games.models import Table
from games.pages import board, explained, save_answer
from games.pages.history import drawn as history_drawn
from games.pages.history import rows as history_rows
from games.pages.render import SAVED, render_corrected, render_saved, render_table
from games.plumbing import photos
from games.plumbing.access import keeper_table, owns, table_for, table_view, who
from games.sdk import problems
from games.services import hand_photos, recording, retries, tables
from scoring.errors import InputError, gettext_noop


def posted_number(data, field):
    value = data.get(field, "")
    if not (value.isascii() and value.isdigit() and len(value) <= 9):
        raise InputError(gettext_noop("the form is out of date: reload the page"), field=field)
    return int(value)


def posted_key(data):
    """The key a post carries (see recording.new_key), or "" for none."""
    key = data.get("key", "")
    if not re.fullmatch(r"[A-Za-z0-9_-]{0,40}", key):
        raise InputError(gettext_noop("the form is out of date: reload the page"), field="key")
    return key


@require_POST
@table_view(keeper_table)
def add_hand(request, table, token):
    """The next hand, or the rest of a pending one (Thirteen's books after its bids). A post sent
    again (its answer was lost) answers as the first one did."""
    entry = recording.next_entry(table)
    was = save_answer.before(table, entry)
    form = table.game_descriptor.form_class(table, entry.number, entry.inputs, data=request.POST)
    upload = request.FILES.get("photo")
    try:
        post = recording.HandPost(
            number=posted_number(request.POST, "hand_number"),
            by=who(request),
            key=posted_key(request.POST),
            fingerprint=retries.fingerprint(request.POST),
            read_inputs=form.hand_inputs,
            read_version=lambda: posted_number(request.POST, "version"),
            read_photo=(lambda: photos.read(upload)) if upload else None,
        )
        recorded = recording.save_hand(table, entry, post)
    except InputError as error:
        if error.field == "photo":  # beside its field
            return render_table(request, table, True, token, status=422, form=form, photo_error=problems.message(error))
        return render_table(request, table, True, token, status=422, form=form, refused=error)
    except tables.Conflict as conflict:
        messages.warning(request, str(conflict))
        response = render_table(request, conflict.table, True, token, status=409)
        # A phone sending a hand it kept while offline says who saved that number first.
        response["CardScore-Saved-By"] = quote(conflict.saved_by)
        return response
    saved = board.saved_line(recorded)
    if request.htmx:
        return render_saved(request, recorded.table, token, saved, was)
    messages.success(request, saved, extra_tags=SAVED)
    return redirect("table", token=token)


@table_view(keeper_table)
def edit_hand(request, table, token, number):
    """Hand `number` corrected: on its own page, or in the table's page (htmx, in place of the hand
    worked out), where the answer is what the correction changed on the board."""
    hand = recording.hand_to_edit(table, number)
    game = table.game_descriptor
    if hand is None or not game.hands_editable:
        raise Http404(_("No such %(hand)s.") % {"hand": game.hand_word})
    in_page = bool(request.htmx) and request.htmx.target == "explained"
    template = "games/edit_hand.html#edit-card" if in_page else "games/edit_hand.html"
    context = {
        "table": table,
        "token": token,
        "hand": hand,
        "game": game,
        "key": recording.new_key(),
        "version": hand.version,
        "in_page": in_page,
        **game.form_class(table, number, hand.inputs).page(),
    }
    if request.method == "POST":
        was = save_answer.before(table, recording.next_entry(table))
        form = game.form_class(table, number, hand.inputs, data=request.POST)
        try:
            key, posted = posted_key(request.POST), retries.fingerprint(request.POST)
            if not retries.done_already(table, key, posted):
                version = posted_number(request.POST, "version")
                inputs = form.hand_inputs()
                recording.edit_hand(table, number, inputs, version, by=who(request), key=key, posted=posted)
        except InputError as error:
            context.update(form.page(error))
            return render(request, template, context, status=422)
        except tables.Conflict as conflict:
            hand = recording.hand_to_edit(Table.objects.get(pk=table.pk), number)
            if hand is None:
                messages.warning(request, str(conflict))
                return (
                    HttpResponseClientRedirect(reverse("table", args=[token]))
                    if in_page
                    else redirect("table", token=token)
                )
            context.update(
                game.form_class(table, number, hand.inputs).page(), version=hand.version, conflict=str(conflict)
            )
            return render(request, template, context, status=409)
        corrected = _("%(hand)s corrected; every total after it follows.") % {"hand": game.hand_name(number)}
        if in_page:
            return render_corrected(request, Table.objects.get(pk=table.pk), token, corrected, was, number)
        messages.success(request, corrected)
        return redirect("table", token=token)
    return render(request, template, context)


@require_safe
@table_view(table_for)
def hand(request, table, can_edit, token, number):
    """Hand `number` worked out, player by player; with htmx, the part that opens on the board."""
    game = table.game_descriptor
    worked = explained.hand(table, number)
    if worked is None:
        raise Http404(_("No such %(hand)s.") % {"hand": game.hand_word})
    template = "games/hand.html#explained" if request.htmx else "games/hand.html"
    return render(request, template, hand_context(table, token, can_edit, worked))


def hand_context(table, token, can_edit, worked):
    game = table.game_descriptor
    return {
        "table": table,
        "token": token,
        "game": game,
        "hand": worked,
        "keeper": can_edit,
        "can_edit": can_edit and game.hands_editable and not table.finished,
        "signed": not table.lower_wins,
    }


@require_POST
@table_view(keeper_table)
def hand_photo(request, table, token, number):
    """The scorekeeper gives a recorded hand its photo, replaces it or removes it (`remove`), from
    the hand's page: a photo is often taken once the hand is saved."""
    try:
        photo = None if "remove" in request.POST else photos.read(request.FILES.get("photo"))
        if photo is None and "remove" not in request.POST:
            raise InputError(gettext_noop("choose a photo first"), field="photo")
        hand_photos.attach(table, number, photo, by=who(request))
    except InputError as error:
        worked = explained.hand(table, number)
        if worked is None:
            raise Http404(_("No such %(hand)s.") % {"hand": table.game_descriptor.hand_word}) from None
        context = {**hand_context(table, token, True, worked), "photo_error": problems.message(error)}
        return render(request, "games/hand.html", context, status=422)
    except tables.Conflict as conflict:
        messages.warning(request, str(conflict))
        return redirect("table", token=token)
    hand_name = table.game_descriptor.hand_name(number)
    if photo is None:
        messages.success(request, _("%(hand)s: photo removed.") % {"hand": hand_name})
    else:
        messages.success(request, _("%(hand)s: photo saved.") % {"hand": hand_name})
    return redirect("hand", token=token, number=number)


@require_safe
@table_view(table_for)
def photo_file(request, table, _can_edit, token, name, size):
    """A hand's photo (`size` full or thumb), for a holder of the table's link only: a photo shows
    the people at the table, and is not a public file."""
    if size not in photos.SIZES or not table.hands.filter(photo=name).exists():
        raise Http404(_("No such photo."))
    try:
        response = FileResponse(photos.path(table.pk, name, size).open("rb"), content_type="image/jpeg")
    except FileNotFoundError:
        raise Http404(_("No such photo.")) from None
    response["X-Content-Type-Options"] = "nosniff"
    # A photo's name changes when it is replaced: a phone may keep it, no shared cache may.
    response["Cache-Control"] = "private, max-age=31536000, immutable"
    return response


@require_POST
@table_view(keeper_table)
def hand_note(request, table, token, number):
    """The scorekeeper writes a hand's note (or clears it), from the hand's page."""
    try:
        recording.set_note(table, number, request.POST.get("note", ""), by=who(request))
    except InputError as error:
        worked = explained.hand(table, number)
        if worked is None:
            raise Http404(_("No such %(hand)s.") % {"hand": table.game_descriptor.hand_word}) from None
        return render(
            request,
            "games/hand.html",
            {
                **hand_context(table, token, True, worked),
                "note_error": problems.shown(error),
                "note": request.POST.get("note", ""),
            },
            status=422,
        )
    except tables.Conflict as conflict:
        messages.warning(request, str(conflict))
        return redirect("table", token=token)
    messages.success(
        request, _("%(hand)s: note saved.") % {"hand": table.game_descriptor.hand_name(number)}, extra_tags=SAVED
    )
    return redirect("table", token=token)


@require_safe
@table_view(table_for)
def total(request, table, _can_edit, token, seat):
    """How the total of the player in `seat` was reached, hand by hand."""
    if seat >= len(table.players):
        raise Http404(_("No such player."))
    name = table.players[seat]
    return render(
        request,
        "games/total.html",
        {
            "table": table,
            "token": token,
            "game": table.game_descriptor,
            "name": name,
            "total": table.game_descriptor.shown(table.totals.get(name, 0)),
            "rows": explained.total(table, name),
            "signed": not table.lower_wins,
        },
    )


def editable_table(token):
    """The table a scorekeeper link opens, and its game, where recorded hands can be changed."""
    table = keeper_table(token)
    game = table.game_descriptor
    if not game.hands_editable:
        raise Http404(_("No such %(hand)s.") % {"hand": game.hand_word})
    return table, game


@require_POST
@table_view(editable_table)
def delete_hand(request, table, game, token, number):
    try:
        moved = recording.delete_hand(table, number, by=who(request))
    except tables.Conflict as conflict:
        messages.warning(request, str(conflict))
        return redirect("table", token=token)
    except InputError as error:
        messages.error(
            request,
            _("%(hand)s cannot be deleted: %(reason)s")
            % {"hand": game.hand_name(number), "reason": problems.text(error, game)},
        )
        return redirect("table", token=token)
    word = {"hand": game.hand_name(number), "count": moved, "one": game.hand_word, "many": game.hands_word}
    if moved:
        message = ngettext(
            "%(hand)s deleted; the %(one)s after it moved up.",
            "%(hand)s deleted; the %(count)s %(many)s after it moved up.",
            moved,
        )
    else:
        message = _("%(hand)s deleted.")
    messages.success(request, message % word)
    return redirect("table", token=token)


@require_POST
@table_view(editable_table)
def restore_hand(request, table, game, token, number):
    """Redo: put back hand `number`, the last hand, deleted by the latest change to the table."""
    try:
        recording.restore_hand(table, number, by=who(request))
    except tables.Conflict as conflict:
        messages.warning(request, str(conflict))
        return render_table(request, conflict.table, True, token, status=409)
    messages.success(request, _("%(hand)s restored.") % {"hand": game.hand_name(number)})
    return redirect("table", token=token)


PICKER_MODES = ("cards", "groups")


@require_POST
@table_view(keeper_table)
def picker_total(request, table, token, mode):
    """What the cards typed or tapped into a card picker's field are worth, as they change (the
    post carries the form the picker is in, and which of its fields the picker fills)."""
    total = table.game_descriptor.picker_total
    if not table.game_descriptor.picker_adds_up or mode not in PICKER_MODES:
        raise Http404
    field = request.POST.get("field", "")
    text = request.POST.get(field, "")
    if not text.strip():
        return HttpResponse("")
    try:
        value = total(table, mode, text)
    except InputError as error:
        return render(request, "games/picker_total.html", {"error": problems.message(error)}, status=422)
    response = render(request, "games/picker_total.html", {"value": value})
    # A field that counts into another (Konkan's cards into the penalty) gets what was found, with
    # the text it was found for (an answer overtaken by the next card is not written).
    response["HX-Trigger"] = json.dumps({"cards-counted": {"field": field, "text": text, "value": value}})
    return response


HISTORY_ROWS = 200  # the newest changes the history page shows


@require_safe
@table_view(table_for)
def history(request, table, can_edit, token):
    """Every change to the table's hands, newest first; ?hand=N for one hand."""
    changes = table.changes.select_related("hand")
    number = request.GET.get("hand", "")
    if number.isdigit():
        changes = changes.filter(hand__number=int(number))
    rows = history_rows(table, changes[:HISTORY_ROWS])
    # The draw came before every change: said last, once the list reaches back that far.
    drawn = history_drawn(table) if not number.isdigit() and len(rows) < HISTORY_ROWS else None
    if not owns(request.user, table):
        # A link holder sees that an account made a change, not which: an account's name is half its login.
        accounts = set(
            get_user_model()
            .objects.filter(username__in={row["change"].by for row in rows})
            .values_list("username", flat=True)
        )
        for row in rows:
            if row["change"].by in accounts:
                row["change"].by = _("an account")
    return render(
        request,
        "games/history.html",
        {"table": table, "token": token, "can_edit": can_edit, "rows": rows, "drawn": drawn, "hand_number": number},
    )
