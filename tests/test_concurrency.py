"""No double hands, no lost hands: phones at one table posting at the same moment.

Every thread has its own Client and so its own database connection (Django's connections are
per thread); the settings give the SQLite test database a file, so the threads meet SQLite's
real locking (IMMEDIATE transactions, busy timeout), and on PostgreSQL its row locks.
"""

import re
import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from games.models import Hand, HandChange
from games.services import recording, tables
from tests.fixtures import colors_of, page, players_of
from tests.inputs import (
    EIGHTS_AND_THREES,
    EIGHTS_AND_THREES_KEYS,
    hand_edit_form,
    hand_form,
    marriage_inputs,
    thirteen_round,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PLAYERS = players_of("marriage")
THREADS = 8
ROUNDS = 100
WAIT = 60  # seconds a barrier waits before the test gives up (a hung thread fails, never hangs)
FIRST_HAND = hand_form("sWsu", (12, 4, 6, 0))  # the worked example: 23, 10, -1, -32
FIRST_POINTS = {"Asha": 23, "Bikash": 10, "Chandra": -1, "Dipa": -32}


def new_table(owner, name="Race"):
    return tables.create_table(game="marriage", name=name, players=PLAYERS, rules={}, owner=owner)


def logged_in_clients(owner, count=THREADS):
    """One phone per thread (no CSRF enforcement: the race, not the token, is under test)."""
    clients = []
    for _ in range(count):
        client = Client()
        client.force_login(owner)
        clients.append(client)
    return clients


def fire(clients, request):
    """Run request(client) on every client at once, one thread each; [(status, body) or exception]."""
    barrier = threading.Barrier(len(clients))
    results = [None] * len(clients)

    def run(index, client):
        try:
            barrier.wait(timeout=WAIT)
            response = request(client)
            results[index] = (response.status_code, page(response))
        except BaseException as error:  # reported by the main thread
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index, client)) for index, client in enumerate(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=2 * WAIT)
    assert not any(thread.is_alive() for thread in threads), "a request thread hung"
    errors = [result for result in results if isinstance(result, BaseException)]
    assert not errors, f"requests raised: {errors!r}"
    return results


def test_the_same_hand_posted_by_eight_phones_at_once_is_recorded_once(owner):
    clients = logged_in_clients(owner)
    for round_number in range(ROUNDS):
        table = new_table(owner, name=f"Race {round_number}")
        url = reverse("add_hand", args=[table.keeper_token])
        results = fire(clients, lambda client: client.post(url, FIRST_HAND))

        statuses = sorted(status for status, _body in results)
        assert statuses == [302] + [409] * (THREADS - 1), f"round {round_number}: {statuses}"
        for status, body in results:
            if status == 409:
                assert "Hand 1 was already recorded on another phone" in body, f"round {round_number}"
        hands = list(Hand.objects.filter(table=table))
        assert [(hand.number, hand.points) for hand in hands] == [(1, FIRST_POINTS)], f"round {round_number}"
        assert HandChange.objects.filter(table=table).count() == 1
        table.refresh_from_db()
        assert table.totals == FIRST_POINTS


def test_the_next_hand_posted_by_eight_phones_at_once_follows_the_first_once(owner):
    """On a table with hands already (the common case): hand 4 is added once, none lost."""
    clients = logged_in_clients(owner)
    table = new_table(owner)
    for number in range(1, 4):
        recording.record_hand(table, marriage_inputs("Wsss", (0, 0, 0, 0)), number)
    url = reverse("add_hand", args=[table.keeper_token])
    for number in range(4, 14):
        results = fire(clients, lambda client: client.post(url, hand_form("sWsu", (12, 4, 6, 0), next_number=number)))
        assert sorted(status for status, _body in results) == [302] + [409] * (THREADS - 1)
        assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == list(range(1, number + 1))
    table.refresh_from_db()
    assert table.totals == {
        "Asha": 3 * 9 + 10 * 23,
        "Bikash": 3 * -3 + 10 * 10,
        "Chandra": 3 * -3 + 10 * -1,
        "Dipa": 3 * -3 + 10 * -32,
    }


# --- editing from a stale page ---------------------------------------------------------------


