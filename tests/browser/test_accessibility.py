"""Every page, checked with axe-core in Chromium at 390×844, light and dark: no violation of any
impact, and nothing refused by the Content Security Policy."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from games.plumbing import first_run
from games.services import recording, seating
from games.twentyfour.models import Puzzle
from tests.fixtures import GAMES, SAMPLES, fresh_table, log_in, season_of_tables
from tests.inputs import EIGHTS_AND_THREES

AXE = Axe()


@pytest.fixture
def site(live_server, transactional_db, owner):
    """A table of each game with its first hand, and a finished 24 puzzle; the Marriage table's
    hand 2 was undone (its board offers the redo, its history shows a deleted hand); a player sat
    down at the Konkan table (its board, history and seats page tell it); all of them
    in a group, the last followed by a rematch."""
    tables = {game: fresh_table(game, owner) for game in GAMES}
    recording.record_hand(tables["marriage"], SAMPLES["marriage"]["first_hand"], 2)
    recording.delete_hand(tables["marriage"], 2)
    seating.add_event(tables["konkan"], {"kind": "join", "player": "Eka"})  # a row of words on its board
    puzzle = Puzzle.objects.create(player="owner", user=owner, cards=EIGHTS_AND_THREES, difficulty="hard", solutions=1)
    return (
        live_server.url,
        list(tables.values()),
        puzzle,
        tables["marriage"],
        season_of_tables(list(tables.values()), owner),
    )


def violations(page):
    results = AXE.run(page)
    return [
        (violation["id"], violation["impact"], [node["target"] for node in violation["nodes"]][:3])
        for violation in results.response["violations"]
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_has_no_accessibility_violation(phones, site, scheme):
    base, tables, puzzle, marriage, (group, rematch) = site
    context = phones(color_scheme=scheme)
    page = context.new_page()
    refused = []
    page.on(
        "console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None
    )
    anonymous = [
        f"{base}/",
        f"{base}/login/",
        f"{base}/24/",
        f"{base}/t/{marriage.viewer_token}/settlement/",
        f"{base}/t/{marriage.viewer_token}/summary/",
    ]
    for table in tables:
        anonymous += [
            f"{base}/t/{table.viewer_token}/",
            f"{base}/t/{table.viewer_token}/hand/1/",
            f"{base}/t/{table.viewer_token}/total/0/",
        ]
    problems = {}
    for url in anonymous:
        page.goto(url)
        problems[url] = violations(page)
    log_in(page, base)
    pages = [
        f"{base}/",
        f"{base}/new/marriage/",
        f"{base}/new/thirteen/",
        f"{base}/24/",
        f"{base}/24/{puzzle.pk}/",
        f"{base}/players/",
        f"{base}/players/Asha/",
        f"{base}/t/{marriage.keeper_token}/hands/1/",
        f"{base}/t/{marriage.keeper_token}/history/",
        f"{base}/groups/{group.pk}/",
        f"{base}/t/{rematch.keeper_token}/group/",
        f"{base}/t/{rematch.keeper_token}/",
    ]
    pages += [f"{base}/t/{table.keeper_token}/{page}" for table in tables for page in ("", "hand/1/", "seats/")]
    for url in pages:
        page.goto(url)
        problems[url] = violations(page)
    assert {url: found for url, found in problems.items() if found} == {}
    assert refused == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_first_run_pages_have_no_accessibility_violation(phones, live_server, transactional_db, scheme):
    """Before the owner exists: setup without its code, with a wrong one, and with the right one."""
    code, _ = first_run.current_code()
    context = phones(color_scheme=scheme)
    page = context.new_page()
    problems = {}
    for query in ("", "?code=aaaa-bbbb-cccc", f"?code={code}"):
        page.goto(f"{live_server.url}/setup/{query}")
        problems[query] = violations(page)
    assert {query: found for query, found in problems.items() if found} == {}
