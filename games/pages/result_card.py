"""A finished table's result card: its standings and chart as a PNG the size of a chat message's
picture, drawn on the server by Pillow. Pillow shapes Nepali and joins Arabic letters (its
wheels bring HarfBuzz and FriBiDi); the fonts are Debian's, one per script (FONTS), and
`scripts/serve`, `scripts/test` and the Docker image install them."""

import io
import unicodedata
from functools import cache
from pathlib import Path

from django.core import checks
from django.utils.formats import date_format
from django.utils.translation import get_language, get_language_bidi, ngettext
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw, ImageFont, features

from games.pages import board, chart
from games.pages.numbers import money, points
from games.plumbing.language import written_digits

WIDTH, HEIGHT = 1200, 630  # what chat apps show whole in a message (1.91:1)
MARGIN = 48
FONT_DIR = Path("/usr/share/fonts/truetype")
# Script -> (regular, bold). A text is drawn in the font of the first letter it has from a script
# named here; Latin, digits, signs and the card suits are DejaVu's.
FONTS = {
    "LATIN": ("dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf"),
    "DEVANAGARI": ("noto/NotoSansDevanagariUI-Regular.ttf", "noto/NotoSansDevanagariUI-Bold.ttf"),
    "ARABIC": ("noto/NotoSansArabicUI-Regular.ttf", "noto/NotoSansArabicUI-Bold.ttf"),
}
ARABIC_NUMBER_MARKS = ("ARABIC-INDIC DIGIT", "ARABIC DECIMAL SEPARATOR", "ARABIC THOUSANDS SEPARATOR")
INK, MUTED, RULE, PAPER = "#1d2330", "#5b6475", "#d9dee7", "#ffffff"
STANDINGS_TOP, STANDINGS_BOTTOM = 226, HEIGHT - MARGIN - 40  # room for 10 players, over "CardScore"
TOTAL_END, MONEY_END = MARGIN + 380, MARGIN + 560  # where the totals and the money end (chart: 640 on)


def check_fonts(**_options):
    """A system check (`manage.py check`, and every start): the fonts this machine lacks, whose
    letters a card would show as boxes."""
    missing = [str(FONT_DIR / name) for pair in FONTS.values() for name in pair if not (FONT_DIR / name).exists()]
    if not missing:
        return []
    return [
        checks.Warning(
            f"The result card's fonts are missing: {', '.join(missing)}",
            hint="Install Debian's fonts-dejavu-core and fonts-noto-ui-core (scripts/fonts).",
            id="cardscore.W001",
        )
    ]


def check_layout(**_options):
    """A system check: Pillow's Raqm layout, without which Nepali letters are not shaped and Arabic
    ones not joined (Pillow's wheel loads FriBiDi from the system at run time)."""
    if features.check("raqm"):
        return []
    return [
        checks.Warning(
            "The result card cannot lay out Nepali or Arabic: Pillow's Raqm layout is not available",
            hint="Install Debian's libfribidi0 (the Docker image has it).",
            id="cardscore.W002",
        )
    ]


@cache
def _font(script, bold, size):
    path = FONT_DIR / FONTS[script][bold]
    if not path.exists():
        path = FONT_DIR / FONTS["LATIN"][bold]
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.RAQM)


# The scripts whose letters share a font with each language's own digits: Noto's Devanagari has
# no Latin letters and DejaVu no Devanagari digits, so a Latin name keeps Western digits on a
# Nepali card; Arabic-Indic digits are in DejaVu and in Noto's Arabic.
SCRIPTS_WITH_OWN_DIGITS = {"ne": {"DEVANAGARI"}, "ar": {"ARABIC", "LATIN"}}


def script(character):
    name = unicodedata.name(character, "")
    return next((script for script in ("DEVANAGARI", "ARABIC") if name.startswith(script)), "LATIN")


def card_digits(words):
    """`words` in the digits the phone chose, where one font draws both them and its letters."""
    written = written_digits(words)
    letters = {script(character) for character in words if character.isalpha()}
    return written if letters <= SCRIPTS_WITH_OWN_DIGITS.get(get_language(), set()) else words


def font(text, size, bold=False):
    """The font for `text`: that of its first letter of another script than Latin. Arabic-Indic
    digits and their marks are DejaVu's, which has them and the signs beside them (+, −), where
    Noto's Arabic has none of those signs. Arabic mixed with Latin letters (a team of two Latin
    names on an Arabic card, "Asha وChandra") is DejaVu's too: it has and joins Arabic letters."""
    if {"ARABIC", "LATIN"} <= scripts_of(text):
        return _font("LATIN", bold, size)
    for character in text:
        found = script(character)
        if found == "DEVANAGARI" or (
            found == "ARABIC" and not unicodedata.name(character).startswith(ARABIC_NUMBER_MARKS)
        ):
            return _font(found, bold, size)
    return _font("LATIN", bold, size)


def scripts_of(text):
    return {script(character) for character in text if character.isalpha()}


def runs(text):
    """`text` in pieces each drawn in one font: cut where its letters go from Devanagari to Latin or
    back (no font here has both: "Asha र Chandra"), spaces and signs kept with the piece before."""
    if not {"DEVANAGARI", "LATIN"} <= scripts_of(text):
        return [text]
    pieces, current = [], None
    for character in text:
        kind = script(character) if character.isalpha() else current
        if pieces and kind == current:
            pieces[-1] += character
        else:
            pieces.append(character)
            current = kind
    return pieces


