"""Recording the next hand writes only that hand, folded onto the table's stored state: this
holds because a hand's points depend on the hands before it and never on later ones, which these
tests check for every game."""

import copy
import importlib

import pytest
from django.apps import apps as django_apps
from django.contrib import admin
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from games.models import Hand, Table
from games.sdk.registry import get_game
from games.services import recording, table_file
from tests.fixtures import GAMES, SAMPLES, running_totals

pytestmark = pytest.mark.django_db


def imported(game, hands):
    document = copy.deepcopy(SAMPLES[game]["document"])
    document["hands"] = document["hands"][:hands]
    table, _warnings = table_file.import_table(document)
    return table


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_s_points_do_not_change_when_later_hands_are_added(game):
    table = imported(game, None)
    engine = get_game(game).engine
    inputs = [hand.inputs for hand in table.hands.all()]
    everything = engine.score(table.rules, table.players, inputs).points
    assert len(everything) == len(inputs) >= 2
    for count in range(len(inputs)):
        assert engine.score(table.rules, table.players, inputs[:count]).points == everything[:count]


@pytest.mark.parametrize("game", GAMES)
def test_recording_the_last_hand_stores_what_a_full_recompute_gives(game):
    whole = imported(game, None)
    table = imported(game, -1)
    last = SAMPLES[game]["document"]["hands"][-1]["inputs"]
    recording.record_hand(table, copy.deepcopy(last), len(SAMPLES[game]["document"]["hands"]))
    table.refresh_from_db()
    assert [hand.points for hand in table.hands.all()] == [hand.points for hand in whole.hands.all()]
    assert (table.totals, table.progress, running_totals(table)) == (
        whole.totals,
        whole.progress,
        running_totals(whole),
    )
    assert table.state == whole.state
    assert table.revision == whole.revision + 1


@pytest.mark.parametrize("game", GAMES)
def test_recording_a_hand_reads_none_of_the_hands_before_it(game):
    table = imported(game, -1)
    hands = SAMPLES[game]["document"]["hands"]
    with CaptureQueriesContext(connection) as queries:
        recording.record_hand(table, copy.deepcopy(hands[-1]["inputs"]), len(hands))
    assert not [query["sql"] for query in queries if 'FROM "games_hand"' in query["sql"]]


@pytest.mark.parametrize("game", GAMES)
def test_a_table_read_before_another_phone_recorded_a_hand_records_onto_the_current_state(game):
    whole = imported(game, None)
    table = imported(game, -2)
    stale = Table.objects.get(pk=table.pk)
    hands = SAMPLES[game]["document"]["hands"]
    as_read = copy.deepcopy((stale.state, stale.opening, stale.revision))
    recording.record_hand(table, copy.deepcopy(hands[-2]["inputs"]), len(hands) - 1)
    recording.record_hand(stale, copy.deepcopy(hands[-1]["inputs"]), len(hands))
    assert (stale.state, stale.opening, stale.revision) == as_read  # the caller's copy is left alone
    table.refresh_from_db()
    assert [hand.points for hand in table.hands.all()] == [hand.points for hand in whole.hands.all()]
    assert (table.totals, table.progress, running_totals(table), table.state) == (
        whole.totals,
        whole.progress,
        running_totals(whole),
        whole.state,
    )


def test_the_migration_gives_existing_tables_the_state_their_hands_fold_to():
    tables = [imported(game, None) for game in GAMES]
    Table.objects.update(state={})  # as tables were before the migration
    migration = importlib.import_module("games.migrations.0003_table_state")
    migration.fold_existing_tables(django_apps, None)
    for table in tables:
        before = table.state
        table.refresh_from_db()
        assert table.state == before


@pytest.mark.parametrize("game", GAMES)
def test_the_migration_gives_each_hand_the_running_totals_after_it(game):
    table = imported(game, None)
    before = running_totals(table)
    inputs = [hand.inputs for hand in table.hands.all()]
    steps = table.engine.score(table.rules, table.starting_players, inputs, table.events).steps
    assert inputs and before == {name: [step.get(name) for step in steps] for name in table.players}
    Table.objects.update(opening={})  # as tables were before the migration
    Hand.objects.update(totals={})
    migration = importlib.import_module("games.migrations.0019_running_totals_with_hands")
    migration.totals_with_hands(django_apps, None)
    table.refresh_from_db()
    assert running_totals(table) == before


def test_an_admin_save_from_a_copy_read_before_a_hand_was_recorded_keeps_that_hand(owner):
    table = imported("marriage", -1)
    copy_in_admin = Table.objects.get(pk=table.pk)
    hands = SAMPLES["marriage"]["document"]["hands"]
    recording.record_hand(table, copy.deepcopy(hands[-1]["inputs"]), len(hands))
    table.refresh_from_db()
    table_admin = admin.site._registry[Table]
    request = RequestFactory().post("/")
    request.user = owner
    form = table_admin.get_form(request, copy_in_admin)(
        {"name": "Renamed", "owner": owner.pk, "finished_0": "", "finished_1": ""}, instance=copy_in_admin
    )
    assert form.is_valid(), form.errors
    table_admin.save_model(request, form.save(commit=False), form, change=True)
    renamed = Table.objects.get(pk=table.pk)
    assert renamed.name == "Renamed" and renamed.revision == table.revision + 1
    assert (renamed.state, renamed.totals, renamed.opening) == (table.state, table.totals, table.opening)


def test_the_events_migration_gives_existing_tables_the_seats_and_the_dealer_by_name():
    tables = [imported(game, None) for game in GAMES]
    for table in Table.objects.all():  # as tables were before the migration
        old_state = {key: value for key, value in table.state.items() if key not in ("seated", "first_dealer")}
        if "dealer" in old_state:
            old_state["dealer"] = 0
        rules = {key: value for key, value in table.rules.items() if key != "join_at_highest"}
        Table.objects.filter(pk=table.pk).update(state=old_state, rules=rules, progress={})
    migration = importlib.import_module("games.migrations.0015_table_events")
    migration.fold_again(django_apps, None)
    for table in tables:
        before = (table.state, table.progress, table.rules)
        table.refresh_from_db()
        assert (table.state, table.progress, table.rules) == before
