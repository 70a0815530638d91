"""The 24 Game's Puzzle moved from the shared app into the game's own (games/twentyfour/): a
database migrated before the move keeps its table and every puzzle in it."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE_THE_MOVE = [("games", "0017_columns_in_seat_order"), ("twentyfour", None)]


def migrate(targets):
    """The models as they are once the database is migrated to `targets`."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state([target for target in targets if target[1]]).apps


@pytest.mark.django_db(transaction=True)
def test_puzzles_saved_before_the_move_are_kept():
    old = migrate(BEFORE_THE_MOVE).get_model("games", "Puzzle")
    kept = old.objects.create(
        player="Hari",
        device="phone-of-Hari",
        cards=[["8", "S"], ["3", "H"], ["8", "D"], ["3", "C"]],
        difficulty="hard",
        solutions=1,
        result="won",
        expression="8/(3-8/3)",
        seconds=41.5,
    )
    latest = migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    puzzle = latest.get_model("twentyfour", "Puzzle")
    assert list(puzzle.objects.values("pk", "player", "device", "cards", "result", "expression", "seconds")) == [
        {
            "pk": kept.pk,
            "player": "Hari",
            "device": "phone-of-Hari",
            "cards": [["8", "S"], ["3", "H"], ["8", "D"], ["3", "C"]],
            "result": "won",
            "expression": "8/(3-8/3)",
            "seconds": 41.5,
        }
    ]
    # New puzzles are numbered after the kept ones (PostgreSQL's sequence came along with the table).
    assert puzzle.objects.create(player="Gita", cards=[], difficulty="easy", solutions=1).pk > kept.pk
