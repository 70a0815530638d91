"""Worked lines in Arabic hold their order: the glyphs of a sum, a card list and a formula written
in words are drawn left to right in the order they are computed, with Western and with
Arabic-Indic digits (an Arabic word before a number must not turn the line around: bidi rule W2)."""

import itertools

import pytest

from games.services import recording, tables
from tests.browser.test_language_browser import context_in
from tests.fixtures import SAMPLES, fresh_table

GLYPH_EDGE = 0.5  # px
WIDE = {"width": 1200, "height": 844}  # one line per term: the order is read along a line
ARABIC_INDIC = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")

# The non-letter glyphs of an element's text from `start` on, up to the end of `until` when given
# (digits, signs, brackets, suits and Latin letters; Arabic letters, spaces and bidi controls left
# out), each with where it is drawn.
GLYPHS = """([element, start, until]) => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const nodes = []; let text = '';
  for (let node; (node = walker.nextNode());) { nodes.push([node, text.length]); text += node.data; }
  const from = text.indexOf(start);
  const to = until ? text.indexOf(until, from) + until.length : text.length;
  const glyphs = [];
  for (const [node, offset] of nodes) {
    for (let i = 0; i < node.data.length; i++) {
      const character = node.data[i];
      const drawn = /[0-9\\u0660-\\u0669\\u2212+=×()♠♥♦♣A-Za-z]/.test(character);
      if (offset + i < from || offset + i >= to || !drawn) continue;
      const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      glyphs.push([character, box.left, box.right, box.top]);
    }
  }
  return glyphs;
}"""


def drawn_in_order(locator, start="", until=""):
    """The glyphs from `start` on (to the end of `until`), as a string of Western digits, after
    checking that each is drawn right of the one before it, on one line."""
    glyphs = locator.evaluate(f"(element) => ({GLYPHS})([element, {start!r}, {until!r}])")
    assert glyphs
    tops = {round(top) for _c, _left, _right, top in glyphs}
    assert max(tops) - min(tops) < 10, "on one line"
    for (before, _l, right, _t), (after, left, _r, _t2) in itertools.pairwise(glyphs):
        assert right <= left + GLYPH_EDGE, f"{before!r} drawn right of {after!r}: {glyphs}"
    return "".join(character for character, *_ in glyphs).translate(ARABIC_INDIC)


def hand_page(phones, live_server, table, digits):
    page = context_in(phones, live_server, "ar", digits).new_page()
    page.set_viewport_size(WIDE)
    page.goto(f"{live_server.url}/t/{table.viewer_token}/hand/1/")
    return page


def player(page, name):
    return page.locator(".worked > li").filter(has=page.locator(f"h2 .cut[title='{name}']"))


@pytest.mark.parametrize("digits", ["western", "native"])
def test_the_marriage_winners_line_reads_left_to_right(phones, live_server, transactional_db, owner, digits):
    table = fresh_table("marriage", owner)
    page = hand_page(phones, live_server, table, digits)
    winner = player(page, "Bikash").locator(".term .sum").first
    assert drawn_in_order(winner) == "\u2212(18\u22126\u221217)=5"
    # The running total under it: "Total 0 + 5 = +5".
    assert drawn_in_order(player(page, "Bikash").locator(".running")) == "0+5=+5"


@pytest.mark.parametrize("digits", ["western", "native"])
def test_konkans_cards_and_joker_read_left_to_right(phones, live_server, transactional_db, owner, digits):
    table = tables.create_table(
        game="konkan", name="Konkan night", players=SAMPLES["konkan"]["players"], rules={}, owner=owner
    )
    recording.record_hand(
        table,
        {
            "_hand": {"joker_discard": False},
            "Asha": {"outcome": "set", "cards": ["AS", "7H", "10D", "JK"]},
            "Bina": {"outcome": "winner"},
            "Chet": {"outcome": "not_set"},
        },
        1,
    )
    page = hand_page(phones, live_server, table, digits)
    cards = player(page, "Asha").locator(".term .sum").first
    assert drawn_in_order(cards) == "A♠11+7♥7+10♦10+50=78"
    # What was entered says the same cards in a right-to-left sentence: its card list and sum too.
    entered = player(page, "Asha").locator(".entered")
    assert drawn_in_order(entered, "A") == "A♠7♥10♦=78"


@pytest.mark.parametrize("digits", ["western", "native"])
def test_the_honors_formula_reads_left_to_right(phones, live_server, transactional_db, owner, digits):
    table = fresh_table("marriage-honors", owner)
    page = hand_page(phones, live_server, table, digits)
    why = player(page, "Bina").locator(".term .why").first
    # Bina: 1 honor × 4 + 1 marriage × 20 = 24 (in Arabic its parts are named after it, in words).
    # The formula's spaces do not break: it is read on one line, whatever the screen.
    # Her sum reads left to right too, as the total under it does: 3 players × 24 − 32 = 40.
    assert drawn_in_order(player(page, "Bina").locator(".term .sum").first) == "3×24\u221232=40"
    # It ends where its isolate does, after that of its last number.
    assert drawn_in_order(why, "h\u00a0=", "\u2069\u2069") == "h=1×4+1×20=24"
