"""The loop as a table meets it: after every kind of change a game allows (a player out of the game,
one who gets up, comes back, sits down or takes another's seat, points adjusted, the deal given),
the next hand's form records a hand with one tap on Save, both as the page is loaded again and as
the answer to that save. (The 24 race is left out: its deals are not entered on a hand form.)"""

import time

import pytest
from playwright.sync_api import expect

from games.models import Table
from games.sdk.registry import get_game
from games.services import draw, seating, tables
from tests.browser.fixtures import wait_until
from tests.fixtures import GAMES, SAMPLES, colors_of, fresh_table

# Every game with a hand form: how a phone fills it is its sample's (tests/fixtures.py).
FILLED_BY_HAND = [game for game in GAMES if SAMPLES[game]["phone_hand"]]


def changes_of(game):
    """The changes `game` allows between hands, as the seats page offers them."""
    engine = get_game(game).engine
    changes = [kind for kind in ("join", "leave", "replace") if kind in engine.CHANGES]
    if "join" in changes and "leave" in changes:
        changes.append("comeback")
    changes.append("adjust")
    if draw.deals(engine, engine.default_rules()):
        changes.append("dealer")
    if SAMPLES[game]["to_the_edge"]:  # a game that puts players out
        changes.append("elimination")
    return changes


CASES = [pytest.param(game, change, id=f"{game}-{change}") for game in FILLED_BY_HAND for change in changes_of(game)]


def make_change(table, change):
    """The change, made as the seats page makes it, after the table's hands so far."""
    seated = table.seated
    events = {
        "join": [{"kind": "join", "player": "Zed"}],
        "leave": [{"kind": "leave", "player": seated[1]}],
        "comeback": [{"kind": "leave", "player": seated[1]}, {"kind": "join", "player": seated[1]}],
        "replace": [{"kind": "replace", "player": seated[1], "by": "Zed"}],
        "adjust": [{"kind": "adjust", "points": {seated[0]: 5, seated[1]: -5}, "reason": "pizza"}],
        "dealer": [{"kind": "dealer", "player": seated[2]}],
    }
    for event in events[change]:
        table = seating.add_event(Table.objects.get(pk=table.pk), event)


def seats_with(page, key):
    """The seats whose `key` field the form offers (an out player has none)."""
    return page.evaluate(
        """key => [...document.querySelectorAll(`#new-hand form [name^="${key}-"]:not([type=hidden])`)]
                 .map(box => Number(box.name.slice(key.length + 1)))
                 .filter((seat, index, all) => all.indexOf(seat) === index)""",
        key,
    )


def a_hand(page, table):
    """What a table would type for the hand (or the step) the form waits for: its sample's."""
    return SAMPLES[table.game]["phone_hand"](lambda key: seats_with(page, key), Table.objects.get(pk=table.pk))


def type_in(page, fields):
    """The fields set as a person sets them (a choice chosen, a box typed in), each change told."""
    page.evaluate(
        """fields => {
          const form = document.querySelector("#new-hand form");
          for (const [name, value] of Object.entries(fields)) {
            const boxes = [...form.querySelectorAll(`[name="${name}"]`)];
            if (!boxes.length) throw new Error(`no field ${name}`);
            const box = boxes[0].type === "radio" ? boxes.find((radio) => radio.value === value) : boxes[0];
            if (box.type === "radio") box.checked = true; else box.value = value;
            box.dispatchEvent(new Event("input", { bubbles: true }));
            box.dispatchEvent(new Event("change", { bubbles: true }));
          }
        }""",
        fields,
    )


def saved_with_one_tap(page, table):
    """One step of a hand typed and saved with one tap on Save: the table has it, and the next
    form (the save's answer) is in place."""
    before = Table.objects.get(pk=table.pk).revision
    type_in(page, a_hand(page, table))
    page.locator("#entry-submit").click()
    deadline = time.monotonic() + 10
    while Table.objects.get(pk=table.pk).revision == before:
        problems = page.locator("#new-hand .error").all_inner_texts()
        assert time.monotonic() < deadline, f"the save was not recorded: {problems}"
        time.sleep(0.05)
    wait_until(page, "document.querySelector('.htmx-request') === null")
    expect(page.locator("#new-hand .error")).to_have_count(0)


def a_whole_hand(page, table):
    steps = 2 if get_game(table.game).engine.partial_hands else 1
    for _step in range(steps):
        saved_with_one_tap(page, table)


@pytest.mark.parametrize(("game", "change"), CASES)
def test_after_each_change_the_next_hand_saves_with_one_tap(logged_in_page, live_server, owner, game, change):
    page = logged_in_page
    if change == "dealer":  # some games give the deal only before the first hand
        sample = SAMPLES[game]
        table = tables.create_table(
            game=game, name="Dealt", players=sample["players"], rules={}, owner=owner, colors=colors_of(game)
        )
    else:
        table = fresh_table(game, owner)
    url = f"{live_server.url}/t/{table.keeper_token}/"
    page.goto(url)  # the phone holds the form of the hand before the change
    if change == "elimination":
        out = SAMPLES[game]["to_the_edge"](table)
        page.reload()
        a_whole_hand(page, table)  # puts them out
        assert Table.objects.get(pk=table.pk).state["out"] == [out]
    else:
        make_change(table, change)
        page.reload()
        a_whole_hand(page, table)
    a_whole_hand(page, table)  # on the save's answer
    page.reload()
    a_whole_hand(page, table)  # after a reload