def text_width(draw, text, size, bold=False):
    return sum(draw.textlength(piece, font=font(piece, size, bold)) for piece in runs(text))


def png(table):
    """The card of `table` in the active language and the digits the phone asking chose (as its
    pages are written), as PNG bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    rtl = get_language_bidi()

    def text(words, top, size, start=None, end=None, fill=INK, bold=False):
        """`words` from `start` or ending at `end`, counted from the card's reading edge: from the
        left, or in a right-to-left language from the right (the card is mirrored)."""
        words = card_digits(words)
        width = text_width(draw, words, size, bold)
        left = start if end is None else end - width
        # A text of Arabic and Latin letters runs right to left on an Arabic card, whichever comes first.
        # (Only Raqm lays out a direction; without it the system checks warn that Arabic is not joined.)
        mixed = rtl and {"ARABIC", "LATIN"} <= scripts_of(words) and features.check("raqm")
        direction = "rtl" if mixed else None
        position = WIDTH - left - width if rtl else left
        for piece in runs(words):  # left to right: Devanagari and Latin both are
            face = font(piece, size, bold)
            draw.text((position, top), piece, font=face, fill=fill, direction=direction)
            position += draw.textlength(piece, font=face)
        return left + width

    played = table.hands_played
    game = table.game_descriptor
    text(table.name, MARGIN - 8, 44, start=MARGIN, bold=True)
    details = [
        str(table.game_title),
        date_format(table.created),
        ngettext("%(count)s %(hand)s", "%(count)s %(hands)s", played)
        % {"count": played, "hand": game.hand_word, "hands": game.hands_word},
    ]
    position = MARGIN
    for number, detail in enumerate(details):  # one at a time, as each may need its own script's font
        if number:
            position = text("·", MARGIN + 48, 24, start=position + 10, fill=MUTED) + 10
        position = text(detail, MARGIN + 48, 24, start=position, fill=MUTED)
    draw.line([(MARGIN, 150), (WIDTH - MARGIN, 150)], fill=RULE, width=2)
    text(_("Final standings") if table.is_over else _("Standings so far"), 170, 26, start=MARGIN, bold=True)
    _standings(table, draw, text, rtl)
    _chart(table, draw, rtl)
    text("CardScore", HEIGHT - MARGIN - 20, 20, start=MARGIN, fill=MUTED, bold=True)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _standings(table, draw, text, rtl):
    rows = board.shown_standings(table)
    height = min(60, (STANDINGS_BOTTOM - STANDINGS_TOP) // len(rows))
    size = min(30, height * 3 // 5)
    colors = chart.line_colors(table)
    signed = not table.lower_wins
    with_money = "point_rate" in table.rules
    for place, row in enumerate(rows):
        top = STANDINGS_TOP + place * height
        text(str(place + 1), top, size, end=MARGIN + 24, fill=MUTED)
        dot = MARGIN + 40 if not rtl else WIDTH - MARGIN - 40 - size // 2
        middle = top + size * 0.6
        draw.ellipse([(dot, middle - size // 4), (dot + size // 2, middle + size // 4)], fill=colors[row["name"]])
        name_start = MARGIN + 56 + size // 2
        total_end = TOTAL_END if with_money else MONEY_END  # without money, the names have its room
        text(
            shortened(draw, row["name"], size, row["leader"], total_end - 110 - name_start),
            top,
            size,
            start=name_start,
            bold=row["leader"],
        )
        text(points(row["total"], signed), top, size, end=total_end, bold=row["leader"])
        if with_money:
            text(money(row["money"], table.rules), top + size // 8, max(size * 3 // 4, 17), end=MONEY_END, fill=MUTED)


def shortened(draw, words, size, bold, width):
    """`words`, cut short with "…" to fit `width` (three dots in Arabic: its font has no "…")."""
    if text_width(draw, words, size, bold) <= width:
        return words
    cut = "..." if font(words, size, bold).path.endswith(FONTS["ARABIC"]) else "…"
    while words and text_width(draw, words + cut, size, bold) > width:
        words = words[:-1]
    return words + cut


def _chart(table, draw, rtl):
    """Each player's (team's) running total, beside the standings. Time runs left to right in every
    language, as on the page's chart."""
    left, top, right, bottom = (
        (MARGIN, 190, 560, HEIGHT - MARGIN) if rtl else (640, 190, WIDTH - MARGIN, HEIGHT - MARGIN)
    )
    lines = chart.lines(table)
    values = [value for line in lines.values() for value in line if value is not None] + [0]
    low, high = min(values), max(values)
    span = (high - low) or 1
    steps = max(max(len(line) for line in lines.values()) - 1, 1)

    def point(index, value):
        return left + index * (right - left) / steps, top + (high - value) * (bottom - top) / span

    zero = point(0, 0)[1]
    for start in range(left, right, 16):
        draw.line([(start, zero), (min(start + 8, right), zero)], fill=RULE, width=2)
    colors = chart.line_colors(table)
    for name, line in lines.items():
        drawn = [
            point(index, value) for index, value in enumerate(line) if value is not None
        ]  # from when they sat down
        if len(drawn) > 1:
            draw.line(drawn, fill=colors[name], width=5, joint="curve")
