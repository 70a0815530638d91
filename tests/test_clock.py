"""The game's clock (issue 33): each hand's time, the running time on the board and its pauses,
the hand times in the history, the spreadsheet, the table file and the season's page."""

import csv
import io
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games.models import Group, Hand, Table
from games.pages.numbers import duration
from games.services import clock, recording, table_file, tables
from tests.fixtures import csrf_post, page, play_hand, players_of, read_text, table_url
from tests.inputs import hand_form, marriage_inputs, thirteen_round

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 20, 19, 0, tzinfo=UTC)


class Now:
    """The server's clock in a test: it stands still until the test moves it on."""

    def __init__(self):
        self.moment = START

    def __call__(self):
        return self.moment

    def on(self, **delta):
        self.moment += timedelta(**delta)


@pytest.fixture
def now(monkeypatch):
    fake = Now()
    monkeypatch.setattr(timezone, "now", fake)
    return fake


def new_table(owner, game="marriage", **extra):
    return tables.create_table(game=game, name="Friday", players=players_of(game), rules={}, owner=owner, **extra)


def record(table, number):
    return recording.record_hand(Table.objects.get(pk=table.pk), marriage_inputs("sWsu", (12, 4, 6, 0)), number)


def seconds_of(table):
    return list(table.hands.values_list("seconds", flat=True))


def pause_url(table, token=None):
    return reverse("pause_clock", args=[token or table.keeper_token])


def csv_rows(client, table):
    response = client.get(reverse("export_csv", args=[table.keeper_token]))
    return list(csv.reader(io.StringIO(response.content.decode())))


# --- each hand's time ----------------------------------------------------------------------------


def test_a_hand_takes_the_time_from_the_save_before_it_to_its_own(owner, now):
    table = new_table(owner)
    now.on(minutes=4, seconds=10)
    record(table, 1)
    now.on(minutes=3, seconds=30)
    record(table, 2)
    assert seconds_of(table) == [250, 210]


def test_a_pause_is_left_out_of_the_hand_and_of_the_time_played(client, owner, now):
    table = new_table(owner)
    now.on(minutes=2)
    assert csrf_post(client, pause_url(table), {"paused": "yes"}).status_code == 302
    now.on(minutes=25)  # the pizza
    assert "Paused · played 2 min" in read_text(client.get(table_url(table)))
    assert csrf_post(client, pause_url(table), {"paused": "no"}).status_code == 302
    now.on(minutes=3)
    record(table, 1)
    assert seconds_of(table) == [300]
    assert clock.played_seconds(Table.objects.get(pk=table.pk)) == 300


def test_a_table_nobody_touches_stops_its_clock_at_the_last_hand(client, owner, now):
    table = new_table(owner)
    now.on(minutes=10)
    record(table, 1)
    now.on(hours=1, minutes=29)  # a slow hand: the clock goes on
    assert "Playing for 1 h 39 min" in read_text(client.get(table_url(table)))
    now.on(hours=14)  # left overnight, nobody pressed Pause or Finish
    assert "Playing for 10 min" in read_text(client.get(table_url(table)))
    record(table, 2)  # the next day's first hand: the night counts as a pause, its time is not known
    now.on(minutes=6)
    record(table, 3)
    assert seconds_of(table) == [600, None, 360]
    assert "Playing for 16 min" in read_text(client.get(table_url(table)))


def test_a_hand_saved_during_a_pause_ends_it(owner, now):
    table = new_table(owner)
    now.on(minutes=2)
    tables.pause(table, True)
    now.on(minutes=10)
    record(table, 1)  # they played on and forgot the button: the hand took until the pause
    now.on(minutes=1)
    record(table, 2)
    table = Table.objects.get(pk=table.pk)
    assert seconds_of(table) == [120, 60] and table.paused_at is None and table.paused_seconds == 600


def test_a_hand_entered_in_two_steps_counts_to_the_save_that_completes_it(owner, now):
    table = new_table(owner, "thirteen")
    now.on(minutes=1)
    recording.record_hand(table, thirteen_round([1, 0, 0, 0]), 1)  # the bids
    assert seconds_of(table) == []
    now.on(minutes=5)
    recording.record_hand(Table.objects.get(pk=table.pk), thirteen_round([1, 0, 0, 0], [1, 0, 0, 0]), 1, version=1)
    assert seconds_of(table) == [360]


