"""No template line is over 120 characters, so that a template reads on one screen and a diff shows what changed.

The lines counted in STILL_LONG are the ones not yet broken: each prints, byte for byte, HTML that tests match
exactly (a board row, a hand form's field, a sum) or a run of tags and template tags with no whitespace between
them, where a line break would put a space on the page. A template may lose long lines (lower its count, or drop
it), never gain one. Ways to break a line that render the same: between a tag's attributes; after an opening
{% if %} or before a closing {% endif %} that stands next to the line's indent or end; a blocktranslate's body
on lines of its own with `trimmed` (one space between lines, the msgid unchanged); a {% comment %} block.
"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted(
    [
        *ROOT.glob("templates/**/*.html"),
        *ROOT.glob("games/*/templates/**/*.html"),
        *ROOT.glob("tests/highcard/templates/**/*.html"),
    ]
)
LIMIT = 120

STILL_LONG = {
    "games/konkan/templates/konkan/hand_form.html": 5,
    "games/konkan/templates/konkan/summary.html": 4,
    "games/konkan/templates/konkan/terms.html": 2,
    "games/marriage/templates/marriage/hand_form.html": 8,
    "games/marriage/templates/marriage/summary.html": 1,
    "games/marriage/templates/marriage/terms.html": 4,
    "games/marriage_honors/templates/marriage_honors/terms.html": 4,
    "games/thirteen/templates/thirteen/round_form.html": 5,
    "games/thirteen/templates/thirteen/summary.html": 4,
    "games/thirteen/templates/thirteen/terms.html": 4,
    "games/twentyfour/templates/twentyfour/puzzle/home.html": 3,
    "games/twentyfour/templates/twentyfour/puzzle/play.html": 8,
    "games/twentyfour/templates/twentyfour/race/cards.html": 3,
    "games/twentyfour/templates/twentyfour/race/entry.html": 6,
    "games/twentyfour/templates/twentyfour/race/hand.html": 1,
    "games/twentyfour/templates/twentyfour/race/last_win.html": 1,
    "games/twentyfour/templates/twentyfour/race/summary.html": 1,
    "templates/base.html": 2,
    "templates/connection_waiting.html": 1,
    "templates/games/card_picker.html": 1,
    "templates/games/edit_hand.html": 2,
    "templates/games/group.html": 11,
    "templates/games/hand.html": 6,
    "templates/games/hand_entry.html": 3,
    "templates/games/history.html": 3,
    "templates/games/home.html": 3,
    "templates/games/new_table.html": 2,
    "templates/games/outbox.html": 1,
    "templates/games/player.html": 4,
    "templates/games/players.html": 1,
    "templates/games/problems.html": 3,
    "templates/games/rematch.html": 1,
    "templates/games/row_problems.html": 1,
    "templates/games/seats.html": 17,
    "templates/games/settlement.html": 6,
    "templates/games/setup.html": 1,
    "templates/games/setup_code.html": 2,
    "templates/games/standings.html": 2,
    "templates/games/summary.html": 8,
    "templates/games/table.html": 28,
    "templates/games/table_group.html": 1,
    "templates/games/total.html": 4,
    "templates/language_switcher.html": 1,
    "templates/messages.html": 1,
    "templates/registration/locked_out.html": 1,
}


def _long_lines(path):
    return [number for number, line in enumerate(path.read_text().splitlines(), 1) if len(line) > LIMIT]


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_line_is_over_120_characters(path):
    name = str(path.relative_to(ROOT))
    long_lines = _long_lines(path)
    assert len(long_lines) <= STILL_LONG.get(name, 0), f"{name}: lines {long_lines} are over {LIMIT} characters"


def test_the_count_of_lines_still_long_is_exact():
    """A template that lost long lines lowers its count here, so that none can come back unnoticed."""
    counted = {str(path.relative_to(ROOT)): len(_long_lines(path)) for path in TEMPLATES}
    assert {name: count for name, count in counted.items() if count} == STILL_LONG
