"""The answer to a hand saved with htmx: only what the save changed on the page the phone holds,
as out-of-band swaps (templates/games/saved.html), so that an answer is a few kilobytes however
long the table. The answer is the whole table (as before) when the phone's page is not the one
the save changed: its board's revision is not the one the save began from (another phone saved
meanwhile, the post was sent again, or it came from the offline outbox); and when the table had
no hand yet, or the game ended."""

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.http import QueryDict

from games.pages import chart
from games.services.recording import Entry


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


# The board shows the latest hands; the rest are one tap away, so the page stays small and quick.
RECENT_HANDS = 12
# Earlier hands (?hands=all) come this many at a time, the latest first (&upto=N: those up to
# hand N): a page of 200 hands and 100 columns is about 1 MB, whatever the table's length.
PAGE_HANDS = 200


@dataclass(frozen=True)
class Window:
    """The hands a board shows: at most `size` of them, up to hand `upto` (None: the latest)."""

    size: int
    upto: int | None = None


def board_window(request):
    """The board's window as its page's address says: a page's own, or the page an htmx request
    (a save, the live board's poll) comes from. Any other parameter is no concern of the board."""
    query = request.GET
    if "hands" not in query and request.htmx and request.htmx.current_url:
        query = QueryDict(urlsplit(request.htmx.current_url).query)
    if query.get("hands") != "all":
        return Window(RECENT_HANDS)
    upto = query.get("upto", "")
    return Window(PAGE_HANDS, int(upto) if upto.isdigit() and len(upto) < 7 and int(upto) > 0 else None)


def changes(request, table, context, was):
    """What saved.html shows beside the page's context (`context`, the table as it is now, `was`
    as the save found it) after a new hand (or step of one), or None for the whole table."""
    if not _same_page(request, table, context, was):
        return None
    hands = table.state["hands"]
    first_before, first = (_first_shown(context, count) for count in (was.hands, hands))
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


def corrected(request, table, context, was, number):
    """What saved.html shows after hand `number` was corrected: its row and every row after it,
    drawn again, and all that follows from them (totals, standings, the chart); or None for the
    whole table."""
    if not _same_page(request, table, context, was):
        return None
    first = _first_shown(context, table.state["hands"])
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


def _same_page(request, table, context, was):
    """Whether the phone's page is the table as the change found it, showing its latest hands,
    and stays a table in play."""
    return (
        request.POST.get("revision") == str(was.revision)
        and context["window"].upto is None
        and was.hands > 0
        and not table.finished
        and not table.progress.get("game_over")
    )


def _first_shown(context, hands):
    """The first hand the board shows when the table has `hands` hands."""
    return max(1, hands - context["window"].size + 1)


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