def test_a_hand_put_back_by_a_redo_has_no_time_and_the_next_counts_from_the_save_before(owner, now):
    table = new_table(owner)
    now.on(minutes=4)
    record(table, 1)
    recording.delete_hand(Table.objects.get(pk=table.pk), 1)
    now.on(minutes=1)
    recording.restore_hand(Table.objects.get(pk=table.pk), 1)
    now.on(minutes=2)
    record(table, 2)
    assert seconds_of(table) == [None, 180]


def test_an_imported_table_starts_its_clock_with_its_first_hand_saved_here(owner, now):
    table, _warnings = table_file.import_table(table_file.export_table(new_table(owner)), owner=owner)
    assert table.clock_started is None and clock.clock(table) is None
    now.on(hours=3)
    record(table, 1)
    now.on(minutes=2)
    record(table, 2)
    assert seconds_of(table) == [None, 120]


# --- the board -----------------------------------------------------------------------------------


def test_the_board_says_how_long_the_game_has_been_played_and_offers_the_keeper_a_pause(client, owner, now):
    table = new_table(owner)
    now.on(hours=1, minutes=12, seconds=20)
    keeper = read_text(client.get(table_url(table)))
    assert "Playing for 1 h 12 min" in keeper and "Pause the clock" in keeper
    viewer = read_text(Client().get(table_url(table, table.viewer_token)))
    assert "Playing for 1 h 12 min" in viewer and "Pause the clock" not in viewer
    csrf_post(client, pause_url(table), {"paused": "yes"})
    assert "Resume" in read_text(client.get(table_url(table)))


def test_finishing_the_game_stops_its_clock_and_reopening_it_runs_it_again(client, owner, now):
    table = new_table(owner)
    now.on(minutes=40)
    csrf_post(client, reverse("finish", args=[table.keeper_token]), {"finished": "yes"})
    now.on(days=2)
    text = read_text(client.get(table_url(table)))
    assert "Played for 40 min" in text and "Pause the clock" not in text
    csrf_post(client, reverse("finish", args=[table.keeper_token]), {"finished": "no"})
    now.on(minutes=5)
    assert "Playing for 45 min" in read_text(client.get(table_url(table)))


def save_second_hand_with_htmx(client, table):
    table = Table.objects.get(pk=table.pk)
    response = csrf_post(
        client,
        reverse("add_hand", args=[table.keeper_token]),
        {**hand_form("sWsu", (12, 4, 6, 0), 2), "revision": str(table.revision)},
        HTTP_HX_REQUEST="true",
    )
    text = page(response)
    assert 'id="live-summary" hx-swap-oob="true"' in text  # the answer is the saved parts, not the whole table
    return text


def test_a_save_answered_with_htmx_redraws_the_clocks_time(client, owner, now):
    table = new_table(owner)
    record(table, 1)
    now.on(minutes=7)
    text = save_second_hand_with_htmx(client, table)
    assert re.search(r'<p id="clock-time"\s+hx-swap-oob="true">\s*Playing for 7 min</p>', text)
    assert 'id="clock"' not in text and "Pause the clock" not in text  # the rest of the clock is as it was


def test_a_save_during_a_pause_redraws_the_whole_clock_running(client, owner, now):
    table = new_table(owner)
    record(table, 1)
    now.on(minutes=7)
    tables.pause(Table.objects.get(pk=table.pk), True)
    now.on(minutes=30)
    text = save_second_hand_with_htmx(client, table)
    assert 'id="clock" hx-swap-oob="true"' in text and "Playing for 7 min" in text
    assert '<p id="clock-time">' in text  # swapped with the clock, not on its own
    assert "Pause the clock" in text and "Resume" not in text


def test_the_live_board_brings_the_pause_to_every_phone(client, owner, now):
    table = new_table(owner)
    now.on(minutes=3)
    tables.pause(table, True)
    response = Client().get(reverse("live", args=[table.viewer_token]), {"revision": "0"}, HTTP_HX_REQUEST="true")
    assert 'id="clock" hx-swap-oob="true"' in page(response) and "Paused · played 3 min" in read_text(response)


@pytest.mark.parametrize(
    ("data", "status"),
    [({"paused": "maybe"}, 400), ({}, 400)],
)
def test_a_pause_post_that_says_neither_is_refused(client, owner, now, data, status):
    table = new_table(owner)
    response = csrf_post(client, pause_url(table), data)
    assert response.status_code == status
    assert "Say whether to pause the clock or resume it." in page(response)
    assert Table.objects.get(pk=table.pk).paused_at is None