def test_an_edit_from_a_stale_page_is_refused_and_the_first_edit_kept(owner):
    table = new_table(owner)
    recording.record_hand(table, marriage_inputs("sWsu", (12, 4, 6, 0)), 1)
    first, second = logged_in_clients(owner, 2)
    url = reverse("edit_hand", args=[table.keeper_token, 1])
    # Both phones opened the edit page while the hand was at version 1.
    assert 'name="version" value="1"' in first.get(url).content.decode()
    assert 'name="version" value="1"' in second.get(url).content.decode()

    accepted = first.post(url, hand_edit_form("Wsss", (0, 0, 0, 0), version=1))
    assert accepted.status_code == 302
    refused = second.post(url, hand_edit_form("ssWs", (0, 0, 0, 0), version=1))

    assert refused.status_code == 409
    assert "Hand 1 was changed on another phone meanwhile. Check it and try again." in page(refused)
    hand = Hand.objects.get(table=table, number=1)
    assert hand.version == 2
    assert hand.inputs["Asha"]["status"] == "winner" and hand.inputs["Chandra"]["status"] == "seen"
    table.refresh_from_db()
    assert table.totals == {"Asha": 9, "Bikash": -3, "Chandra": -3, "Dipa": -3}
    # The refused page shows the hand as it is now, with its new version, so a retry can succeed.
    assert 'name="version" value="2"' in refused.content.decode()
    assert HandChange.objects.filter(table=table, action=HandChange.CORRECTED).count() == 1


def test_eight_edits_from_the_same_version_at_once_apply_one(owner):
    table = new_table(owner)
    recording.record_hand(table, marriage_inputs("sWss", (0, 0, 0, 0)), 1)
    url = reverse("edit_hand", args=[table.keeper_token, 1])
    clients = logged_in_clients(owner)
    # Each phone makes a different player the winner (phones 4..7 repeat 0..3).
    forms = {
        id(client): hand_edit_form("".join("W" if seat == index % 4 else "s" for seat in range(4)), (0,) * 4, version=1)
        for index, client in enumerate(clients)
    }
    results = fire(clients, lambda client: client.post(url, forms[id(client)]))

    assert sorted(status for status, _body in results) == [302] + [409] * (THREADS - 1)
    for status, body in results:
        if status == 409:
            assert "was changed on another phone meanwhile" in body
    hand = Hand.objects.get(table=table, number=1)
    assert hand.version == 2
    winner = next(name for name in PLAYERS if hand.inputs[name]["status"] == "winner")
    table.refresh_from_db()
    assert table.totals == {name: 9 if name == winner else -3 for name in PLAYERS}
    assert HandChange.objects.filter(table=table, action=HandChange.CORRECTED).count() == 1


# --- the other games' "same hand at once" ----------------------------------------------------


def test_eight_phones_completing_the_same_thirteen_round_at_once_complete_it_once(owner):
    """Thirteen's books complete a pending round (same number, same version): one wins."""
    clients = logged_in_clients(owner)
    for round_number in range(10):
        table = tables.create_table(
            game="thirteen",
            name=f"Thirteen {round_number}",
            players=players_of("thirteen"),
            rules={},
            owner=owner,
            colors=colors_of("thirteen"),
        )
        recording.record_hand(table, thirteen_round([1, 0, 0, 0]), 1)
        url = reverse("add_hand", args=[table.keeper_token])
        books = {"hand_number": "1", "version": "1", "books-0": "1", "books-1": "0", "books-2": "0", "books-3": "0"}
        results = fire(clients, lambda client: client.post(url, books))

        assert sorted(status for status, _body in results) == [302] + [409] * (THREADS - 1)
        assert all("Round 1 was already recorded on another phone" in body for status, body in results if status == 409)
        hand = Hand.objects.get(table=table)
        assert hand.version == 2 and hand.points == {"Asha": 10, "Bikram": 0, "Charlie": 0, "David": 0}
        assert HandChange.objects.filter(table=table).count() == 2  # the bids, then the books once


def test_eight_phones_answering_the_same_24_deal_at_once_win_it_once(owner, next_deal):
    clients = [Client() for _ in range(THREADS)]  # race phones need no account, only the link
    for round_number in range(10):
        table = tables.create_table(
            game="twentyfour", name=f"24 {round_number}", players=PLAYERS, rules={}, owner=owner
        )
        tables.save_current_hand(table, {"deal": 1, "cards": EIGHTS_AND_THREES})
        url = reverse("race_press", args=[table.keeper_token])
        player = {id(client): PLAYERS[index % 4] for index, client in enumerate(clients)}
        results = fire(
            clients,
            lambda client: client.post(
                url, {"player": player[id(client)], "deal": "1", "keys": EIGHTS_AND_THREES_KEYS, "key": "="}
            ),
        )

        assert sorted(status for status, _body in results) == [200] + [409] * (THREADS - 1)
        for status, body in results:
            if status == 409:
                assert "Someone was quicker" in body or "Deal 1 was already recorded on another phone" in body
        hands = list(Hand.objects.filter(table=table))
        assert len(hands) == 1 and sum(entry["won"] for name, entry in hands[0].inputs.items() if name != "_hand") == 1
        table.refresh_from_db()
        assert table.current_hand["deal"] == 2  # dealt again once
        assert sum(table.totals.values()) == 1


