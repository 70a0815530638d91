"""Each player's running total over the hands (at a team game each team's), drawn on the server as
a small SVG.

The chart's frame (how many hands its width holds, how often a point is drawn, the totals its
height spans) moves in steps, not with every hand: a save then changes only the end of each line,
and its answer carries that end (`update`), not the chart. Each line is drawn in pieces of a few
points so that the end is a small piece of it."""

import functools
import itertools
from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from games.pages.colors import drawn
from games.pages.teams import columns, teams

# Readable on light and dark backgrounds; a player who wears a colour (games.pages.colors) is drawn in it.
SERIES = ["#3575e0", "#e0443a", "#2e9e4f", "#d9a400", "#9b59d0", "#1aa3a3", "#e07a1f", "#c2417f", "#7a8a2e", "#8a6d5a"]
WIDTH, HEIGHT, PAD = 360, 180, 8

FIRST_WIDTH = 8  # hands the chart is wide at first; half as wide again when the game outgrows it
MAX_POINTS = 128  # points per line at most (and at least half that): a phone is 390 px wide
PIECE = 4  # points per piece of a line: a save sends the last piece of each line again


def line_colors(table):
    """Each line's colour, by the name of the board's column it is drawn for (a player, a team)."""
    worn = drawn(table.game_descriptor)
    return {
        column.name: worn.get(table.colors.get(column.players[0]), SERIES[seat % len(SERIES)])
        for seat, column in enumerate(columns(table))
    }


def legend(table):
    """(name, colour) of each line, in the board's order: a list for the templates, where a dict's
    `items` would be looked up as its key first (a player called "items")."""
    return list(line_colors(table).items())


@functools.lru_cache(maxsize=64)
def width_and_step(count):
    """For `count` running totals (the start, then each hand): how many hands the chart is wide,
    and every how many hands a point is drawn."""
    width = FIRST_WIDTH
    while width < count - 1:
        width = width * 3 // 2
    return width, -(-width // MAX_POINTS)


@functools.lru_cache(maxsize=64)
def kept(count):
    """The indexes of the `count` running totals that are drawn: every step's, and the last."""
    _width, step = width_and_step(count)
    last = count - 1
    return [*range(0, last, step), last]


def lines(table):
    """Per column of the board (a player, a team): the total before the first hand
    (Table.opening), then after each hand and the events right after it (Hand.totals), None before
    the player sat down (a team's: as its players sat then); only those `kept`.
    Only the hands drawn are read, so a long table costs what a short one does."""
    return _lines(table, kept(table.state["hands"] + 1))


def _lines(table, indexes):
    after = dict(table.hands.filter(number__in=indexes[1:]).values_list("number", "totals"))
    steps = [table.opening, *(after[number] for number in indexes[1:])]
    if not table.engine.TEAM_SEATS:
        return {name: [step.get(name) for step in steps] for name in table.players}
    # A team's total after hand N is its players' as they sat for hand N + 1 (after the events).
    sat = [teams(table, table.seated_for(index + 1)) for index in indexes]
    return {
        column.name: [step.get(found[number].players[0]) for step, found in zip(steps, sat)]
        for number, column in enumerate(columns(table))
    }


@dataclass(frozen=True)
class Frame:
    """What a point's place depends on: the chart's width in hands and the totals its height spans."""

    width: int
    low: int
    high: int

    @classmethod
    def around(cls, count, drawn_lines):
        values = [value for line in drawn_lines.values() for value in line if value is not None]
        low, high = min([*values, 0]), max([*values, 0])
        # Rounded out to a round number, so that the frame holds for many hands.
        unit = _round_unit(high - low)
        return cls(width_and_step(count)[0], low // unit * unit, -(-high // unit) * unit)

    def x(self, index):
        return f"{PAD + index * (WIDTH - 2 * PAD) / self.width:.1f}"

    def y(self, value):
        return f"{PAD + (self.high - value) * (HEIGHT - 2 * PAD) / ((self.high - self.low) or 1):.1f}"


def _round_unit(span):
    """1, 2 or 5 times a power of ten: about an eighth of `span`."""
    unit, factors = 1, itertools.cycle((2, 2.5, 2))
    while unit * 8 < span:
        unit = round(unit * next(factors))
    return unit


def _pieces(frame, indexes, line, first=0):
    """A line's points, in pieces of PIECE points that share their ends, from piece `first` on; a
    player's points begin where they sat down."""
    start = first * PIECE
    points = [
        None if value is None else f"{frame.x(index)},{frame.y(value)}"
        for index, value in zip(indexes[start:], line[start:])
    ]
    return [
        " ".join(point for point in points[number * PIECE : number * PIECE + PIECE + 1] if point)
        for number in range(piece_count(len(indexes)) - first)
    ]


def piece_count(points):
    return max(-(-(points - 1) // PIECE), 1)


def _piece(seat, number, points, oob=""):
    return format_html('<polyline id="chart-{}-{}" points="{}"{}/>', seat, number, points, oob)


def svg(table, title):
    """The chart; its time axis runs left to right on right-to-left pages too, as a time line does
    in the charts Arabic readers meet (finance, weather), so it is never mirrored."""
    count = table.state["hands"] + 1
    indexes = kept(count)
    drawn_lines = _lines(table, indexes)
    frame = Frame.around(count, drawn_lines)
    colors = line_colors(table)
    groups = format_html_join(
        "",
        '<g id="chart-line-{}" stroke="{}"><title>{}</title>{}</g>',
        (
            (
                seat,
                colors[name],
                name,
                mark_safe(  # noqa: S308 -- each piece is built by format_html
                    "".join(_piece(seat, number, points) for number, points in enumerate(_pieces(frame, indexes, line)))
                ),
            )
            for seat, (name, line) in enumerate(drawn_lines.items())
        ),
    )
    zero = format_html(
        '<line x1="{}" x2="{}" y1="{y}" y2="{y}" stroke="currentColor" stroke-opacity=".35" stroke-dasharray="4 4"/>',
        PAD,
        WIDTH - PAD,
        y=frame.y(0),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}">{}'
        '<g fill="none" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round">{}</g></svg>',
        WIDTH,
        HEIGHT,
        title,
        zero,
        groups,
    )


def update(table, hands_before):
    """What a save that took the table from `hands_before` hands to its hands changed in the chart,
    as out-of-band swaps (htmx): per player, the pieces from the one its last point was in on (a
    piece the chart does not have yet is added to its line); or None when the frame moved, and the
    chart is drawn again."""
    count, count_before = table.state["hands"] + 1, hands_before + 1
    indexes, indexes_before = kept(count), kept(count_before)
    both = sorted(set(indexes) | set(indexes_before))
    every = _lines(table, both)
    now = {name: [line[both.index(index)] for index in indexes] for name, line in every.items()}
    before = {name: [line[both.index(index)] for index in indexes_before] for name, line in every.items()}
    frame = Frame.around(count, now)
    if frame != Frame.around(count_before, before):  # the same width also means the same step
        return None
    pieces_before = piece_count(len(indexes_before))
    swaps = []
    for seat, line in enumerate(now.values()):
        for number, points in enumerate(_pieces(frame, indexes, line, pieces_before - 1), pieces_before - 1):
            if number < pieces_before:
                swaps.append(_piece(seat, number, points, mark_safe(' hx-swap-oob="true"')))
            else:
                swaps.append(
                    format_html('<g hx-swap-oob="beforeend:#chart-line-{}">{}</g>', seat, _piece(seat, number, points))
                )
    return format_html("<svg>{}</svg>", mark_safe("".join(swaps)))  # noqa: S308 -- each swap is format_html's
