"""A board that reads at 10 players on a 390 px phone, in every language: each player's name whole
(turned past four players, never cut to "Pra…"), a rule between players' cells so that no two
numbers of a row run together, and the hand column in view while the board scrolls sideways."""

import pytest

from games.services import table_file

TEN = ["Asha", "Bina", "Chet", "Dev", "Esha", "Faris", "Gita", "Hari", "Ila", "Jaya"]
SIX = ["Pradeep", "Prakash", "Asha", "Bikash", "Chandra", "Dipa"]

CLIPPED_NAMES = """() => [...document.querySelectorAll("#board .grid thead .name")]
  .filter((name) => name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1
                    || name.closest("th").scrollWidth > name.closest("th").clientWidth + 1)
  .map((name) => name.textContent)"""

# The smallest gap, in px, between the inked text of two neighbouring cells of any row of the board.
CLOSEST_NUMBERS = """() => {
  // The box of what a cell shows: its text nodes, less those said to a screen reader only and a
  // worked-out detail folded away.
  const inked = (cell) => {
    let left = Infinity, right = -Infinity;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode, parent = node.parentElement;
      if (!node.textContent.trim() || parent.closest(".visually-hidden")) continue;
      if (parent.closest("details") && !parent.closest("summary")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      left = Math.min(left, box.left);
      right = Math.max(right, box.right);
    }
    return left < right ? {left, right} : null;
  };
  let closest = Infinity;
  for (const row of document.querySelectorAll("#board .grid tbody tr, #board .grid tfoot tr")) {
    const boxes = [...row.querySelectorAll("td")].map((cell) => inked(cell)).filter(Boolean)
      .sort((a, b) => a.left - b.left);
    for (let i = 1; i < boxes.length; i++) closest = Math.min(closest, boxes[i].left - boxes[i - 1].right);
  }
  return closest;
}"""


def honors_hand(first):
    return {
        name: {"outcome": "declared", "honors": 2, "marriages": 1}
        if seat == first
        else {"outcome": "played", "honors": seat % 3, "marriages": 0, "hand_points": 10 + 2 * seat}
        for seat, name in enumerate(TEN)
    }


def marriage_hand(winner):
    return {
        name: {"status": "winner" if seat == winner else "seen", "maal": (seat * 7 + winner) % 13}
        for seat, name in enumerate(SIX)
    }


@pytest.fixture
def boards(transactional_db, owner):
    def board(game, players, hands, language):
        table, _warnings = table_file.import_table(
            {
                "format": table_file.FORMAT,
                "game": game,
                "name": "Many",
                "players": players,
                "language": language,
                "hands": [{"inputs": inputs} for inputs in hands],
            },
            owner=owner,
        )
        return table.viewer_token

    return board


@pytest.mark.parametrize("language", ["en", "ne", "ar"])
@pytest.mark.parametrize(
    ("game", "players", "hands"),
    [
        ("marriage-honors", TEN, [honors_hand(first) for first in range(3)]),
        ("marriage", SIX, [marriage_hand(winner) for winner in range(4)]),
    ],
)
def test_every_name_whole_and_no_two_numbers_touching(page, live_server, boards, language, game, players, hands):
    page.goto(f"{live_server.url}/t/{boards(game, players, hands, language)}/")
    names = page.locator("#board .grid thead .name")
    assert names.all_text_contents() == players  # in full, in seat order
    assert page.evaluate(CLIPPED_NAMES) == []
    assert page.evaluate(CLOSEST_NUMBERS) >= 4
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # only the board scrolls sideways
    wrap = page.locator("#board .grid-wrap")
    if len(players) > 6:
        hand_column = page.locator("#board .grid tbody th").first
        before = hand_column.bounding_box()["x"]
        wrap.evaluate(
            "(wrap) => { wrap.scrollLeft = wrap.scrollWidth * (getComputedStyle(wrap).direction === 'rtl' ? -1 : 1); }"
        )
        assert abs(hand_column.bounding_box()["x"] - before) < 1  # the hand column stays in view
        last = page.locator("#board .grid thead .name").last.bounding_box()
        assert last["x"] >= 0 and last["x"] + last["width"] <= 390  # the last player can be scrolled to
    else:
        assert wrap.evaluate("(wrap) => wrap.scrollWidth <= wrap.clientWidth")  # six fit without scrolling
