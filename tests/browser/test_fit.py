"""Every page of every game fits a phone at 390×844: each control is a target of at least 44×44 CSS
pixels, no text is smaller than 12 px, placeholders are not cut, and long names never run into the
numbers beside them."""

import pytest
from django.urls import reverse

from games.sdk import registry
from games.twentyfour.models import Puzzle
from tests.fixtures import GAMES, fresh_table, log_in, season_of_tables, seeded
from tests.inputs import EIGHTS_AND_THREES, thirteen_round

TAP = 44  # CSS px, each way (WCAG 2.5.5; what a thumb hits at the table)
SMALLEST_TEXT = 12  # CSS px

# What a person taps: a radio or checkbox counts through the label around it, which is what they hit.
SMALL_CONTROLS = """(tap) => {
  document.querySelectorAll("details").forEach((details) => { details.open = true; });
  const controls = document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, summary, label");
  const small = [];
  for (const control of controls) {
    const choice = "input[type=radio], input[type=checkbox]";
    // A box or a choice is tapped through its label (around it, or naming it with for=): the label is measured.
    const labelled = (label) => label.querySelector(choice) || (label.control && label.control.matches(choice));
    if (control.matches("label") && !labelled(control)) continue;
    if (control.matches(choice) && control.labels.length) continue;
    const box = control.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(control).visibility === "hidden") continue;
    if (box.width < tap || box.height < tap) {
      const name = (control.getAttribute("aria-label") || control.textContent || control.name || "").trim();
      const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
      small.push(`${control.tagName.toLowerCase()} "${name.slice(0, 30)}" ${size}`);
    }
  }
  return small;
}"""

SMALL_TEXT = """(smallest) => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const small = new Set();
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    const element = walker.currentNode.parentElement;
    if (!text || !element.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < smallest) small.add(`"${text.slice(0, 30)}" ${size}px`);
  }
  return [...small];
}"""

# A placeholder typed as the value: does it scroll? (This counts what the browser draws inside
# the box too, such as the arrow of a field with suggestions.)
CUT_PLACEHOLDERS = """() => {
  const cut = [];
  for (const input of document.querySelectorAll("input[placeholder]:placeholder-shown")) {
    input.value = input.placeholder;
    if (input.scrollWidth > input.clientWidth) cut.push(input.placeholder);
    input.value = "";
  }
  return cut;
}"""

# A name that does not fit shows its start and an ellipsis, and the whole name is in its title; a
# name in a form row wraps, in a column wide enough to read (not one letter a line).
NAMES_RUNNING_OVER = """() => {
  const over = [];
  for (const name of document.querySelectorAll(".round-row .who")) {
    if (name.clientWidth < 100) over.push(`${name.textContent.trim().slice(0, 40)} squeezed to ${name.clientWidth}px`);
  }
  const cells = ".grid th, .grid td, .standings .name > *, .round-row .who, .worked h2 > *, h1 > .cut";
  for (const cell of document.querySelectorAll(cells)) {
    if (cell.scrollWidth <= cell.clientWidth + 1) continue;
    const style = getComputedStyle(cell);
    const titled = cell.closest("[title]");
    if (style.textOverflow === "ellipsis" && style.overflow === "hidden" && titled
        && titled.title === cell.textContent.trim()) continue;
    over.push(cell.textContent.trim().slice(0, 40));
  }
  return over;
}"""


@pytest.fixture
def site(live_server, transactional_db, owner, page):
    """A table of each game with its first hand, an unfinished 24 puzzle, and the owner logged in."""
    tables = {game: fresh_table(game, owner) for game in GAMES}
    puzzle = Puzzle.objects.create(player="owner", user=owner, cards=EIGHTS_AND_THREES, difficulty="hard", solutions=1)
    return live_server.url, tables, puzzle


