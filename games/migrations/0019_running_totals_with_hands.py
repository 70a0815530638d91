"""The chart's running totals move from one list per player on the table to the hands: each hand
keeps the totals after it, and the table the totals before the first hand, so a save writes one
hand's totals instead of re-encoding every one of them. They are folded again from the inputs."""

from django.db import migrations, models

from games.sdk.registry import get_game
from scoring import base

BATCH = 500


def totals_with_hands(apps, schema_editor):
    Table, Hand = apps.get_model("games", "Table"), apps.get_model("games", "Hand")
    for table in Table.objects.iterator():
        hands = list(Hand.objects.filter(table=table).order_by("number").only("pk", "inputs"))
        newcomers = {base.newcomer(event) for event in table.events}
        starting = [name for name in table.players if name not in newcomers]
        steps = (
            get_game(table.game)
            .engine.score(table.rules, starting, [hand.inputs for hand in hands], table.events)
            .steps
        )
        table.opening = steps[0]
        table.save(update_fields=["opening"])
        for hand, totals in zip(hands, steps[1:]):
            hand.totals = totals
        Hand.objects.bulk_update(hands, ["totals"], batch_size=BATCH)


def totals_with_table(apps, schema_editor):
    Table, Hand = apps.get_model("games", "Table"), apps.get_model("games", "Hand")
    for table in Table.objects.iterator():
        steps = [table.opening, *Hand.objects.filter(table=table).order_by("number").values_list("totals", flat=True)]
        table.series = {name: [step.get(name) for step in steps] for name in table.players}
        table.save(update_fields=["series"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0018_puzzle_to_its_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="totals",
            field=models.JSONField(default=dict, editable=False),
        ),
        migrations.AddField(
            model_name="table",
            name="opening",
            field=models.JSONField(default=dict, editable=False),
        ),
        migrations.RunPython(totals_with_hands, totals_with_table),
        migrations.RemoveField(
            model_name="table",
            name="series",
        ),
    ]
