"""The answer to a hand saved with htmx: only what the save changed on the page the phone holds,
as out-of-band swaps (templates/games/saved.html), so that an answer is a few kilobytes however
long the table. The answer is the whole table (as before) when the phone's page is not the one
the save changed: its board's revision is not the one the save began from (another phone saved
meanwhile, the post was sent again, or it came from the offline outbox); and when the table had
no hand yet, or the game ended."""

from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from . import chart
from .services.recording import Entry


@dataclass(frozen=True)
class Before:
    """The table as a save found it: its revision, its hands, and the hand to enter next."""

    revision: int
    hands: int
    entry: Entry


def before(table, entry):
    return Before(table.revision, table.state["hands"], entry)


def shows_all(request):
    """Whether the page shows every hand (?hands=all): a page's own address says so, and an htmx
    post says its page's."""
    if request.GET.get("hands") == "all":
        return True
    url = request.htmx.current_url if request.htmx else None
    return bool(url) and parse_qs(urlsplit(url).query).get("hands") == ["all"]


def changes(request, table, context, was, recent):
    """What saved.html shows beside the page's context (`context`, the table as it is now, `was`
    as the save found it, `recent` the hands the board shows), or None for the whole table."""
    if (
        request.POST.get("revision") != str(was.revision)
        or was.hands == 0
        or table.finished
        or table.progress.get("game_over")
    ):
        return None
    hands = table.state["hands"]
    # Rows that leave the board: the oldest hands (with their notes, and the events before them)
    # when the board shows only the latest ones, and the half-entered hand's row (Thirteen's bids).
    gone = []
    if not context["show_all"]:
        first_before, first = (max(1, count - recent + 1) for count in (was.hands, hands))
        gone = [f".hand-{number}, .after-{number - 1}" for number in range(first_before, first)]
    if was.entry.inputs:
        gone.append(f".hand-{was.entry.number}")
    hidden_before = 0 if context["show_all"] else max(was.hands - recent, 0)
    form_key = context["hand_form_key"]()
    return {
        "gone": gone,
        "new_rows": [row for row in context["grid"] if row.get("number", 0) >= was.entry.number],
        "earlier_changed": context["hidden_hands"] != hidden_before,
        "hands_changed": hands != was.hands,
        "chart_update": chart.update(table, was.hands) if hands != was.hands else "",
        "form_key": form_key,
        "entry_blank": request.POST.get("form_key") == form_key,
    }