def pages_of(game, table):
    """Every page a table of `game` has: new table, keeper and viewer, a hand worked out (both links),
    a total hand by hand, a hand's edit page, history, players and adjustments."""
    pages = [
        reverse("new_table", args=[game.slug]),
        reverse("table", args=[table.keeper_token]),
        reverse("seats", args=[table.keeper_token]),
        reverse("table", args=[table.viewer_token]),
        reverse("history", args=[table.keeper_token]),
        reverse("hand", args=[table.keeper_token, 1]),
        reverse("hand", args=[table.viewer_token, 1]),
        reverse("total", args=[table.viewer_token, 0]),
    ]
    if game.hands_editable:
        pages.append(reverse("edit_hand", args=[table.keeper_token, 1]))
    return pages


def problems_on(page, url=None):
    """What does not fit on the page at `url` (or as it is now)."""
    if url:
        page.goto(url)
    found = {
        "small controls": page.evaluate(SMALL_CONTROLS, TAP),
        "small text": page.evaluate(SMALL_TEXT, SMALLEST_TEXT),
        "cut placeholders": page.evaluate(CUT_PLACEHOLDERS),
    }
    return {kind: items for kind, items in found.items() if items}


def report(problems):
    return [f"{url} {kind}: {', '.join(items)}" for url, found in problems.items() for kind, items in found.items()]


def test_every_page_of_every_game_has_44px_targets_and_readable_text(site, owner, page):
    base, tables, puzzle = site
    group, rematch = season_of_tables(list(tables.values()), owner)
    problems = {url: problems_on(page, base + url) for url in ("/login/", "/24/")}
    log_in(page, base)
    urls = [
        "/",
        "/24/",
        reverse("puzzle", args=[puzzle.pk]),
        reverse("players_list"),
        reverse("player", args=[tables[GAMES[0]].players[0]]),
        reverse("group", args=[group.pk]),
        reverse("table_group", args=[rematch.keeper_token]),
        reverse("table", args=[rematch.keeper_token]),
        reverse("settlement", args=[tables["marriage"].viewer_token]),
        reverse("summary", args=[tables["marriage"].viewer_token]),
    ]
    for game in registry.all_games():
        urls += pages_of(game, tables[game.slug])
    for url in urls:
        problems[url] = problems_on(page, base + url)
    assert report(problems) == [], "\n".join(report(problems))


def test_a_refused_hand_lists_its_problems_in_44px_links(site, page):
    base, tables, _puzzle = site
    log_in(page, base)
    problems = {}
    for game in registry.all_games():
        page.goto(base + reverse("table", args=[tables[game.slug].keeper_token]))
        save = page.locator("#new-hand button.primary")
        if not save.count():  # a hand of the 24 race is won on the pad, not saved
            continue
        page.locator("#new-hand input:not([type=hidden]):not([type=radio]):not([type=checkbox])").evaluate_all(
            "(fields) => fields.forEach((field) => { field.value = ''; })"
        )
        save.last.click()
        page.locator("[data-problems]").first.wait_for()
        problems[f"{game.slug} refused"] = problems_on(page)
    assert report(problems) == [], "\n".join(report(problems))


LONG_NAMES = ["Chandrakala", "Bartholomew-Alexander Featherstonehaughs", "Dipa", "Asha"]  # 11 and 40 characters


def test_long_names_fit_or_end_in_an_ellipsis_with_the_whole_name_at_hand(live_server, transactional_db, owner, page):
    table = seeded(
        owner,
        "thirteen",
        [
            thirteen_round([1, 0, 0, 0], [1, 0, 0, 0], players=LONG_NAMES),
            thirteen_round([0, 1, 0, 1], players=LONG_NAMES),
        ],
        players=LONG_NAMES,
        colors=dict(zip(LONG_NAMES, ["red", "yellow", "green", "blue"])),
    )
    log_in(page, live_server.url)
    for url in (
        reverse("table", args=[table.keeper_token]),
        reverse("table", args=[table.viewer_token]),
        reverse("edit_hand", args=[table.keeper_token, 1]),
        reverse("hand", args=[table.viewer_token, 1]),
        reverse("total", args=[table.viewer_token, 1]),
    ):
        page.goto(live_server.url + url)
        assert page.evaluate(NAMES_RUNNING_OVER) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