# --- posts sent again: the same key at once, and the queues of phones that were offline --------


def test_the_same_post_sent_by_a_phone_eight_times_at_once_is_recorded_once(owner):
    """A phone whose answers were lost sends its hand again while the first post is still on the way."""
    clients = logged_in_clients(owner)
    for round_number in range(20):
        table = new_table(owner, name=f"Again {round_number}")
        url = reverse("add_hand", args=[table.keeper_token])
        results = fire(clients, lambda client: client.post(url, {**FIRST_HAND, "key": f"key-{round_number}"}))

        assert [status for status, _body in results] == [302] * THREADS, f"round {round_number}"
        assert [hand.points for hand in Hand.objects.filter(table=table)] == [FIRST_POINTS]
        assert list(HandChange.objects.filter(table=table).values_list("key", flat=True)) == [f"key-{round_number}"]


PHONES = 4
QUEUED = 25  # hands each phone kept while offline: 100 in all


def queued_hand(phone, index):
    """(statuses, maal) of a hand phone `phone` kept while offline, told apart from every other by its maal."""
    winner = (phone + index) % 4
    return "".join("W" if seat == winner else "s" for seat in range(4)), (phone, index, (phone * index) % 7, 1)


def send_queue(client, url, phone):
    """What static/offline.js does with a phone's queue once the connection is back: each hand in
    order with its key; a hand whose number another phone took first goes in as the next hand
    (the scorekeeper's "Enter it as the next hand"); every post whose answer came back is sent a
    second time, as when that answer is lost on the way, and must be answered as saved too."""
    number = 1  # each phone numbered its hands as if it were alone
    for index in range(QUEUED):
        post = {**hand_form(*queued_hand(phone, index)), "key": f"phone-{phone}-{index}"}
        while True:
            response = client.post(url, {**post, "hand_number": str(number)})
            if response.status_code != 409:
                break
            number = int(re.search(r'name="hand_number" value="(\d+)"', page(response)).group(1))
        assert response.status_code == 302, page(response)
        assert client.post(url, {**post, "hand_number": str(number)}).status_code == 302
        number += 1
    return client.get(url.replace("hands/", ""))  # the board, once the queue is sent


def test_a_hundred_hands_queued_on_four_phones_and_sent_at_once_are_each_recorded_once(owner):
    table = new_table(owner, name="Back online")
    url = reverse("add_hand", args=[table.keeper_token])
    clients = logged_in_clients(owner, PHONES)
    phones = iter(range(PHONES))
    boards = fire(clients, lambda client: send_queue(client, url, next(phones)))
    assert [status for status, _body in boards] == [200] * PHONES

    changes = HandChange.objects.filter(table=table)
    expected = {f"phone-{phone}-{index}" for phone in range(PHONES) for index in range(QUEUED)}
    assert sorted(changes.values_list("key", flat=True)) == sorted(expected)
    hands = list(Hand.objects.filter(table=table))
    assert [hand.number for hand in hands] == list(range(1, PHONES * QUEUED + 1))
    # Each hand as its phone entered it, and each phone's hands in the order it kept them.
    numbers = {}
    for change in changes.select_related("hand"):
        phone, index = map(int, change.key.split("-")[1:])
        entered = {
            name: {"status": fields["status"], "maal": fields["maal"]} for name, fields in change.hand.inputs.items()
        }
        assert entered == marriage_inputs(*queued_hand(phone, index))
        numbers.setdefault(phone, []).append((index, change.hand.number))
    for kept in numbers.values():
        assert [number for _index, number in sorted(kept)] == sorted(number for _index, number in kept)
    table.refresh_from_db()
    scored = table.engine.score(table.rules, table.players, [hand.inputs for hand in hands])
    assert [hand.points for hand in hands] == scored.points
    assert table.totals == scored.totals
