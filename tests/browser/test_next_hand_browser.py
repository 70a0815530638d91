"""The loop as a table meets it: after every kind of change a game allows (a player out of the game,
one who gets up, comes back, sits down or takes another's seat, points adjusted, the deal given),
the next hand's form records a hand with one tap on Save, both as the page is loaded again and as
the answer to that save. (The 24 race is left out: its deals are not entered on a hand form.)"""

import time

import pytest
from playwright.sync_api import expect

from games.models import Table
from games.registry import get_game
from games.services import draw, recording, seating, tables
from scoring.thirteen import cards_in_round
from tests.browser.fixtures import wait_until
from tests.fixtures import SAMPLES, colors_of, fresh_table

FILLED_BY_HAND = ["marriage", "marriage-honors", "konkan", "scoresheet", "callbreak", "thirteen"]


def changes_of(game):
    """The changes `game` allows between hands, as the seats page offers them."""
    engine = get_game(game).engine
    changes = [kind for kind in ("join", "leave", "replace") if kind in engine.CHANGES]
    if "join" in changes and "leave" in changes:
        changes.append("comeback")
    changes.append("adjust")
    if draw.deals(engine, engine.default_rules()):
        changes.append("dealer")
    if game == "konkan":
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


def bring_to_the_edge(table):
    """Konkan: Chet at 300, so that the next hand he does not win puts him over 301 (out)."""
    while table.totals["Chet"] < 300:
        number = table.state["hands"] + 1
        hand = {"Asha": {"outcome": "winner"}, "Bina": {"outcome": "set", "hand_penalty": 1}}
        recording.record_hand(table, {**hand, "Chet": {"outcome": "not_set"}}, number)
        table.refresh_from_db()
    assert table.totals["Chet"] == 300


def seats_with(page, key):
    """The seats whose `key` field the form offers (an out player has none)."""
    return page.evaluate(
        """key => [...document.querySelectorAll(`#new-hand form [name^="${key}-"]:not([type=hidden])`)]
                 .map(box => Number(box.name.slice(key.length + 1)))
                 .filter((seat, index, all) => all.indexOf(seat) === index)""",
        key,
    )


def has_field(page, key):
    return bool(seats_with(page, key))


def a_hand(page, table):
    """What a table would type for the hand the form waits for: the first player wins (or takes
    the tricks), the others play on with a few points."""
    game = table.game
    if game == "marriage":
        seats = seats_with(page, "status")
        return {
            **{f"status-{seat}": "seen" for seat in seats[1:]},
            f"status-{seats[0]}": "winner",
            **{f"maal-{seat}": "3" for seat in seats},
        }
    if game == "marriage-honors":
        seats = seats_with(page, "outcome")
        others = {f"outcome-{seat}": "played" for seat in seats[1:]} | {
            f"hand_points-{seat}": "10" for seat in seats[1:]
        }
        return {f"outcome-{seats[0]}": "declared", **others}
    if game == "konkan":
        seats = seats_with(page, "outcome")
        others = {f"outcome-{seat}": "set" for seat in seats[1:]} | {f"penalty-{seat}": "5" for seat in seats[1:]}
        return {f"outcome-{seats[0]}": "winner", **others}
    if game == "scoresheet":
        return {f"points-{seat}": "5" for seat in seats_with(page, "points")}
    if game == "callbreak":
        if has_field(page, "tricks"):
            return dict(
                zip((f"tricks-{seat}" for seat in seats_with(page, "tricks")), ["4", "3", "3", "3"], strict=True)
            )
        return {f"call-{seat}": "3" for seat in seats_with(page, "call")}
    # Thirteen: nobody bids, then the first player takes every book of the round.
    if has_field(page, "books"):
        seats = seats_with(page, "books")
        books = cards_in_round(Table.objects.get(pk=table.pk).state["hands"] + 1)
        return {f"books-{seat}": "0" for seat in seats[1:]} | {f"books-{seats[0]}": str(books)}
    return {f"bid-{seat}": "0" for seat in seats_with(page, "bid")}


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


@pytest.mark.parametrize("game, change", CASES)
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
        bring_to_the_edge(table)
        page.reload()
        a_whole_hand(page, table)  # puts Chet out
        assert Table.objects.get(pk=table.pk).state["out"] == ["Chet"]
    else:
        make_change(table, change)
        page.reload()
        a_whole_hand(page, table)
    a_whole_hand(page, table)  # on the save's answer
    page.reload()
    a_whole_hand(page, table)  # after a reload
