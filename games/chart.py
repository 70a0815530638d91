"""Each player's running total over the hands, drawn on the server as a small SVG."""

import functools

from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from .colors import drawn

# Readable on light and dark backgrounds; a player who wears a colour (games.colors) is drawn in it.
SERIES = ["#3575e0", "#e0443a", "#2e9e4f", "#d9a400", "#9b59d0", "#1aa3a3", "#e07a1f", "#c2417f", "#7a8a2e", "#8a6d5a"]
WIDTH, HEIGHT, PAD = 360, 180, 8


def player_colors(table):
    worn = drawn(table.game_descriptor)
    return {
        name: worn.get(table.colors.get(name), SERIES[seat % len(SERIES)]) for seat, name in enumerate(table.players)
    }


MAX_POINTS = 121  # points per line: a phone is 390 px wide, finer detail would not show


def series(players, steps):
    """Per player: the total at the start, then after each hand and the events right after it
    (the engine's Result.steps), None before the player sat down; stored with the table (every
    value, so that recording a hand appends to it) and sampled when drawn."""
    return {name: [step.get(name) for step in steps] for name in players}


def hands_drawn(lines):
    """How many hands the running totals go through."""
    return max((len(line) - 1 for line in lines.values()), default=0)


def after_hand(lines, totals):
    """New lines: `lines` followed by each player's total after one more hand."""
    return {name: [*line, totals.get(name)] for name, line in lines.items()}


def after_event(lines, totals):
    """New lines whose last value is each player's total after an event (joining, an adjustment)
    made since the last hand; a newcomer's line starts there."""
    length = len(next(iter(lines.values())))
    return {name: [*lines.get(name, [None] * length)[:-1], totals.get(name)] for name in totals}


def sampled(line):
    """A line of running totals cut down to MAX_POINTS evenly spread values, always keeping the
    first and the last."""
    count = len(line)
    if count <= MAX_POINTS:
        return line
    return [line[index] for index in kept(count)]


@functools.lru_cache(maxsize=64)
def kept(count):
    """The indexes sampled() keeps of a line of `count` values: the same for every line of a table."""
    return [round(step * (count - 1) / (MAX_POINTS - 1)) for step in range(MAX_POINTS)]


def svg(table, title):
    """The chart; its time axis runs left to right on right-to-left pages too, as a time line does
    in the charts Arabic readers meet (finance, weather), so it is never mirrored."""
    lines = {name: sampled(table.series.get(name, [0])) for name in table.players}
    values = [value for line in lines.values() for value in line if value is not None]
    low, high = min(values + [0]), max(values + [0])
    span = (high - low) or 1
    steps = max(len(next(iter(lines.values()))) - 1, 1)
    # Every point of every line is written again on each save: the x positions are written once.
    xs = [f"{PAD + index * (WIDTH - 2 * PAD) / steps:.1f}" for index in range(steps + 1)]

    def y(value):
        return PAD + (high - value) * (HEIGHT - 2 * PAD) / span

    colors = player_colors(table)
    paths = format_html_join(
        "",
        '<polyline fill="none" stroke="{}" stroke-width="2.5" stroke-linejoin="round" points="{}">'
        "<title>{}</title></polyline>",
        (
            (colors[name], " ".join([f"{x},{y(v):.1f}" for x, v in zip(xs, line) if v is not None]), name)
            for name, line in lines.items()
        ),
    )
    zero = format_html(
        '<line x1="{}" x2="{}" y1="{y}" y2="{y}" stroke="currentColor" stroke-opacity=".35" stroke-dasharray="4 4"/>',
        PAD,
        WIDTH - PAD,
        y=f"{y(0):.1f}",
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}">{}{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        zero,
        mark_safe(paths),
    )
