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
    """The table as a save found it: its revision, its hands, the hand to enter next, and its
    clock's state (a save may start the clock, or end a pause)."""

    revision: int
    hands: int
    entry: Entry
    clock: tuple[bool, bool]


def before(table, entry):
    return Before(table.revision, table.state["hands"], entry, _clock_state(table))


def _clock_state(table):
    """Whether the table's clock has started, and whether it is paused."""
    return table.clock_started is not None, table.paused_at is not None


def shows_all(request):
    """Whether the page shows every hand (?hands=all): a page's own address says so, and an htmx
    post says its page's."""
    if request.GET.get("hands") == "all":
        return True
    url = request.htmx.current_url if request.htmx else None
    return bool(url) and parse_qs(urlsplit(url).query).get("hands") == ["all"]


def changes(request, table, context, was, recent):
    """What saved.html shows beside the page's context (`context`, the table as it is now, `was`
    as the save found it, `recent` the hands the board shows) after a new hand (or step of one),
    or None for the whole table."""
    if not _same_page(request, table, was):
        return None
    hands = table.state["hands"]
    first_before, first = (_first_shown(context, count, recent) for count in (was.hands, hands))
    # Rows that leave the board: the oldest hands (with their notes, and the events before them)
    # when the board shows only the latest ones, and the half-entered hand's row (Thirteen's bids).
    gone = [f".hand-{number}, .after-{number - 1}" for number in range(first_before, first)]
    if was.entry.inputs:
        gone.append(f".hand-{was.entry.number}")
    return {
        **_entry(request, context),
        "clock_changed": _clock_state(table) != was.clock,
        "gone": gone,
        "new_rows": _rows_from(context["grid"], was.entry.number),
        "earlier_changed": first != first_before,
        "hands_changed": hands != was.hands,
        "chart_update": chart.update(table, was.hands) if hands != was.hands else "",
    }


def corrected(request, table, context, was, number, recent):
    """What saved.html shows after hand `number` was corrected: its row and every row after it,
    drawn again, and all that follows from them (totals, standings, the chart); or None for the
    whole table."""
    if not _same_page(request, table, was):
        return None
    first = _first_shown(context, table.state["hands"], recent)
    gone = [f".hand-{shown}, .after-{shown}" for shown in range(max(number, first), was.hands + 1)]
    if number < first:  # the board's window begins after it: every row is drawn again
        gone.append(f".after-{first - 1}")
    if was.entry.inputs:
        gone.append(f".hand-{was.entry.number}")
    entry = _entry(request, context)
    return {
        **entry,
        # the next hand's form, and what may be typed in it, stays as it is when it is the same
        "entry_kept": entry["entry_blank"],
        "gone": gone,
        "new_rows": _rows_from(context["grid"], number),
        "earlier_changed": False,
        "hands_changed": True,
        "chart_update": "",
    }


def _same_page(request, table, was):
    """Whether the phone's page is the table as the change found it, and stays a table in play."""
    return (
        request.POST.get("revision") == str(was.revision)
        and was.hands > 0
        and not table.finished
        and not table.progress.get("game_over")
    )


def _first_shown(context, hands, recent):
    """The first hand the board shows when the table has `hands` hands."""
    return 1 if context["show_all"] else max(1, hands - recent + 1)


def _rows_from(grid, number):
    """The board's rows from hand `number`'s on (with the events after them)."""
    start = next((index for index, row in enumerate(grid) if row.get("number", 0) >= number), len(grid))
    return grid[start:]


def _entry(request, context):
    """The next hand's form: only its heading and ids when the page holds its blank fields."""
    form_key = context["hand_form_key"]()
    return {
        "form_key": form_key,
        "entry_blank": request.POST.get("form_key") == form_key,
        "photo_sent": "photo" in request.FILES,  # its field is emptied; otherwise it was empty
    }
