"""A table's players (its board's columns) in seat order: a newcomer's column where they sat
down, not at the end (scoring.base.columns)."""

from django.db import migrations

from scoring import base


def seat_order(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for table in Table.objects.exclude(events=[]).only("players", "events"):
        newcomers = {base.newcomer(event) for event in table.events}
        starting = [name for name in table.players if name not in newcomers]
        ordered = base.columns(starting, table.events)
        if ordered != table.players:
            table.players = ordered
            table.save(update_fields=["players"])


class Migration(migrations.Migration):
    dependencies = [("games", "0016_puzzle_device")]
    operations = [migrations.RunPython(seat_order, migrations.RunPython.noop)]
