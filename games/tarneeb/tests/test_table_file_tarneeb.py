"""Tarneeb tables in the table file format (docs/rules/tarneeb.md, "In the table file"): the worked
examples import with the points the rules give, hand by hand and in total; every invalid file is
refused with nothing saved; an export imports again to the same table."""

import copy

import pytest

from games.models import Table
from games.services import table_file
from scoring.errors import InputError
from tests.inputs import document

from .samples import WORKED

pytestmark = pytest.mark.django_db

PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa"]
# The rules page's worked examples, each hand's points per player: made (+9), set (−10, and the
# others their 4 tricks), kaboot (16), a bid of 13 missed (−16, the others 1).
POINTS = [
    {"Asha": 9, "Bikash": 0, "Chandra": 9, "Dipa": 0},
    {"Asha": 4, "Bikash": -10, "Chandra": 4, "Dipa": -10},
    {"Asha": 16, "Bikash": 0, "Chandra": 16, "Dipa": 0},
    {"Asha": 1, "Bikash": -16, "Chandra": 1, "Dipa": -16},
]
TOTALS = {"Asha": 30, "Bikash": -26, "Chandra": 30, "Dipa": -26}


def worked_file(**extra):
    written = document("tarneeb", PLAYERS, WORKED, rules={"target": 31}, **extra)
    for hand, points in zip(written["hands"], POINTS):
        hand["points"] = points
    return {**written, "totals": TOTALS}


def test_the_worked_examples_import_with_the_rules_points_hand_by_hand_and_in_total(owner):
    table, warnings = table_file.import_table(worked_file(), owner=owner)
    assert warnings == []  # the file's points and totals are the computed ones
    assert list(table.hands.order_by("number").values_list("points", flat=True)) == POINTS
    assert table.totals == TOTALS
    assert not table.progress["game_over"]  # 30: not yet past 31


def test_a_file_s_wrong_points_are_said_and_the_rules_points_kept(owner):
    wrong = worked_file()
    wrong["hands"][2]["points"] = {"Asha": 13, "Bikash": 0, "Chandra": 13, "Dipa": 0}  # kaboot is 16
    table, warnings = table_file.import_table(wrong, owner=owner)
    assert len(warnings) == 1 and warnings[0].startswith("hand 3: the file's points")
    assert table.totals == TOTALS


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda file: file["hands"][0]["inputs"]["Asha"].update(bid=6), "bid"),
        (lambda file: file["hands"][0]["inputs"]["Asha"].update(tricks=14), "tricks"),
        (lambda file: file["hands"][0].update(inputs={}), None),  # nobody won the bidding
        (lambda file: file["hands"][0]["inputs"]["Asha"].update(trump="X"), "trump"),
        (lambda file: file["players"].append("Esha"), None),  # a fifth player
        (lambda file: file["rules"].update(team_names=["الأرز"]), "team_names"),
        (lambda file: file["rules"].update(target=0), "target"),
        # a hand after the game is over: hand 5 takes Asha & Chandra to 37, past 31
        (lambda file: file["hands"].extend([{"inputs": {"Asha": {"bid": 7, "tricks": 7}}}] * 2), None),
    ],
)
def test_every_invalid_file_is_refused_with_nothing_saved(owner, change, field):
    invalid = copy.deepcopy(worked_file())
    change(invalid)
    with pytest.raises(InputError) as refused:
        table_file.import_table(invalid, owner=owner)
    if field:
        assert refused.value.field == field
    assert not Table.objects.exists()


def test_an_export_imports_again_to_the_same_table(owner):
    named = worked_file()
    del named["totals"]  # the replacement changes them, and hand 4's: Esha plays it
    named["hands"][3]["points"] = {"Asha": 1, "Bikash": -16, "Esha": 1, "Dipa": -16}
    named["rules"]["team_names"] = ["الأرز", "Olives"]
    named["events"] = [{"after": 3, "kind": "replace", "player": "Chandra", "by": "Esha"}]
    table, warnings = table_file.import_table(named, owner=owner)
    assert warnings == []
    exported = table_file.export_table(table)
    copied, warnings = table_file.import_table(table_file.loads(table_file.dumps(exported)), owner=owner)
    assert warnings == []
    assert table_file.export_table(copied) == exported
    # Chandra left with the team's 29; Esha plays on with it, and holds the team's 30
    assert copied.totals == table.totals == {**TOTALS, "Chandra": 29, "Esha": 30}
    assert copied.rules["team_names"] == ["الأرز", "Olives"]
