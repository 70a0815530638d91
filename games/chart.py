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


def lines(table):
    """Per player: the total before the first hand (Table.opening), then after each hand and the
    events right after it (Hand.totals), None before the player sat down; at most MAX_POINTS
    evenly spread of them, the first and the last always. Only the hands drawn are read, so a long
    table costs what a short one does."""
    drawn = kept(table.state["hands"] + 1)
    after = dict(table.hands.filter(number__in=drawn[1:]).values_list("number", "totals"))
    steps = [table.opening, *(after[number] for number in drawn[1:])]
    return {name: [step.get(name) for step in steps] for name in table.players}


@functools.lru_cache(maxsize=64)
def kept(count):
    """The indexes of the `count` running totals (the start, then each hand) that are drawn."""
    if count <= MAX_POINTS:
        return list(range(count))
    return [round(step * (count - 1) / (MAX_POINTS - 1)) for step in range(MAX_POINTS)]


def svg(table, title):
    """The chart; its time axis runs left to right on right-to-left pages too, as a time line does
    in the charts Arabic readers meet (finance, weather), so it is never mirrored."""
    drawn = lines(table)
    values = [value for line in drawn.values() for value in line if value is not None]
    low, high = min(values + [0]), max(values + [0])
    span = (high - low) or 1
    steps = max(len(next(iter(drawn.values()))) - 1, 1)
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
            for name, line in drawn.items()
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
