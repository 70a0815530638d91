"""The game's clock: how long a table has been playing, its pauses for breaks, and each hand's time.

The time played is the time since the clock started less the pauses; it stops when the game is
finished (finishing pauses the clock, reopening resumes it) or over by its rules (at the last
hand's save). A hand's time is the time played between the save before it and the save that
completes it (Thirteen's books, not its bids), so a pause during a hand is left out of it.

A table where no hand is completed for IDLE_SECONDS has stopped without anyone pausing it (a long
break, an evening over without "finish"): its clock stands at the last hand, and the next hand's
save counts the time since as a pause (that hand's time is not known).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, cast

from django.utils import timezone

if TYPE_CHECKING:  # for the annotations only: the clock's arithmetic needs no model at run time
    from games.models import Table

CLOCK_FIELDS = ("clock_started", "paused_at", "paused_seconds", "clock_at_last_hand")
IDLE_SECONDS = 90 * 60  # longer than a hand takes, however slow the table


@dataclass(frozen=True)
class Clock:
    """What the table's page says of the clock."""

    seconds: int  # played so far
    paused: bool
    over: bool  # stopped for good: the game is finished or over
    can_pause: bool  # the clock runs, and a pause would stop it


def played_seconds(table: "Table", now: datetime | None = None) -> int | None:
    """The seconds played at `table` (now, or at `now`), pauses left out; None before its clock starts."""
    if table.clock_started is None:
        return None
    if table.progress.get("game_over") and not table.finished and table.clock_at_last_hand is not None:
        return table.clock_at_last_hand
    elapsed = _elapsed(table, now or timezone.now())
    return table.clock_at_last_hand if _idle(table, elapsed) else elapsed


def _elapsed(table: "Table", now: datetime) -> int:
    """The seconds since the clock started, pauses left out (however long since the last hand)."""
    # A table finished before the clock paused at its finish still stops there.
    end = min(moment for moment in (now, table.finished, table.paused_at) if moment is not None)
    started = cast(datetime, table.clock_started)  # the callers return first while the clock has not started
    return max(0, int((end - started).total_seconds()) - table.paused_seconds)


def _idle(table: "Table", elapsed: int) -> bool:
    return table.clock_at_last_hand is not None and elapsed - table.clock_at_last_hand > IDLE_SECONDS


def clock(table: "Table") -> Clock | None:
    """The clock as the table's page shows it, or None when it has not started."""
    seconds = played_seconds(table)
    if seconds is None:
        return None
    over = table.is_over
    paused = table.paused_at is not None and not over
    return Clock(seconds=seconds, paused=paused, over=over, can_pause=not over)


def resumed(table: "Table", now: datetime) -> None:
    """The table's clock running again from `now` (the pause's seconds added up); fields replaced."""
    if table.paused_at is not None:
        table.paused_seconds += max(0, int((now - table.paused_at).total_seconds()))
        table.paused_at = None


def hand_completed(table: "Table", now: datetime | None = None) -> int | None:
    """At the save that completes a hand, on the locked table: the hand's seconds (None when the
    clock starts only now), and the clock moved on to it (the caller saves CLOCK_FIELDS). A save
    during a pause ends it: the game is plainly going on."""
    now = now or timezone.now()
    if table.clock_started is None:
        table.clock_started, table.clock_at_last_hand = now, 0
        return None
    resumed(table, now)
    elapsed = _elapsed(table, now)
    if _idle(table, elapsed):  # the time the table stood is a pause
        table.paused_seconds += elapsed - cast(int, table.clock_at_last_hand)  # _idle() holds only when it is set
        return None
    seconds = None if table.clock_at_last_hand is None else max(0, elapsed - table.clock_at_last_hand)
    table.clock_at_last_hand = elapsed
    return seconds


def finished_changed(table: "Table", finished: datetime | None) -> None:
    """Finishing the game pauses its clock, reopening it resumes it (fields replaced, saved by the caller)."""
    if table.clock_started is None:
        return
    if finished is not None and table.paused_at is None:
        table.paused_at = finished
    elif finished is None:
        resumed(table, timezone.now())


def average_seconds(seconds: Iterable[int | None]) -> int | None:
    """The average of the known hand times (None where a hand's is not known), or None."""
    known = [value for value in seconds if value is not None]
    return round(sum(known) / len(known)) if known else None