def test_pausing_a_finished_game_is_refused(client, owner, now):
    table = new_table(owner)
    tables.set_finished(table, True)
    before = Table.objects.get(pk=table.pk)
    response = csrf_post(client, pause_url(table), {"paused": "no"})
    assert response.status_code == 409
    assert "This game is finished." in page(response)
    after = Table.objects.get(pk=table.pk)
    assert (after.paused_at, after.paused_seconds, after.revision) == (
        before.paused_at,
        before.paused_seconds,
        before.revision,
    )


def test_the_viewer_link_cannot_pause_and_a_get_changes_nothing(client, owner, now):
    table = new_table(owner)
    assert csrf_post(client, pause_url(table, table.viewer_token), {"paused": "yes"}).status_code == 404
    assert client.get(pause_url(table)).status_code == 405
    assert csrf_post(client, reverse("pause_clock", args=["no-such-link"]), {"paused": "yes"}).status_code == 404
    assert Table.objects.get(pk=table.pk).paused_at is None


def test_a_clock_not_started_yet_cannot_be_paused(client, owner, now):
    table, _warnings = table_file.import_table(table_file.export_table(new_table(owner)), owner=owner)
    response = csrf_post(client, pause_url(table), {"paused": "yes"})
    assert response.status_code == 409 and "The clock starts with the next hand saved." in page(response)


def test_two_phones_pausing_at_once_pause_once(owner, now):
    table = new_table(owner)
    now.on(minutes=1)
    tables.pause(table, True)
    now.on(minutes=1)
    tables.pause(table, True)
    now.on(minutes=1)
    tables.pause(table, False)
    assert Table.objects.get(pk=table.pk).paused_seconds == 120


# --- durations in words --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (0, "less than a minute"),
        (29, "less than a minute"),
        (30, "1 min"),
        (240, "4 min"),
        (3600, "1 h"),
        (4320, "1 h 12 min"),
        (2 * 86400 + 3 * 3600 + 600, "2 days 3 h"),
        (86400, "1 day"),
    ],
)
def test_a_duration_in_english_words(seconds, words):
    assert duration(seconds) == words


def test_a_duration_in_nepali_and_arabic():
    with translation.override("ne"):
        assert duration(4320) == "1 घण्टा 12 मिनेट"
        assert duration(10) == "एक मिनेटभन्दा कम"
    with translation.override("ar"):
        assert duration(4320) == "1 س 12 د"
        assert duration(3 * 86400) == "3 أيام"


def test_the_board_writes_the_time_in_the_languages_own_digits(client, owner, now):
    table = new_table(owner, language="ne")
    now.on(hours=1, minutes=12)
    client.cookies["cardscore_digits"] = "native"
    assert "खेल चलेको १ घण्टा १२ मिनेट भयो" in read_text(client.get(table_url(table)))


# --- the history ---------------------------------------------------------------------------------


def test_the_history_says_how_long_each_hand_took(client, owner, now):
    table = new_table(owner)
    now.on(minutes=4)
    record(table, 1)
    now.on(seconds=20)
    record(table, 2)
    text = read_text(client.get(reverse("history", args=[table.keeper_token])))
    assert text.count("took 4 min") == 1 and text.count("took less than a minute") == 1


def test_the_history_times_a_two_step_hand_on_its_completing_save_only(client, owner, now):
    table = new_table(owner, "thirteen")
    now.on(minutes=1)
    recording.record_hand(table, thirteen_round([1, 0, 0, 0]), 1)
    now.on(minutes=5)
    recording.record_hand(Table.objects.get(pk=table.pk), thirteen_round([1, 0, 0, 0], [1, 0, 0, 0]), 1, version=1)
    text = read_text(client.get(reverse("history", args=[table.keeper_token])))
    assert text.count("· took") == 1 and "· took 6 min" in text  # ("Asha: bid 1, took 1 book" is the hand's)
    assert text.index("books entered") < text.index("took 6 min") < text.index("bids entered")


# --- the spreadsheet and the table file ----------------------------------------------------------


def test_the_spreadsheet_has_each_hands_seconds_blank_where_unknown(client, owner, now):
    table = new_table(owner)
    now.on(minutes=4)
    record(table, 1)
    now.on(minutes=2)
    record(table, 2)
    Hand.objects.filter(table=table, number=1).update(seconds=None)
    rows = csv_rows(client, table)
    assert rows[0] == ["Hand", *players_of("marriage"), "Seconds"]
    assert [row[-1] for row in rows[1:3]] == ["", "120"]
    assert rows[-1] == ["Total", "46", "20", "-2", "-64"]


