from django.db import migrations, models

from games.sdk.registry import get_game


def fold_existing_tables(apps, schema_editor):
    """Give every table the state its hands fold to (its chart's running totals: migration 0019)."""
    Table = apps.get_model("games", "Table")
    for table in Table.objects.iterator():
        hands = list(table.hands.order_by("number").values_list("inputs", flat=True))
        result = get_game(table.game).engine.score(table.rules, table.players, hands)
        table.state = result.state
        table.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_game_choices_from_registry"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="state",
            field=models.JSONField(default=dict, editable=False),
        ),
        migrations.RunPython(fold_existing_tables, migrations.RunPython.noop),
    ]