def test_a_spreadsheet_of_hands_without_times_has_no_seconds_column(client, owner):
    table, _warnings = table_file.import_table(
        {"format": table_file.FORMAT, "game": "marriage", "players": players_of("marriage"), "hands": []},
        owner=owner,
    )
    assert csv_rows(client, table)[0] == ["Hand", *players_of("marriage")]


def test_hand_times_go_through_the_table_file_and_back_exactly(owner, now):
    table = new_table(owner)
    now.on(minutes=4)
    record(table, 1)
    recording.delete_hand(Table.objects.get(pk=table.pk), 1)
    recording.restore_hand(Table.objects.get(pk=table.pk), 1)  # no time
    now.on(minutes=2)
    record(table, 2)
    document = table_file.export_table(Table.objects.get(pk=table.pk))
    assert [hand.get("seconds") for hand in document["hands"]] == [None, 120]
    assert "seconds" not in document["hands"][0]
    text = table_file.dumps(document)
    copy, warnings = table_file.import_table(table_file.loads(text), owner=owner)
    assert warnings == [] and seconds_of(copy) == [None, 120]
    assert table_file.export_table(copy) == {**document, "name": copy.name}


def test_an_old_file_without_hand_times_imports_as_before(owner):
    document = {
        "format": table_file.FORMAT,
        "game": "marriage",
        "players": players_of("marriage"),
        "hands": [{"inputs": marriage_inputs("sWsu", (12, 4, 6, 0))}],
    }
    copy, warnings = table_file.import_table(document, owner=owner)
    assert warnings == [] and seconds_of(copy) == [None]
    assert "seconds" not in table_file.export_table(copy)["hands"][0]


@pytest.mark.parametrize(
    ("seconds", "problem"),
    [
        (-1, "must be at least 0"),
        ("60", "must be a whole number"),
        (True, "must be a whole number"),
        (1.5, "must be a whole number"),
    ],
)
def test_a_table_file_with_a_bad_hand_time_is_refused(owner, seconds, problem):
    document = {
        "format": table_file.FORMAT,
        "game": "marriage",
        "players": players_of("marriage"),
        "hands": [{"inputs": marriage_inputs("sWsu", (12, 4, 6, 0)), "seconds": seconds}],
    }
    with pytest.raises(ValueError, match=f"hand 1, seconds: {problem}"):
        table_file.import_table(document, owner=owner)
    assert not Table.objects.exists()


# --- the season ----------------------------------------------------------------------------------


def timed_evening(owner, group, now, minutes):
    """A table of the group with two hands that took `minutes` each."""
    table = new_table(owner, group=group)
    for number in (1, 2):
        now.on(minutes=minutes)
        record(table, number)
    return table


def test_the_season_gives_the_average_hand_time_per_game(client, owner, now):
    club = Group.objects.create(owner=owner, name="Friday club")
    timed_evening(owner, club, now, 4)
    timed_evening(owner, club, now, 6)
    document = table_file.export_table(timed_evening(owner, None, now, 60))
    for hand in document["hands"]:
        del hand["seconds"]  # as a file written before the clock: hands without a time count for nothing
    untimed, _warnings = table_file.import_table(document, owner=owner)
    Table.objects.filter(pk=untimed.pk).update(group=club)
    text = read_text(client.get(reverse("group", args=[club.pk])))
    assert "One hand takes 5 min on average" in text


def test_the_season_average_adds_no_query_per_table(client, owner, now, django_assert_num_queries):
    club = Group.objects.create(owner=owner, name="Friday club")
    for _evening in range(3):
        timed_evening(owner, club, now, 4)
    client.get(reverse("home"))  # the first request of a client checks for the owner account once
    with django_assert_num_queries(5) as few:
        assert "One hand takes 4 min on average" in read_text(client.get(reverse("group", args=[club.pk])))
    for _evening in range(9):
        timed_evening(owner, club, now, 4)
    with django_assert_num_queries(len(few.captured_queries)):
        assert "One hand takes 4 min on average" in read_text(client.get(reverse("group", args=[club.pk])))


def test_play_hand_of_the_fixtures_times_every_game(owner, now):
    """Every game's two-step entry (the fixtures' play_hand) gives its hand a time."""
    table = new_table(owner, "thirteen")
    now.on(minutes=2)
    play_hand(table, thirteen_round([1, 0, 0, 0], [1, 0, 0, 0]), 1)
    assert seconds_of(table) == [120]
